// One writer at a time on an account's cache, and reads never behind it (issue 41). A long write
// (an import, a bulk edit of 100,000 drafts) keeps ONE transaction open on a connection of its
// own while it works in slices, the event loop free between them: the grid's reads on the
// session's connection answer from the last committed state meanwhile (WAL). No other write may
// run while that transaction is open (it would wait on SQLite's lock, blocking the thread), so
// every writer asks the gate first:
// - `turn()`: a short write (a cell's edit, a sync outcome). It resolves in a turn of the event
//   loop in which no long write holds the cache, and none can start before that turn's
//   synchronous code and microtasks are done (the hold ends at the next check phase): the
//   caller's writes up to its next real await are safe. A write after another await asks again.
// - `long(run)`: the one long write, after the turns granted before it (FIFO: turns asked while
//   it waits queue behind it, so neither side starves).
// Reads never ask.

export interface WriteGate {
  /** Resolves when the caller may write until its next await (see above). */
  turn(): Promise<void>;
  /** Runs `run` as the one long write; the others wait (and it waits for the ones before it). */
  long<T>(run: () => Promise<T>): Promise<T>;
  /** True while a long write holds the cache. */
  readonly longWriting: boolean;
}

export interface GateHooks {
  /** A long write starts holding the cache (the session makes its own connection read-only meanwhile). */
  opened?(): void;
  /** It let go. */
  closed?(): void;
}

interface Waiter {
  kind: 'turn' | 'long';
  start(): void;
}

export function writeGate(hooks: GateHooks = {}): WriteGate {
  const queue: Waiter[] = [];
  let longWriting = false;
  /** A turn was granted in this round of the event loop: a long write waits for the round's end. */
  let turnHeld = false;
  let roundEnd: ReturnType<typeof setImmediate> | null = null;

  function holdTurn(): void {
    turnHeld = true;
    roundEnd ??= setImmediate(() => {
      roundEnd = null;
      turnHeld = false;
      pump();
    });
  }

  function pump(): void {
    while (queue.length > 0 && !longWriting) {
      const head = queue[0] as Waiter;
      if (head.kind === 'turn') {
        queue.shift();
        holdTurn();
        head.start();
        continue;
      }
      if (turnHeld) return;
      queue.shift();
      longWriting = true;
      hooks.opened?.();
      head.start();
      return;
    }
  }

  return {
    turn() {
      if (!longWriting && queue.length === 0) {
        holdTurn();
        return Promise.resolve();
      }
      return new Promise<void>((resolve) => {
        queue.push({ kind: 'turn', start: resolve });
        pump();
      });
    },
    async long(run) {
      await new Promise<void>((resolve) => {
        queue.push({ kind: 'long', start: resolve });
        pump();
      });
      try {
        return await run();
      } finally {
        longWriting = false;
        hooks.closed?.();
        pump();
      }
    },
    get longWriting() {
      return longWriting;
    },
  };
}

/** A gate for code that runs without a session (tests, benches, one-off tools): every turn is free. */
export const OPEN_GATE: Pick<WriteGate, 'turn'> = { turn: () => Promise.resolve() };
