// A seller's first session in web mode, in a real Chromium: import 50 drafts from a CSV file,
// see them in the grid, bulk edit their price, undo, edit one cell inline.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTENT_SECURITY_POLICY, metaPolicy } from '../../electron/window-options.ts';
import { en } from '../../renderer/src/i18n/catalogs/en/index.ts';
import { fi } from '../../renderer/src/i18n/catalogs/fi/index.ts';
import { draftsCsv } from '../app/support.ts';
import { openApp, OUTPUT, type AppSession, type WebMode } from './support.ts';

let app: AppSession;
let web: WebMode;
let rendererDir: string;
let page: Page;
let consoleProblems: string[];

beforeAll(async () => {
  app = await openApp();
  ({ web, page, rendererDir, consoleProblems } = app);
}, 120_000);

afterAll(() => app?.close());

const priceCell = (title: string) => page.locator('[role=row]', { has: page.getByText(title, { exact: true }) }).locator('[data-field=buyNowPrice]');

describe('the drafts grid in web mode', () => {
  it('is built with the Electron content security policy in its meta tag and no inline script', () => {
    const html = readFileSync(join(rendererDir, 'index.html'), 'utf8');
    expect(html).toContain(`<meta http-equiv="Content-Security-Policy" content="${metaPolicy(CONTENT_SECURITY_POLICY)}" />`);
    expect(html).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
    expect(html).not.toMatch(/ style=/);
  });

  it('loads the app as one classic script (its compiled code kept between starts), and the words of the language in use only', async () => {
    // A classic script, deferred: Chromium keeps no compiled code of a module (renderer/classic-script.ts).
    const html = readFileSync(join(rendererDir, 'index.html'), 'utf8');
    expect(html).not.toMatch(/type="module"|modulepreload/);
    const scripts = [...html.matchAll(/<script defer src="\.\/assets\/([^"]+)"><\/script>/g)].map((m) => m[1] as string);
    expect(scripts, html).toHaveLength(1);
    const appScript = scripts[0] as string;
    // Neither language's words are in it: each catalog is a file of its own (renderer/catalog-files.ts).
    const assets = join(rendererDir, 'assets');
    const holding = (text: string) => readdirSync(assets).filter((file) => file.endsWith('.js') && readFileSync(join(assets, file), 'utf8').includes(JSON.stringify(text).slice(1, -1)));
    const [english, finnish] = [holding(en['app.partFailed']), holding(fi['app.partFailed'])];
    expect(english).toHaveLength(1);
    expect(finnish).toHaveLength(1);
    expect(english).not.toContain(appScript);
    expect(finnish).not.toContain(appScript);
    // Its messages come parsed: the window never parses ICU.
    const built = (await import(pathToFileURL(join(assets, english[0] as string)).href)) as { en: Record<string, unknown> };
    expect(built.en['app.partFailed']).toEqual([{ type: 0, value: en['app.partFailed'] }]);
    // This browser speaks English: the window fetched the English words and not the Finnish ones.
    await page.goto(web.url);
    await page.locator('.grid-scroll').waitFor();
    const fetched = (await page.evaluate(`performance.getEntriesByType('resource').map((r) => r.name)`)) as string[];
    expect(fetched.some((url) => url.endsWith(`/assets/${english[0]}`))).toBe(true);
    expect(fetched.some((url) => url.endsWith(`/assets/${finnish[0]}`))).toBe(false);
    // The page as the next test expects it: not yet opened.
    await page.goto('about:blank');
  });

  it('imports 50 drafts by CSV, bulk edits their price, undoes it and edits one cell inline', async () => {
    await page.goto(web.url);
    await expect.poll(() => page.locator('.count').textContent()).toBe('0 items');
    // The secret left the address bar once read.
    expect(page.url()).not.toContain('secret');

    const csv = draftsCsv(50) + '"Bad price",buy-now,-5,1,good,,pickup\r\n';
    await page.getByLabel('Import CSV or Excel file').setInputFiles({ name: 'drafts.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    const report = page.getByRole('dialog', { name: 'Import' });
    await expect.poll(() => report.locator('.import-summary').textContent()).toMatch(/^50 drafts imported; 1 row refused\./);
    expect(await report.locator('.report-table tbody tr').first().textContent()).toMatch(/^52buyNowPrice/);
    await page.screenshot({ path: join(OUTPUT, 'csv-import-report.png') });
    await report.getByRole('button', { name: 'Close' }).click();

    await expect.poll(() => page.locator('.count').textContent()).toBe('50 items');
    // At 1440×900 every column fits without scrolling sideways, and no heading, value or badge is
    // cut (a title may be: it shows whole on hover).
    expect(await page.evaluate(`(() => {
      const scroll = document.querySelector('.grid-scroll');
      const cut = [...document.querySelectorAll('.grid-row .cell:not([data-field=title])')].flatMap((cell) => {
        // The text's own width (a Range), or a child's whole width where it cuts its text itself.
        const range = document.createRange();
        range.selectNodeContents(cell.querySelector('.sort, .heading-label') ?? cell);
        const child = cell.firstElementChild;
        const style = getComputedStyle(cell);
        const content = Math.max(range.getBoundingClientRect().width, child ? child.scrollWidth : 0);
        // Cut: the text reaches within 2 px of the cell's edge (the cell clips at its padding box).
        const needs = Math.ceil(content + parseFloat(style.paddingLeft) + 2);
        return needs > cell.clientWidth ? [cell.textContent + ': ' + needs + ' > ' + cell.clientWidth] : [];
      });
      return { sideways: scroll.scrollWidth - scroll.clientWidth, cut };
    })()`)).toEqual({ sideways: 0, cut: [] });
    // Virtualised: far fewer rows in the DOM than drafts.
    const rendered = await page.locator('[role=row][data-local-id]').count();
    expect(rendered).toBeGreaterThan(10);
    expect(rendered).toBeLessThan(50);
    await page.getByRole('button', { name: /Buy-now/ }).click();
    await expect.poll(() => page.locator('[role=row][data-local-id]').first().locator('[data-field=title]').textContent()).toBe('Vintage lamp no. 50');
    await page.getByRole('button', { name: /Buy-now/ }).click();
    await expect.poll(() => priceCell('Vintage lamp no. 1').textContent()).toBe('10.00');

    // Select all from the keyboard, then bulk edit the price.
    await page.getByRole('grid').focus();
    await page.keyboard.press('Control+a');
    await expect.poll(() => page.locator('.count').textContent()).toBe('50 items · 50 selected');
    await page.getByRole('button', { name: 'Bulk edit…' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('New Buy-now price €').fill('24,50');
    await dialog.getByRole('button', { name: 'Preview' }).click();
    await expect.poll(() => dialog.locator('.preview p').first().textContent()).toMatch(/^50 of 50 drafts change · Buy-now price €: 50\./);
    await page.screenshot({ path: join(OUTPUT, 'bulk-edit-preview.png') });
    await dialog.getByRole('button', { name: 'Apply to 50' }).click();
    await expect.poll(() => priceCell('Vintage lamp no. 1').textContent(), { timeout: 30_000 }).toBe('24.50');
    await expect.poll(() => page.getByRole('status').textContent()).toMatch(/Changed 50 drafts/);

    await page.getByRole('button', { name: 'Undo bulk edit' }).click();
    await expect.poll(() => priceCell('Vintage lamp no. 1').textContent()).toBe('10.00');
    await expect.poll(() => page.getByRole('status').textContent()).toMatch(/50 drafts restored/);

    // Inline edit with the keyboard: first row, move to the price column, Enter, type, Enter.
    await page.locator('[role=row][data-local-id]').first().locator('[data-field=title]').click();
    await page.getByRole('grid').focus();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('Enter');
    const editor = page.getByLabel('Edit Buy-now €');
    await editor.fill('12.75');
    await editor.press('Enter');
    await expect.poll(() => priceCell('Vintage lamp no. 1').textContent()).toBe('12.75');
    // A refused value is reported with its field and leaves the cell as it was.
    await priceCell('Vintage lamp no. 1').dblclick();
    await page.getByLabel('Edit Buy-now €').fill('-3');
    await page.getByLabel('Edit Buy-now €').press('Enter');
    await expect.poll(() => page.getByRole('alert').first().textContent()).toMatch(/Buy-now price € must be more than 0\./);
    await page.screenshot({ path: join(OUTPUT, 'inline-edit-refused.png') });
    // The editor stays open for another try; Escape leaves the value as it was.
    await page.getByLabel('Edit Buy-now €').fill('13.25');
    await page.getByLabel('Edit Buy-now €').press('Enter');
    await expect.poll(() => priceCell('Vintage lamp no. 1').textContent()).toBe('13.25');
    await priceCell('Vintage lamp no. 1').dblclick();
    await page.getByLabel('Edit Buy-now €').fill('99');
    await page.getByLabel('Edit Buy-now €').press('Escape');
    await expect.poll(() => priceCell('Vintage lamp no. 1').textContent()).toBe('13.25');
    // A double click on the title opens its editor too. The grid is sorted by price, yet the
    // first row is still lamp no. 1 after its price went up twice: edited rows stay in place.
    await page.locator('[role=row][data-local-id]').first().locator('[data-field=title]').dblclick();
    await page.getByLabel('Edit Title').fill('Vintage lamp no. 1, brass');
    await page.getByLabel('Edit Title').press('Enter');
    await expect.poll(() => page.locator('[role=row][data-local-id]').first().locator('[data-field=title]').textContent()).toBe('Vintage lamp no. 1, brass');

    // Re-sort puts the edited rows in their places by price.
    await page.getByRole('button', { name: 'Re-sort' }).click();
    await expect.poll(() => page.locator('[role=row][data-local-id]').first().locator('[data-field=title]').textContent()).toBe('Vintage lamp no. 2');
    await expect.poll(() => page.getByRole('button', { name: 'Re-sort' }).count()).toBe(0);

    // Shift+click extends the selection.
    await page.locator('[role=row][data-local-id]').nth(1).click();
    await page.locator('[role=row][data-local-id]').nth(4).click({ modifiers: ['Shift'] });
    await expect.poll(() => page.locator('.count').textContent()).toBe('50 items · 4 selected');

    await page.screenshot({ path: join(OUTPUT, 'drafts-grid.png') });
    // No CSP violation, no failed request, no page error in the whole session.
    expect(consoleProblems).toEqual([]);
  }, 90_000);

  it('shows any field as a column, from the keyboard too, and edits it inline', async () => {
    const cell = (title: string, field: string) => page.locator('[role=row]', { has: page.getByText(title, { exact: true }) }).locator(`[data-field=${field}]`);
    const headers = () => page.getByRole('columnheader').allTextContents();
    const chooser = page.locator('summary', { hasText: 'Columns…' });
    await chooser.click();
    await page.getByRole('checkbox', { name: 'Delivery price €' }).check();
    await page.getByRole('checkbox', { name: 'Offers', exact: true }).focus();
    await page.keyboard.press('Space');
    expect(await page.getByRole('checkbox', { name: 'Title' }).isDisabled()).toBe(true);
    await page.screenshot({ path: join(OUTPUT, 'drafts-grid-columns.png') });
    await page.keyboard.press('Escape');
    await expect.poll(() => page.getByRole('checkbox', { name: 'Delivery price €' }).isVisible()).toBe(false);
    expect(await headers()).toEqual(expect.arrayContaining(['Offers', 'Delivery price €']));

    // A number typed in the new column, and a flag chosen from yes and no.
    await cell('Vintage lamp no. 3', 'deliveryPrice').dblclick();
    await page.getByLabel('Edit Delivery price €').fill('4.9');
    await page.getByLabel('Edit Delivery price €').press('Enter');
    await expect.poll(() => cell('Vintage lamp no. 3', 'deliveryPrice').textContent()).toBe('4.90');
    await cell('Vintage lamp no. 3', 'offersAllowed').dblclick();
    await page.getByLabel('Edit Offers').selectOption('yes');
    await page.getByLabel('Edit Offers').press('Enter');
    await expect.poll(() => cell('Vintage lamp no. 3', 'offersAllowed').textContent()).toBe('Yes');

    // A column moves with Ctrl+Shift+arrow on one of its cells, or by dragging its heading.
    const before3 = await headers();
    await cell('Vintage lamp no. 3', 'condition').click();
    await page.keyboard.press('Control+Shift+ArrowLeft');
    await expect.poll(async () => (await headers()).indexOf('Condition')).toBe(before3.indexOf('Condition') - 1);
    expect((await headers()).indexOf('Qty')).toBe(before3.indexOf('Condition'));
    await page.getByRole('columnheader', { name: 'Delivery price €' }).locator('.heading-label').dragTo(page.getByRole('columnheader', { name: 'Title' }));
    await expect.poll(async () => (await headers())[1]).toBe('Delivery price €');
    expect((await page.locator('[role=row][data-local-id]').first().locator('[role=gridcell]').nth(1).getAttribute('data-field'))).toBe('deliveryPrice');

    // A heading's right edge sizes its column, for the heading and every row.
    const heading = page.getByRole('columnheader', { name: 'Condition', exact: true });
    const widthOf = async (locator: ReturnType<Page['locator']>) => (await locator.boundingBox())?.width ?? 0;
    const before = await widthOf(heading);
    const handle = (await heading.locator('.col-resize').boundingBox())!;
    await page.mouse.move(handle.x + handle.width / 2, handle.y + handle.height / 2);
    await page.mouse.down();
    await page.mouse.move(handle.x + handle.width / 2 + 30, handle.y + 10);
    await page.mouse.move(handle.x + handle.width / 2 + 60, handle.y + 10);
    await page.mouse.up();
    await expect.poll(() => widthOf(heading)).toBe(before + 60);
    expect(await widthOf(cell('Vintage lamp no. 3', 'condition'))).toBe(before + 60);
    await heading.locator('.col-resize').dblclick();
    await expect.poll(() => widthOf(heading)).toBe(before);

    // Back to the default columns, which fit the window again.
    await chooser.click();
    await page.getByRole('button', { name: 'Default columns' }).click();
    // A click elsewhere closes the panel.
    await page.locator('main > p.hint').click();
    await expect.poll(() => page.getByRole('checkbox', { name: 'Delivery price €' }).isVisible()).toBe(false);
    // The seller clicked text: the focus left the panel's button for the page by their hand, and
    // the app does not move it on when the closed panel goes (a11y/focus-keeper.ts).
    expect(await page.evaluate('document.activeElement === document.body')).toBe(true);
    await expect.poll(async () => (await headers()).includes('Delivery price €')).toBe(false);
    expect((await headers()).slice(1, 4)).toEqual(['Title', 'Buy-now € ▲', 'Start €']);
    expect(consoleProblems).toEqual([]);
  }, 60_000);
});
