// Issue 19, item 3: an import is cancellable. Cancelled while its file is checked or between its
// written batches (even after the last batch, before its last step), it leaves none of its drafts
// (issue 41: its open transaction is rolled back) and the core answers the next call at once; a
// cancel that comes after its last step is answered 'already-done' and the import stays one undo step.
import { describe, expect, it } from 'vitest';
import type { CoreSession } from '../../electron/core/session/core-session.ts';
import { IMPORT_WRITE_BATCH } from '../../electron/core/csv/batched-import.ts';
import { importCancels } from '../../electron/core/csv/import-cancel.ts';
import { WriteCancelled } from '../../electron/core/db/sliced-transaction.ts';
import { rowStream } from '../../electron/core/csv/row-stream.ts';
import { checkedRows } from '../support/checked-rows.ts';
import { draftsCsv, invokeOk, openTestCore } from '../app/support.ts';

const ROWS = 3_000;
const base64 = Buffer.from(draftsCsv(ROWS)).toString('base64');

/** What the cache holds of imports, visible or not. */
function cacheCounts(session: CoreSession) {
  const n = (sql: string) => session.db().prepare(sql).pluck().get() as number;
  return {
    items: n(`SELECT count(*) FROM items`),
    creates: n(`SELECT count(*) FROM outbox WHERE kind = 'create'`),
    pending: n(`SELECT count(*) FROM import_pending`),
    runs: n(`SELECT count(*) FROM import_runs`),
    steps: n(`SELECT count(*) FROM bulk_steps WHERE kind = 'csv-import'`),
  };
}

const NOTHING = { items: 0, creates: 0, pending: 0, runs: 0, steps: 0 };

/** The drafts the import under way has written so far in its open transaction (0: none under way). */
const writtenSoFar = async (session: CoreSession) => Number((await session.writes().peek(`SELECT count(*) FROM items`)) ?? 0);

/**
 * An import named `importId` written by the session's writer thread from rows this test hands
 * over: the first `given` of the file's ROWS, the rest still "being checked" (never given), so the
 * write waits for them after its batch at `given`; it is cancelled there, as csv.cancelImport
 * would (the same registry of running imports).
 */
async function cancelWhileWaiting(given: number, importId: string) {
  const core = openTestCore({ syncTiming: { debounceMs: 60_000, pollMs: 0 } });
  const cancels = importCancels();
  const control = cancels.start(importId);
  const rows = rowStream();
  rows.push(checkedRows(core.session.db(), draftsCsv(ROWS)).slice(0, given), ROWS - given);
  let atCancel: Promise<number> | null = null;
  let cancel: string | Promise<string> | null = null;
  const write = core.session.writes().importRows({
    rows, now: Date.now(), batchRows: IMPORT_WRITE_BATCH, control,
    onBatch: (written) => {
      if (written < given || cancel) return;
      // The peek goes to the writer before the cancel does: what the open transaction held then.
      atCancel = writtenSoFar(core.session);
      cancel = cancels.cancel(importId);
    },
  });
  const failure = await write.then(() => null, (error: unknown) => error);
  cancels.end(importId);
  return { core, failure, cancel: await cancel, pendingAtCancel: await (atCancel ?? Promise.resolve(-1)) };
}

/** Starts an import named `importId` and cancels it at the first progress report `when` accepts. */
async function cancelWhen(when: (progress: { phase: string; done: number; total: number }) => boolean, importId: string) {
  const core = openTestCore({ syncTiming: { debounceMs: 60_000, pollMs: 0 } });
  const answers: Array<Promise<unknown>> = [];
  core.session.onEvent((name, payload) => {
    const progress = payload as { phase: string; done: number; total: number };
    if (name !== 'csv.progress' || answers.length > 0 || !when(progress)) return;
    answers.push(invokeOk(core.bridge, 'csv.cancelImport', { importId }));
  });
  const report = await invokeOk(core.bridge, 'csv.import', { base64, fileName: 'drafts.csv', importId });
  expect(answers).toHaveLength(1);
  return { core, report, cancel: await answers[0] };
}

describe('cancelling an import', () => {
  it('between written batches leaves none of its drafts, and the next call is answered at once', async () => {
    const { core, failure, cancel, pendingAtCancel } = await cancelWhileWaiting(2 * IMPORT_WRITE_BATCH, 'mid-write');
    expect(pendingAtCancel).toBe(2 * IMPORT_WRITE_BATCH);
    expect(cancel).toBe('cancelled');
    expect(failure).toBeInstanceOf(WriteCancelled);
    expect(cacheCounts(core.session)).toEqual(NOTHING);
    expect((await invokeOk(core.bridge, 'drafts.page', { offset: 0, limit: 5 })).total).toBe(0);
    // Usable at once: a draft is made, and Undo does not find an import to take back.
    const draft = await invokeOk(core.bridge, 'drafts.create', { fields: { title: 'After the cancel' } });
    expect((await invokeOk(core.bridge, 'drafts.page', { offset: 0, limit: 5 })).rows.map((r) => r.localId)).toEqual([draft.localId]);
    expect(await invokeOk(core.bridge, 'drafts.lastStep', {})).not.toMatchObject({ kind: 'csv-import' });
  }, 120_000);

  it('while its file is read ends the reading and writes nothing', async () => {
    const { core, report, cancel } = await cancelWhen((p) => p.phase === 'reading', 'mid-read');
    expect(cancel).toEqual({ outcome: 'cancelled' });
    expect(report).toMatchObject({ cancelled: true, imported: 0 });
    expect(cacheCounts(core.session)).toEqual(NOTHING);
  }, 120_000);

  it('while its rows are checked stops before anything is written', async () => {
    const { core, report, cancel } = await cancelWhen((p) => p.phase === 'checking' && p.done > 0, 'mid-check');
    expect(cancel).toEqual({ outcome: 'cancelled' });
    expect(report).toMatchObject({ cancelled: true, imported: 0 });
    expect(cacheCounts(core.session)).toEqual(NOTHING);
  }, 120_000);

  it('after its last batch but before its last step still leaves nothing', async () => {
    // Every row was given and written, the end of the rows not told yet (the check's last message).
    const { core, failure, cancel, pendingAtCancel } = await cancelWhileWaiting(ROWS, 'last-batch');
    // Every row was written in the import's open transaction: the cancel rolls them all back.
    expect(pendingAtCancel).toBe(ROWS);
    expect(cancel).toBe('cancelled');
    expect(failure).toBeInstanceOf(WriteCancelled);
    expect(cacheCounts(core.session)).toEqual(NOTHING);
  }, 120_000);

  it('after its last step is answered already done, and the import stays one undo step', async () => {
    const core = openTestCore({ syncTiming: { debounceMs: 60_000, pollMs: 0 } });
    const report = await invokeOk(core.bridge, 'csv.import', { base64, fileName: 'drafts.csv', importId: 'done' });
    expect(report).toMatchObject({ imported: ROWS });
    expect(report.cancelled).toBeUndefined();
    expect(await invokeOk(core.bridge, 'csv.cancelImport', { importId: 'done' })).toEqual({ outcome: 'already-done' });
    expect(cacheCounts(core.session)).toEqual({ items: ROWS, creates: ROWS, pending: 0, runs: 0, steps: 1 });
    expect(await invokeOk(core.bridge, 'drafts.lastStep', {})).toMatchObject({ id: report.stepId, kind: 'csv-import', itemCount: ROWS });
    expect(await invokeOk(core.bridge, 'drafts.undo', {})).toMatchObject({ stepId: report.stepId, restored: ROWS });
    expect((await invokeOk(core.bridge, 'drafts.page', { offset: 0, limit: 5 })).total).toBe(0);
  }, 120_000);

  it('that arrives before its import (two requests out of order) stops the import at once', async () => {
    const core = openTestCore({ syncTiming: { debounceMs: 60_000, pollMs: 0 } });
    expect(await invokeOk(core.bridge, 'csv.cancelImport', { importId: 'early' })).toEqual({ outcome: 'cancelled' });
    const report = await invokeOk(core.bridge, 'csv.import', { base64, fileName: 'drafts.csv', importId: 'early' });
    expect(report).toMatchObject({ cancelled: true, imported: 0 });
    expect(cacheCounts(core.session)).toEqual(NOTHING);
    // An import under another name is not touched.
    expect(await invokeOk(core.bridge, 'csv.import', { base64, fileName: 'drafts.csv', importId: 'next' })).toMatchObject({ imported: ROWS });
  }, 120_000);
});
