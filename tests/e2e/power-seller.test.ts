// A power seller's week in a real Chromium: a Finnish Excel CSV (semicolons, Windows-1252, its own
// headings mapped once) and an .xlsx workbook imported with their reports; prices raised 10 %
// rounded to ,90 and a word replaced in titles, each previewed and undoable. Screenshots go to
// test-output/e2e/.
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import iconv from 'iconv-lite';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openApp, OUTPUT, type AppSession } from './support.ts';

let app: AppSession;
let page: Page;

beforeAll(async () => {
  app = await openApp({ prefix: 'e2e-week' });
  ({ page } = app);
  await page.goto(app.web.url);
  await page.locator('.count', { hasText: '0 items' }).waitFor();
}, 120_000);

afterAll(() => app?.close());

const priceOf = (title: string) => page.locator('[role=row]', { has: page.getByText(title, { exact: true }) }).first().locator('[data-field=buyNowPrice]').textContent();
const titles = () => page.locator('.grid-row [data-field=title]').allTextContents();

describe('a power seller\'s spreadsheets', () => {
  it('imports a Finnish Excel CSV after mapping its headings, and shows what was found and every flagged row', async () => {
    const rows = [
      'Otsikko;saleMethod;Hinta;quantity;listTime;description',
      'Sähkökitara €;buy-now;249,90;1;28.11.2026 18:00;"Hyvä kunto.\r\n\r\nNouto Töölöstä."',
      'Öljylamppu;buy-now;12,5;2;31.02.2026 12:00;',
      'Kahvimylly;buy-now;-1,00;1;;',
    ];
    const file = iconv.encode(rows.join('\r\n') + '\r\n', 'windows-1252');
    await page.getByLabel('Import CSV or Excel file').setInputFiles({ name: 'myynti.csv', mimeType: 'text/csv', buffer: file });
    const mapping = page.getByRole('dialog', { name: 'Map the columns of myynti.csv' });
    // Both headings are the fields' labels in Finnish (issue 42: said as recognised, not as "no field names").
    await expect.poll(() => mapping.locator('.import-summary').textContent()).toBe('CSV, Windows-1252, separated by semicolons. Every heading was recognised (2 headings): check the fields and import.');
    await mapping.getByLabel('Field for Otsikko').selectOption('title');
    await mapping.getByLabel('Field for Hinta').selectOption('buyNowPrice');
    await page.screenshot({ path: join(OUTPUT, 'import-mapping.png') });
    await mapping.getByRole('button', { name: 'Import 3 rows' }).click();

    const report = page.getByRole('dialog', { name: 'Import' });
    await expect.poll(() => report.locator('.import-summary').textContent()).toMatch(/^2 drafts imported; 1 row refused; 1 row imported with a value left empty \(flagged\)\./);
    expect(await report.locator('.import-file').textContent()).toBe('Read as: CSV, Windows-1252, separated by semicolons.');
    expect(await report.locator('.report-table tbody tr').allTextContents()).toEqual([
      // Issue 14: each reason is a sentence naming the field by its label, not the schema's words.
      '3listTime31.02.2026 12:00FlaggedList time: 31.02.2026 12:00 is not a date that exists; it was left empty.',
      '4Hinta-1,00RefusedBuy-now price € must be more than 0.',
    ]);
    const saved = page.waitForEvent('download');
    await report.getByRole('button', { name: 'Save report…' }).click();
    expect((await saved).suggestedFilename()).toMatch(/^import-report-.*\.csv$/);
    await page.screenshot({ path: join(OUTPUT, 'import-finnish-csv-report.png') });
    await report.getByRole('button', { name: 'Close' }).click();
    await expect.poll(() => page.locator('.count').textContent()).toBe('2 items');
    expect((await titles()).sort()).toEqual(['Sähkökitara €', 'Öljylamppu']);
  });

  it('imports an xlsx workbook with the headings it mapped before remembered', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Myynti');
    sheet.addRow(['Otsikko', 'saleMethod', 'Hinta', 'quantity']);
    sheet.addRow(['Vanha pöytä', 'buy-now', 89.5, 1]);
    sheet.addRow(['Tuoli', 'buy-now', 19.9, 4]);
    const buffer = Buffer.from(await workbook.xlsx.writeBuffer());
    await page.getByLabel('Import CSV or Excel file').setInputFiles({ name: 'myynti.xlsx', mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', buffer });
    const report = page.getByRole('dialog', { name: 'Import' });
    // Otsikko and Hinta were mapped for another header set: this one asks again.
    const mapping = page.getByRole('dialog', { name: 'Map the columns of myynti.xlsx' });
    await expect.poll(() => mapping.locator('.import-summary').textContent()).toMatch(/^Excel workbook \(\.xlsx\)\./);
    await mapping.getByLabel('Field for Otsikko').selectOption('title');
    await mapping.getByLabel('Field for Hinta').selectOption('buyNowPrice');
    await mapping.getByRole('button', { name: 'Import 2 rows' }).click();
    await expect.poll(() => report.locator('.import-summary').textContent()).toMatch(/^2 drafts imported\./);
    expect(await report.locator('.import-file').textContent()).toBe('Read as: Excel workbook (.xlsx).');
    await page.screenshot({ path: join(OUTPUT, 'import-xlsx-report.png') });
    await report.getByRole('button', { name: 'Close' }).click();
    await expect.poll(() => page.locator('.count').textContent()).toBe('4 items');
    // The same file again maps itself: no mapping step.
    await page.getByLabel('Import CSV or Excel file').setInputFiles({ name: 'myynti.xlsx', mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', buffer });
    await expect.poll(() => report.locator('.import-summary').textContent()).toMatch(/^2 drafts imported\./);
    await report.getByRole('button', { name: 'Close' }).click();
    await expect.poll(() => page.locator('.count').textContent()).toBe('6 items');
    const exported = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export .xlsx' }).click();
    expect((await exported).suggestedFilename()).toMatch(/^drafts-.*\.xlsx$/);
  });

describe('a power seller\'s bulk rules', () => {
  it('raises every price 10 % rounded to ,90 after a before/after preview, and undoes it', async () => {
    await page.getByRole('grid').focus();
    await page.keyboard.press('Control+a');
    await expect.poll(() => page.locator('.count').textContent()).toBe('6 items · 6 selected');
    await page.getByRole('button', { name: 'Price and text…' }).click();
    const dialog = page.getByRole('dialog', { name: /^Price and text rules/ });
    await dialog.getByLabel('Price rule').selectOption('raise');
    await dialog.getByLabel('Amount').fill('10');
    await dialog.getByLabel('Ending cents').fill('90');
    await dialog.getByRole('button', { name: 'Preview' }).click();
    await expect.poll(() => dialog.locator('.preview p').first().textContent()).toBe('6 of 6 drafts change.');
    const rows = await dialog.locator('.preview-table tbody tr').allTextContents();
    expect(rows).toContain('Sähkökitara €249.90 → 274.90');
    expect(rows).toContain('Öljylamppu12.50 → 13.90');
    expect(rows.filter((r) => r === 'Vanha pöytä89.50 → 98.90')).toHaveLength(2);
    expect(rows.filter((r) => r === 'Tuoli19.90 → 21.90')).toHaveLength(2);
    await page.screenshot({ path: join(OUTPUT, 'bulk-price-rule-preview.png') });
    await dialog.getByRole('button', { name: 'Apply to 6' }).click();
    await expect.poll(() => priceOf('Öljylamppu')).toBe('13.90');
    expect(await priceOf('Sähkökitara €')).toBe('274.90');
    await page.screenshot({ path: join(OUTPUT, 'bulk-price-rule-applied.png') });
    await page.getByRole('button', { name: 'Undo bulk edit' }).click();
    await expect.poll(() => priceOf('Öljylamppu')).toBe('12.50');
  });

  it('replaces a word in titles ignoring case, warning about the drafts without it', async () => {
    await page.getByRole('grid').focus();
    await page.keyboard.press('Control+a');
    await page.getByRole('button', { name: 'Price and text…' }).click();
    const dialog = page.getByRole('dialog', { name: /^Price and text rules/ });
    await dialog.getByLabel('Text change').selectOption('replace');
    await dialog.getByLabel('Find').fill('TUOLI');
    await dialog.getByLabel('Replace with').fill('Keinutuoli');
    await dialog.getByLabel('ignore case').check();
    await dialog.getByRole('button', { name: 'Preview' }).click();
    await expect.poll(() => dialog.locator('.preview p').first().textContent()).toBe('2 of 6 drafts change.');
    expect(await dialog.locator('.warning').textContent()).toBe('4 drafts’ titles do not contain the text: left as they are.');
    expect(await dialog.locator('.preview-table tbody tr').allTextContents()).toEqual(['TuoliTuoli → Keinutuoli', 'TuoliTuoli → Keinutuoli']);
    await page.screenshot({ path: join(OUTPUT, 'bulk-replace-preview.png') });
    await dialog.getByRole('button', { name: 'Apply to 2' }).click();
    await expect.poll(async () => (await titles()).filter((t) => t === 'Keinutuoli')).toHaveLength(2);
    expect(await titles()).not.toContain('Tuoli');
    await page.screenshot({ path: join(OUTPUT, 'bulk-replace-applied.png') });
  });
});
});
