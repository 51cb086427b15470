// Thousands of drafts: the grid keeps only the visible rows in the DOM, reaches the last row from
// the keyboard, searches, and bulk edits all of them.
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { draftsCsv } from '../app/support.ts';
import { openApp, OUTPUT, type AppSession, type WebMode } from './support.ts';
import { runAxe } from './a11y-support.ts';

const COUNT = 3000;
let app: AppSession;
let web: WebMode;
let page: Page;

beforeAll(async () => {
  app = await openApp();
  ({ web, page } = app);
}, 120_000);

afterAll(() => app?.close());

const rows = () => page.locator('[role=row][data-local-id]');

describe('the drafts grid with thousands of drafts', () => {
  it('renders only the visible rows, scrolls to the last one by keyboard, searches and bulk edits them all', async () => {
    await page.goto(web.url);
    await expect.poll(() => page.locator('.count').textContent()).toBe('0 items');
    await page.getByLabel('Import CSV or Excel file').setInputFiles({ name: 'many.csv', mimeType: 'text/csv', buffer: Buffer.from(draftsCsv(COUNT)) });
    await expect.poll(() => page.locator('.import-summary').textContent(), { timeout: 20_000 }).toMatch(/^3,000 drafts imported\./);
    await page.getByRole('button', { name: 'Close' }).click();
    await expect.poll(() => page.locator('.count').textContent()).toBe('3,000 items');
    expect(await rows().count()).toBeLessThan(80);

    await page.getByRole('grid').focus();
    await page.keyboard.press('End');
    await expect.poll(() => page.locator('.grid-row.focus [data-field=title]').textContent()).toBe('Vintage lamp no. 1');
    expect(await rows().count()).toBeLessThan(80);
    // Rows keep their DOM slots while scrolling; aria-owns gives assistive technology the rows in
    // their visual order: consecutive row indexes ending with the last draft's.
    const ariaOrder = (await page.evaluate(`(document.querySelector('[role=rowgroup]').getAttribute('aria-owns') ?? '').split(' ')
      .map((id) => Number(document.getElementById(id)?.getAttribute('aria-rowindex')))`)) as number[];
    expect(ariaOrder.length).toBe(await rows().count());
    expect(ariaOrder).toEqual(ariaOrder.map((_, i) => (ariaOrder[0] ?? 0) + i));
    expect(ariaOrder.at(-1)).toBe(COUNT + 1);
    await page.screenshot({ path: join(OUTPUT, 'drafts-grid-3000-last-row.png') });
    // The last row is fully inside the scroll box, not under its edge.
    const box = await page.getByRole('grid').boundingBox();
    const last = await page.locator('.grid-row.focus').boundingBox();
    expect(last!.y + last!.height).toBeLessThanOrEqual(box!.y + box!.height + 1);
    await page.keyboard.press('Shift+PageUp');
    await expect.poll(() => page.locator('.count').textContent()).toMatch(/^3,000 items · \d+ selected$/);
    await page.screenshot({ path: join(OUTPUT, 'drafts-grid-3000-end.png') });

    // Each keystroke of a search is a call on web mode's socket, not a request of its own
    // (electron/web/ipc-socket.ts): the browser's processes spent about 15 ms of CPU on a request.
    const requests: string[] = [];
    const onRequest = (request: { url(): string }) => requests.push(request.url());
    page.on('request', onRequest);
    await page.getByLabel('Search drafts').pressSequentially('lamp 2999');
    await expect.poll(() => page.locator('.count').textContent()).toMatch(/^1 item/);
    page.off('request', onRequest);
    expect(requests.filter((url) => new URL(url).pathname.startsWith('/ipc')), requests.join('\n')).toEqual([]);
    await page.getByLabel('Search drafts').fill('');
    await expect.poll(() => page.locator('.count').textContent()).toMatch(/^3,000 items/);

    await page.getByRole('grid').focus();
    await page.keyboard.press('Control+a');
    await expect.poll(() => page.locator('.count').textContent()).toBe('3,000 items · 3,000 selected');
    await page.getByRole('button', { name: 'Bulk edit…' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Field').selectOption('condition');
    await dialog.getByLabel('New Condition').selectOption('like-new');
    await dialog.getByRole('button', { name: 'Preview' }).click();
    await expect.poll(() => dialog.locator('.preview p').first().textContent()).toMatch(/^3,000 of 3,000 drafts change · Condition: 3,000\./);
    // Issue 41: Cancel beside the progress bar stops the change. Pressed as soon as it shows (a
    // click from the page, the moment the button is drawn: the change of 3,000 drafts is then
    // still in its first slices), nothing is saved; the dialog says so, its message has the
    // focus, and its preview stays for an Apply.
    await page.evaluate(`new MutationObserver((_, observer) => {
      const cancel = [...document.querySelectorAll('.write-progress button')].find((b) => b.textContent === 'Cancel the change');
      if (cancel) { observer.disconnect(); cancel.click(); }
    }).observe(document.querySelector('dialog'), { childList: true, subtree: true })`);
    await dialog.getByRole('button', { name: 'Apply to 3,000' }).click();
    const outcome = dialog.getByRole('status').filter({ hasText: 'Cancelled: no drafts were changed.' });
    await outcome.waitFor();
    expect(await outcome.evaluate((element) => element === element.ownerDocument.activeElement)).toBe(true);
    await expect.poll(() => dialog.locator('.write-progress').count()).toBe(0);
    await page.screenshot({ path: join(OUTPUT, 'issue41-bulk-edit-cancelled.png') });
    expect((await runAxe(page, { include: ['dialog'] })).violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
    expect(await rows().first().locator('[data-field=condition]').textContent()).not.toBe('Like new');
    await dialog.getByRole('button', { name: 'Apply to 3,000' }).click();
    // The dialog closes once the grid shows the changed rows.
    await expect.poll(() => dialog.count(), { timeout: 30_000 }).toBe(0);
    await expect.poll(() => rows().first().locator('[data-field=condition]').textContent(), { timeout: 30_000 }).toBe('Like new');
    await page.getByRole('grid').focus();
    await page.keyboard.press('End');
    await expect.poll(() => page.locator('.grid-row.focus [data-field=title]').textContent()).toBe('Vintage lamp no. 1');
    await expect.poll(() => page.locator('.grid-row.focus [data-field=condition]').textContent()).toBe('Like new');
  }, 90_000);

  it('draws at the next start only the rows that fit, as the grid measured itself before', async () => {
    // The grid kept the least the window had above and below it (its tallest, with no notice up).
    const kept = (await page.evaluate(`[Number(localStorage.getItem('market-desk.grid-chrome-height')), window.innerHeight - document.querySelector('.grid-scroll').clientHeight]`)) as [number, number];
    expect(kept[0]).toBeGreaterThan(0);
    expect(kept[0]).toBeLessThanOrEqual(Math.round(kept[1]));
    // Started again: the first rows the grid draws are the rows in view and its overscan of 3
    // (the view's height less the sticky header, in rows of 34 px), never fewer (no blank bottom);
    // a row or two more where the grid was once measured taller than it is now (the least chrome
    // is kept), and far from a window's height of rows.
    await page.addInitScript(`(() => { const o = new MutationObserver(() => { const n = document.querySelectorAll('[role=row][data-local-id]').length; if (n > 0) { window.__firstRowsDrawn = n; o.disconnect(); } }); o.observe(document, { childList: true, subtree: true }); })()`);
    await page.reload();
    await expect.poll(() => page.evaluate('window.__firstRowsDrawn ?? 0')).toBeGreaterThan(0);
    const [drawn, inView, windowful] = (await page.evaluate(`[window.__firstRowsDrawn, Math.ceil((document.querySelector('.grid-scroll').clientHeight - document.querySelector('.grid-header').offsetHeight) / 34) + 3, Math.ceil(window.innerHeight / 34) + 3]`)) as [number, number, number];
    expect(drawn).toBeGreaterThanOrEqual(inView);
    expect(drawn).toBeLessThanOrEqual(inView + 2);
    expect(drawn).toBeLessThan(windowful - 5);
  });
});
