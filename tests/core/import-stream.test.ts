// Issue 41, points 2 and 3: a file's rows are checked in its reading worker and cross to the core
// in batches of at most 500 as they are checked (never the whole file in one message); the import
// writes them while the worker checks the rest; a pasted text goes the same way; and a long write's commit leaves its checkpoint
// to a worker of its own instead of copying the write into the file on the core's thread.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { settingsCache } from '../../electron/core/cache/settings-cache.ts';
import { checkContext, IMPORT_STEP_ROWS } from '../../electron/core/csv/drafts-csv.ts';
import { checkpointInWorker } from '../../electron/core/db/long-write-wal.ts';
import { openAccountDb } from '../../electron/core/db/open-account-db.ts';
import { DEFAULT_SPREADSHEET_LIMITS } from '../../electron/core/spreadsheet/spreadsheet-limits.ts';
import { runInWorker, type WorkerMessage } from '../../electron/core/spreadsheet/spreadsheet-worker-host.ts';
import { draftsCsv, invokeOk, openTestCore, tempFolder } from '../app/support.ts';
import { privateSellerRules } from './fixtures/sellers.ts';
import { afterThisTest } from '../support/temp-folder.ts';
import { insertManyDrafts } from '../support/many-drafts.ts';

const ROWS = 10_000;

describe("an import's rows", () => {
  it('cross from the reading worker in batches of at most 500 checked rows, in order, refusals included', async () => {
    const db = openAccountDb(join(tempFolder('import-stream-'), 'cache.sqlite'));
    afterThisTest(() => db.close());
    settingsCache(db).saveRules(privateSellerRules(), Date.now());
    // Every 700th row has no title: refused by its number, in its batch.
    const lines = draftsCsv(1_800).split('\r\n').map((line, i) => (i > 0 && i % 700 === 0 ? line.replace(/^"[^"]*"/, '""') : line));
    const messages: WorkerMessage[] = [];
    await runInWorker(Buffer.from(lines.join('\r\n')), DEFAULT_SPREADSHEET_LIMITS, { kind: 'import', context: checkContext(db), stepRows: IMPORT_STEP_ROWS }, (m) => messages.push(m));
    expect(messages.map((m) => m.kind)).toEqual(['facts', 'rows', 'rows', 'rows', 'rows', 'end']);
    const batches = messages.filter((m) => m.kind === 'rows');
    expect(batches.map((b) => [b.checked, b.total])).toEqual([[500, 1800], [1000, 1800], [1500, 1800], [1800, 1800]]);
    expect(batches.map((b) => b.valid.length)).toEqual([500, 499, 499, 300]);
    expect(batches.flatMap((b) => b.errors.map((e) => [e.row, e.rule]))).toEqual([[701, 'title-missing'], [1401, 'title-missing']]);
    expect(batches.flatMap((b) => b.valid.map((v) => v.title)).slice(698, 701)).toEqual(['Vintage lamp no. 699', 'Vintage lamp no. 701', 'Vintage lamp no. 702']);
  });

  it(`are written while the worker still checks the rest (${ROWS.toLocaleString('en')} rows), in one transaction`, async () => {
    const core = openTestCore({ syncTiming: { debounceMs: 60_000, pollMs: 0 } });
    const events: string[] = [];
    core.session.onEvent((name, payload) => {
      const progress = payload as { phase: string; done: number };
      if (name === 'csv.progress') events.push(`${progress.phase} ${progress.done}`);
    });
    const report = await invokeOk(core.bridge, 'csv.import', { base64: Buffer.from(draftsCsv(ROWS)).toString('base64'), fileName: 'drafts.csv' });
    expect(report).toMatchObject({ imported: ROWS, errors: [] });
    // The write began (its first report) before the worker had checked the file's last rows.
    expect(events.indexOf('writing 0')).toBeGreaterThan(0);
    expect(events.indexOf('writing 0')).toBeLessThan(events.indexOf(`checking ${ROWS - IMPORT_STEP_ROWS}`));
    expect(events.at(-1)).toBe(`writing ${ROWS}`);
    expect((await invokeOk(core.bridge, 'drafts.page', { offset: 0, limit: 5 })).total).toBe(ROWS);
  }, 120_000);
});

describe('a text pasted into the window', () => {
  it("is read and checked in the file's reading worker, under a file's limits, and written the same way", async () => {
    const core = openTestCore({ syncTiming: { debounceMs: 60_000, pollMs: 0 } });
    const events: string[] = [];
    core.session.onEvent((name, payload) => {
      const progress = payload as { phase: string; done: number };
      if (name === 'csv.progress') events.push(`${progress.phase} ${progress.done}`);
    });
    // Every 700th row has no title: refused by its number, as on the core's thread before.
    const text = draftsCsv(1_800).split('\r\n').map((line, i) => (i > 0 && i % 700 === 0 ? line.replace(/^"[^"]*"/, '""') : line)).join('\r\n');
    const report = await invokeOk(core.bridge, 'csv.import', { text });
    expect(report).toMatchObject({ imported: 1_798, file: null });
    expect(report.errors.map((e) => [e.row, e.rule])).toEqual([[701, 'title-missing'], [1401, 'title-missing']]);
    // The worker's reports: reading, then the batches it checked (the last one's rows written),
    // then the write's.
    expect(events[0]).toBe('reading 0');
    expect(events.filter((e) => e.startsWith('checking'))).toEqual(['checking 500', 'checking 1000', 'checking 1500']);
    expect(events.at(-1)).toBe('writing 1798');
    // A file's limits hold for a text too: 501 columns is refused as a file of them is (on the
    // core's thread it was read and answered with 501 unknown columns).
    const wide = `${Array.from({ length: 501 }, (_, i) => (i === 0 ? 'title' : `c${i}`)).join(',')}\r\nLamp\r\n`;
    expect(await core.bridge.invoke('csv.import', { text: wide })).toMatchObject({ ok: false, error: { code: 'file-refused', reason: 'spreadsheet-too-many-columns' } });
    expect((await invokeOk(core.bridge, 'drafts.page', { offset: 0, limit: 5 })).total).toBe(1_798);
  });
});

describe("a long write's checkpoint", () => {
  it('is left to a worker: the long writes\' connection never checkpoints on its own', async () => {
    const core = openTestCore({ syncTiming: { debounceMs: 60_000, pollMs: 0 } });
    let seen: Promise<unknown> | null = null;
    core.session.onEvent((name) => {
      if (name === 'csv.progress' && core.session.writes().longWriting) seen ??= core.session.writes().peek('PRAGMA wal_autocheckpoint');
    });
    await invokeOk(core.bridge, 'csv.import', { base64: Buffer.from(draftsCsv(100)).toString('base64'), fileName: 'drafts.csv' });
    expect(await seen).toBe(0);
  });

  // (A small WAL is checkpointed in place, not in a thread: tests/core/responsive-core.test.ts.)
  it('copies the WAL into the file off the thread', async () => {
    const path = join(tempFolder('checkpoint-'), 'cache.sqlite');
    const db = openAccountDb(path);
    afterThisTest(() => db.close());
    db.pragma('wal_autocheckpoint = 0');
    db.pragma('wal_checkpoint(TRUNCATE)');
    insertManyDrafts(db, 5_000);
    const reply = await checkpointInWorker(path);
    expect(reply).toMatchObject({ ok: true });
    const { frames, copied } = reply as { frames: number; copied: number };
    expect(frames).toBeGreaterThan(1_000);
    expect(copied).toBe(frames);
  });
});
