// The writes of one open account's cache (issue 41): short writes take a turn of the gate on the
// session's connection; a long write runs in slices as one transaction on a connection of its own
// (db/sliced-transaction.ts), so the session's connection keeps answering reads from the last
// committed state. While a long write holds the cache, the session's connection is query_only:
// a write that skipped the gate fails at once (SQLITE_READONLY) instead of blocking the core's
// thread in SQLite's busy wait, and never lands in the long write's transaction. The long write's
// WAL is synced and checkpointed off the main thread (db/long-write-wal.ts).
import type { Db } from '../db/open-account-db.ts';
import { openAccountDb } from '../db/open-account-db.ts';
import { nextTurn, runInSlices, type SliceOptions, type Slices } from '../db/sliced-transaction.ts';
import { CoreError } from '../errors/core-error.ts';
import { writeGate, type WriteGate } from '../db/write-gate.ts';
import { longWriteCheckpoints, walSyncer, type CheckpointReply } from '../db/long-write-wal.ts';

export interface AccountWrites {
  /** A short write's turn (write-gate.ts): resolves when no long write holds the cache. */
  turn(): Promise<void>;
  /** Runs `work` over the long writes' connection, in slices, as ONE transaction (all or nothing). */
  long<T>(work: (db: Db) => Slices<T>, options?: SliceOptions): Promise<T>;
  readonly longWriting: boolean;
  /**
   * `read` on the long writes' connection, inside the long write under way (what it has written
   * so far, not yet committed): for tests and diagnostics. Null when no long write runs.
   */
  peek<T>(read: (db: Db) => T): T | null;
  /** The last checkpoint a long write left to a worker, once done (null: none did; long-write-wal.ts). */
  checkpointed(): Promise<CheckpointReply | null>;
  /** Rolls back a long write under way and closes its connection (the account is being closed). */
  close(): void;
}

/** A long write stopped because its account was closed (the app quit): nothing of it was saved. */
const closedError = () => new CoreError('state', 'the account was closed while the change ran: nothing of it was saved');

/** `db`: the session's connection to `path`; the long writes' own is opened on first use. */
export function accountWrites(db: Db, path: string): AccountWrites {
  let own: Db | null = null;
  const closing = new AbortController();
  const gate: WriteGate = writeGate({
    opened: () => db.pragma('query_only = ON'),
    closed: () => {
      if (db.open) db.pragma('query_only = OFF');
    },
  });
  const checkpoints = longWriteCheckpoints(db, path);
  const connection = (): Db => {
    if (own) return own;
    own = openAccountDb(path);
    checkpoints.adopt(own);
    return own;
  };

  return {
    turn: () => gate.turn(),
    long(work, options = {}) {
      return gate.long(async () => {
        if (closing.signal.aborted) throw closedError();
        const signal = options.signal ? AbortSignal.any([options.signal, closing.signal]) : closing.signal;
        const long = connection();
        // The session connection's limit of the file's size holds for the long writes too (a
        // pragma is per connection; tests/core/backup/full-disk.test.ts fills the disk with it).
        long.pragma(`max_page_count = ${Number(db.pragma('max_page_count', { simple: true }))}`);
        const sync = walSyncer(path);
        const pause = options.pause ?? nextTurn;
        const result = await runInSlices(long, () => work(long), {
          ...options, signal,
          pause: () => {
            sync();
            return pause();
          },
        });
        if (!options.dryRun) checkpoints.afterCommit(long);
        return result;
      });
    },
    get longWriting() {
      return gate.longWriting;
    },
    checkpointed: () => checkpoints.settled(),
    peek: (read) => (gate.longWriting && own?.inTransaction ? read(own) : null),
    close() {
      closing.abort(closedError());
      // Closing rolls back a transaction still open: the long write finds its signal aborted
      // at its next slice and ends with WriteCancelled.
      own?.close();
      own = null;
    },
  };
}
