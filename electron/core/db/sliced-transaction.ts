// A long write as ONE transaction worked in slices (issue 41). The work is a generator: it yields
// where it may pause (what it wrote so far is in the open transaction) and returns its result.
// runInSlices opens BEGIN IMMEDIATE, runs the work until a slice's budget is spent, gives the
// event loop a turn, and goes on; the last slice commits. A failure, a cancel or a crash rolls
// the whole of it back (a killed process leaves uncommitted frames that SQLite ignores): none or
// all, with no tombstones. In a session the long writes run so in the writer thread
// (writer/writer-thread.ts), whose loop takes its messages (an import's rows, a cancel) between
// slices. runWhole runs the same work in one go inside db.transaction (tests, benches, and
// callers already inside a transaction); runSliced slices work that writes nothing.
import type { Db } from './open-account-db.ts';
import { withMergesDeferred } from './fts-merges.ts';
import { traced } from './long-write-trace.ts';

/** How far a long write got (what its progress bar shows). */
export interface SliceProgress {
  done: number;
  total: number;
}

/**
 * A long write's work: yields between its pieces and returns its result. `yield` is a place to
 * pause once the slice's budget is spent; `yield progress` reports how far it got and ends the
 * slice, so whatever the report sets off (a cancel) lands before the next piece.
 */
export type Slices<T> = Generator<SliceProgress | undefined, T, undefined>;

/**
 * Work per slice. A call that arrives meanwhile waits for the rest of the slice and one piece of
 * the work: its pieces are a few milliseconds each (a few hundred rows), so the core answers
 * within about 20 ms while it works.
 */
export const SLICE_MS = 12;

/** The long write was cancelled: rolled back, nothing of it is left. */
export class WriteCancelled extends Error {
  constructor() {
    super('the change was cancelled');
    this.name = 'WriteCancelled';
  }
}

export interface SliceOptions {
  budgetMs?: number;
  /** Aborted: the work stops at its next slice (a write is rolled back: WriteCancelled). */
  signal?: AbortSignal;
  /** Each progress the work yields (the slice ends there). */
  onProgress?(progress: SliceProgress): void;
  /** Roll back at the end instead of committing (a preview that runs the real write). */
  dryRun?: boolean;
  /** Between slices (default: the event loop's next check phase). */
  pause?(): Promise<void>;
  /**
   * Runs the commit (a caller that answers cancels marks itself done in the same turn as its
   * commit: csv/import-cancel.ts). Default: commits.
   */
  finish?(commit: () => void): void;
  now?(): number;
}

/** The event loop's next turn: what runs between two slices (timers, I/O, the calls waiting) runs first. */
export const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * The error of a stopped work: WriteCancelled for a cancel (an abort without a reason of its own),
 * else the reason the signal was aborted with (the account closed under it).
 */
function stopped(signal: AbortSignal): Error {
  const reason: unknown = signal.reason;
  return reason instanceof Error && reason.name !== 'AbortError' ? reason : new WriteCancelled();
}

/**
 * Runs `work` to its end in one transaction (a savepoint when `db` is in one already), the
 * full-text index merged once at its end (fts-merges.ts).
 */
export function runWhole<T>(db: Db, work: () => Slices<T>): T {
  return db.transaction(() => drain(withMergesDeferred(db, work())))();
}

/** Runs `steps` to their end at once. */
export function drain<T>(steps: Slices<T>): T {
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}

/**
 * Runs `steps` in slices of the event loop; `last` runs in the turn of the last slice, right after
 * the work returned (a transaction's commit). A stopped work's own finally blocks run.
 */
export async function runSliced<T>(steps: Slices<T>, options: SliceOptions = {}, last: () => void = () => {}): Promise<T> {
  const budget = options.budgetMs ?? SLICE_MS;
  const now = options.now ?? (() => performance.now());
  const pause = options.pause ?? nextTurn;
  let ended = false;
  try {
    for (;;) {
      if (options.signal?.aborted) throw stopped(options.signal);
      const step = traced('slice', () => {
        const started = now();
        let next: IteratorResult<SliceProgress | undefined, T>;
        do {
          next = steps.next();
        } while (!next.done && next.value === undefined && now() - started < budget);
        // The last slice's turn ends with `last` (the commit): traced on its own.
        return next;
      });
      if (step.done) {
        ended = true;
        last();
        return step.value;
      }
      if (step.value) options.onProgress?.(step.value);
      await pause();
    }
  } finally {
    if (!ended) {
      // What the work's finally blocks throw is not the error to report: the one that stopped it is.
      try {
        steps.return(undefined as never);
      } catch {
        // (see above)
      }
    }
  }
}

/**
 * Runs `work` in slices in ONE transaction on `db` (which must hold no other transaction), the
 * full-text index merged in pieces at its end (fts-merges.ts).
 */
export async function runInSlices<T>(db: Db, work: () => Slices<T>, options: SliceOptions = {}): Promise<T> {
  if (options.signal?.aborted) throw stopped(options.signal);
  db.exec('BEGIN IMMEDIATE');
  let committed = false;
  try {
    return await runSliced(withMergesDeferred(db, work()), options, () => {
      // A cancel that came during the last slice still wins: nothing is committed.
      if (options.signal?.aborted) throw stopped(options.signal);
      const commit = () => {
        traced('commit', () => db.exec(options.dryRun ? 'ROLLBACK' : 'COMMIT'));
        committed = true;
      };
      if (options.finish) options.finish(commit);
      else commit();
    });
  } finally {
    if (!committed && db.open && db.inTransaction) db.exec('ROLLBACK');
  }
}
