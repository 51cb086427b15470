// The writes of one open account's cache (issue 41): short writes take a turn of the gate on the
// session's connection; a long write runs in the account's writer thread (writer/), in slices, as
// one transaction on a connection of its own, so the core's thread never holds a piece of it (nor
// its commit) and the session's connection keeps answering reads from the last committed state.
// While a long write holds the cache, the session's connection is query_only: a write that
// skipped the gate fails at once (SQLITE_READONLY) instead of blocking the core's thread in
// SQLite's busy wait. A big WAL a long write leaves is checkpointed in a worker
// (db/long-write-wal.ts).
import type { Db } from '../db/open-account-db.ts';
import type { SliceProgress } from '../db/sliced-transaction.ts';
import type { CommitLatch } from '../db/commit-latch.ts';
import type { ImportWriter } from '../csv/batched-import.ts';
import { CoreError } from '../errors/core-error.ts';
import { writeGate, type WriteGate } from '../db/write-gate.ts';
import { longWriteCheckpoints, type CheckpointReply } from '../db/long-write-wal.ts';
import type { LongWriteJob, LongWriteResult } from '../writer/long-write-jobs.ts';
import { writerClient, type JobHooks } from '../writer/writer-client.ts';

export interface LongWriteOptions {
  /** Aborted: the write stops at its next slice, rolled back (WriteCancelled). */
  signal?: AbortSignal;
  onProgress?(progress: SliceProgress): void;
  /** A write the window may cancel: its commit runs only if no cancel came first (db/commit-latch.ts). */
  latch?: CommitLatch;
}

export interface AccountWrites {
  /** A short write's turn (write-gate.ts): resolves when no long write holds the cache. */
  turn(): Promise<void>;
  /** Runs `job` in the writer thread, in slices, as ONE transaction (all or nothing). */
  long<J extends LongWriteJob>(job: J, options?: LongWriteOptions): Promise<LongWriteResult<J['kind']>>;
  /** An import's write, as a long write in the writer thread: its checked rows go there as they come. */
  readonly importRows: ImportWriter;
  /** Starts the writer thread ahead of a long write that will come (an import whose file is being read). */
  warm(): void;
  readonly longWriting: boolean;
  /**
   * Reads one value (`sql`) inside the long write under way (what it has written so far, not yet
   * committed): for tests and diagnostics. Null when no long write runs.
   */
  peek(sql: string): Promise<unknown>;
  /** The last checkpoint a long write left to a worker, once done (null: none did; long-write-wal.ts). */
  checkpointed(): Promise<CheckpointReply | null>;
  /** Rolls back a long write under way and closes the writer's connection (the account is being closed). */
  close(): void;
}

/** A long write stopped because its account was closed (the app quit): nothing of it was saved. */
const closedError = () => new CoreError('state', 'the account was closed while the change ran: nothing of it was saved');

/** `db`: the session's connection to `path`; the writer thread is started on the first long write. */
export function accountWrites(db: Db, path: string): AccountWrites {
  let closed = false;
  const gate: WriteGate = writeGate({
    opened: () => db.pragma('query_only = ON'),
    closed: () => {
      if (db.open) db.pragma('query_only = OFF');
    },
  });
  const checkpoints = longWriteCheckpoints(db, path);
  const writer = writerClient(path);

  /** Runs `job` as the one long write. */
  function run<J extends LongWriteJob>(job: J, options: LongWriteOptions = {}, hooks: JobHooks = {}) {
    return gate.long(async () => {
      if (closed) throw closedError();
      // The session connection's limit of the file's size holds for the writer too (a pragma is
      // per connection; tests/core/backup/full-disk.test.ts fills the disk with it).
      const maxPageCount = Number(db.pragma('max_page_count', { simple: true }));
      const { result, bigWal } = await writer.run(job, { maxPageCount, latch: options.latch }, { signal: options.signal, onProgress: options.onProgress, ...hooks });
      if (bigWal) checkpoints.inWorker();
      return result;
    });
  }

  return {
    turn: () => gate.turn(),
    long: (job, options = {}) => run(job, options),
    importRows: async ({ rows, now, batchRows, onBatch, control }) => {
      const result = await run({ kind: 'import', now, batchRows }, { signal: control.signal, ...(control.latch ? { latch: control.latch } : {}) }, { rows, onBatch });
      control.committed();
      return result;
    },
    warm: () => writer.warm(),
    get longWriting() {
      return gate.longWriting;
    },
    checkpointed: () => checkpoints.settled(),
    peek: (sql) => (gate.longWriting ? writer.peek(sql) : Promise.resolve(null)),
    close() {
      closed = true;
      // The job under way is rolled back and fails with closedError; the writer's connection is
      // closed before this returns.
      writer.close(closedError());
    },
  };
}
