// Issue 19, item 6: exports a spreadsheet program opens without running anything. Every text
// cell that could start a formula in either list separator's reading (a Finnish Excel splits at
// ';', an English one at ',') is neutralised in the drafts CSV and xlsx, the sales CSV and the
// import report; the drafts CSV and the report follow the seller's language as the sales CSV does.
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { settingsCache } from '../../electron/core/cache/settings-cache.ts';
import { exportDraftsCsv, importDraftsCsv } from '../../electron/core/csv/drafts-csv.ts';
import { importReportCsv } from '../../electron/core/csv/import-report-csv.ts';
import { couldRunAsFormula, formulaSafe, fromFormulaSafe } from '../../electron/core/csv/formula-safe.ts';
import { parseCsv } from '../../electron/core/csv/rfc4180.ts';
import { draftWrites } from '../../electron/core/drafts/draft-writes.ts';
import { itemReads } from '../../electron/core/drafts/item-rows.ts';
import { salesCsv } from '../../electron/core/seller/sales-csv.ts';
import { exportDraftsXlsx, importSpreadsheet } from '../../electron/core/spreadsheet/spreadsheet-files.ts';
import { completeBuyNow, openTempDb, privateSellerRules } from './support.ts';

const HOSTILE = ['=HYPERLINK("http://x","y")', '+1+1', '-2+3', '@SUM(A1)', '\t=1', '\r=1', 'Lamp;=1+1', 'Lamp, -cmd|calc', 'Lamp,=1', 'Ok; +1'];

/** Every cell of a line as a spreadsheet program would split it with either separator. */
function cellsInEitherReading(text: string): string[] {
  const out: string[] = [];
  for (const line of text.replace(/^\ufeff/, '').split('\r\n')) for (const separator of [',', ';']) out.push(...line.split(separator).map((c) => c.replace(/^"/, '')));
  return out;
}

function setup() {
  const { db } = openTempDb();
  settingsCache(db).saveRules(privateSellerRules(), 1);
  return { db, reads: itemReads(db), writes: draftWrites(db) };
}

describe('exports safe for a spreadsheet program', () => {
  it('neutralises a formula start at the cell start and after either separator, and reads it back', () => {
    for (const text of HOSTILE) {
      expect(couldRunAsFormula(text)).toBe(true);
      const safe = formulaSafe(text);
      expect(cellsInEitherReading(safe).filter((c) => /^[=+\-@\t\r]/.test(c))).toEqual([]);
      expect(fromFormulaSafe(safe)).toBe(text);
    }
    expect(formulaSafe('Tammipöytä, 120 cm')).toBe('Tammipöytä, 120 cm');
  });

  it('writes the drafts CSV in Finnish with semicolons and decimal commas, no cell a formula, and imports it back the same', async () => {
    const a = setup();
    for (const [i, title] of HOSTILE.filter((t) => !/^[\t\r]/.test(t)).entries()) a.writes.createDraft({ ...completeBuyNow(title), buyNowPrice: 12.5 + i, sku: `S-${i};=1` });
    const fi = exportDraftsCsv(a.db, undefined, 'fi');
    const header = parseCsv(fi, ';')[0]?.fields ?? [];
    expect(header.length).toBeGreaterThan(5);
    const price = header.indexOf('buyNowPrice');
    expect(parseCsv(fi, ';')[1]?.fields[price]).toBe('12,5');
    expect(cellsInEitherReading(fi).filter((c) => /^[=+\-@\t\r]/.test(c))).toEqual([]);
    const en = exportDraftsCsv(a.db, undefined, 'en');
    expect(parseCsv(en, ',')[1]?.fields[price]).toBe('12.5');
    expect(cellsInEitherReading(en).filter((c) => /^[=+\-@\t\r]/.test(c))).toEqual([]);
    for (const text of [fi, en]) {
      const b = setup();
      expect((await importSpreadsheet(b.db, Buffer.from(text))).errors).toEqual([]);
      expect(b.reads.drafts().map((d) => d.fields)).toEqual(a.reads.drafts().map((d) => d.fields));
    }
  }, 60_000);

  it('writes the drafts xlsx with every hostile title neutralised', async () => {
    const { db, writes } = setup();
    writes.createDraft({ ...completeBuyNow('Lamp;=1+1') });
    writes.createDraft({ ...completeBuyNow('=1+1') });
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load((await exportDraftsXlsx(db)).bytes as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    const column = (sheet.getRow(1).values as unknown[]).indexOf('title');
    const titles = sheet.getColumn(column).values.slice(2).map(String);
    expect(titles.sort()).toEqual(["'=1+1", "Lamp;'=1+1"]);
  });

  it('neutralises the sales CSV and the import report in either reading, the report in the seller\'s language', () => {
    const words = { headings: { date: 'Päivä', item: 'Kohde', buyer: 'Ostaja', quantity: 'Kpl', unitPrice: 'Kappalehinta', price: 'Hinta', status: 'Tapa' }, kinds: { auction: 'huutokauppa', 'buy-now': 'osta heti', offer: 'tarjous' } };
    const sale = { saleId: 'bid:1', localId: 1, remoteId: 1, title: 'Lamp,=1+1', categoryId: null, category: '', soldAt: null, buyer: '-ville;@x', quantity: 2, unitPrice: 12.5, price: 25, kind: 'buy-now', closed: false } as const;
    const sales = salesCsv([sale], 'fi', words);
    expect(cellsInEitherReading(sales).filter((c) => /^[=+\-@\t\r]/.test(c))).toEqual([]);
    const { db } = setup();
    const report = importDraftsCsv(db, 'title,quantity\n"=cmd|\' /C calc\'!A0;=1",x\n');
    expect(report.errors.length).toBeGreaterThan(0);
    const fi = importReportCsv([{ row: 2, field: 'title', column: '=col', value: 'a;=1', rule: 'invalid', message: '-bad, =worse' }, ...report.errors], 'fi');
    expect(parseCsv(fi, ';')[0]?.fields).toEqual(['row', 'column', 'field', 'value', 'outcome', 'reason']);
    expect(cellsInEitherReading(fi).filter((c) => /^[=+\-@\t\r]/.test(c))).toEqual([]);
    expect(parseCsv(importReportCsv(report.errors, 'en'), ',')[0]?.fields).toHaveLength(6);
  });
});
