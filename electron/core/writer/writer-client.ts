// The core's side of the writer thread (writer-thread.ts): starts it on the first long write,
// hands it each job, and turns its messages back into the job's promise, its progress and an
// import's batches; forwards an import's checked rows as they come and a cancel as it is asked.
// One thread serves the process (an open account at a time in the app; tests open many in turn),
// with a connection per cache; the write gate (db/write-gate.ts) runs one long write at a time
// per account. Closing an account waits (a few milliseconds: one slice) until the thread has
// rolled back and closed that cache's connection, so that no connection to a cache outlives its
// session. A thread with no account for IDLE_MS is ended; the next job starts another.
import type { Worker } from 'node:worker_threads';
import { startWorker } from '../host/start-worker.ts';
import { writerSpans } from '../db/long-write-trace.ts';
import type { SliceProgress } from '../db/sliced-transaction.ts';
import type { RowSource } from '../csv/row-stream.ts';
import type { LongWriteJob, LongWriteResult } from './long-write-jobs.ts';
import { receiveError, sendError } from './thread-errors.ts';
import { CLOSED_AT, type FromWriter, type RunOptions, type ToWriter } from './writer-protocol.ts';

/** How long closing waits for the thread to let go of the cache before it is stopped outright. */
const CLOSE_WAIT_MS = 10_000;
/** A thread without an account for this long is ended (its heap given back). */
const IDLE_MS = 30_000;

export interface JobHooks {
  signal?: AbortSignal | undefined;
  onProgress?: ((progress: SliceProgress) => void) | undefined;
  /** An import's rows, forwarded to the thread as they come. */
  rows?: RowSource | undefined;
  onBatch?: ((written: number, total: number) => void) | undefined;
}

export interface WriterClient {
  run<J extends LongWriteJob>(job: J, options: RunOptions, hooks?: JobHooks): Promise<{ result: LongWriteResult<J['kind']>; bigWal: boolean }>;
  /** Starts the thread ahead of a long write that will come (an import whose file is being read). */
  warm(): void;
  /** Reads `sql` (one value) inside the long write under way; null when none runs. */
  peek(sql: string): Promise<unknown>;
  /** Stops the job under way (rolled back: it fails with `reason`), closes the thread's connection to the cache, and waits for that. */
  close(reason: Error): void;
}

interface Pending {
  path: string;
  resolve(value: { result: unknown; bigWal: boolean }): void;
  reject(error: Error): void;
  hooks: JobHooks;
}

interface Thread {
  worker: Worker;
  /** The caches it has (or may have) a connection to. */
  caches: Set<string>;
  idle: ReturnType<typeof setTimeout> | null;
}

let thread: Thread | null = null;
let nextId = 1;
const jobs = new Map<number, Pending>();
const peeks = new Map<number, (value: unknown) => void>();

function settle(id: number, outcome: { ok: true; value: { result: unknown; bigWal: boolean } } | { ok: false; error: Error }): void {
  const job = jobs.get(id);
  if (!job) return;
  jobs.delete(id);
  if (jobs.size === 0) thread?.worker.unref();
  if (outcome.ok) job.resolve(outcome.value);
  else job.reject(outcome.error);
}

function onMessage(message: FromWriter): void {
  switch (message.type) {
    case 'progress':
      jobs.get(message.id)?.hooks.onProgress?.(message.progress);
      return;
    case 'batch':
      jobs.get(message.id)?.hooks.onBatch?.(message.written, message.total);
      return;
    case 'done':
      settle(message.id, { ok: true, value: { result: message.result, bigWal: message.bigWal } });
      return;
    case 'failed':
      settle(message.id, { ok: false, error: receiveError(message.error) });
      return;
    case 'spans':
      for (const span of message.spans) writerSpans.publish(span);
      return;
    case 'peeked': {
      const answer = peeks.get(message.ask);
      peeks.delete(message.ask);
      answer?.(message.value);
      return;
    }
  }
}

/** The thread died (a bug, or out of memory): its jobs fail, rolled back with it; the next job starts a new one. */
function gone(worker: Worker, error: Error): void {
  if (thread?.worker !== worker) return;
  thread = null;
  for (const id of [...jobs.keys()]) settle(id, { ok: false, error });
  for (const answer of peeks.values()) answer(null);
  peeks.clear();
}

function started(): Thread {
  if (thread) return thread;
  const worker = startWorker(import.meta.url, 'writer-thread');
  worker.on('message', onMessage);
  worker.on('error', (error) => gone(worker, error));
  worker.on('exit', (code) => gone(worker, new Error(`the writer thread stopped (${code})`)));
  worker.unref();
  thread = { worker, caches: new Set(), idle: null };
  return thread;
}

/** With no cache left to write, the thread is ended after IDLE_MS. */
function idleLater(current: Thread): void {
  if (current.idle) clearTimeout(current.idle);
  current.idle = null;
  if (current.caches.size > 0) return;
  current.idle = setTimeout(() => {
    if (thread !== current || current.caches.size > 0 || jobs.size > 0) return;
    thread = null;
    void current.worker.terminate();
  }, IDLE_MS);
  current.idle.unref();
}

/** Forwards `rows` to job `id` until every row came or the job ended. */
async function forward(id: number, rows: RowSource): Promise<void> {
  let sent = 0;
  const post = (message: ToWriter) => thread?.worker.postMessage(message);
  while (jobs.has(id)) {
    await rows.ready();
    if (!jobs.has(id)) return;
    let piece;
    try {
      piece = rows.take(Number.MAX_SAFE_INTEGER);
    } catch (error) {
      post({ type: 'rows-failed', id, error: sendError(error) });
      return;
    }
    sent += piece.length;
    if (piece.length > 0) post({ type: 'rows', id, rows: piece, unchecked: Math.max(0, rows.expected - sent) });
    if (rows.complete && rows.waiting === 0) {
      post({ type: 'rows-end', id });
      return;
    }
  }
}

/** The writer thread's client for the cache at `path`. */
export function writerClient(path: string): WriterClient {
  return {
    run(job, options, hooks = {}) {
      const current = started();
      current.caches.add(path);
      idleLater(current);
      current.worker.ref();
      const id = nextId++;
      const done = new Promise<{ result: unknown; bigWal: boolean }>((resolve, reject) => jobs.set(id, { path, resolve, reject, hooks }));
      current.worker.postMessage({ type: 'run', id, path, job, options: { ...options, trace: writerSpans.hasSubscribers } } satisfies ToWriter);
      if (hooks.signal) {
        const cancel = () => thread?.worker.postMessage({ type: 'cancel', id } satisfies ToWriter);
        if (hooks.signal.aborted) cancel();
        else hooks.signal.addEventListener('abort', cancel, { once: true });
        void done.finally(() => hooks.signal?.removeEventListener('abort', cancel)).catch(() => {});
      }
      if (hooks.rows) void forward(id, hooks.rows);
      return done as Promise<{ result: never; bigWal: boolean }>;
    },
    warm() {
      idleLater(started());
    },
    peek(sql) {
      if (!thread) return Promise.resolve(null);
      const ask = nextId++;
      return new Promise((resolve) => {
        peeks.set(ask, resolve);
        thread?.worker.postMessage({ type: 'peek', ask, path, sql } satisfies ToWriter);
      });
    },
    close(reason) {
      const current = thread;
      if (!current?.caches.has(path)) return;
      const closed = new SharedArrayBuffer(4);
      current.worker.postMessage({ type: 'close', path, closed } satisfies ToWriter);
      // The thread takes the message between two slices; the connection must be closed before
      // the session's own is (a restore replaces the file next).
      if (Atomics.wait(new Int32Array(closed), CLOSED_AT, 0, CLOSE_WAIT_MS) === 'timed-out') {
        // A thread that does not answer is ended with its connections (their locks go with it).
        thread = null;
        void current.worker.terminate();
      }
      current.caches.delete(path);
      for (const [id, job] of jobs) if (job.path === path) settle(id, { ok: false, error: reason });
      idleLater(current);
    },
  };
}
