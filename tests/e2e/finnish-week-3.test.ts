// Issue 42, part A: a Finnish seller's week, round 3, in a real Chromium in Finnish against the
// real service (web mode with --marketplace), one app session for the file: a cache damaged
// before the start said on the first screen with the restore one key away; the rule forms show
// what is saved and read times the Finnish way, refusing in words what they cannot read; the log
// says why in words; Esc gives the keyboard back where it was (the Actions menu's dialogs, the
// Refuse and restore confirmations) and Columns… meets target size; an imported account is
// listed at once, named in Finnish.
// Screenshots go to test-output/e2e/issue42-*.png.
import { closeSync, cpSync, openSync, statSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backupServiceOf } from '../../electron/core/backup/backup-service.ts';
import { appRegistry, marketplaceRoot } from '../../electron/core/session/accounts.ts';
import { openCoreSession } from '../../electron/core/session/core-session.ts';
import { insertManyDrafts } from '../support/many-drafts.ts';
import { makeCategories } from '../support/item-helpers.ts';
import { call, startTestServer, TEST_PASSWORD, type TestServer } from '../support/server.ts';
import { insertTradingItem } from '../support/trading-fixtures.ts';
import { axeScreen, summaryLine } from './a11y-support.ts';
import { chooseLanguage, openApp, OUTPUT, tempDir, type AppSession } from './support.ts';

const SELLER = 'viikkomyyja';
let server: TestServer;
let app: AppSession;
let page: Page;
let previousPassword: string | undefined;
const seed = tempDir('e2e-fi-week3-seed-');
const DRAFTS = 300;

const show = (screen: string) => page.getByRole('navigation', { name: 'Näkymät' }).getByRole('button', { name: new RegExp(`^${screen}`) }).click();
const shot = (name: string) => page.screenshot({ path: join(OUTPUT, `issue42-${name}.png`), fullPage: true });
/** Whether `locator`'s element has the keyboard. */
const hasFocus = (locator: ReturnType<Page['locator']>) => locator.evaluate((el) => el === el.ownerDocument.activeElement);
/** The hour now on the marketplace's clock (quiet hours are its wall-clock times). */
const helsinkiHour = () => Number(new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Helsinki', hour: 'numeric', hourCycle: 'h23' }).format(new Date()));

beforeAll(async () => {
  server = await startTestServer();
  const category = makeCategories(server).sub;
  const seller = await server.addUser(SELLER, ['private', 'powerseller']);
  const cups = insertTradingItem(server.service, { seller_id: seller, title: 'Kahvikupit', category_id: category, sale_method: 'buy-now', buy_now_price: 30, quantity: 2 });
  const maija = await server.login('maija');
  const offered = await call(server.api(`/items/${cups}/offers`), { token: maija.token, json: { offer: 28 } });
  if (offered.status !== 201) throw new Error(offered.text);
  // The seller's shop on this computer: drafts kept here, a good backup of them, then the cache
  // damaged (bytes overwritten in its middle) before the app starts.
  const registry = appRegistry(seed.path);
  // The local drafts were opened once too: an export of all accounts carries them.
  registry.setActive('local');
  openCoreSession({ root: seed.path }).close();
  registry.setActive(registry.add(`${SELLER} @ testi`, marketplaceRoot(server.url), SELLER).id);
  const session = openCoreSession({ root: seed.path });
  insertManyDrafts(session.db(), DRAFTS);
  const backups = backupServiceOf(session, { checkEveryMs: 0 });
  await backups.backupNow('daily');
  backups.close();
  const cache = join(session.folder(), 'cache.sqlite');
  session.close();
  const size = statSync(cache).size;
  const fd = openSync(cache, 'r+');
  writeSync(fd, Buffer.alloc(32 * 1024, 0x5a), 0, 32 * 1024, Math.floor(size / 2 / 4096) * 4096);
  closeSync(fd);
  previousPassword = process.env.MARKET_DESK_PASSWORD;
  process.env.MARKET_DESK_PASSWORD = TEST_PASSWORD;
  app = await openApp({
    prefix: 'e2e-fi-week3',
    webArgs: ['--marketplace', server.url, '--user', SELLER],
    prepareData: (root) => cpSync(seed.path, root, { recursive: true }),
  });
  ({ page } = app);
  await page.goto(app.web.url);
  await chooseLanguage(page, 'fi');
}, 240_000);

afterAll(async () => {
  await app?.close();
  await server?.close();
  seed.remove();
  if (previousPassword === undefined) delete process.env.MARKET_DESK_PASSWORD;
  else process.env.MARKET_DESK_PASSWORD = previousPassword;
});

describe("a Finnish seller's week, round 3", () => {
  it('says a damaged cache on the first screen, with the restore one key away', async () => {
    // The first screen, the drafts: the notice is there, not only under Accounts, and has the keyboard.
    const notice = page.locator('.damage-notice');
    await notice.waitFor({ timeout: 60_000 });
    expect(await page.locator('.sidebar button[aria-current=page]').textContent()).toMatch(/^Luonnokset/);
    expect(await notice.getAttribute('role')).toBe('alert');
    expect(await notice.textContent()).toMatch(new RegExp(`^Tämän tilin välimuisti oli vioittunut, ja se siirrettiin sivuun .+ Sovellus käynnistyi tyhjällä välimuistilla\\. Varmuuskopiossa .+ on ${DRAFTS} luonnosta\\.`));
    const restore = notice.getByRole('button', { name: new RegExp(`^Palauta varmuuskopio .+ \\(${DRAFTS} luonnosta\\)$`) });
    await expect.poll(() => restore.evaluate((el) => el === el.ownerDocument.activeElement)).toBe(true);
    await shot('damaged-first-screen-fi');
    const axe = await axeScreen(page, 'issue42-damaged', 'fi');
    expect(axe.counts.critical + axe.counts.serious, `${summaryLine(axe)} ${JSON.stringify(axe.rules)}`).toBe(0);
    await page.keyboard.press('Enter');
    await notice.waitFor({ state: 'detached', timeout: 60_000 });
    await expect.poll(() => page.locator('.count').textContent(), { timeout: 30_000 }).toMatch(new RegExp(`^${DRAFTS}`));
    // The restored shop syncs with the marketplace as before.
    await page.locator('.sync-bar strong', { hasText: 'Yhteydessä' }).waitFor({ timeout: 60_000 });
  }, 120_000);

  it('saves quiet hours typed the Finnish way, refuses a time it cannot read in words, and the shop form shows the saved rule', async () => {
    await show('Säännöt');
    const shopForm = page.locator('form', { has: page.getByRole('heading', { name: 'Koko kaupan tarjoussääntö' }) });
    // Nothing saved: the form says so, and holds no value a seller would take for a rule in force.
    await shopForm.getByText('Kauppa: tarjoussääntöä ei ole tallennettu, joten tarjoukset odottavat sinua.').waitFor();
    expect(await shopForm.getByLabel(/^Hyväksy tarjoukset vähintään/).inputValue()).toBe('');
    expect(await shopForm.getByLabel(/^Hylkää tarjoukset alle/).inputValue()).toBe('');
    await shopForm.getByLabel(/^Hyväksy tarjoukset vähintään/).fill('90');
    await shopForm.getByLabel(/^Hylkää tarjoukset alle/).fill('50');
    // A time the field cannot read is refused in words, and the rule is not previewed with it.
    const from = shopForm.getByLabel('Hiljaiset tunnit alkaen');
    await from.fill('klo 23');
    await shopForm.getByRole('button', { name: 'Esikatsele' }).click();
    await shopForm.getByRole('alert').getByText('Kirjoita kellonaika 24 tunnin muodossa tt.mm, esimerkiksi 22.00.').waitFor();
    expect(await from.getAttribute('aria-invalid')).toBe('true');
    expect(await page.getByRole('region', { name: 'Mitä sääntö tekisi nyt odottaville tarjouksille' }).count()).toBe(0);
    // The Finnish way, as the field's own hint asks: quiet now, from an hour ago to two hours on.
    const hour = helsinkiHour();
    const quietFrom = (hour + 23) % 24;
    const quietTo = (hour + 2) % 24;
    await from.fill(`${quietFrom}.00`);
    await shopForm.getByLabel('Hiljaiset tunnit asti').fill(`${quietTo}.00`);
    await shopForm.getByRole('button', { name: 'Esikatsele' }).click();
    const preview = shopForm.getByRole('region', { name: 'Mitä sääntö tekisi nyt odottaville tarjouksille' });
    await preview.getByRole('button', { name: 'Tallenna ja käytä' }).click();
    await page.getByRole('status').getByText(/^Sääntö on tallennettu/).waitFor();
    const pad = (h: number) => `${String(h).padStart(2, '0')}.00`;
    const saved = `Kauppa: hyväksy alkaen 90 %, hylkää alle 50 %, hiljaiset tunnit ${pad(quietFrom)}–${pad(quietTo)}`;
    await page.locator('.rules-list').getByText(saved).waitFor();
    // The offer waits out the quiet hours; the log says why in words, not as a code.
    const log = page.locator('.rules-log');
    const held = log.locator('tbody tr', { hasText: 'Kahvikupit' });
    await held.getByRole('cell', { name: 'Odottaa', exact: true }).waitFor();
    expect(await held.locator('.rules-detail').textContent()).toMatch(/^28,00\s€, tarjoaja maija · hiljaiset tunnit$/);

    // Back on the screen later: the form shows the saved rule, every part of it.
    await show('Luonnokset');
    await show('Säännöt');
    await shopForm.getByText(`Tallennettu: ${saved}`).waitFor();
    expect(await shopForm.getByLabel(/^Hyväksy tarjoukset vähintään/).inputValue()).toBe('90');
    expect(await shopForm.getByLabel(/^Hylkää tarjoukset alle/).inputValue()).toBe('50');
    expect(await from.inputValue()).toBe(pad(quietFrom));
    expect(await shopForm.getByLabel('Hiljaiset tunnit asti').inputValue()).toBe(pad(quietTo));
    // Saving again with one value changed keeps the rest: the quiet hours are not reset.
    await shopForm.getByLabel(/^Hyväksy tarjoukset vähintään/).fill('92');
    await shopForm.getByRole('button', { name: 'Esikatsele' }).click();
    await preview.getByRole('button', { name: 'Tallenna ja käytä' }).click();
    await page.locator('.rules-list').getByText(saved.replace('90 %', '92 %')).waitFor();
    await shot('rules-saved-fi');
  }, 90_000);

  it('takes the relisting hour the Finnish way and refuses a time that is not a whole hour, in words', async () => {
    const form = page.locator('form', { has: page.getByRole('heading', { name: 'Myymättömien uudelleenlistaus' }) });
    await form.getByText('Kauppa: uudelleenlistaussääntöä ei ole tallennettu, joten mitään ei listata uudelleen.').waitFor();
    await form.getByLabel('Ei koskaan alle (€)').fill('20');
    const hour = form.getByLabel('Myyntiin uudelleen kello');
    await hour.fill('9.30');
    await form.getByRole('button', { name: 'Tallenna uudelleenlistaussääntö' }).click();
    await form.getByRole('alert').getByText('Kirjoita tasatunti, esimerkiksi 09.00.').waitFor();
    await hour.fill('7.00');
    await form.getByRole('button', { name: 'Tallenna uudelleenlistaussääntö' }).click();
    await page.locator('.rules-list').getByText('Kauppa: enintään 2 kertaa, 10 % alas, alaraja 20,00 €, kello 07.00').waitFor();
    await form.getByText('Tallennettu: Kauppa: enintään 2 kertaa, 10 % alas, alaraja 20,00 €, kello 07.00').waitFor();
    expect(app.pageErrors).toEqual([]);
  });

  it('gives the keyboard back where it was: Esc on a dialog from the Actions menu, on the Refuse confirmation, on the restore confirmation; Columns… meets target size', async () => {
    await show('Luonnokset');
    await page.getByRole('grid').focus();
    await page.keyboard.press('Control+a');
    await page.locator('.count', { hasText: /valittu/ }).waitFor({ timeout: 30_000 });
    const menu = page.getByRole('button', { name: /^Toiminnot/ });
    // Publish (the first item) and the staggered schedule (the last): Esc gives the menu's button the keyboard.
    for (const key of ['Home', 'End']) {
      await menu.focus();
      await page.keyboard.press('ArrowDown');
      await page.keyboard.press(key);
      await page.keyboard.press('Enter');
      const dialog = page.locator('dialog[open]');
      await dialog.waitFor();
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });
      await expect.poll(() => hasFocus(menu)).toBe(true);
    }
    // Columns…: every check box a target of 24 px at least (axe target-size).
    await page.getByText('Sarakkeet…').click();
    await page.locator('.column-panel').waitFor();
    const axe = await axeScreen(page, 'issue42-columns', 'fi');
    expect(axe.rules.map((r) => r.id), summaryLine(axe)).not.toContain('target-size');
    expect(axe.counts.critical + axe.counts.serious, `${summaryLine(axe)} ${JSON.stringify(axe.rules)}`).toBe(0);
    await page.keyboard.press('Escape');

    // The offer waiting out the quiet hours: Refuse asks first; Esc gives the Refuse button the keyboard.
    await show('Tarjoukset');
    const refuse = page.locator('tr[data-offer-id]').first().getByRole('button', { name: 'Hylkää', exact: true });
    await refuse.click();
    await page.locator('dialog[open]').waitFor();
    await page.keyboard.press('Escape');
    await page.locator('dialog[open]').waitFor({ state: 'detached' });
    await expect.poll(() => hasFocus(refuse)).toBe(true);

    // The restore's confirmation takes the keyboard and honours Esc.
    await show('Tilit');
    const row = page.locator('table.backups-list tbody tr').first();
    const ask = row.getByRole('button', { name: 'Palauta…' });
    await ask.click();
    const confirm = page.getByRole('alertdialog');
    await expect.poll(() => hasFocus(confirm.getByRole('button', { name: 'Palauta', exact: true }))).toBe(true);
    await page.keyboard.press('Escape');
    await confirm.waitFor({ state: 'detached' });
    await expect.poll(() => hasFocus(ask)).toBe(true);
    expect(app.pageErrors).toEqual([]);
  }, 120_000);

  it('lists an imported account at once, named in the screens\' language', async () => {
    const section = page.locator('section.backups');
    await section.getByLabel('Kaikki tilit').check();
    const [download] = await Promise.all([page.waitForEvent('download', { timeout: 60_000 }), section.getByRole('button', { name: 'Vie tiedostoon…' }).click()]);
    const file = join(seed.path, 'muutto.mdesk');
    await download.saveAs(file);
    const accounts = page.locator('section.screen table tbody tr');
    const before = await accounts.count();
    await section.getByLabel('Vientitiedosto (.mdesk)').setInputFiles(file);
    await section.getByRole('button', { name: 'Tuo', exact: true }).click();
    const notice = section.getByRole('status').filter({ hasText: /^Lisättiin tilit / });
    await notice.waitFor({ timeout: 60_000 });
    expect(await notice.textContent()).toBe("Lisättiin tilit viikkomyyja @ testi ja Paikalliset luonnokset.");
    // No reload: the Accounts table has them now, the app's own one in Finnish.
    await expect.poll(() => accounts.count()).toBe(before + 2);
    expect((await accounts.allTextContents()).filter((text) => text.startsWith('Paikalliset luonnokset'))).toHaveLength(2);
    expect(await page.locator('main').textContent()).not.toContain('Local drafts');
    await shot('imported-account-fi');
  }, 120_000);
});
