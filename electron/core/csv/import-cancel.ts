// Cancelling an import under way (issue 19, item 3). The window names each import it starts
// (csv.import's importId) and may cancel it by that name (csv.cancelImport). The import looks at
// its control between its steps: the file's reading (its worker is ended), each step of checked
// rows, each written batch. A cancelled import removes its pending tombstones in one short
// transaction, so none of its drafts is left. The last step (the transaction that makes them
// drafts and records the ONE undo step) is the line: a cancel that comes after it is answered
// 'already-done', and the import stays, undone as one step by Undo.
//
// The core is one thread: a cancel is handled while the import waits at one of its steps, never
// inside one, and `finish` marks the import done in the same turn as its last commit, so the
// answer to a cancel is always true of what the import does.

/** Thrown at the import's next step once it is cancelled (never after its last step). */
export class ImportCancelled extends Error {
  constructor() {
    super('the import was cancelled');
    this.name = 'ImportCancelled';
  }
}

export type CancelOutcome = 'cancelled' | 'already-done';

export interface ImportControl {
  /** Aborted when the import is cancelled: the file's reading stops at once. */
  readonly signal: AbortSignal;
  /** Throws ImportCancelled when the import was cancelled. */
  check(): void;
  /** Runs the last step (its commit); from then on a cancel is answered 'already-done'. */
  finish<T>(last: () => T): T;
}

/** Imports neither running nor remembered as done are remembered this many at most. */
const REMEMBERED = 200;

export interface ImportCancels {
  /** The control of a new import (none named: it cannot be cancelled, its control never aborts). */
  start(importId: string | undefined): ImportControl;
  /** The import ended (done, refused, failed or cancelled): its name is forgotten once it did not finish. */
  end(importId: string | undefined): void;
  cancel(importId: string): CancelOutcome;
}

export function importCancels(): ImportCancels {
  const running = new Map<string, AbortController>();
  /** Imports whose last step ran: a late cancel is answered 'already-done'. */
  const done = new Set<string>();
  /** Cancels that came before their import (two requests may arrive out of order): it stops at once. */
  const early = new Set<string>();

  const remember = (set: Set<string>, id: string) => {
    set.add(id);
    if (set.size > REMEMBERED) set.delete(set.values().next().value as string);
  };

  return {
    start(importId) {
      const controller = new AbortController();
      if (importId !== undefined) {
        running.set(importId, controller);
        if (early.delete(importId)) controller.abort();
      }
      return {
        signal: controller.signal,
        check() {
          if (controller.signal.aborted) throw new ImportCancelled();
        },
        finish(last) {
          if (controller.signal.aborted) throw new ImportCancelled();
          const result = last();
          if (importId !== undefined) {
            running.delete(importId);
            remember(done, importId);
          }
          return result;
        },
      };
    },
    end(importId) {
      if (importId !== undefined) running.delete(importId);
    },
    cancel(importId) {
      if (done.has(importId)) return 'already-done';
      const controller = running.get(importId);
      if (controller) controller.abort();
      else remember(early, importId);
      return 'cancelled';
    },
  };
}

/** A control for an import nobody can cancel (tests, text handed over without a name). */
export const UNCANCELLABLE: ImportControl = {
  signal: new AbortController().signal,
  check() {},
  finish: (last) => last(),
};
