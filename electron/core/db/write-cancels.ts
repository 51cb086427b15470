// The long writes the window may cancel, by the names it gives them (issue 41): an import
// (csv/import-cancel.ts: csv.cancelImport), a bulk edit, price and text rules, a template applied,
// categories from the market (ipc/cancellable-writes.ts: drafts.cancelWrite). A write runs in the
// account's writer thread while its cancel is asked on the core's thread: the two meet at the
// write's commit latch (commit-latch.ts), so the answer to a cancel is always true of what the
// write did: 'cancelled' (rolled back, nothing of it left) or 'already-done' (it committed first:
// one undo step). A cancel that comes while the commit runs waits for it (a commit may still
// fail: a full disk), so even then the answer is what the cache holds.
import { claimCancel, commitLatch, commitOutcome, commitState, type CommitLatch } from './commit-latch.ts';

export type CancelOutcome = 'cancelled' | 'already-done';

export interface WriteControl {
  /** Aborted when the write is cancelled: it stops at its next slice (or step), rolled back. */
  readonly signal: AbortSignal;
  /** Claimed by the write's commit (writer-thread.ts, or the step that commits): a cancel from then on is too late. */
  readonly latch: CommitLatch;
  /** The write committed: its name is remembered as done (a later cancel answers 'already-done'). */
  committed(): void;
}

export interface WriteCancels {
  /** The control of a new write (none named: nobody can cancel it, its control never aborts). */
  start(writeId: string | undefined): WriteControl;
  /** The write ended (done, refused, failed or cancelled): its name is forgotten unless it committed. */
  end(writeId: string | undefined): void;
  /** At once, or once the commit under way has ended. */
  cancel(writeId: string): CancelOutcome | Promise<CancelOutcome>;
}

interface Running {
  controller: AbortController;
  latch: CommitLatch;
  /** Settles when the write ends, whatever it did. */
  gone: Promise<void>;
  end(): void;
}

/** Writes neither running nor remembered as done (early cancels, done writes) are remembered this many at most. */
const REMEMBERED = 200;

export function writeCancels(): WriteCancels {
  const running = new Map<string, Running>();
  /** Writes that committed: a late cancel is answered 'already-done'. */
  const done = new Set<string>();
  /** Cancels that came before their write (two requests may arrive out of order): it stops at once. */
  const early = new Set<string>();

  const remember = (set: Set<string>, id: string) => {
    set.add(id);
    if (set.size > REMEMBERED) set.delete(set.values().next().value as string);
  };

  return {
    start(writeId) {
      const controller = new AbortController();
      const latch = commitLatch();
      if (writeId !== undefined) {
        let end = () => {};
        const gone = new Promise<void>((resolve) => (end = resolve));
        running.set(writeId, { controller, latch, gone, end });
        if (early.delete(writeId) && claimCancel(latch)) controller.abort();
      }
      return {
        signal: controller.signal,
        latch,
        committed() {
          if (writeId === undefined) return;
          running.get(writeId)?.end();
          running.delete(writeId);
          remember(done, writeId);
        },
      };
    },
    end(writeId) {
      if (writeId === undefined) return;
      const ending = running.get(writeId);
      if (!ending) return;
      running.delete(writeId);
      ending.end();
      // Its commit ran though its answer did not arrive (the account closed meanwhile): done.
      if (commitState(ending.latch) === true) remember(done, writeId);
    },
    cancel(writeId) {
      if (done.has(writeId)) return 'already-done';
      const underWay = running.get(writeId);
      if (!underWay) {
        // Not started yet (or ended without a commit: then nothing of it is left either).
        remember(early, writeId);
        return 'cancelled';
      }
      if (!claimCancel(underWay.latch)) {
        // Its commit came first: committed, or (still running) whatever it comes to.
        const committed = commitState(underWay.latch);
        if (committed !== null) return committed ? 'already-done' : 'cancelled';
        return commitOutcome(underWay.latch, underWay.gone).then((yes) => (yes ? 'already-done' : 'cancelled'));
      }
      underWay.controller.abort();
      return 'cancelled';
    },
  };
}
