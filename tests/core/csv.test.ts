import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bulkWrites } from '../../electron/core/bulk/bulk-edit.ts';
import { settingsCache } from '../../electron/core/cache/settings-cache.ts';
import { exportDraftsCsv, importDraftsCsv } from '../../electron/core/csv/drafts-csv.ts';
import { parseCsv, writeCsv } from '../../electron/core/csv/rfc4180.ts';
import { draftWrites } from '../../electron/core/drafts/draft-writes.ts';
import { itemReads } from '../../electron/core/drafts/item-rows.ts';
import { completeBuyNow, openTempDb, privateSellerRules } from './support.ts';

const fieldsOf = (text: string) => parseCsv(text).map((r) => r.fields);

describe('RFC 4180 reading and writing', () => {
  it('reads quotes, commas, line breaks inside quotes, CRLF and a BOM', () => {
    const text = '\ufefftitle,description\r\n"Chair, red","He said ""sit""\r\nthen left"\r\nplain,\n';
    expect(fieldsOf(text)).toEqual([
      ['title', 'description'],
      ['Chair, red', 'He said "sit"\r\nthen left'],
      ['plain', ''],
    ]);
    expect(parseCsv(text).map((r) => r.line)).toEqual([1, 2, 4]);
  });

  it('reports a quote left open and a stray quote by record', () => {
    expect(parseCsv('a,b\n"open,x\n')[1]).toMatchObject({ row: 2, error: 'a quoted field is not closed' });
    expect(parseCsv('a,b\nsay "hi",x\n')[1]).toMatchObject({ row: 2, error: expect.stringContaining('quote inside') });
    expect(parseCsv('a,b\n"x"y,z\n')[1]).toMatchObject({ row: 2, error: 'text after a closing quote' });
  });

  it('writes what it reads back unchanged, whatever the text', () => {
    const cell = fc.string({ unit: fc.constantFrom('a', 'ä', ',', '"', '\n', '\r', ' ', ';', '€', '=') , maxLength: 12 });
    fc.assert(fc.property(fc.array(fc.array(cell, { minLength: 2, maxLength: 2 }), { minLength: 1, maxLength: 6 }), (rows) => {
      // A lone empty row is the one thing CSV cannot tell from a blank line.
      const kept = rows.filter((r) => r.some((c) => c !== ''));
      expect(fieldsOf(writeCsv(kept))).toEqual(kept);
    }));
  });
});

describe('CSV import and export of drafts', () => {
  function setup() {
    const { db } = openTempDb();
    settingsCache(db).saveRules(privateSellerRules(), 1);
    return { db, drafts: draftWrites(db), reads: itemReads(db) };
  }

  it('exports drafts that a second cache imports to the same drafts', () => {
    const a = setup();
    a.drafts.createDraft({ ...completeBuyNow('Table, "oak"'), description: '<p>Line one\nline two</p>' });
    a.drafts.createDraft({ title: '=SUM(A1)', saleMethod: 'auction', startingPrice: 5, openDays: 7 });
    a.drafts.createDraft({ title: 'Kirja – ääkköset', deliveryMethods: ['shipment'] });
    const csv = exportDraftsCsv(a.db);
    expect(csv.startsWith('\ufeffsaleMethod,title,')).toBe(true);
    expect(csv).toContain("'=SUM(A1)"); // a formula is neutralised for spreadsheets
    const b = setup();
    const report = importDraftsCsv(b.db, csv, 5);
    expect(report.errors).toEqual([]);
    expect(report.imported).toHaveLength(3);
    expect(b.reads.drafts().map((d) => d.fields)).toEqual(a.reads.drafts().map((d) => d.fields));
    expect(exportDraftsCsv(b.db)).toBe(csv);
  });

  it('imports the valid rows in one step and reports each bad row by number, field and message', () => {
    const { db, reads } = setup();
    const csv = [
      'title,saleMethod,buyNowPrice,quantity,reservePrice',
      'Good lamp,buy-now,20,1,',
      `${'x'.repeat(61)},buy-now,20,1,`,
      'Cheap,buy-now,-5,1,',
      'Second good,buy-now,3.5,2,',
      // An unclosed quote swallows the rest of the file into its record: that record is refused.
      '"broken,buy-now,1,1,',
      'Lost,buy-now,1,1,',
    ].join('\n');
    const report = importDraftsCsv(db, csv);
    expect(report.imported).toHaveLength(2);
    expect(reads.drafts().map((d) => d.fields.title)).toEqual(['Good lamp', 'Second good']);
    expect(report.errors).toEqual([
      { row: 3, field: 'title', column: 'title', value: 'x'.repeat(61), rule: 'max-length', params: { max: 60 }, message: 'title: at most 60 characters' },
      { row: 4, field: 'buyNowPrice', column: 'buyNowPrice', value: '-5', rule: 'above', params: { min: 0 }, message: expect.stringMatching(/^buyNowPrice: /) },
      { row: 6, field: null, rule: 'quote-not-closed', message: 'a quoted field is not closed' },
    ]);
    const outbox = db.prepare(`SELECT kind, count(*) AS n FROM outbox GROUP BY kind`).all();
    expect(outbox).toEqual([{ kind: 'create', n: 2 }]);
  });

  it('reports not-allowed fields and short rows, and undoes an import as one step', () => {
    const { db, reads } = setup();
    const report = importDraftsCsv(db, 'title,saleMethod,startingPrice,reservePrice\nA,auction,5,50\nB,auction\nC,auction,5,\n');
    expect(report.errors).toEqual([
      { row: 2, field: 'reservePrice', column: 'reservePrice', value: '50', rule: 'not-allowed', message: 'reservePrice: not available to this account' },
      { row: 3, field: null, rule: 'cell-count', params: { cells: 2, columns: 4 }, message: '2 cells, the header has 4' },
    ]);
    expect(reads.drafts().map((d) => d.fields.title)).toEqual(['C']);
    const undo = bulkWrites(db).undo();
    expect(undo).toMatchObject({ stepId: report.stepId, restored: 1 });
    expect(reads.drafts()).toEqual([]);
  });

  it('imports nothing when the header has an unknown or repeated column', () => {
    const { reads, db } = setup();
    expect(importDraftsCsv(db, 'titel,saleMethod\nLamp,buy-now\n').errors).toEqual([{ row: 1, field: 'titel', rule: 'unknown-column', params: { column: 'titel' }, message: 'unknown column "titel"' }]);
    expect(importDraftsCsv(db, 'title,title\nLamp,Lamp\n').errors).toEqual([{ row: 1, field: 'title', rule: 'repeated-column', params: { column: 'title' }, message: 'column "title" appears twice' }]);
    expect(importDraftsCsv(db, '').errors).toEqual([{ row: 1, field: null, rule: 'empty-file', message: 'the file is empty' }]);
    expect(reads.drafts()).toEqual([]);
  });
});
