// The drafts store's import of a file as bytes: the mapping step when headings are no field,
// none when they all are or the header set was mapped before.
import iconv from 'iconv-lite';
import { describe, expect, it } from 'vitest';
import { typedBridge } from '../../renderer/src/bridge/bridge-types.ts';
import { createDraftsStore } from '../../renderer/src/drafts/drafts-store.ts';
import { memoryTransport } from './memory-transport.ts';
import { draftsCsv, openTestCore } from './support.ts';

function setup() {
  const core = openTestCore();
  const drafts = createDraftsStore(typedBridge(memoryTransport(core.bridge, core.session)), { pageSize: 20, columns: 10 });
  return { drafts };
}

describe('importing a file from the drafts store', () => {
  it('asks for a mapping of unknown headings, imports with it, and does not ask again for the same header set', async () => {
    const { drafts } = setup();
    const file = iconv.encode('Otsikko;saleMethod;buyNowPrice\r\nMökki-tuoli;buy-now;10,50\r\n', 'windows-1252').toString('base64');
    expect(await drafts.getState().importFile(file, 'tuolit.csv')).toBeNull();
    const pending = drafts.getState().pendingImport;
    expect(pending).toMatchObject({ fileName: 'tuolit.csv', inspection: { encoding: 'Windows-1252', separator: 'semicolon', unknown: ['Otsikko'] } });
    const report = await drafts.getState().confirmMapping({ Otsikko: 'title' });
    expect(report).toMatchObject({ imported: 1, errors: [], file: { encoding: 'Windows-1252' } });
    expect(drafts.getState()).toMatchObject({ pendingImport: null, total: 1, importReport: { imported: 1 } });
    expect(drafts.getState().rows[0]?.fields).toMatchObject({ title: 'Mökki-tuoli', buyNowPrice: 10.5 });
    expect(await drafts.getState().importFile(file, 'tuolit.csv')).toMatchObject({ imported: 1 });
    expect(drafts.getState().pendingImport).toBeNull();
  });

  it('imports a file of field names at once, and leaves a cancelled mapping unimported', async () => {
    const { drafts } = setup();
    expect(await drafts.getState().importFile(Buffer.from(draftsCsv(3)).toString('base64'), 'drafts.csv')).toMatchObject({ imported: 3, file: { encoding: 'UTF-8', separator: 'comma' } });
    await drafts.getState().importFile(Buffer.from('Nimi\nX\n').toString('base64'), 'x.csv');
    drafts.getState().cancelMapping();
    expect(drafts.getState()).toMatchObject({ pendingImport: null, total: 3 });
  });
});
