// Issue 38 in a real Chromium, in Finnish: a big shop's first sync in web mode against the real
// service, whose item reads the marketplace refuses with a long Retry-After (429). The status bar
// says how far the shop is read, what is left and until when it waits; every listing is in the
// grid from the list pages alone, the ones shown from the list say which details are not read yet
// (never an empty cell), the editor says so too, and the Sales screen says how many sold listings
// are still being read. Everything axe-clean.
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLoopbackProxy, type LoopbackProxy } from '../core/support/loopback-proxy.ts';
import { makeCategories } from '../support/item-helpers.ts';
import { startTestServer, TEST_PASSWORD, type TestServer } from '../support/server.ts';
import { insertShop, type Shop } from '../support/shop-fixtures.ts';
import { runAxe } from './a11y-support.ts';
import { openApp, openIn, OUTPUT, type AppSession } from './support.ts';

let server: TestServer;
let proxy: LoopbackProxy;
let app: AppSession;
let page: Page;
let shop: Shop;
const LISTINGS = 600;

beforeAll(async () => {
  server = await startTestServer();
  const sellerId = await server.addUser('iso-kauppa', ['private', 'powerseller']);
  const buyerId = await server.addUser('ostaja');
  // 600 listings (two pages): 150 open, 45 sold, 405 closed unsold.
  shop = insertShop(server.service.db, { sellerId, buyerId, categoryId: makeCategories(server).sub, listings: LISTINGS, title: (kind, n) => `${kind === 'open' ? 'Avoin' : 'Vanha'} ilmoitus ${n}` }, server.service.clock.now());
  proxy = await startLoopbackProxy(server.url);
  // Every item's record is refused for an hour: the first sync stops after its list pages.
  proxy.answerInstead((method, path) => method === 'GET' && /^\/1\.1\/items\/\d+$/.test(path), 429, { 'retry-after': '3600' }, 1_000_000);
  // Web mode takes the password from its environment (never an argument), as `npm run web` does.
  process.env.MARKET_DESK_PASSWORD = TEST_PASSWORD;
  try {
    app = await openApp({ webArgs: ['--marketplace', proxy.url, '--user', 'iso-kauppa'], prefix: 'e2e-first-sync' });
  } finally {
    delete process.env.MARKET_DESK_PASSWORD;
  }
  page = app.page;
  await openIn(page, app.web.url, 'fi');
}, 120_000);
afterAll(async () => {
  await app?.close();
  await proxy?.close();
  await server?.close();
});

const bar = () => page.locator('.sync-bar');
/** axe's WCAG violations on the page as it is, with where. */
const violations = async () => (await runAxe(page)).violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);

describe('a big shop\'s first sync, in Finnish', () => {
  it('says in the status bar what is read, what is left and until when the marketplace asked it to wait', async () => {
    // The status bar, briefly: the details read of all, and until when it waits (the reason on hover).
    const reading = bar().getByTestId('shop-reading');
    await expect.poll(() => reading.textContent(), { timeout: 60_000 }).toMatch(/Tietoja 0 \/ 195/);
    await expect.poll(() => reading.textContent()).toMatch(/odottaa kello \d{1,2}\.\d{2}\.\d{2} asti/);
    expect(await reading.locator('[title]').getAttribute('title')).toMatch(/^Odotetaan kello \d{1,2}\.\d{2}\.\d{2} asti: kauppapaikka pyysi sovellusta hidastamaan$/);
    const progress = reading.getByRole('progressbar', { name: 'Avointen ja myytyjen ilmoitusten luetut tiedot' });
    expect(await progress.getAttribute('max')).toBe('195');
    expect(await progress.getAttribute('value')).toBe('0');
    // The Sync screen in full: what is read and left, why it waits, the closed listings read later.
    await page.keyboard.press('Alt+5');
    const full = page.locator('main').getByTestId('shop-reading');
    await expect.poll(() => full.textContent()).toMatch(/Avointen ja myytyjen ilmoitusten tiedot: 0 \/ 195 luettu/);
    expect(await full.textContent()).toMatch(/Odotetaan kello \d{1,2}\.\d{2}\.\d{2} asti: kauppapaikka pyysi sovellusta hidastamaan/);
    expect(await full.textContent()).toMatch(/405 suljettua ilmoitusta näytetään kauppapaikan listan tiedoista/);
    await page.screenshot({ path: join(OUTPUT, 'first-sync-progress-fi.png') });
    expect(await violations()).toEqual([]);
  });

  it('shows every listing from the list pages, marking the details not read yet in the grid and the editor', async () => {
    await page.keyboard.press('Alt+1');
    await page.getByLabel('Tilasuodatin').selectOption({ label: 'Kaikki kohteet' });
    await expect.poll(() => page.locator('main .count').first().textContent(), { timeout: 30_000 }).toBe('600 kohdetta');
    // A closed listing shown from the list: its title and category are there, the rest says it is not read.
    const row = page.locator('[role=row][data-local-id]', { hasText: 'Vanha ilmoitus 2' }).first();
    await expect.poll(() => row.locator('[data-field=condition]').textContent()).toBe('ei vielä luettu');
    expect(await row.locator('[data-field=condition]').getAttribute('title')).toMatch(/Näytetään kauppapaikan listan tiedoista/);
    expect(await row.locator('[data-field=title]').textContent()).toBe('Vanha ilmoitus 2');
    await expect.poll(() => row.locator('.badge.unread').textContent()).toBe('vain lista');
    await page.screenshot({ path: join(OUTPUT, 'first-sync-grid-fi.png') });

    // The editor tries to read it, cannot (the marketplace asked to wait), and says so.
    await row.locator('[data-field=title]').click();
    await page.keyboard.press('Control+Enter');
    const editor = page.getByRole('dialog');
    await expect.poll(() => editor.getByTestId('editor-details').textContent(), { timeout: 30_000 }).toMatch(/tietoja ei vielä saatu luettua/);
    expect(await editor.locator('#field-condition').textContent()).toBe('Ei vielä luettu');
    expect(await editor.locator('#field-title').inputValue()).toBe('Vanha ilmoitus 2');
    await page.screenshot({ path: join(OUTPUT, 'first-sync-editor-fi.png') });
    expect(await violations()).toEqual([]);
    await page.keyboard.press('Escape');
  });

  it('says on the Sales screen how many sold listings are still being read', async () => {
    expect(shop.ids.sold.length).toBe(45);
    await page.keyboard.press('Alt+4');
    await expect.poll(() => page.getByTestId('sold-reading').textContent(), { timeout: 30_000 }).toMatch(/45 myytyä ilmoitusta luetaan vielä kauppapaikalta/);
    expect(await violations()).toEqual([]);
  });
});
