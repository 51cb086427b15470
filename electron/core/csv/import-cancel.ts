// Cancelling an import under way (issue 19, item 3). The window names each import it starts
// (csv.import's importId) and may cancel it by that name (csv.cancelImport). The import looks at
// its control between its steps: the file's reading (its worker is ended), each slice of its
// write. Its write is one transaction (csv/batched-import.ts), so a cancelled import leaves none
// of its drafts. The commit is the line: a cancel that comes after it is answered
// 'already-done', and the import stays, undone as one step by Undo.
//
// The write runs in the account's writer thread (issue 41) while a cancel is asked on the core's
// thread: the two meet at the control's commit latch (db/commit-latch.ts), so the answer to a
// cancel is always true of what the import does.
import { commitUnlessCancelled, type CommitLatch } from '../db/commit-latch.ts';
import { writeCancels, type CancelOutcome } from '../db/write-cancels.ts';

export type { CancelOutcome } from '../db/write-cancels.ts';

/** Thrown at the import's next step once it is cancelled (never after its last step). */
export class ImportCancelled extends Error {
  constructor() {
    super('the import was cancelled');
    this.name = 'ImportCancelled';
  }
}

export interface ImportControl {
  /** Aborted when the import is cancelled: the file's reading stops at once. */
  readonly signal: AbortSignal;
  /** Throws ImportCancelled when the import was cancelled. */
  check(): void;
  /** Runs the last step (its commit) unless a cancel came first; from then on a cancel is answered 'already-done'. */
  finish<T>(last: () => T): T;
  /** Claimed by the commit of a write run elsewhere (the writer thread) as `finish` claims it here; none: it cannot be cancelled. */
  readonly latch?: CommitLatch;
  /** The write run elsewhere committed: the import is remembered as done. */
  committed(): void;
}

export interface ImportCancels {
  /** The control of a new import (none named: it cannot be cancelled, its control never aborts). */
  start(importId: string | undefined): ImportControl;
  /** The import ended (done, refused, failed or cancelled): its name is forgotten once it did not finish. */
  end(importId: string | undefined): void;
  cancel(importId: string): CancelOutcome | Promise<CancelOutcome>;
}

/** The imports under way by name: the registry of every cancellable long write (db/write-cancels.ts) with an import's steps. */
export function importCancels(): ImportCancels {
  const cancels = writeCancels();
  return {
    start(importId) {
      const control = cancels.start(importId);
      return {
        signal: control.signal,
        latch: control.latch,
        check() {
          if (control.signal.aborted) throw new ImportCancelled();
        },
        finish<T>(last: () => T): T {
          // The last step's result, once it ran (inside the claimed commit).
          const ran: T[] = [];
          if (control.signal.aborted || !commitUnlessCancelled(control.latch, () => void ran.push(last()))) throw new ImportCancelled();
          control.committed();
          return ran[0] as T;
        },
        committed: () => control.committed(),
      };
    },
    end: (importId) => cancels.end(importId),
    cancel: (importId) => cancels.cancel(importId),
  };
}

/** A control for an import nobody can cancel (tests, text handed over without a name). */
export const UNCANCELLABLE: ImportControl = {
  signal: new AbortController().signal,
  check() {},
  finish: (last) => last(),
  committed() {},
};
