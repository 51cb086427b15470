// The drafts store's import of a file by reference (a path, or web mode's streamed upload) or as
// bytes: the mapping step when headings are no field, none when they all are or the header set
// was mapped before. Changed on purpose (issue 15's leftover): the app hands a spreadsheet over by
// reference, as photos, so the first test passes a path; the assertions are unchanged.
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import iconv from 'iconv-lite';
import { translate } from '../../renderer/src/i18n/translate.ts';
import { describe, expect, it } from 'vitest';
import { stageUpload, uploadPath } from '../../electron/core/images/staged-uploads.ts';
import { typedBridge } from '../../renderer/src/bridge/bridge-types.ts';
import { createDraftsStore } from '../../renderer/src/drafts/drafts-store.ts';
import { memoryTransport } from './memory-transport.ts';
import { draftsCsv, openTestCore, tempFolder } from './support.ts';
import '../support/catalogs-loaded.ts';

function setup() {
  const core = openTestCore();
  const drafts = createDraftsStore(typedBridge(memoryTransport(core.bridge, core.session)), { pageSize: 20, columns: 10 });
  return { drafts, core };
}

describe('importing a file from the drafts store', () => {
  it('asks for a mapping of unknown headings, imports with it, and does not ask again for the same header set', async () => {
    const { drafts, core } = setup();
    const path = join(tempFolder('import-store-'), 'tuolit.csv');
    writeFileSync(path, iconv.encode('Otsikko;saleMethod;buyNowPrice\r\nMökki-tuoli;buy-now;10,50\r\n', 'windows-1252'));
    const file = { source: { kind: 'handle' as const, id: core.session.files.handOver(path) } };
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
    expect(await drafts.getState().importFile({ base64: Buffer.from(draftsCsv(3)).toString('base64') }, 'drafts.csv')).toMatchObject({ imported: 3, file: { encoding: 'UTF-8', separator: 'comma' } });
    await drafts.getState().importFile({ base64: Buffer.from('Nimi\nX\n').toString('base64') }, 'x.csv');
    drafts.getState().cancelMapping();
    expect(drafts.getState()).toMatchObject({ pendingImport: null, total: 3 });
  });

  it('reads web mode\'s streamed upload, removes its temporary copy once imported, and says so plainly when a file is gone', async () => {
    const { drafts, core } = setup();
    const folder = core.root;
    const { id } = await stageUpload(folder, Readable.from([Buffer.from(draftsCsv(2))]));
    expect(await drafts.getState().importFile({ source: { kind: 'upload', id } }, 'drafts.csv')).toMatchObject({ imported: 2 });
    expect(existsSync(uploadPath(folder, id))).toBe(false);
    expect(await drafts.getState().importFile({ source: { kind: 'handle', id: core.session.files.handOver(join(tempFolder(), 'gone.csv')) } }, 'gone.csv')).toBeNull();
    const notice = drafts.getState().notice;
    expect(notice).toMatchObject({ kind: 'error', field: 'source' });
    expect(notice && translate(notice.message, 'en')).toBe('gone.csv could not be read: it was moved or deleted.');
    expect(notice && translate(notice.message, 'fi')).toBe('Tiedostoa gone.csv ei voitu lukea: se on siirretty tai poistettu.');
  });
});

describe('a long import', () => {
  it('reports its progress while 10,000 rows are checked and written, and none once it ended', async () => {
    const { drafts } = setup();
    const seen: Array<{ phase: string; done: number; total: number }> = [];
    const off = drafts.subscribe((s) => {
      const last = seen.at(-1);
      if (s.importProgress && (last?.phase !== s.importProgress.phase || last.done !== s.importProgress.done)) seen.push(s.importProgress);
    });
    const report = await drafts.getState().importFile({ base64: Buffer.from(draftsCsv(10_000)).toString('base64') }, 'drafts.csv');
    off();
    expect(report).toMatchObject({ imported: 10_000 });
    // The progress names the file from its first moment to its last (issue 42).
    expect(seen[0]).toEqual({ phase: 'reading', done: 0, total: 0, fileName: 'drafts.csv' });
    expect(seen.filter((p) => p.phase === 'checking').map((p) => p.done)).toEqual(Array.from({ length: 19 }, (_, i) => (i + 1) * 500));
    expect(seen.at(-1)).toEqual({ phase: 'writing', done: 10_000, total: 10_000, fileName: 'drafts.csv' });
    expect(drafts.getState().importProgress).toBeNull();
  });
});
