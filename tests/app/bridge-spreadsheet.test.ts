// The spreadsheet methods through the dispatcher: a Finnish Excel CSV as bytes with its mapping
// step, and an .xlsx round trip.
import iconv from 'iconv-lite';
import { describe, expect, it } from 'vitest';
import { invokeOk } from '../support/test-core.ts';
import { openTestCore } from './support.ts';

describe('spreadsheets over IPC', () => {
  it('inspects a semicolon Windows-1252 file, imports it with the chosen mapping and reports every flagged row', async () => {
    const { bridge } = openTestCore();
    const file = iconv.encode('Nimike;saleMethod;buyNowPrice;listTime\r\nKäsityö €;buy-now;19,90;28.11.2026 18:00\r\nVäärä;buy-now;5;30.02.2026 10:00\r\n', 'windows-1252');
    const base64 = file.toString('base64');
    const inspected = await invokeOk(bridge, 'csv.inspect', { base64, fileName: 'myynti.csv' });
    expect(inspected).toMatchObject({ format: 'csv', encoding: 'Windows-1252', separator: 'semicolon', rows: 2, unknown: ['Nimike'], mapping: { Nimike: null } });
    const report = await invokeOk(bridge, 'csv.import', { base64, mapping: { Nimike: 'title' } });
    expect(report).toMatchObject({ imported: 2, file: { encoding: 'Windows-1252', separator: 'semicolon' }, errors: [{ row: 3, column: 'listTime', value: '30.02.2026 10:00', severity: 'flagged' }] });
    expect(report.reportCsv).toContain('30.02.2026 10:00');
    const page = await invokeOk(bridge, 'drafts.page', { sort: 'title', direction: 'asc' });
    expect(page.rows.map((r) => [r.fields.title, r.fields.buyNowPrice])).toEqual([['Käsityö €', 19.9], ['Väärä', 5]]);
    expect(await invokeOk(bridge, 'csv.inspect', { base64 })).toMatchObject({ remembered: true, mapping: { Nimike: 'title' } });
    expect(await bridge.invoke('csv.import', { base64, mapping: { Nimike: 'nonsense' } })).toMatchObject({ ok: false });
  });

  it('exports an xlsx workbook that imports back as the same drafts', async () => {
    const { bridge } = openTestCore();
    await invokeOk(bridge, 'drafts.create', { fields: { title: 'Pöytä', saleMethod: 'buy-now', buyNowPrice: 12.5 } });
    const exported = await invokeOk(bridge, 'xlsx.export', {});
    expect(exported).toMatchObject({ rows: 1, fileName: expect.stringMatching(/^drafts-.*\.xlsx$/) });
    const report = await invokeOk(bridge, 'csv.import', { base64: exported.base64, fileName: exported.fileName });
    expect(report).toMatchObject({ imported: 1, errors: [], file: { format: 'xlsx' } });
  });
});
