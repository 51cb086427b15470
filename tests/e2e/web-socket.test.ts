// Web mode carries calls on one WebSocket once it is open (electron/web/ipc-socket.ts checks its
// handshake, the core's process serves it), as requests before. A socket the page cannot open, or
// one that drops (with the core that held it), must never stop the app: its calls go as requests
// meanwhile, and a dropped socket is opened again by the next call.
import type { Page, WebSocketRoute } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import { openApp, webModeProcess, type AppSession } from './support.ts';

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

/**
 * Opens the app with its sockets to /ipc watched (passed through to the server) and waits until a
 * search goes all on the first one.
 */
async function openOnSocket(prefix: string): Promise<{ page: Page; sockets: WebSocketRoute[] }> {
  app = await openApp({ prefix });
  const { page } = app;
  const sockets: WebSocketRoute[] = [];
  await page.routeWebSocket(/\/ipc$/, (ws) => {
    sockets.push(ws);
    ws.connectToServer();
  });
  await page.goto(app.web.url);
  await page.locator('.grid-scroll').waitFor();
  await expect.poll(() => sockets.length, { timeout: 30_000 }).toBe(1);
  await searchesGoOnSocket(page, 'no such draft');
  expect(sockets.length).toBe(1);
  return { page, sockets };
}

/** Searches until one goes all on the socket (it opens once the core has taken it: a busy machine's while). */
async function searchesGoOnSocket(page: Page, text: string): Promise<void> {
  let round = 0;
  await expect.poll(async () => ipcRequestsDuring(page, () => search(page, `${text} ${++round}`, /^0 items/)), { timeout: 60_000 }).toEqual([]);
}

/**
 * After the first socket went: the next calls go as requests while another opens, then on it.
 * (One opened as the core died may close with it: the page tries again a second later.)
 */
async function onSecondSocket(page: Page, sockets: WebSocketRoute[]): Promise<void> {
  await search(page, 'still none', /^0 items/);
  await expect.poll(() => sockets.length, { timeout: 30_000 }).toBeGreaterThanOrEqual(2);
  await searchesGoOnSocket(page, 'none again');
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
    const { page, sockets } = await openOnSocket('e2e-socket-dropped');
    await sockets[0]?.close({ code: 1001, reason: 'gone' });
    await onSecondSocket(page, sockets);
    await page.getByLabel('Search drafts').fill('');
    await expect.poll(() => page.locator('.count').textContent()).toMatch(/^\d+ items?/);
    expect(app?.pageErrors).toEqual([]);
  }, 120_000);

  it('goes on through a core that dies: the window says so, and its next socket reaches the new core', async () => {
    const { page, sockets } = await openOnSocket('e2e-socket-core-killed');
    process.kill(webModeProcess(app!.web, 'core-host'), 'SIGKILL');
    await page.locator('.core-restarted').waitFor({ timeout: 60_000 });
    // The socket went with the core (it held it); the page's next calls open one to the new core.
    await onSecondSocket(page, sockets);
    expect(app?.pageErrors).toEqual([]);
  }, 180_000);

  it('opens its event stream again when the browser gives it up while the server restarts, and is still told that it did', async () => {
    app = await openApp({ prefix: 'e2e-events-closed' });
    const { page } = app;
    // The stream's reconnect answered once with something that is not a stream (as a server that
    // is starting may): the browser's EventSource CLOSEs for good, and the page opens a new one.
    const streams: string[] = [];
    let refuse = false;
    await page.route((url) => url.pathname === '/events', async (route) => {
      streams.push(new URL(route.request().url()).searchParams.get('lastEventId') ?? '');
      if (!refuse) return route.continue();
      refuse = false;
      return route.fulfill({ status: 503, contentType: 'application/json', body: '{"ok":false}' });
    });
    await page.goto(app.web.url);
    await page.locator('.grid-scroll').waitFor();
    await expect.poll(() => streams.length).toBe(1);
    refuse = true;
    process.kill(webModeProcess(app.web, 'server-main'), 'SIGKILL');
    await page.locator('.core-restarted').waitFor({ timeout: 60_000 });
    // The first stream's reconnect was refused; a stream the page opened carried the server's start.
    expect(refuse).toBe(false);
    expect(streams[0]).toBe('');
    expect(streams.slice(2).some((id) => /^[0-9a-f]{16}$/.test(id))).toBe(true);
    await page.getByLabel('Search drafts').pressSequentially('none');
    await expect.poll(() => page.locator('.count').textContent(), { timeout: 30_000 }).toMatch(/^0 items/);
    expect(app.pageErrors).toEqual([]);
  }, 120_000);

  it('goes on through a server that dies (issue 37): started again on the same address and secret, the window says so, and its work goes on', async () => {
    const { page, sockets } = await openOnSocket('e2e-socket-server-killed');
    await page.getByRole('button', { name: 'New draft' }).click();
    await page.keyboard.press('Escape');
    const server = webModeProcess(app!.web, 'server-main');
    process.kill(server, 'SIGKILL');
    // Its supervisor starts it again; the page's event stream comes back and is told.
    await page.locator('.core-restarted').waitFor({ timeout: 60_000 });
    expect(webModeProcess(app!.web, 'server-main')).not.toBe(server);
    await onSecondSocket(page, sockets);
    await page.getByRole('button', { name: 'New draft' }).click();
    await page.keyboard.press('Escape');
    await page.getByLabel('Search drafts').fill('');
    await expect.poll(() => page.locator('.count').textContent(), { timeout: 30_000 }).toMatch(/^\d+ items?/);
    expect(app?.pageErrors).toEqual([]);
  }, 180_000);
});
