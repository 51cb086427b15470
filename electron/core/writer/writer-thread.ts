// The writer thread (issue 41): every long write of an open account (an import, a bulk edit, a
// template applied, a rules pass...) runs here, on a connection of its own to the account's cache,
// as ONE transaction worked in slices, exactly as it ran on the core's thread before; so its
// pieces, its full-text merges and its final commit (60 to 130 ms for 100,000 drafts: the commit
// writes every page the transaction changed) never hold the core's thread, which keeps answering
// the grid from the last committed state (WAL). Between slices the thread takes its messages: an
// import's next rows, a cancel, an account closing. One thread serves the core's process (one
// connection per cache it writes); the core's side is writer-client.ts.
import { parentPort, type MessagePort } from 'node:worker_threads';
import { openAccountDb, type Db } from '../db/open-account-db.ts';
import { nextTurn, runInSlices, WriteCancelled } from '../db/sliced-transaction.ts';
import { adoptLongWriter, checkpointSmallWal, walSyncer } from '../db/long-write-wal.ts';
import { collectSpans } from '../db/long-write-trace.ts';
import { threadCpuTime } from '../db/thread-cpu-time.ts';
import { commitUnlessCancelled } from '../db/commit-latch.ts';
import { lowerThisThreadPriority } from '../host/background-thread.ts';
import { rowStream, type RowStream } from '../csv/row-stream.ts';
import { workOf, type LongWriteJob } from './long-write-jobs.ts';
import { receiveError, sendError } from './thread-errors.ts';
import { CLOSED_AT, type FromWriter, type RunOptions, type ToWriter } from './writer-protocol.ts';

lowerThisThreadPriority();
if (!parentPort) throw new Error('writer-thread runs as a worker thread');
const port: MessagePort = parentPort;
const send = (message: FromWriter) => port.postMessage(message);

/** A connection per cache written. */
const connections = new Map<string, Db>();
/** The jobs under way (one per cache: the session's write gate runs one at a time). */
const running = new Map<number, { path: string; stop: AbortController; rows: RowStream }>();
/** This thread's CPU clock, read when a job is traced. */
let cpuTime: (() => number) | null | undefined;

function connection(path: string): Db {
  let db = connections.get(path);
  if (!db) {
    db = openAccountDb(path);
    adoptLongWriter(db);
    connections.set(path, db);
  }
  return db;
}

async function run(id: number, path: string, job: LongWriteJob, options: RunOptions): Promise<void> {
  const stop = new AbortController();
  const rows = rowStream();
  running.set(id, { path, stop, rows });
  const tracing = options.trace ? collectSpans(cpuTime ??= threadCpuTime()) : null;
  const spans = () => {
    if (tracing) send({ type: 'spans', id, spans: tracing.stop() });
  };
  try {
    const long = connection(path);
    long.pragma(`max_page_count = ${options.maxPageCount}`);
    const sync = walSyncer(path);
    const { latch } = options;
    const result = await runInSlices(long, () => workOf(long, job, { rows: () => rows, onBatch: (written, total) => send({ type: 'batch', id, written, total }) }), {
      signal: stop.signal,
      onProgress: (progress) => send({ type: 'progress', id, progress }),
      // An import waits for its rows between slices (never spins for them).
      pause: () => {
        sync();
        return job.kind === 'import' ? rows.ready() : nextTurn();
      },
      // A write the window may cancel commits only if its cancel did not come first (db/write-cancels.ts).
      ...(latch ? {
        finish: (commit: () => void) => {
          if (!commitUnlessCancelled(latch, commit)) throw new WriteCancelled();
        },
      } : {}),
    });
    const bigWal = !checkpointSmallWal(long, path);
    spans();
    send({ type: 'done', id, result, bigWal });
  } catch (error) {
    spans();
    send({ type: 'failed', id, error: sendError(error) });
  } finally {
    running.delete(id);
  }
}

/** Stops a job at its next slice (rolled back), also while it waits for an import's rows. */
function stopJob(id: number): void {
  const job = running.get(id);
  if (!job) return;
  job.stop.abort();
  job.rows.fail(new WriteCancelled());
}

/** Closes `path`'s connection (a job under way on it is rolled back) and tells the waiting core's thread. */
function close(path: string, closed: SharedArrayBuffer): void {
  for (const [id, job] of running) if (job.path === path) stopJob(id);
  const flags = new Int32Array(closed);
  try {
    connections.get(path)?.close();
  } finally {
    connections.delete(path);
    Atomics.store(flags, CLOSED_AT, 1);
    Atomics.notify(flags, CLOSED_AT);
  }
}

port.on('message', (message: ToWriter) => {
  switch (message.type) {
    case 'run':
      void run(message.id, message.path, message.job, message.options);
      return;
    case 'rows':
      running.get(message.id)?.rows.push(message.rows, message.unchecked);
      return;
    case 'rows-end':
      running.get(message.id)?.rows.end();
      return;
    case 'rows-failed':
      running.get(message.id)?.rows.fail(receiveError(message.error));
      return;
    case 'cancel':
      stopJob(message.id);
      return;
    case 'peek': {
      // Tests and diagnostics: what the write under way holds so far, inside its transaction.
      try {
        const db = connections.get(message.path);
        const statement = db?.inTransaction ? db.prepare(message.sql) : null;
        if (statement && !statement.readonly) throw new Error('peek reads only');
        send({ type: 'peeked', ask: message.ask, value: statement ? statement.pluck().get() : null });
      } catch (error) {
        send({ type: 'peeked', ask: message.ask, value: null, error: sendError(error) });
      }
      return;
    }
    case 'close':
      close(message.path, message.closed);
      return;
  }
});
