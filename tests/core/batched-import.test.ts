// Issue 19, item 3, and issue 41: a big import never blocks. Its rows are written in slices of
// ONE transaction on the long writes' connection, the event loop free between them (other contract
// calls are answered, from the last committed state), with 'writing' progress every 1,000 rows; the
// whole import is one undo step; a crash or a closed session mid-import leaves none of it.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { openCoreSession, type CoreSession } from '../../electron/core/session/core-session.ts';
import { IMPORT_WRITE_BATCH } from '../../electron/core/csv/batched-import.ts';
import { draftsCsv, invokeOk, openTestCore, tempFolder } from '../app/support.ts';
import { afterThisTest } from '../support/temp-folder.ts';

const ROWS = 20_000;
const CHILD = fileURLToPath(new URL('./fixtures/import-then-killed.ts', import.meta.url));
const base64 = (rows: number) => Buffer.from(draftsCsv(rows)).toString('base64');

/** What the cache holds of imports, visible or not. */
function cacheCounts(session: CoreSession) {
  const db = session.db();
  const n = (sql: string) => db.prepare(sql).pluck().get() as number;
  return {
    items: n(`SELECT count(*) FROM items`),
    live: n(`SELECT count(*) FROM items WHERE deleted_at IS NULL`),
    creates: n(`SELECT count(*) FROM outbox WHERE kind = 'create'`),
    pending: n(`SELECT count(*) FROM import_pending`),
    runs: n(`SELECT count(*) FROM import_runs`),
    steps: n(`SELECT count(*) FROM bulk_steps WHERE kind = 'csv-import'`),
  };
}

describe('a big import', () => {
  it(`writes ${ROWS.toLocaleString('en')} rows in short batches with progress, answers other calls between them, and is undone in one step`, async () => {
    const core = openTestCore({ syncTiming: { debounceMs: 60_000, pollMs: 0 } });
    const writing: number[] = [];
    core.session.onEvent((name, payload) => {
      if (name === 'csv.progress' && (payload as { phase: string }).phase === 'writing') writing.push((payload as { done: number }).done);
    });
    let finished = false;
    const importing = invokeOk(core.bridge, 'csv.import', { base64: base64(ROWS), fileName: 'drafts.csv' }).finally(() => (finished = true));
    // Another caller asks for the grid's first page whenever the event loop lets it (as the
    // window's calls arrive): each answer is noted with how far the write had got.
    const answered: Array<{ written: number; total: number }> = [];
    while (!finished) {
      await new Promise<void>((resolve) => setImmediate(resolve));
      const page = await invokeOk(core.bridge, 'drafts.page', { offset: 0, limit: 5 });
      const written = writing.at(-1);
      if (written !== undefined && written < ROWS) answered.push({ written, total: page.total });
    }
    const report = await importing;
    expect(report).toMatchObject({ imported: ROWS, errors: [] });

    // One progress report per batch of 1,000 rows written.
    const batches = ROWS / IMPORT_WRITE_BATCH;
    expect(writing).toEqual(Array.from({ length: batches + 1 }, (_, i) => i * IMPORT_WRITE_BATCH));
    // The other caller was answered between batches (not only before and after the write)...
    const between = new Set(answered.filter((a) => a.written > 0).map((a) => a.written));
    expect(between.size).toBeGreaterThanOrEqual(batches / 2);
    // ...and never saw a part of the import.
    expect(answered.every((a) => a.total === 0)).toBe(true);

    expect((await invokeOk(core.bridge, 'drafts.page', { offset: 0, limit: 5 })).total).toBe(ROWS);
    expect(cacheCounts(core.session)).toEqual({ items: ROWS, live: ROWS, creates: ROWS, pending: 0, runs: 0, steps: 1 });
    const step = await invokeOk(core.bridge, 'drafts.lastStep', {});
    expect(step).toMatchObject({ id: report.stepId, kind: 'csv-import', itemCount: ROWS });

    // One undo takes the whole import away (never-sent drafts are removed with their outbox rows).
    const undone = await invokeOk(core.bridge, 'drafts.undo', {});
    expect(undone).toMatchObject({ stepId: report.stepId, restored: ROWS, skipped: [] });
    expect((await invokeOk(core.bridge, 'drafts.page', { offset: 0, limit: 5 })).total).toBe(0);
    expect(cacheCounts(core.session)).toMatchObject({ live: 0, creates: 0 });
  }, 300_000);

  it('leaves nothing of an import whose session was closed between batches, once the account is opened again', async () => {
    const root = tempFolder('batched-import-');
    const first = openTestCore({ root, syncTiming: { debounceMs: 60_000, pollMs: 0 } });
    let closed = false;
    let inTransaction: Promise<unknown> = Promise.resolve(null);
    let atClose = 0;
    first.session.onEvent((name, payload) => {
      const progress = payload as { phase: string; done: number };
      if (!closed && name === 'csv.progress' && progress.phase === 'writing' && progress.done >= 3 * IMPORT_WRITE_BATCH) {
        // Three batches are written, in the import's open transaction (none of it committed, no
        // pending tombstones since issue 41): the account's cache is closed under the import.
        expect(cacheCounts(first.session)).toMatchObject({ live: 0, creates: 0, pending: 0, runs: 0, steps: 0 });
        // (The peek reaches the writer thread before the close does.)
        inTransaction = first.session.writes().peek(`SELECT count(*) FROM items WHERE deleted_at IS NULL`);
        atClose = progress.done;
        closed = true;
        first.session.close();
      }
    });
    const result = await first.bridge.invoke('csv.import', { base64: base64(10_000), fileName: 'drafts.csv' });
    expect(closed).toBe(true);
    expect(result.ok).toBe(false);
    // The writer went on between its report and the close: at least those rows were in its transaction.
    expect(Number(await inTransaction)).toBeGreaterThanOrEqual(atClose);

    const again = openCoreSession({ root, syncTiming: { debounceMs: 60_000, pollMs: 0 } });
    afterThisTest(() => again.close());
    expect(cacheCounts(again)).toEqual({ items: 0, live: 0, creates: 0, pending: 0, runs: 0, steps: 0 });
  }, 120_000);

  it('leaves none or all of an import killed mid-write (a child process, SIGKILL)', async () => {
    for (const killAt of ['writing 3000', 'finished']) {
      const root = tempFolder('batched-import-kill-');
      const child = spawn(process.execPath, ['--import', 'tsx', CHILD, root, '8000'], { stdio: ['ignore', 'pipe', 'pipe'] });
      let stderr = '';
      child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
      const exited = once(child, 'exit');
      await new Promise<void>((resolve, reject) => {
        let out = '';
        child.stdout.on('data', (d: Buffer) => {
          out += d.toString();
          if (out.split('\n').includes(killAt)) resolve();
        });
        child.on('exit', () => reject(new Error(`the child ended before "${killAt}": ${stderr}`)));
      });
      child.kill('SIGKILL');
      const [, signal] = await exited;
      expect(signal).toBe('SIGKILL');

      const session = openCoreSession({ root, syncTiming: { debounceMs: 60_000, pollMs: 0 } });
      const counts = cacheCounts(session);
      session.close();
      expect(counts).toEqual(killAt === 'finished'
        ? { items: 8000, live: 8000, creates: 8000, pending: 0, runs: 0, steps: 1 }
        : { items: 0, live: 0, creates: 0, pending: 0, runs: 0, steps: 0 });
    }
  }, 180_000);
});
