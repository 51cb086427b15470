// The long writes the window may cancel, by the names it gives them (issue 41): an import
// (csv/import-cancel.ts: csv.cancelImport), a bulk edit, price and text rules, a template applied,
// categories from the market (ipc/cancellable-writes.ts: drafts.cancelWrite). A write runs in the
// account's writer thread while its cancel is asked on the core's thread: the two meet at the
// write's commit latch (commit-latch.ts), so the answer to a cancel is always true of what the
// write did: 'cancelled' (rolled back, nothing of it left) or 'already-done' (it committed first:
// one undo step).
import { claimCancel, commitLatch, type CommitLatch } from './commit-latch.ts';

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
  cancel(writeId: string): CancelOutcome;
}

/** Writes neither running nor remembered as done (early cancels, done writes) are remembered this many at most. */
const REMEMBERED = 200;

export function writeCancels(): WriteCancels {
  const running = new Map<string, { controller: AbortController; latch: CommitLatch }>();
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
        running.set(writeId, { controller, latch });
        if (early.delete(writeId) && claimCancel(latch)) controller.abort();
      }
      return {
        signal: controller.signal,
        latch,
        committed() {
          if (writeId === undefined) return;
          running.delete(writeId);
          remember(done, writeId);
        },
      };
    },
    end(writeId) {
      if (writeId !== undefined) running.delete(writeId);
    },
    cancel(writeId) {
      if (done.has(writeId)) return 'already-done';
      const underWay = running.get(writeId);
      if (!underWay) {
        // Not started yet (or ended without a commit: then nothing of it is left either).
        remember(early, writeId);
        return 'cancelled';
      }
      if (!claimCancel(underWay.latch)) return 'already-done';
      underWay.controller.abort();
      return 'cancelled';
    },
  };
}
