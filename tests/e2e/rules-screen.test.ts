// The Rules screen in a real Chromium, in Finnish: what runs where said plainly, a saved group
// with its live count (in the sidebar too, opening the grid on the group), the shop's offer rule
// previewed on the offers waiting in the cache before it is saved, its decisions in the log
// (filtered, exported as CSV with `;`), a relisting rule, the switch that pauses all; then the
// forms for a template's and one item's rules (each offer rule previewed first), edited and
// deleted, the screen checked by axe.
// The cache holds what a pull left (a published item and two waiting offers); web mode here has
// no marketplace, so the decisions stay queued ("odottaa synkronointia"): the week against the
// real service is tests/core/rules-week.test.ts. Screenshots go to test-output/e2e/rules-*.png.
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { settingsCache } from '../../electron/core/cache/settings-cache.ts';
import { openAccountDb } from '../../electron/core/db/open-account-db.ts';
import { draftWrites } from '../../electron/core/drafts/draft-writes.ts';
import { openCoreSession } from '../../electron/core/session/core-session.ts';
import { listingTemplates } from '../../electron/core/templates/listing-templates.ts';
import { completeBuyNow, privateSellerRules } from '../core/fixtures/sellers.ts';
import { axeScreen, summaryLine } from './a11y-support.ts';
import { downloadedText, openApp, OUTPUT, type AppSession } from './support.ts';

let app: AppSession;
let page: Page;
/** The account's cache file: offers arrive in it as a pull leaves them, while the app runs. */
let cachePath: string;

/** A published item of the seller's and two offers on it, as a pull caches them. */
function seedShop(root: string): void {
  const session = openCoreSession({ root });
  try {
    const db = session.db();
    const now = Date.now();
    const item = { id: 9001, status: 'published', title: 'Messinkilamppu', saleMethod: 'buy-now', buyNowPrice: 100, quantity: 1, closingTime: '2099-01-01T12:00:00+0200' };
    db.prepare(
      `INSERT INTO items (remote_id, status, sync_state, title, sale_method, buy_now_price, quantity, server_copy, units_left, closes_at, current_price, created, updated)
       VALUES (9001, 'published', 'synced', 'Messinkilamppu', 'buy-now', 100, 1, ?, ?, ?, 100, ?, ?)`,
    ).run(JSON.stringify(item), item.quantity, Date.parse('2099-01-01T12:00:00+02:00'), now, now);
    const offer = db.prepare(`INSERT INTO offers (remote_id, item_remote_id, amount, message, status, author, expires, record) VALUES (?, 9001, ?, NULL, 'pending', ?, '2099-01-01T12:00:00+0200', '{}')`);
    offer.run(501, 95, 'maija');
    offer.run(502, 30, 'jussi');
    // Two more listings, without offers until the rule forms' test: a lamp made from the
    // template "Valaisimet" and a chandelier of its own.
    const template = listingTemplates(db).save({ name: 'Valaisimet', fields: { condition: 'good' } }, now);
    const listing = db.prepare(
      `INSERT INTO items (remote_id, status, sync_state, title, sale_method, buy_now_price, quantity, server_copy, units_left, current_price, template_id, created, updated)
       VALUES (?, 'published', 'synced', ?, 'buy-now', ?, 1, ?, 1, ?, ?, ?, ?)`,
    );
    for (const [id, title, price, templateId] of [[9002, 'Pöytälamppu', 200, template.id], [9003, 'Kattokruunu', 300, null]] as const) {
      listing.run(id, title, price, JSON.stringify({ id, status: 'published', title, saleMethod: 'buy-now', buyNowPrice: price, quantity: 1 }), price, templateId, now, now);
    }
    cachePath = db.name;
    // For the staggered schedule: a private seller's settings, a category, three complete vases
    // (150 €, out of the group "Lamput alle 120") and one without a price, which cannot go.
    const cache = settingsCache(db);
    cache.saveRules(privateSellerRules(), now);
    cache.replaceCategories([
      { id: 101, parentId: 0, level: 1, title: 'Koti', position: 0 },
      { id: 10101, parentId: 101, level: 2, title: 'Kodin sisustus', position: 0 },
      { id: 10102, parentId: 10101, level: 3, title: 'Maljakot', position: 0 },
    ]);
    const drafts = draftWrites(db);
    for (let i = 1; i <= 3; i++) drafts.createDraft({ ...completeBuyNow(`Vaasi ${i}`), buyNowPrice: 150, openDays: 7 }, now);
    drafts.createDraft({ ...completeBuyNow('Vaasi ilman hintaa'), buyNowPrice: null }, now);
  } finally {
    session.close();
  }
}

beforeAll(async () => {
  app = await openApp({ prefix: 'e2e-rules', prepareData: seedShop });
  ({ page } = app);
  await page.goto(app.web.url);
  await page.locator('.count', { hasText: '4 items' }).waitFor().catch(async (error: unknown) => {
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
    await page.getByRole('navigation', { name: 'Tallennetut ryhmät' }).getByRole('button', { name: 'Lamput alle 120 1 ilmoitus, näytä taulukossa' }).waitFor();
  });

  it('previews an offer rule before saving it, then logs each decision', async () => {
    const form = page.locator('form', { has: page.getByRole('heading', { name: 'Koko kaupan tarjoussääntö' }) });
    // No rule is saved: the form says so and holds no value a seller would take for a rule in force.
    await form.getByText('Kauppa: tarjoussääntöä ei ole tallennettu, joten tarjoukset odottavat sinua.').waitFor();
    await expect(form.getByLabel(/^Hyväksy tarjoukset vähintään/).inputValue()).resolves.toBe('');
    await form.getByLabel(/^Hyväksy tarjoukset vähintään/).fill('90');
    await form.getByLabel(/^Hylkää tarjoukset alle/).fill('50');
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
    await page.locator('.rules-list').getByText('Kauppa: hyväksy alkaen 90 %, hylkää alle 50 %').waitFor();
    await form.getByText('Tallennettu: Kauppa: hyväksy alkaen 90 %, hylkää alle 50 %').waitFor();
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
    const text = await downloadedText(download);
    expect(text.charCodeAt(0)).toBe(0xfeff);
    const lines = text.trim().split('\r\n');
    // In the seller's language (issue 42): headings, decisions and results in words, amounts with decimal commas.
    expect(lines[0]).toBe('Aika;Sääntö;Päätös;Tulos;Ilmoituksen numero;Ilmoitus;Tarjouksen numero;Summa;Tarjoaja;Syy;Tiedot');
    expect(lines).toHaveLength(3);
    expect(lines.some((l) => l.includes(';Tarjoussääntö;Hyväksy;odottaa synkronointia;9001;Messinkilamppu;501;95,00;maija;;'))).toBe(true);
    expect(lines.some((l) => l.includes(';Tarjoussääntö;Hylkää;odottaa synkronointia;9001;Messinkilamppu;502;30,00;jussi;;'))).toBe(true);
  });

  it('saves a relisting rule on the group and pauses every rule', async () => {
    const form = page.locator('form', { has: page.getByRole('heading', { name: 'Myymättömien uudelleenlistaus' }) });
    await form.getByLabel('Koskee').selectOption({ label: 'Lamput alle 120' });
    await form.getByLabel('Enintään kertaa').fill('3');
    await form.getByLabel('Laske hintaa', { exact: true }).fill('10');
    await form.getByLabel('Ei koskaan alle (€)').fill('20');
    await form.getByLabel('Myyntiin uudelleen kello').fill('9');
    await form.getByRole('button', { name: 'Tallenna uudelleenlistaussääntö' }).click();
    await page.locator('.rules-list').getByText(/^Ryhmä Lamput alle 120: enintään 3 kertaa, 10 % alas, alaraja 20,00\s€, kello 09\.00/).waitFor();
    // A step in euros for the whole shop: saved as an amount, not a percentage.
    await form.getByLabel('Koskee').selectOption('shop');
    await form.getByLabel('Laske hintaa', { exact: true }).fill('5');
    await form.getByLabel('Askeleen yksikkö').selectOption({ label: '€' });
    await form.getByRole('button', { name: 'Tallenna uudelleenlistaussääntö' }).click();
    await page.locator('.rules-list').getByText(/: enintään \d+ kertaa, 5,00\s€ alas/).waitFor();
    await page.getByLabel('Keskeytä kaikki säännöt').check();
    await page.getByRole('status').getByText('Kaikki säännöt on keskeytetty.', { exact: false }).waitFor();
    await expect(page.getByLabel('Keskeytä kaikki säännöt').isChecked()).resolves.toBe(true);
    await shot('fi-relist-paused');
  });

  it('opens the grid on a saved group from the sidebar', async () => {
    await page.getByRole('button', { name: 'Lamput alle 120 1 ilmoitus, näytä taulukossa' }).click();
    await page.locator('.count', { hasText: '1 kohde' }).waitFor();
    await page.getByText('Messinkilamppu').first().waitFor();
    await shot('fi-group-grid');
    expect(app.pageErrors).toEqual([]);
  });

  it('sets a template\'s offer rule from its form, previewed first on the template\'s listings only', async () => {
    // Offers arrive (as a pull leaves them): 75 % of the lamp's price, 93 % of the chandelier's.
    const db = openAccountDb(cachePath);
    const offer = db.prepare(`INSERT INTO offers (remote_id, item_remote_id, amount, message, status, author, expires, record) VALUES (?, ?, ?, NULL, 'pending', ?, '2099-01-01T12:00:00+0200', '{}')`);
    offer.run(503, 9002, 150, 'ella');
    offer.run(504, 9003, 280, 'ville');
    db.close();
    await page.getByRole('button', { name: 'Säännöt' }).click();
    const form = page.locator('form', { has: page.getByRole('heading', { name: 'Tarjoussääntö ryhmälle, pohjalle tai ilmoitukselle' }) });
    // The template's rule: only the template's lamp is in its preview (the shop's rule decides the chandelier).
    await form.getByLabel('Koskee').selectOption({ label: 'Valaisimet' });
    await form.getByLabel(/^Hyväksy tarjoukset vähintään/).fill('70');
    await form.getByLabel(/^Hylkää tarjoukset alle/).fill('40');
    await form.getByRole('button', { name: 'Esikatsele' }).click();
    const preview = form.getByRole('region', { name: 'Mitä sääntö tekisi nyt odottaville tarjouksille' });
    await preview.getByText(/Hyväksy · Pöytälamppu · 150,00\s€, tarjoaja ella/).waitFor();
    await expect(preview.locator('li').count()).resolves.toBe(1);
    await shot('fi-template-rule-preview');
    await preview.getByRole('button', { name: 'Tallenna ja käytä' }).click();
    // The rules are paused (the test before): saved, nothing decided.
    await page.getByRole('status').getByText('Sääntö on tallennettu.', { exact: true }).waitFor();
    await page.locator('.rules-list').getByText('Pohja Valaisimet: hyväksy alkaen 70 %, hylkää alle 40 %').waitFor();
  });

  it('sets one item\'s offer rule in euros from its form, the item found by its title, then edits it (the keyboard goes to the form) and deletes the template\'s', async () => {
    const form = page.locator('form', { has: page.getByRole('heading', { name: 'Tarjoussääntö ryhmälle, pohjalle tai ilmoitukselle' }) });
    const preview = form.getByRole('region', { name: 'Mitä sääntö tekisi nyt odottaville tarjouksille' });
    await form.getByLabel('Koskee').selectOption({ label: 'Yksittäinen ilmoitus…' });
    await form.getByLabel('Hae ilmoitusta (otsikko tai tuotekoodi)').fill('Kattokruunu');
    await form.getByLabel(/^Ilmoitus/).selectOption({ label: 'Kattokruunu' });
    await form.getByLabel(/^Hyväksy tarjoukset vähintään/).fill('250');
    await form.getByLabel('Hyväksynnän yksikkö').selectOption({ label: '€' });
    await form.getByLabel(/^Hylkää tarjoukset alle/).fill('');
    await form.getByRole('button', { name: 'Esikatsele' }).click();
    await preview.getByText(/Hyväksy · Kattokruunu · 280,00\s€, tarjoaja ville/).waitFor();
    await preview.getByRole('button', { name: 'Tallenna ja käytä' }).click();
    await page.locator('.rules-list').getByText(/^Ilmoitus Kattokruunu: hyväksy alkaen 250,00\s€, hylkää alle ei/).waitFor();

    // Edit: the rule is loaded into the form and the keyboard goes there.
    await page.getByRole('button', { name: 'Muokkaa tarjoussääntöä: Ilmoitus Kattokruunu' }).click();
    await form.getByText('Muokataan sääntöä: Ilmoitus Kattokruunu').waitFor();
    await expect.poll(() => page.evaluate<boolean>(`document.activeElement?.closest('label')?.textContent?.startsWith('Koskee') ?? false`)).toBe(true);
    await expect(form.getByLabel(/^Hyväksy tarjoukset vähintään/).inputValue()).resolves.toBe('250');
    await expect(form.getByLabel('Hyväksynnän yksikkö').inputValue()).resolves.toBe('euro');
    await form.getByLabel(/^Hyväksy tarjoukset vähintään/).fill('300');
    await page.keyboard.press('Enter');
    await preview.getByText(/Jätetty sinulle · Kattokruunu · 280,00\s€, tarjoaja ville/).waitFor();
    await preview.getByRole('button', { name: 'Tallenna ja käytä' }).click();
    await page.locator('.rules-list').getByText(/^Ilmoitus Kattokruunu: hyväksy alkaen 300,00\s€, hylkää alle ei/).waitFor();
    await expect(page.getByText(/Ilmoitus Kattokruunu: hyväksy alkaen 250,00\s€/).count()).resolves.toBe(0);
    await shot('fi-rule-forms');
    const axe = await axeScreen(page, 'rules-forms', 'fi');
    expect(axe.counts.critical + axe.counts.serious, `${summaryLine(axe)} ${JSON.stringify(axe.rules)}`).toBe(0);

    // Delete: the template's rule goes; the item's stays.
    await page.getByRole('button', { name: 'Poista tarjoussääntö: Pohja Valaisimet' }).click();
    await expect.poll(() => page.getByText('Pohja Valaisimet: hyväksy alkaen 70 %', { exact: false }).count()).toBe(0);
    await page.locator('.rules-list').getByText(/^Ilmoitus Kattokruunu: hyväksy alkaen 300,00\s€, hylkää alle ei/).waitFor();
  }, 90_000);

  it('sets a relisting rule for a template and edits it', async () => {
    const form = page.locator('form', { has: page.getByRole('heading', { name: 'Myymättömien uudelleenlistaus' }) });
    await form.getByLabel('Koskee').selectOption({ label: 'Valaisimet' });
    await form.getByLabel('Enintään kertaa').fill('2');
    await form.getByRole('button', { name: 'Tallenna uudelleenlistaussääntö' }).click();
    await page.locator('.rules-list').getByText(/^Pohja Valaisimet: enintään 2 kertaa, 10 % alas, alaraja –, kello 09\.00/).waitFor();
    await page.getByRole('button', { name: 'Muokkaa uudelleenlistaussääntöä: Pohja Valaisimet' }).click();
    await form.getByText('Muokataan sääntöä: Pohja Valaisimet').waitFor();
    await form.getByLabel('Enintään kertaa').fill('4');
    await form.getByRole('button', { name: 'Tallenna uudelleenlistaussääntö' }).click();
    await page.locator('.rules-list').getByText(/^Pohja Valaisimet: enintään 4 kertaa, 10 % alas, alaraja –, kello 09\.00/).waitFor();
    await expect(form.getByText('Muokataan sääntöä', { exact: false }).count()).resolves.toBe(0);
    expect(app.pageErrors).toEqual([]);
  });

  it('schedules the selected drafts from the Actions menu, one every 10 minutes or spread over an hour, each start and end shown before anything is queued', async () => {
    // The drafts, through a saved group of their own (the grid still holds the last group's filter).
    await page.getByRole('button', { name: 'Säännöt' }).click();
    const groups = page.locator('form', { has: page.getByRole('heading', { name: 'Tallennetut ryhmät' }) });
    await groups.getByLabel('Ryhmän nimi').fill('Vaasit');
    await groups.getByLabel('Tila').selectOption('draft');
    await groups.getByRole('button', { name: 'Tallenna ryhmä' }).click();
    await page.getByRole('button', { name: 'Vaasit 4 ilmoitusta, näytä taulukossa' }).click();
    await page.locator('.count', { hasText: '4 kohdetta' }).waitFor({ timeout: 10_000 }).catch(async (error: unknown) => {
      await shot('schedule-debug');
      throw error;
    });
    await page.getByRole('grid').focus();
    await page.keyboard.press('Control+a');
    // The selection is the grid's state: the Actions menu schedules what it holds once it is made
    // (pressed on at once, the menu once found it still empty and opened no dialog).
    await page.locator('.count', { hasText: '4 kohdetta · 4 valittu' }).waitFor({ timeout: 30_000 });
    await page.getByRole('button', { name: /^Toiminnot/ }).focus();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('End');
    await expect(page.locator('[role=menuitem]:focus').textContent()).resolves.toBe('Porrastettu ajastus…');
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Porrastettu ajastus: 4 kohdetta' });
    await dialog.waitFor();
    // The start field has the keyboard; nothing is previewed or queued before a time is picked.
    const startDay = dialog.getByLabel('Ensimmäinen alkaa: päivämäärä');
    await expect.poll(() => startDay.evaluate((el) => el === el.ownerDocument.activeElement)).toBe(true);
    await dialog.getByText('Valitse ensimmäisen alkamisaika.').waitFor();
    // The app's own date and time fields, in Finnish (issue 21): read on Enter.
    await startDay.fill('1.3.2099');
    const startTime = dialog.getByLabel('Ensimmäinen alkaa: kellonaika');
    await startTime.fill('10.00');
    await startTime.press('Enter');
    await dialog.getByText('3 kohdetta ajastetaan; 1 ei käy.').waitFor();
    const table = dialog.getByRole('table', { name: 'Kunkin kohteen alku ja loppu' });
    const column = (n: number) => table.locator(`tbody tr > :nth-child(${n})`).allTextContents();
    await expect(column(2)).resolves.toEqual(['1.3.2099 klo 10.00', '1.3.2099 klo 10.10', '1.3.2099 klo 10.20']);
    await expect(column(3)).resolves.toEqual(['8.3.2099 klo 10.00', '8.3.2099 klo 10.10', '8.3.2099 klo 10.20']);
    await expect(column(1).then((titles) => titles.sort())).resolves.toEqual(['Vaasi 1', 'Vaasi 2', 'Vaasi 3']);
    await dialog.getByText('Vaasi ilman hintaa: Puuttuu:', { exact: false }).waitFor();
    // Spread over a window of an hour: first at its start, last at its end, so they close at the same gaps.
    await dialog.getByLabel('Tasaisesti aikaikkunaan (kaikki sen sisällä)').check();
    await dialog.getByLabel('Ikkunan pituus minuutteina').fill('60');
    await expect.poll(() => column(2)).toEqual(['1.3.2099 klo 10.00', '1.3.2099 klo 10.30', '1.3.2099 klo 11.00']);
    await expect(column(3)).resolves.toEqual(['8.3.2099 klo 10.00', '8.3.2099 klo 10.30', '8.3.2099 klo 11.00']);
    await page.screenshot({ path: join(OUTPUT, 'schedule-fi-preview.png') });
    const axe = await axeScreen(page, 'schedule-dialog', 'fi');
    expect(axe.counts.critical + axe.counts.serious, `${summaryLine(axe)} ${JSON.stringify(axe.rules)}`).toBe(0);
    // Still nothing queued: the drafts are as they were.
    await expect(page.locator('.grid-row', { hasText: 'Vaasi 1' }).first().textContent()).resolves.not.toContain('2099');
    await dialog.getByRole('button', { name: 'Ajasta 3 kohdetta' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.locator('.notice').getByText('3 kohdetta ajastettiin; ne lähtevät kauppapaikalle seuraavassa synkronoinnissa.').waitFor();
    await expect.poll(() => page.evaluate<string | null | undefined>(`document.activeElement?.getAttribute('role')`)).toBe('grid');
    // Each is logged on the Rules screen with its own start.
    await page.getByRole('button', { name: 'Säännöt' }).click();
    const log = page.locator('.rules-log');
    await log.getByLabel('Sääntö').selectOption('schedule');
    await log.getByText('3 merkintää').waitFor();
    // Its start and end the Finnish way (issue 42), not the raw 2099-03-01 10:30:00.
    await expect(log.getByRole('cell', { name: /^myyntiin 1\.3\.2099 klo 10\.30 · päättyy 8\.3\.2099 klo 10\.30$/ }).count()).resolves.toBe(1);
    expect(app.pageErrors).toEqual([]);
  // The group's live count, the schedule's preview and the log, each through the core's process:
  // beside another e2e file this ran past vitest's 30 s default once (2.9 s alone).
  }, 90_000);
});
