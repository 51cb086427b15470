// Who came first, a long write's commit or its cancel (issue 41). An import or a bulk change runs
// in the writer thread and its cancel is asked on the core's thread, so the answer to "cancel"
// ('cancelled' or 'already-done': db/write-cancels.ts) is decided by one atomic step on memory both threads
// share: the commit runs only if it moves the latch from open to committing, and a cancel
// counts only if it moves it from open to cancelled. Whichever moves it first is true.
const OPEN = 0;
const COMMITTING = 1;
const CANCELLED = 2;

export type CommitLatch = Int32Array;

export const commitLatch = (): CommitLatch => new Int32Array(new SharedArrayBuffer(4));

/** True: the commit may run (no cancel came first); a cancel from now on is too late. */
export const claimCommit = (latch: CommitLatch): boolean => Atomics.compareExchange(latch, 0, OPEN, COMMITTING) !== CANCELLED;

/** True: the cancel came before the commit (which will not run); false: the commit came first. */
export const claimCancel = (latch: CommitLatch): boolean => Atomics.compareExchange(latch, 0, OPEN, CANCELLED) !== COMMITTING;
