// Issue 42's files from a Finnish seller's week, read by the app's own reader in its worker: a
// workbook written by openpyxl (formulas with no cached value written `<v></v>`, a condition
// merged down three rows), an Excel CSV with rows without a title, an empty row and postal codes
// that lost their leading zeros, and the report of both saved in the seller's words.
import iconv from 'iconv-lite';
import { describe, expect, it } from 'vitest';
import { settingsCache } from '../../electron/core/cache/settings-cache.ts';
import { importReportCsv } from '../../electron/core/csv/import-report-csv.ts';
import { parseCsv } from '../../electron/core/csv/rfc4180.ts';
import { itemReads } from '../../electron/core/drafts/item-rows.ts';
import { importSpreadsheet, inspectSpreadsheet } from '../../electron/core/spreadsheet/spreadsheet-files.ts';
import { openpyxlWorkbook } from '../support/openpyxl-xlsx.ts';
import { openTempDb, privateSellerRules } from './support.ts';

function setup() {
  const { db } = openTempDb();
  settingsCache(db).saveRules(privateSellerRules(), 1);
  return { db, reads: itemReads(db) };
}

const excelCsv = (lines: string[]) => iconv.encode(lines.join('\r\n') + '\r\n', 'windows-1252');
const byRowAndField = (a: { row: number; field: string | null }, b: { row: number; field: string | null }) => a.row - b.row || String(a.field).localeCompare(String(b.field));

describe('a workbook written by openpyxl', () => {
  it('flags each price whose formula has no saved value, gives the merged condition to each of its rows, and flags both', async () => {
    const { db, reads } = setup();
    const bytes = await openpyxlWorkbook([
      ['Nimike', 'Kuntoluokka', 'Hinta', 'Postinumero', 'Kpl'],
      ['Kahvikuppi', 'Uusi', 12.5, '00100', 1],
      ['Lautanen', 'Hyvä', { formula: 'C2*2' }, 2100, 2],
      ['Kulho', null, { formula: 'C2*3', vForm: 'empty-element' }, '02100', 1],
      ['Kannu', null, 30, 100, 1],
    ], ['B3:B5']);
    const inspected = await inspectSpreadsheet(db, bytes);
    expect(inspected.mapping).toEqual({ Nimike: 'title', Kuntoluokka: 'condition', Hinta: 'buyNowPrice', Postinumero: 'postalCode', Kpl: 'quantity' });
    const report = await importSpreadsheet(db, bytes, { mapping: inspected.mapping });
    expect(reads.drafts().map((d) => [d.fields.title, d.fields.condition, d.fields.buyNowPrice ?? null, d.fields.postalCode])).toEqual([
      ['Kahvikuppi', 'new', 12.5, '00100'],
      ['Lautanen', 'good', null, '02100'],
      ['Kulho', 'good', null, '02100'],
      ['Kannu', 'good', 30, '00100'],
    ]);
    // Never an empty price in silence: each is flagged with its cell, and each filled value too.
    expect([...report.errors].sort(byRowAndField).map((e) => [e.row, e.field, e.rule, e.severity, e.value, e.params])).toEqual([
      [3, 'buyNowPrice', 'formula-no-value', 'flagged', '', { cell: 'C3' }],
      [3, 'postalCode', 'postal-code-zeros', 'adjusted', '2100', { text: '2100', value: '02100' }],
      [4, 'buyNowPrice', 'formula-no-value', 'flagged', '', { cell: 'C4' }],
      [4, 'condition', 'merged-cell', 'adjusted', 'Hyvä', { cell: 'B4', range: 'B3:B5', from: 'B3' }],
      [5, 'condition', 'merged-cell', 'adjusted', 'Hyvä', { cell: 'B5', range: 'B3:B5', from: 'B3' }],
      [5, 'postalCode', 'postal-code-zeros', 'adjusted', '100', { text: '100', value: '00100' }],
    ]);
  });
});

describe('an Excel CSV with the rough edges of a long sheet', () => {
  it('refuses rows without a title by number, skips an empty row, and gives postal codes their leading zeros back', async () => {
    const { db, reads } = setup();
    const file = excelCsv([
      'Nimike;Hinta;Postinumero;Kunto',
      'Kuppi;5;2100;Hyvä',
      ';7;00100;Hyvä',
      ';;;',
      'Lautanen;6;100;Hyvä',
      '  ;8;00100;Hyvä',
      'Kannu;9;12;Hyvä',
    ]);
    const report = await importSpreadsheet(db, file, { mapping: (await inspectSpreadsheet(db, file)).mapping });
    expect(reads.drafts().map((d) => [d.fields.title, d.fields.postalCode])).toEqual([['Kuppi', '02100'], ['Lautanen', '00100']]);
    expect(report.errors.map((e) => [e.row, e.field, e.rule, e.severity ?? 'refused'])).toEqual([
      [2, 'postalCode', 'postal-code-zeros', 'adjusted'],
      [3, 'title', 'title-missing', 'refused'],
      [5, 'postalCode', 'postal-code-zeros', 'adjusted'],
      [6, 'title', 'title-missing', 'refused'],
      // Two digits are no Finnish postal code that lost its zeros: refused as any bad value.
      [7, 'postalCode', 'postal-code-digits', 'refused'],
    ]);
  });

  it('keeps a foreign postal code as it is', async () => {
    const { db, reads } = setup();
    const report = await importSpreadsheet(db, excelCsv(['title;postalCode;isLocationAbroad', 'Lamppu;2100;1']));
    expect(report.errors).toEqual([]);
    expect(reads.drafts()[0]?.fields.postalCode).toBe('2100');
  });

  it('saves the report in the seller\'s words: headings, field labels, outcomes and reasons', async () => {
    const { db } = setup();
    const report = await importSpreadsheet(db, excelCsv(['title;postalCode', 'Kuppi;2100', ';00100']));
    const words = {
      headings: { row: 'Rivi', column: 'Sarake', field: 'Kenttä', value: 'Arvo', outcome: 'Tulos', reason: 'Syy' },
      outcomes: { refused: 'hylätty: ei tuotu', flagged: 'tuotu, arvo jätetty tyhjäksi', adjusted: 'tuotu, arvo täydennetty: tarkista' },
      fields: { postalCode: 'Postinumero', title: 'Otsikko' },
      reasons: ['Postinumero: 2100 luettiin muotoon 02100.', 'Rivillä ei ole otsikkoa, joten sitä ei tuotu.'],
    };
    expect(parseCsv(importReportCsv(report.errors, 'fi', words), ';').map((r) => r.fields)).toEqual([
      ['Rivi', 'Sarake', 'Kenttä', 'Arvo', 'Tulos', 'Syy'],
      ['2', 'postalCode', 'Postinumero', '2100', 'tuotu, arvo täydennetty: tarkista', 'Postinumero: 2100 luettiin muotoon 02100.'],
      ['3', 'title', 'Otsikko', '', 'hylätty: ei tuotu', 'Rivillä ei ole otsikkoa, joten sitä ei tuotu.'],
    ]);
  });
});
