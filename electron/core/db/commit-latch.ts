// Who came first, a long write's commit or its cancel (issue 41). An import or a bulk change runs
// in the writer thread and its cancel is asked on the core's thread, so the answer to "cancel"
// ('cancelled' or 'already-done': db/write-cancels.ts) is decided by one atomic step on memory
// both threads share: the commit runs only if it moves the latch from open to committing, and a
// cancel counts only if it moves it from open to cancelled. Whichever moves it first is true.
// A commit, once claimed, records how it ended (committed, or failed and rolled back: a full
// disk at the commit), so a cancel that came too late answers what the cache holds.
const OPEN = 0;
const COMMITTING = 1;
const CANCELLED = 2;
const COMMITTED = 3;
const ROLLED_BACK = 4;

export type CommitLatch = Int32Array;

export const commitLatch = (): CommitLatch => new Int32Array(new SharedArrayBuffer(4));

/** True: the commit may run (no cancel came first); a cancel from now on is too late. */
export const claimCommit = (latch: CommitLatch): boolean => Atomics.compareExchange(latch, 0, OPEN, COMMITTING) !== CANCELLED;

/** True: the cancel came before the commit (which will not run); false: the commit came first. */
export const claimCancel = (latch: CommitLatch): boolean => {
  const before = Atomics.compareExchange(latch, 0, OPEN, CANCELLED);
  return before === OPEN || before === CANCELLED;
};

function ended(latch: CommitLatch, state: typeof COMMITTED | typeof ROLLED_BACK): void {
  Atomics.store(latch, 0, state);
  Atomics.notify(latch, 0);
}

/**
 * Runs `commit` unless a cancel came first (false: nothing ran), and records how it ended: a
 * cancel waiting in commitOutcome learns it.
 */
export function commitUnlessCancelled(latch: CommitLatch, commit: () => void): boolean {
  if (!claimCommit(latch)) return false;
  try {
    commit();
  } catch (error) {
    ended(latch, ROLLED_BACK);
    throw error;
  }
  ended(latch, COMMITTED);
  return true;
}

/** The commit claimed on `latch` committed (true), failed (false), or is still running (null). */
export function commitState(latch: CommitLatch): boolean | null {
  const state = Atomics.load(latch, 0);
  return state === COMMITTED ? true : state === ROLLED_BACK ? false : null;
}

/** Atomics.waitAsync (Node 16+; not in the ES2023 library's types). */
interface WaitAsync {
  waitAsync(array: Int32Array, index: number, value: number): { async: false; value: string } | { async: true; value: Promise<string> };
}

/**
 * How a claimed commit ended, once it has: true committed, false rolled back. `gone` settles
 * when its write ended whatever it did (a thread that died mid-commit records nothing): then
 * whatever the latch holds is the answer (false unless it committed).
 */
export async function commitOutcome(latch: CommitLatch, gone: Promise<void>): Promise<boolean> {
  let over = false;
  void gone.then(() => (over = true));
  while (Atomics.load(latch, 0) === COMMITTING && !over) {
    const wait = (Atomics as unknown as WaitAsync).waitAsync(latch, 0, COMMITTING);
    if (wait.async) await Promise.race([wait.value, gone]);
  }
  return commitState(latch) === true;
}
