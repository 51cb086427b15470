// Workbooks as sellers' programs leave them (issue 21, item 9): formulas a program wrote but
// never calculated (exceljs, scripts, a file saved without recalculation: no cached value), a
// formula giving an error, and merged cells, whose value belongs to the range's top-left cell
// only, also when the program kept the hidden cells' old text (LibreOffice's "keep the contents
// of hidden cells"). Real .xlsx bytes, read by the app's own reader in its worker.
import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import { describe, expect, it } from 'vitest';
import { settingsCache } from '../../electron/core/cache/settings-cache.ts';
import { importReportCsv } from '../../electron/core/csv/import-report-csv.ts';
import { itemReads } from '../../electron/core/drafts/item-rows.ts';
import { readSpreadsheet } from '../../electron/core/spreadsheet/read-spreadsheet.ts';
import { importSpreadsheet } from '../../electron/core/spreadsheet/spreadsheet-files.ts';
import { openTempDb, privateSellerRules } from './support.ts';

function setup() {
  const { db } = openTempDb();
  settingsCache(db).saveRules(privateSellerRules(), 1);
  return { db, reads: itemReads(db) };
}

async function bytesOf(workbook: ExcelJS.Workbook): Promise<Buffer> {
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** The first sheet's XML changed as another program would have written it. */
async function rewriteSheet(bytes: Buffer, change: (xml: string) => string): Promise<Buffer> {
  const zip = await JSZip.loadAsync(bytes);
  const path = 'xl/worksheets/sheet1.xml';
  zip.file(path, change(await zip.file(path)!.async('string')));
  return zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
}

describe('xlsx formulas without a value', () => {
  it('imports the row with the price left empty and flags the field, naming the cell and why', async () => {
    const { db, reads } = setup();
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Myynti');
    sheet.addRow(['Otsikko', 'saleMethod', 'Hinta', 'quantity']);
    sheet.addRow(['Lamppu', 'buy-now', { formula: 'D2*12' }, 1]);
    sheet.addRow(['Tuoli', 'buy-now', { formula: '2*6', result: 12 }, 2]);
    sheet.addRow(['Pöytä', 'buy-now', 30, { formula: '1/0', result: { error: '#DIV/0!' } }]);
    const bytes = await bytesOf(workbook);
    // The file really holds formulas: C2 without a cached value, C3 with one.
    const xml = await (await JSZip.loadAsync(bytes)).file('xl/worksheets/sheet1.xml')!.async('string');
    expect(xml).toMatch(/<c r="C2"[^>]*><f>D2\*12<\/f><\/c>/);
    expect(xml).toMatch(/<c r="C3"[^>]*><f>2\*6<\/f><v>12<\/v><\/c>/);

    const report = await importSpreadsheet(db, bytes, { mapping: { Otsikko: 'title', Hinta: 'buyNowPrice' } });
    expect(reads.drafts().map((d) => [d.fields.title, d.fields.buyNowPrice ?? null, d.fields.quantity ?? null])).toEqual([
      ['Lamppu', null, 1],
      ['Tuoli', 12, 2],
      ['Pöytä', 30, null],
    ]);
    expect(report.imported).toHaveLength(3);
    expect(report.errors).toEqual([
      {
        row: 2, field: 'buyNowPrice', column: 'Hinta', value: '', rule: 'formula-no-value', params: { cell: 'C2' }, severity: 'flagged',
        message: 'cell C2 holds a formula without a saved value (open and save the file in Excel so that it stores the values); left empty',
      },
      { row: 4, field: 'quantity', column: 'quantity', value: '', rule: 'formula-error', params: { cell: 'D4', error: '#DIV/0!' }, severity: 'flagged', message: 'cell D4 holds a formula that gives the error #DIV/0!; left empty' },
    ]);
    // The saved report says it too, beside the file's own heading.
    const saved = importReportCsv(report.errors).split('\r\n');
    expect(saved[1]).toMatch(/^2,Hinta,buyNowPrice,,"imported, value left empty",cell C2 holds a formula without a saved value \(open and save the file in Excel/);
  });

  it('keeps a row whose only filled cell is an uncalculated formula, and flags its title', async () => {
    const { db } = setup();
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Myynti');
    sheet.addRow(['title', 'description']);
    sheet.addRow([{ formula: 'CONCAT("Lamppu ";"1")' }, null]);
    const report = await importSpreadsheet(db, await bytesOf(workbook));
    expect(report.errors).toEqual([expect.objectContaining({ row: 2, field: 'title', rule: 'formula-no-value', params: { cell: 'A2' }, severity: 'flagged' })]);
  });

  it('says nothing of a formula in a column the import leaves out', async () => {
    const { db } = setup();
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Myynti');
    sheet.addRow(['title', 'Muistiinpano']);
    sheet.addRow(['Lamppu', { formula: 'A2' }]);
    const report = await importSpreadsheet(db, await bytesOf(workbook), { mapping: { Muistiinpano: null } });
    expect(report).toMatchObject({ imported: [expect.any(Number)], errors: [] });
  });
});

describe('xlsx merged cells', () => {
  async function mergedWorkbook(): Promise<Buffer> {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Myynti');
    sheet.addRow(['title', 'description', 'buyNowPrice', 'quantity']);
    sheet.addRow(['Lamppu', 'Messinkinen pöytälamppu', 20, 1]);
    sheet.addRow(['Iso tammipöytä, 6 hlö', null, 300, 1]);
    sheet.mergeCells('A3:B3');
    sheet.addRow(['Tuoli', 'Kaksi samanlaista', 15, 2]);
    sheet.addRow([null, null, 16, 1]);
    sheet.mergeCells('B4:B5');
    return bytesOf(workbook);
  }

  // Issue 42 changed issue 21's reading of a merge down a column: the value the seller sees beside
  // each row of it is each row's (noted, for the report to flag); across columns it stays one cell's.
  it('gives a merge over rows its value in each row of its first column, and a merge across columns to its first cell only', async () => {
    const bytes = await mergedWorkbook();
    const xml = await (await JSZip.loadAsync(bytes)).file('xl/worksheets/sheet1.xml')!.async('string');
    expect(xml).toContain('<mergeCell ref="A3:B3"/>');
    const read = await readSpreadsheet(bytes);
    expect(read.records.map((r) => r.fields)).toEqual([
      ['title', 'description', 'buyNowPrice', 'quantity'],
      ['Lamppu', 'Messinkinen pöytälamppu', '20', '1'],
      ['Iso tammipöytä, 6 hlö', '', '300', '1'],
      ['Tuoli', 'Kaksi samanlaista', '15', '2'],
      ['', 'Kaksi samanlaista', '16', '1'],
    ]);
    expect(read.records.map((r) => r.notes ?? [])).toEqual([[], [], [], [], [{ index: 1, cell: 'B5', rule: 'merged-cell', range: 'B4:B5', from: 'B4' }]]);
  });

  it('leaves out the text a program kept under a merge: it never lands in the next column', async () => {
    const { db, reads } = setup();
    // LibreOffice keeps a hidden cell's text when asked to: the merge hides B3 and B5, which
    // still hold the title copied over and an old note.
    const bytes = await rewriteSheet(await mergedWorkbook(), (xml) => xml
      .replace(/<c r="B3"([^>]*)\/>/, '<c r="B3"$1 t="inlineStr"><is><t>Iso tammipöytä, 6 hlö</t></is></c>')
      .replace(/<c r="B5"([^>]*)\/>/, '<c r="B5"$1 t="inlineStr"><is><t>vanha muistiinpano</t></is></c>'));
    const raw = await (await JSZip.loadAsync(bytes)).file('xl/worksheets/sheet1.xml')!.async('string');
    expect(raw).toContain('<t>vanha muistiinpano</t>');
    expect(raw).toContain('<mergeCell ref="B4:B5"/>');

    const report = await importSpreadsheet(db, bytes);
    // Row 5 took B4's description, not the old note hidden in B5; it has no title (issue 42:
    // refused and said, not a nameless draft).
    expect(report.errors).toEqual([{ row: 5, field: 'title', column: 'title', value: '', rule: 'title-missing', message: 'the row has no title: not imported', severity: 'refused' }]);
    expect(reads.drafts().map((d) => [d.fields.title ?? null, d.fields.description ?? null, d.fields.buyNowPrice])).toEqual([
      ['Lamppu', '<p>Messinkinen pöytälamppu</p>', 20],
      ['Iso tammipöytä, 6 hlö', null, 300],
      ['Tuoli', '<p>Kaksi samanlaista</p>', 15],
    ]);
  });

  it('drops a row that only a merge\'s hidden text filled', async () => {
    const bytes = await rewriteSheet(await mergedWorkbook(), (xml) => xml
      .replace('</sheetData>', '<row r="6"><c r="A6" t="inlineStr"><is><t>piilossa</t></is></c></row></sheetData>')
      .replace('<mergeCells count="2">', '<mergeCells count="3"><mergeCell ref="A5:A6"/>'));
    const read = await readSpreadsheet(bytes);
    expect(read.records.map((r) => r.row)).toEqual([1, 2, 3, 4, 5]);
  });
});
