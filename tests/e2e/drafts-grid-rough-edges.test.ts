// The grid's rough edges a seller met (issue 14), in Chromium at 1280 and 1440 px: titles whole
// enough to tell items apart, the checks column in view, every heading that should sort does
// (Buy-now € by the buy-now price it shows), category names instead of ids, and the grid in
// Finnish. One screenshot per edge in test-output/e2e/.
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { settingsCache } from '../../electron/core/cache/settings-cache.ts';
import { draftWrites } from '../../electron/core/drafts/draft-writes.ts';
import { openCoreSession } from '../../electron/core/session/core-session.ts';
import { privateSellerRules } from '../core/fixtures/sellers.ts';
import { demoCategoryRows } from '../support/many-drafts.ts';
import { newBrowserContext, openApp, OUTPUT, type AppSession } from './support.ts';

// Titles a seller tells apart only by their last words (up to 42 characters); prices, quantities, days and categories
// that sort differently. Categories of the demo tree: Sohvat (sofas) 4, Pöydät (tables) 5, Tuolit (chairs) 6,
// Kattilat ja pannut (cookware) 8, Astiat (tableware) 9.
const DRAFTS = [
  { title: 'Solid oak dining table 180 cm, oiled birch', saleMethod: 'buy-now', buyNowPrice: 420, quantity: 1, openDays: 14, categoryId: 5 },
  { title: 'Solid oak dining table 160 cm, oiled birch', saleMethod: 'buy-now', buyNowPrice: 12.5, quantity: 3, openDays: 7, categoryId: 5 },
  { title: 'Artek 69 chairs, set of four', saleMethod: 'auction', startingPrice: 900, quantity: 1, openDays: 3, categoryId: 6 },
  { title: 'Artek 69 chairs, set of six', saleMethod: 'auction', startingPrice: 45, quantity: 1, openDays: 10, categoryId: 6 },
  { title: 'Paratiisi plates, black rim', saleMethod: 'buy-now', buyNowPrice: 60, quantity: 5, openDays: 21, categoryId: 9 },
  { title: 'Paratiisi plates, blue rim', saleMethod: 'buy-now', buyNowPrice: 35, quantity: 4, openDays: 5, categoryId: 8 },
  { title: 'Corner sofa, chaise, light grey', saleMethod: 'buy-now', buyNowPrice: 640, quantity: 2, openDays: 30, categoryId: 4 },
];

let app: AppSession;
let page: Page;

beforeAll(async () => {
  app = await openApp({
    prefix: 'rough-edges',
    prepareData(dataDir) {
      const session = openCoreSession({ root: dataDir });
      try {
        const db = session.db();
        settingsCache(db).saveRules(privateSellerRules(), Date.now());
        settingsCache(db).replaceCategories(demoCategoryRows());
        const writes = draftWrites(db);
        DRAFTS.forEach((draft, i) => writes.createDraft({ ...draft, condition: 'good', postalCode: '00100', deliveryMethods: ['pickup'] }, 1_000_000 + i));
      } finally {
        session.close();
      }
    },
  });
  page = app.page;
  await page.goto(app.web.url);
  await page.locator('.count', { hasText: '7 items' }).waitFor();
}, 120_000);

afterAll(() => app?.close());

const rows = () => page.locator('[role=row][data-local-id]');
const column = (field: string) => rows().locator(`[data-field=${field}]`).allTextContents();
const titleOfFirstRow = () => page.locator('[role=row][aria-rowindex="2"] [data-field=title]').textContent();
/** A heading by its label, with or without the sort mark (▲ ▼) after it. */
const heading = (label: string) => page.locator('[role=columnheader]', { has: page.locator('button.sort', { hasText: new RegExp(`^${label}( [▲▼])?$`) }) });
const sortButton = (label: string) => heading(label).locator('button.sort');
const shot = (name: string) => page.screenshot({ path: join(OUTPUT, name) });

/** Titles whose text does not fit their cell, sideways scroll, and where the checks column ends. */
const LAYOUT = `(() => {
  const scroll = document.querySelector('.grid-scroll');
  // A cut title ends in an ellipsis: its text is wider than the cell (scrollWidth counts it whole).
  const cut = [...document.querySelectorAll('.grid-row[data-local-id] [data-field=title]')].flatMap((cell) =>
    cell.scrollWidth > cell.clientWidth ? [cell.textContent + ': ' + cell.scrollWidth + ' > ' + cell.clientWidth] : []);
  const checks = [...document.querySelectorAll('[role=columnheader]')].find((h) => h.textContent === 'Checks').getBoundingClientRect();
  const box = scroll.getBoundingClientRect();
  return { cut, sideways: scroll.scrollWidth - scroll.clientWidth, checksInView: checks.left >= box.left && checks.right <= box.right };
})()`;

describe('the drafts grid\'s rough edges', () => {
  it('shows whole titles and the checks column with the default columns at 1280 px', async () => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await expect.poll(() => page.evaluate(LAYOUT)).toEqual({ cut: [], sideways: 0, checksInView: true });
    expect(await column('title')).toHaveLength(DRAFTS.length);
    await shot('grid-rough-edges-1280-titles-and-checks.png');
  });

  it('shows whole titles with the default columns at 1440 px', async () => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await expect.poll(() => page.evaluate(LAYOUT)).toEqual({ cut: [], sideways: 0, checksInView: true });
    await shot('grid-rough-edges-1440-titles.png');
  });

  it('shows category names in the cells, never ids, and sorts by the name', async () => {
    await page.setViewportSize({ width: 1280, height: 800 });
    const names = await column('categoryId');
    expect(names.filter((n) => /\d/.test(n))).toEqual([]);
    expect(new Set(names)).toEqual(new Set(['Pöydät', 'Tuolit', 'Astiat', 'Kattilat ja pannut', 'Sohvat']));
    await sortButton('Category').click();
    await expect.poll(() => column('categoryId')).toEqual(['Astiat', 'Kattilat ja pannut', 'Pöydät', 'Pöydät', 'Sohvat', 'Tuolit', 'Tuolit']);
    expect(await heading('Category').getAttribute('aria-sort')).toBe('ascending');
    await shot('grid-rough-edges-category-names.png');

    // Edited inline by name too: the cached tree, as paths of names.
    const sofa = page.locator('[role=row]', { has: page.getByText('Corner sofa, chaise, light grey', { exact: true }) }).locator('[data-field=categoryId]');
    await sofa.click();
    await expect.poll(() => page.locator('.grid-row.focus [data-field=title]').textContent()).toBe('Corner sofa, chaise, light grey');
    await page.keyboard.press('Enter');
    const choice = page.getByLabel('Edit Category');
    await expect.poll(() => choice.locator('option').count()).toBeGreaterThan(100);
    expect(await choice.locator('option:checked').textContent()).toBe('Koti ja puutarha › Huonekalut › Sohvat');
    await choice.selectOption({ label: 'Koti ja puutarha › Huonekalut › Tuolit' });
    await shot('grid-rough-edges-category-edit.png');
    await choice.press('Enter');
    await expect.poll(() => sofa.textContent()).toBe('Tuolit');
  });

  it('sorts by Start €, Qty and Days', async () => {
    await sortButton('Start €').click();
    await expect.poll(titleOfFirstRow).toBe('Artek 69 chairs, set of four');
    expect((await column('startingPrice')).slice(0, 2)).toEqual(['900.00', '45.00']);
    await shot('grid-rough-edges-sort-start.png');

    await sortButton('Qty').click();
    await expect.poll(() => column('quantity')).toEqual(['5', '4', '3', '2', '1', '1', '1']);
    await shot('grid-rough-edges-sort-qty.png');
    await sortButton('Qty').click();
    await expect.poll(() => column('quantity')).toEqual(['1', '1', '1', '2', '3', '4', '5']);

    await sortButton('Days').click();
    await expect.poll(() => column('openDays')).toEqual(['30', '21', '14', '10', '7', '5', '3']);
    expect(await heading('Days').getAttribute('aria-sort')).toBe('descending');
    await shot('grid-rough-edges-sort-days.png');
  });

  it('sorts Buy-now € by the buy-now price it shows, not by an auction\'s starting price', async () => {
    await sortButton('Buy-now €').click();
    // Highest first; the auctions (no buy-now price, one starting at 900) come last, together.
    await expect.poll(() => column('buyNowPrice')).toEqual(['640.00', '420.00', '60.00', '35.00', '12.50', '', '']);
    await sortButton('Buy-now €').click();
    // Drafts without a buy-now price come last in ascending order too (issue 21, item 10).
    await expect.poll(() => column('buyNowPrice')).toEqual(['12.50', '35.00', '60.00', '420.00', '640.00', '', '']);
    await shot('grid-rough-edges-sort-buy-now.png');
  });
});

describe('the drafts grid in Finnish', () => {
  let context: BrowserContext;
  afterAll(async () => {
    await context?.close();
  });

  it('shows Finnish headings and money with a decimal comma, and takes a typed decimal comma', async () => {
    // A Finnish system: the context's locale is what the page sees as its languages (the run's browser has no --lang).
    context = await newBrowserContext({ locale: 'fi-FI', viewport: { width: 1280, height: 800 } });
    const fi = await context.newPage();
    await fi.goto(app.web.url);
    expect(await fi.evaluate<string[]>('navigator.languages')).toEqual(['fi-FI']);
    await expect.poll(() => fi.locator('.count').textContent()).toBe('7 kohdetta');
    const headings = await fi.getByRole('columnheader').allTextContents();
    expect(headings).toEqual(expect.arrayContaining(['Otsikko', 'Osasto', 'Tila']));
    const price = fi.locator('[role=row]', { has: fi.getByText('Solid oak dining table 160 cm, oiled birch', { exact: true }) }).locator('[data-field=buyNowPrice]');
    expect(await price.textContent()).toBe('12,50');

    // A decimal comma typed into a cell is the seller's decimal, not a refusal.
    await price.dblclick();
    await fi.getByLabel('Muokkaa: Osta heti €').fill('14,90');
    await fi.getByLabel('Muokkaa: Osta heti €').press('Enter');
    await expect.poll(() => price.textContent()).toBe('14,90');
    await fi.screenshot({ path: join(OUTPUT, 'grid-rough-edges-finnish.png') });
  });
});
