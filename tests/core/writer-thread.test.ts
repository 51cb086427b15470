// Issue 41: the account's writer thread (electron/core/writer/). A long write's errors reach the
// window as they did when it ran on the core's thread (their class, a refused draft's items);
// closing the account while a long write runs rolls it back and lets go of the cache before the
// close returns; an import's commit and its cancel meet at one latch, so whichever came first is
// what the import did.
import Database from 'better-sqlite3';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { UNCANCELLABLE } from '../../electron/core/csv/import-cancel.ts';
import { rowStream } from '../../electron/core/csv/row-stream.ts';
import { claimCancel, claimCommit, commitLatch } from '../../electron/core/db/commit-latch.ts';
import { WriteCancelled } from '../../electron/core/db/sliced-transaction.ts';
import { DraftError } from '../../electron/core/drafts/draft-error.ts';
import { CoreError } from '../../electron/core/errors/core-error.ts';
import { CACHE_FILE } from '../../electron/core/session/core-session.ts';
import { BACKGROUND_NICE } from '../../electron/core/host/background-thread.ts';
import { receiveError, sendError } from '../../electron/core/writer/thread-errors.ts';
import { draftsCsv, invokeOk, openTestCore } from '../app/support.ts';
import { checkedRows } from '../support/checked-rows.ts';

describe('an error from the writer thread', () => {
  it('keeps its class and what the window is told of it', () => {
    const refused = new DraftError('validation', 'the change was refused', [{ localId: 7, problems: [{ field: 'buyNowPrice', code: 'min', message: 'too low' }] as never }], 'buyNowPrice', { reason: 'item-not-found', params: { id: 7 } });
    const back = receiveError(structuredClone(sendError(refused)));
    expect(back).toBeInstanceOf(DraftError);
    expect(back).toMatchObject({ code: 'validation', message: 'the change was refused', field: 'buyNowPrice', items: refused.items, detail: refused.detail });
    const state = receiveError(structuredClone(sendError(new CoreError('state', 'not now'))));
    expect(state).toBeInstanceOf(CoreError);
    expect(state).toMatchObject({ code: 'state', message: 'not now' });
    expect(receiveError(structuredClone(sendError(new WriteCancelled())))).toBeInstanceOf(WriteCancelled);
    // A full disk is known by its code (backup/backup-errors.ts isDiskFull).
    const full = Object.assign(new Error('database or disk is full'), { code: 'SQLITE_FULL' });
    expect(receiveError(structuredClone(sendError(full)))).toMatchObject({ code: 'SQLITE_FULL', message: 'database or disk is full' });
  });

  it('answers a refused bulk edit with its items, as before', async () => {
    const core = openTestCore({ syncTiming: { debounceMs: 60_000, pollMs: 0 } });
    const { localId } = await invokeOk(core.bridge, 'drafts.create', { fields: { title: 'Tammituoli', saleMethod: 'buy-now', buyNowPrice: 20 } });
    const answer = await core.bridge.invoke('drafts.bulkEdit', { localIds: [localId], changes: { buyNowPrice: -5 } });
    expect(answer.ok).toBe(false);
    if (answer.ok) return;
    // The same answer as when the edit ran on the core's thread (the change itself is item 0).
    expect(answer.error).toMatchObject({ code: 'validation', field: 'buyNowPrice', reason: 'invalid-values' });
    expect(answer.error.items).toEqual([{ localId: 0, problems: [expect.objectContaining({ field: 'buyNowPrice', code: 'invalid', rule: 'above', params: { min: 0 } })] }]);
    expect((await invokeOk(core.bridge, 'drafts.get', { localId })).fields.buyNowPrice).toBe(20);
  });
});

describe('closing the account under a long write', () => {
  it('rolls it back and lets go of the cache before the close returns', async () => {
    const core = openTestCore({ syncTiming: { debounceMs: 60_000, pollMs: 0 } });
    const cache = join(core.session.folder(), CACHE_FILE);
    // An import whose last rows are still being checked: the writer holds its open transaction.
    const rows = rowStream();
    rows.push(checkedRows(core.session.db(), draftsCsv(1_500)), 500);
    let written = 0;
    const write = core.session.writes().importRows({ rows, now: Date.now(), batchRows: 500, control: UNCANCELLABLE, onBatch: (done) => (written = done) });
    const failed = write.then(() => null, (error: unknown) => error);
    while (written < 1_500) await new Promise((resolve) => setImmediate(resolve));
    expect(Number(await core.session.writes().peek('SELECT count(*) FROM items'))).toBe(1_500);
    core.session.close();
    // Another connection takes the write lock at once: no transaction of the writer is left open.
    const other = new Database(cache, { timeout: 0 });
    try {
      other.exec('BEGIN IMMEDIATE');
      other.exec('ROLLBACK');
      expect(other.prepare('SELECT count(*) FROM items').pluck().get()).toBe(0);
    } finally {
      other.close();
    }
    expect(await failed).toMatchObject({ code: 'state', message: expect.stringContaining('closed') });
  });
});

describe('the writer thread', () => {
  it.runIf(process.platform === 'linux')('runs below the core\'s thread: the scheduler prefers the window\'s answers', async () => {
    const core = openTestCore({ syncTiming: { debounceMs: 60_000, pollMs: 0 } });
    const { localId } = await invokeOk(core.bridge, 'drafts.create', { fields: { title: 'Tammituoli' } });
    await invokeOk(core.bridge, 'drafts.bulkEdit', { localIds: [localId], changes: { note: 'x' } });
    // Each thread's nice value: /proc/self/task/<tid>/stat, field 19 (counted after the name's ')').
    const nice = (tid: string) => Number(readFileSync(`/proc/self/task/${tid}/stat`, 'utf8').split(') ')[1]!.split(' ')[16]);
    const tids = readdirSync('/proc/self/task');
    expect(nice(String(process.pid))).toBe(0);
    expect(tids.filter((tid) => nice(tid) === BACKGROUND_NICE).length).toBeGreaterThan(0);
  });
});

describe("an import's commit latch", () => {
  it('lets only the first of a commit and a cancel through', () => {
    const cancelledFirst = commitLatch();
    expect(claimCancel(cancelledFirst)).toBe(true);
    expect(claimCommit(cancelledFirst)).toBe(false);
    const committedFirst = commitLatch();
    expect(claimCommit(committedFirst)).toBe(true);
    expect(claimCancel(committedFirst)).toBe(false);
  });
});
