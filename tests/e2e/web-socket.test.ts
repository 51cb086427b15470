// Web mode carries calls on one WebSocket once it is open (electron/web/ipc-socket.ts), as
// requests before. A socket the page cannot open, or one that drops, must never stop the app: its
// calls go as requests meanwhile, and a dropped socket is opened again by the next call.
import type { Page, WebSocketRoute } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import { openApp, type AppSession } from './support.ts';

let app: AppSession | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
});

/** The /ipc requests the page sends while `work` runs (calls not on the socket). */
async function ipcRequestsDuring(page: Page, work: () => Promise<void>): Promise<string[]> {
  const requests: string[] = [];
  const onRequest = (request: { url(): string }) => {
    const path = new URL(request.url()).pathname;
    if (path.startsWith('/ipc')) requests.push(path);
  };
  page.on('request', onRequest);
  try {
    await work();
  } finally {
    page.off('request', onRequest);
  }
  return requests;
}

async function search(page: Page, text: string, count: RegExp): Promise<void> {
  await page.getByLabel('Search drafts').fill('');
  await page.getByLabel('Search drafts').pressSequentially(text);
  await expect.poll(() => page.locator('.count').textContent(), { timeout: 30_000 }).toMatch(count);
}

describe('web mode\'s socket for calls', () => {
  it('lets the app work on through requests when the socket cannot be opened', async () => {
    app = await openApp({ prefix: 'e2e-socket-refused' });
    const { page } = app;
    let tries = 0;
    // Every socket to /ipc refused as it opens (a proxy that drops WebSockets).
    await page.routeWebSocket(/\/ipc$/, (ws) => {
      tries++;
      void ws.close({ code: 1008, reason: 'refused' });
    });
    await page.goto(app.web.url);
    await page.locator('.grid-scroll').waitFor();
    await page.getByRole('button', { name: 'New draft' }).click();
    const requests = await ipcRequestsDuring(page, () => search(page, 'no such draft', /^0 items/));
    // The search's calls went as requests, and the page did not try the socket on every call.
    expect(requests).toContain('/ipc/drafts.page');
    expect(tries).toBeGreaterThan(0);
    expect(tries).toBeLessThanOrEqual(3);
    expect(app.pageErrors).toEqual([]);
  }, 120_000);

  it('opens a dropped socket again, the calls between going as requests', async () => {
    app = await openApp({ prefix: 'e2e-socket-dropped' });
    const { page } = app;
    const sockets: WebSocketRoute[] = [];
    await page.routeWebSocket(/\/ipc$/, (ws) => {
      sockets.push(ws);
      ws.connectToServer();
    });
    await page.goto(app.web.url);
    await page.locator('.grid-scroll').waitFor();
    // Once the socket is open, a search is all on it.
    await expect.poll(() => sockets.length, { timeout: 30_000 }).toBe(1);
    await page.waitForTimeout(200);
    expect(await ipcRequestsDuring(page, () => search(page, 'no such draft', /^0 items/))).toEqual([]);

    await sockets[0]?.close({ code: 1001, reason: 'gone' });
    // The next calls go as requests while a new socket opens; then they are on it again.
    await search(page, 'still none', /^0 items/);
    await expect.poll(() => sockets.length, { timeout: 30_000 }).toBe(2);
    await page.waitForTimeout(200);
    expect(await ipcRequestsDuring(page, () => search(page, 'none again', /^0 items/))).toEqual([]);
    await page.getByLabel('Search drafts').fill('');
    await expect.poll(() => page.locator('.count').textContent()).toMatch(/^\d+ items?/);
    expect(app.pageErrors).toEqual([]);
  }, 120_000);
});
