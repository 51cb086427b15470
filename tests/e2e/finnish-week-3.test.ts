// Issue 42, part A: a Finnish seller's week, round 3, in a real Chromium in Finnish against the
// real service (web mode with --marketplace): the rule forms show what is saved and read times
// the Finnish way, refusing in words what they cannot read. One app session for the file.
// Screenshots go to test-output/e2e/issue42-*.png.
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appRegistry, marketplaceRoot } from '../../electron/core/session/accounts.ts';
import { makeCategories } from '../support/item-helpers.ts';
import { call, startTestServer, TEST_PASSWORD, type TestServer } from '../support/server.ts';
import { insertTradingItem } from '../support/trading-fixtures.ts';
import { chooseLanguage, openApp, OUTPUT, type AppSession } from './support.ts';

const SELLER = 'viikkomyyja';
let server: TestServer;
let app: AppSession;
let page: Page;
let previousPassword: string | undefined;

const show = (screen: string) => page.getByRole('navigation', { name: 'Näkymät' }).getByRole('button', { name: new RegExp(`^${screen}`) }).click();
const shot = (name: string) => page.screenshot({ path: join(OUTPUT, `issue42-${name}.png`), fullPage: true });
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
  previousPassword = process.env.MARKET_DESK_PASSWORD;
  process.env.MARKET_DESK_PASSWORD = TEST_PASSWORD;
  app = await openApp({
    prefix: 'e2e-fi-week3',
    webArgs: ['--marketplace', server.url, '--user', SELLER],
    prepareData: (root) => {
      const registry = appRegistry(root);
      registry.setActive(registry.add(`${SELLER} @ testi`, marketplaceRoot(server.url), SELLER).id);
    },
  });
  ({ page } = app);
  await page.goto(app.web.url);
  await chooseLanguage(page, 'fi');
  await page.locator('.sync-bar strong', { hasText: 'Yhteydessä' }).waitFor({ timeout: 60_000 });
}, 240_000);

afterAll(async () => {
  await app?.close();
  await server?.close();
  if (previousPassword === undefined) delete process.env.MARKET_DESK_PASSWORD;
  else process.env.MARKET_DESK_PASSWORD = previousPassword;
});

describe("a Finnish seller's week, round 3", () => {
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
});
