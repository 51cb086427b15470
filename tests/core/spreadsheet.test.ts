// Spreadsheets as sellers' programs write them: a Finnish Excel CSV (semicolons, Windows-1252,
// decimal commas, dd.mm.yyyy times), UTF-8 with a BOM and tabs, and .xlsx workbooks, all made
// here as real bytes.
import ExcelJS from 'exceljs';
import iconv from 'iconv-lite';
import { describe, expect, it } from 'vitest';
import { settingsCache } from '../../electron/core/cache/settings-cache.ts';
import { importReportCsv } from '../../electron/core/csv/import-report-csv.ts';
import { itemReads } from '../../electron/core/drafts/item-rows.ts';
import { draftWrites } from '../../electron/core/drafts/draft-writes.ts';
import { descriptionHtml, parseTimeCell } from '../../electron/core/spreadsheet/cell-values.ts';
import { parseDecimal } from '../../shared/format/parse-decimal.ts';
import { decodeText, detectSeparator } from '../../electron/core/spreadsheet/read-spreadsheet.ts';
import { exportDraftsXlsx, importSpreadsheet, inspectSpreadsheet } from '../../electron/core/spreadsheet/spreadsheet-files.ts';
import { completeBuyNow, openTempDb, privateSellerRules } from './support.ts';

function setup() {
  const { db } = openTempDb();
  const cache = settingsCache(db);
  cache.saveRules(privateSellerRules(), 1);
  cache.replaceCategories([
    { id: 101, parentId: 0, level: 1, title: 'Huonekalut', position: 1 },
    { id: 10102, parentId: 101, level: 2, title: 'Pöydät', position: 1 },
  ]);
  return { db, reads: itemReads(db) };
}

/** What Excel in Finland saves as "CSV (semicolon delimited)": Windows-1252, CRLF. */
function finnishExcelCsv(lines: string[]): Buffer {
  return iconv.encode(lines.join('\r\n') + '\r\n', 'windows-1252');
}

describe('reading spreadsheet cells', () => {
  it('reads decimal commas, Finnish and ISO times, and tells an impossible date from a malformed one', () => {
    expect(parseDecimal('12,50')).toBe(12.5);
    expect(parseDecimal('1 234,5 €')).toBe(1234.5);
    expect(parseDecimal('7.25')).toBe(7.25);
    expect(parseDecimal('abc')).toBeNull();
    expect(parseTimeCell('28.11.2026 18:00')).toEqual({ ok: true, value: '2026-11-28 18:00:00' });
    expect(parseTimeCell('1.2.2027')).toEqual({ ok: true, value: '2027-02-01 00:00:00' });
    expect(parseTimeCell('2026-12-01 09:30')).toEqual({ ok: true, value: '2026-12-01 09:30:00' });
    expect(parseTimeCell('31.02.2026 12:00')).toEqual({ ok: false, rule: 'date-does-not-exist', reason: '31.02.2026 12:00 is not a date that exists' });
    // 29 March 2026, 03:30 is skipped in Helsinki (clocks go from 03:00 to 04:00).
    expect(parseTimeCell('29.03.2026 03:30')).toMatchObject({ ok: false });
    expect(parseTimeCell('next friday')).toMatchObject({ ok: false, rule: 'not-a-date', reason: expect.stringContaining('is not a date') });
  });

  it('makes paragraphs of a plain-text description and keeps HTML as it is', () => {
    expect(descriptionHtml('Tammipöytä, 6 hlö.\n\nNouto Helsingistä\nklo 9-17 <ei toimitusta>')).toBe(
      '<p>Tammipöytä, 6 hlö.</p><p>Nouto Helsingistä<br>klo 9-17 &lt;ei toimitusta&gt;</p>',
    );
    expect(descriptionHtml('<p>Valmis</p>')).toBe('<p>Valmis</p>');
  });

  it('finds the encoding and the separator and says which', () => {
    const cp1252 = finnishExcelCsv(['title;buyNowPrice', 'Sähkö pöytä;12,50 €']);
    expect(decodeText(cp1252)).toMatchObject({ encoding: 'Windows-1252', text: expect.stringContaining('Sähkö pöytä;12,50 €') });
    const bom = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('title\tbuyNowPrice\nä\t1\n')]);
    expect(decodeText(bom)).toMatchObject({ encoding: 'UTF-8 with BOM', text: 'title\tbuyNowPrice\nä\t1\n' });
    expect(decodeText(Buffer.from('title,x\nö,1\n'))).toMatchObject({ encoding: 'UTF-8' });
    expect(detectSeparator('title;buyNowPrice\nA;1,5\nB;2,5\n')).toBe('semicolon');
    expect(detectSeparator('title\tbuyNowPrice\nA\t1\n')).toBe('tab');
    expect(detectSeparator('title,buyNowPrice\n"A; B",1\n')).toBe('comma');
  });
});

describe('importing a seller\'s spreadsheet', () => {
  it('imports a Finnish Excel CSV with ä, ö and €, maps its own headings once and remembers them', async () => {
    const { db, reads } = setup();
    const file = finnishExcelCsv([
      'Otsikko;saleMethod;Hinta;quantity;categoryId;listTime;description',
      'Sähköpöytä €-hinnalla;buy-now;129,90;1;10102;28.11.2026 18:00;"Hyvä kunto.\r\n\r\nNouto Töölöstä."',
      'Öljylamppu;buy-now;12,5;2;999;31.02.2026 12:00;',
      'Rikki;buy-now;-1,00;1;10102;;',
    ]);
    const inspected = await inspectSpreadsheet(db, file);
    expect(inspected).toMatchObject({ format: 'csv', encoding: 'Windows-1252', separator: 'semicolon', rows: 3, unknown: ['Otsikko', 'Hinta'], remembered: false });
    // Without a mapping nothing is imported: a heading is no field.
    expect((await importSpreadsheet(db, file)).errors).toEqual([
      { row: 1, field: 'Otsikko', rule: 'unknown-column', params: { column: 'Otsikko' }, message: 'unknown column "Otsikko"' },
      { row: 1, field: 'Hinta', rule: 'unknown-column', params: { column: 'Hinta' }, message: 'unknown column "Hinta"' },
    ]);
    const report = await importSpreadsheet(db, file, { mapping: { Otsikko: 'title', Hinta: 'buyNowPrice' } });
    expect(report.facts).toMatchObject({ encoding: 'Windows-1252', separator: 'semicolon' });
    expect(report.imported).toHaveLength(2);
    const first = reads.item(report.imported[0]!)!.fields;
    expect(first).toMatchObject({ title: 'Sähköpöytä €-hinnalla', buyNowPrice: 129.9, listTime: '2026-11-28 18:00:00', description: '<p>Hyvä kunto.</p><p>Nouto Töölöstä.</p>' });
    const second = reads.item(report.imported[1]!)!.fields;
    expect(second).toMatchObject({ title: 'Öljylamppu', buyNowPrice: 12.5 });
    expect(second.categoryId ?? null).toBeNull();
    expect(second.listTime ?? null).toBeNull();
    expect(report.errors).toEqual([
      { row: 3, field: 'listTime', column: 'listTime', value: '31.02.2026 12:00', rule: 'date-does-not-exist', params: { text: '31.02.2026 12:00' }, message: '31.02.2026 12:00 is not a date that exists', severity: 'flagged' },
      { row: 3, field: 'categoryId', column: 'categoryId', value: '999', rule: 'category-unknown', params: { id: 999 }, message: 'category 999 does not exist; left empty', severity: 'flagged' },
      { row: 4, field: 'buyNowPrice', column: 'Hinta', value: '-1,00', rule: 'above', params: { min: 0 }, message: expect.stringMatching(/^buyNowPrice: /) },
    ]);
    const saved = importReportCsv(report.errors).split('\r\n');
    expect(saved[0]).toBe('\ufeffrow,column,field,value,outcome,reason');
    expect(saved[1]).toBe('3,listTime,listTime,31.02.2026 12:00,"imported, value left empty",31.02.2026 12:00 is not a date that exists');
    // The seller's raw value starts with '-': the saved report neutralises it for Excel (issue 19).
    expect(saved[3]).toMatch(/^4,Hinta,buyNowPrice,"'-1,00",refused,buyNowPrice: /);
    expect(await inspectSpreadsheet(db, file)).toMatchObject({ remembered: true, mapping: { Otsikko: 'title', Hinta: 'buyNowPrice' } });
  });

  it('suggests a field for a heading that spells its label', async () => {
    const { db } = setup();
    const file = Buffer.from('Title,Buy-now price €,Qty\nLamp,5,1\n');
    expect(await inspectSpreadsheet(db, file)).toMatchObject({ encoding: 'UTF-8', separator: 'comma', unknown: ['Title', 'Buy-now price €', 'Qty'], mapping: { Title: 'title', 'Buy-now price €': 'buyNowPrice', Qty: 'quantity' } });
  });

  it('exports drafts as an xlsx workbook that a second cache imports to the same drafts', async () => {
    const a = setup();
    const writes = draftWrites(a.db);
    writes.createDraft({ ...completeBuyNow('Tammipöytä'), buyNowPrice: 129.9, sku: 'T-1' });
    writes.createDraft({ ...completeBuyNow('=SUM(A1)'), deliveryMethods: ['pickup', 'shipment'] });
    const { bytes, rows } = await exportDraftsXlsx(a.db);
    expect(rows).toBe(2);
    expect(bytes.subarray(0, 2).toString()).toBe('PK');
    const b = setup();
    const report = await importSpreadsheet(b.db, bytes);
    expect(report.errors).toEqual([]);
    expect(report.facts).toMatchObject({ format: 'xlsx', encoding: null, separator: null, rows: 2 });
    expect(b.reads.drafts().map((d) => d.fields)).toEqual(a.reads.drafts().map((d) => d.fields));
  });

  it('imports a workbook typed by hand: numbers, dates as Excel stores them, rich text', async () => {
    const { db, reads } = setup();
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Myynti');
    sheet.addRow(['title', 'saleMethod', 'buyNowPrice', 'quantity', 'listTime']);
    sheet.addRow([{ richText: [{ text: 'Vanha ' }, { text: 'kello', font: { bold: true } }] }, 'buy-now', 45.5, 1, new Date(Date.UTC(2026, 10, 28, 18, 0, 0))]);
    sheet.addRow(['Tuoli', 'buy-now', '12,90', 3, '28.11.2026 18:00']);
    const bytes = new Uint8Array(await workbook.xlsx.writeBuffer());
    const report = await importSpreadsheet(db, bytes);
    expect(report.errors).toEqual([]);
    expect(reads.drafts().map((d) => [d.fields.title, d.fields.buyNowPrice, d.fields.quantity, d.fields.listTime])).toEqual([
      ['Vanha kello', 45.5, 1, '2026-11-28 18:00:00'],
      ['Tuoli', 12.9, 3, '2026-11-28 18:00:00'],
    ]);
  });
});
