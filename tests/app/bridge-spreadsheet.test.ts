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
    // "Nimike" is a Finnish seller's word for the title (issue 42): offered, and known for sure.
    expect(inspected).toMatchObject({ format: 'csv', encoding: 'Windows-1252', separator: 'semicolon', rows: 2, unknown: ['Nimike'], mapping: { Nimike: 'title' }, recognition: { Nimike: 'known' } });
    const report = await invokeOk(bridge, 'csv.import', { base64, mapping: { Nimike: 'title' } });
    expect(report).toMatchObject({ imported: 2, file: { encoding: 'Windows-1252', separator: 'semicolon' }, errors: [{ row: 3, column: 'listTime', value: '30.02.2026 10:00', severity: 'flagged' }] });
    // The saved report in the seller's words: the renderer's headings, labels, outcomes and reasons.
    const words = {
      headings: { row: 'Rivi', column: 'Sarake', field: 'Kenttä', value: 'Arvo', outcome: 'Tulos', reason: 'Syy' },
      outcomes: { refused: 'hylätty', flagged: 'tuotu, arvo tyhjänä', adjusted: 'tuotu, täydennetty' },
      fields: { listTime: 'Julkaisuaika' },
      reasons: ['Julkaisuaika: päivää 30.02.2026 10:00 ei ole olemassa.'],
    };
    const saved = await invokeOk(bridge, 'csv.importReport', { problems: report.errors, locale: 'fi', words });
    expect(saved.text.split('\r\n').slice(0, 2)).toEqual(['\ufeffRivi;Sarake;Kenttä;Arvo;Tulos;Syy', '3;listTime;Julkaisuaika;30.02.2026 10:00;tuotu, arvo tyhjänä;Julkaisuaika: päivää 30.02.2026 10:00 ei ole olemassa.']);
    expect(await bridge.invoke('csv.importReport', { problems: report.errors, locale: 'fi', words: { ...words, reasons: [] } })).toMatchObject({ ok: false });
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
