// The Rules screen in a real Chromium, in Finnish: what runs where said plainly, a saved group
// with its live count (in the sidebar too, opening the grid on the group), the shop's offer rule
// previewed on the offers waiting in the cache before it is saved, its decisions in the log
// (filtered, exported as CSV with `;`), a relisting rule, the switch that pauses all.
// The cache holds what a pull left (a published item and two waiting offers); web mode here has
// no marketplace, so the decisions stay queued ("odottaa synkronointia"): the week against the
// real service is tests/core/rules-week.test.ts. Screenshots go to test-output/e2e/rules-*.png.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openCoreSession } from '../../electron/core/session/core-session.ts';
import { openApp, OUTPUT, type AppSession } from './support.ts';

let app: AppSession;
let page: Page;

/** A published item of the seller's and two offers on it, as a pull caches them. */
function seedShop(root: string): void {
  const session = openCoreSession({ root });
  try {
    const db = session.db();
    const now = Date.now();
    const item = { id: 9001, status: 'published', title: 'Messinkilamppu', saleMethod: 'buy-now', buyNowPrice: 100, quantity: 1, closingTime: '2099-01-01T12:00:00+0200' };
    db.prepare(
      `INSERT INTO items (remote_id, status, sync_state, title, sale_method, buy_now_price, quantity, server_copy, current_price, created, updated)
       VALUES (9001, 'published', 'synced', 'Messinkilamppu', 'buy-now', 100, 1, ?, 100, ?, ?)`,
    ).run(JSON.stringify(item), now, now);
    const offer = db.prepare(`INSERT INTO offers (remote_id, item_remote_id, amount, message, status, author, expires, record) VALUES (?, 9001, ?, NULL, 'pending', ?, '2099-01-01T12:00:00+0200', '{}')`);
    offer.run(501, 95, 'maija');
    offer.run(502, 30, 'jussi');
  } finally {
    session.close();
  }
}

beforeAll(async () => {
  app = await openApp({ prefix: 'e2e-rules', prepareData: seedShop });
  ({ page } = app);
  await page.goto(app.web.url);
  await page.locator('.count', { hasText: '0 items' }).waitFor().catch(async (error: unknown) => {
    await page.screenshot({ path: join(OUTPUT, 'rules-debug.png') });
    throw new Error(`${String(error)}\n${app.consoleProblems.join('\n')}`);
  });
  await page.getByLabel('Language').selectOption('fi');
}, 180_000);

afterAll(() => app?.close());

const shot = (name: string) => page.screenshot({ path: join(OUTPUT, `rules-${name}.png`), fullPage: true });

describe('the Rules screen in Finnish', () => {
  it('says what runs in the app and what on the marketplace', async () => {
    await page.getByRole('button', { name: 'Säännöt' }).click();
    await page.getByRole('heading', { name: 'Säännöt', level: 2 }).waitFor();
    const note = page.getByRole('note');
    await expect(note.textContent()).resolves.toContain('vain kun se on auki ja verkossa');
    await expect(note.textContent()).resolves.toContain('vaikka sovellus olisi suljettu');
    await shot('fi-start');
  });

  it('saves a group with its live count, shown in the sidebar', async () => {
    const form = page.locator('form', { has: page.getByRole('heading', { name: 'Tallennetut ryhmät' }) });
    await form.getByLabel('Ryhmän nimi').fill('Lamput alle 120');
    await form.getByLabel('Hinta enintään (€)').fill('120');
    await form.getByRole('button', { name: 'Tallenna ryhmä' }).click();
    await form.getByText('1 ilmoitus').waitFor();
    await page.getByRole('navigation', { name: 'Tallennetut ryhmät' }).getByRole('button', { name: 'Näytä Lamput alle 120 taulukossa' }).waitFor();
  });

  it('previews an offer rule before saving it, then logs each decision', async () => {
    const form = page.locator('form', { has: page.getByRole('heading', { name: 'Koko kaupan tarjoussääntö' }) });
    await form.getByLabel('Hyväksy tarjoukset vähintään (% Osta heti -hinnasta)').fill('90');
    await form.getByLabel('Hylkää tarjoukset alle (% Osta heti -hinnasta)').fill('50');
    await form.getByRole('button', { name: 'Esikatsele' }).click();
    const preview = page.getByRole('region', { name: 'Mitä sääntö tekisi nyt odottaville tarjouksille' });
    await preview.getByText(/Hyväksy · Messinkilamppu · 95,00\s€, tarjoaja maija/).waitFor();
    await preview.getByText(/Hylkää · Messinkilamppu · 30,00\s€, tarjoaja jussi/).waitFor();
    // Nothing is decided before the seller saves.
    await expect(page.getByText('Säännöt eivät ole vielä tehneet mitään.').isVisible()).resolves.toBe(true);
    await shot('fi-offer-preview');
    await preview.getByRole('button', { name: 'Tallenna ja käytä' }).click();
    await page.getByRole('status').getByText('Sääntö on tallennettu; 2 tarjousta ratkaistiin.').waitFor();
    const log = page.locator('.rules-log');
    await log.getByText('2 merkintää').waitFor();
    await expect(log.locator('tbody tr').count()).resolves.toBe(2);
    await log.getByRole('cell', { name: 'Hyväksy', exact: true }).waitFor();
    await log.getByRole('cell', { name: 'Hylkää', exact: true }).waitFor();
    await expect(log.getByRole('cell', { name: 'odottaa synkronointia' }).count()).resolves.toBe(2);
    await page.getByText('Kauppa: hyväksy alkaen 90 %, hylkää alle 50 %').waitFor();
    await shot('fi-offer-log');
  });

  it('filters the log and exports it as CSV for a Finnish spreadsheet', async () => {
    const log = page.locator('.rules-log');
    await log.getByLabel('Sääntö').selectOption('relist');
    await log.getByText('0 merkintää').waitFor();
    await log.getByLabel('Sääntö').selectOption('');
    await log.getByLabel('Hae lokista').fill('maija');
    await log.getByText('1 merkintä').waitFor();
    await log.getByLabel('Hae lokista').fill('');
    await log.getByText('2 merkintää').waitFor();
    const [download] = await Promise.all([page.waitForEvent('download'), log.getByRole('button', { name: 'Vie CSV' }).click()]);
    expect(download.suggestedFilename()).toBe('saannot-loki.csv');
    const text = readFileSync((await download.path()) as string, 'utf8');
    expect(text.charCodeAt(0)).toBe(0xfeff);
    const lines = text.trim().split('\r\n');
    expect(lines[0]).toBe('time;rule;rule id;action;outcome;item;title;offer;amount;detail');
    expect(lines).toHaveLength(3);
    expect(lines.some((l) => l.includes(';accept;queued;9001;Messinkilamppu;501;95;'))).toBe(true);
    expect(lines.some((l) => l.includes(';refuse;queued;9001;Messinkilamppu;502;30;'))).toBe(true);
  });

  it('saves a relisting rule on the group and pauses every rule', async () => {
    const form = page.locator('form', { has: page.getByRole('heading', { name: 'Myymättömien uudelleenlistaus' }) });
    await form.getByLabel('Koskee').selectOption({ label: 'Lamput alle 120' });
    await form.getByLabel('Enintään kertaa').fill('3');
    await form.getByLabel('Laske hintaa (%)').fill('10');
    await form.getByLabel('Ei koskaan alle (€)').fill('20');
    await form.getByLabel('Myyntiin uudelleen kello').fill('9');
    await form.getByRole('button', { name: 'Tallenna uudelleenlistaussääntö' }).click();
    await page.getByText('Ryhmä Lamput alle 120: enintään 3 kertaa, 10 % alas, alaraja 20, kello 9:00').waitFor();
    await page.getByLabel('Keskeytä kaikki säännöt').check();
    await page.getByRole('status').getByText('Kaikki säännöt on keskeytetty.', { exact: false }).waitFor();
    await expect(page.getByLabel('Keskeytä kaikki säännöt').isChecked()).resolves.toBe(true);
    await shot('fi-relist-paused');
  });

  it('opens the grid on a saved group from the sidebar', async () => {
    await page.getByRole('button', { name: 'Näytä Lamput alle 120 taulukossa' }).click();
    await page.locator('.count', { hasText: '1 kohde' }).waitFor();
    await page.getByText('Messinkilamppu').first().waitFor();
    await shot('fi-group-grid');
    expect(app.pageErrors).toEqual([]);
  });
});
