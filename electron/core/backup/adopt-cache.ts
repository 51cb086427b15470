// The one way a cache file from outside becomes an account's cache, for a restore and for an
// import alike: the file is copied into the account's folder (never through a link, a regular
// file of the size its manifest says), and a worker thread (adopt-worker.ts, adopt-rows.ts) reads
// that copy as data and writes a new cache of this app's making from its rows. The worker has a
// memory limit and a time budget after which it is ended: a file made to cost either costs a
// refusal, and the core's thread only waits for it (no step of a restore holds it long).
import { constants } from 'node:fs';
import { open, rm, type FileHandle } from 'node:fs/promises';
import type { ResourceLimits } from 'node:worker_threads';
import { BackupError, diskFullError, isDiskFull } from './backup-errors.ts';
import { startBackupWorker } from './backup-worker.ts';
import { copyBytes, O_NOFOLLOW, openIncoming, type Damaged } from './incoming-file.ts';
import type { AdoptRefusal, AdoptTask } from './adopt-rows.ts';
import type { AdoptWorkerData } from './adopt-worker.ts';
import type { CarryResult } from './carry-forward.ts';

export type AdoptReply =
  | { ok: true; carried: CarryResult; counts: Record<string, number> }
  | { ok: false; refusal: AdoptRefusal | null; message: string; what: string | null; code: string | null };

/** Whose file it is, for the seller's words: a backup being restored, or an export being imported. */
export type AdoptKind = 'backup' | 'export';

/** The worker's heaps: rows are read a batch at a time, so a legitimate shop of any size fits. */
const LIMITS: ResourceLimits = { maxOldGenerationSizeMb: 512, maxYoungGenerationSizeMb: 64 };

/** A minute, and a second more per 2 MB of cache: a legitimate shop's copy takes a fraction of that. */
export const adoptBudgetMs = (bytes: number) => 60_000 + Math.ceil(bytes / (2 * 1024 * 1024)) * 1000;

const SQLITE_MAGIC = Buffer.from('SQLite format 3\0', 'latin1');

const damagedCache = (kind: AdoptKind): Damaged => (why) => new BackupError('validation', `the ${kind}'s cache ${why}`, { reason: kind === 'backup' ? 'backup-failed' : 'export-damaged' });

/**
 * Copies a file from outside to `to` (made anew, owner-only): opened without following a link,
 * it must be a regular file of `bytes` bytes. Its header is then made a rollback-journal
 * database's (bytes 18 and 19: 2 in WAL mode), so that the copy opens read-only with no -wal or
 * -shm beside it; nothing else of it changes.
 */
export async function copyIncoming(from: string, to: string, bytes: number, kind: AdoptKind): Promise<void> {
  const damaged = damagedCache(kind);
  const { handle: source } = await openIncoming(from, bytes, damaged);
  try {
    await rm(to, { force: true });
    const target = await open(to, constants.O_RDWR | constants.O_CREAT | constants.O_EXCL | O_NOFOLLOW, 0o600);
    try {
      await copyBytes(source, target, bytes, damaged);
      await markRollbackJournal(target, damaged);
    } finally {
      await target.close();
    }
  } finally {
    await source.close();
  }
}

/** An unpacked export's cache (already a private file of ours): its header made a rollback-journal database's. */
export async function prepareUnpacked(path: string, kind: AdoptKind): Promise<void> {
  const file = await open(path, constants.O_RDWR | O_NOFOLLOW);
  try {
    await markRollbackJournal(file, damagedCache(kind));
  } finally {
    await file.close();
  }
}

async function markRollbackJournal(file: FileHandle, damaged: Damaged): Promise<void> {
  const header = Buffer.alloc(20);
  const { bytesRead } = await file.read(header, 0, 20, 0);
  if (bytesRead < 20 || !header.subarray(0, 16).equals(SQLITE_MAGIC)) throw damaged('is not a database');
  if (header[18] === 2 || header[19] === 2) await file.write(Buffer.from([1, 1]), 0, 2, 18);
}

/**
 * Makes `task.target` from `task.source` in a worker (adopt-rows.ts) and returns what was carried
 * forward; a refusal is a BackupError with the seller's reason. The target is removed on failure.
 */
export async function adoptCache(task: AdoptTask, kind: AdoptKind, options: { budgetMs: number }): Promise<CarryResult> {
  const reply = await runWorker(task, options.budgetMs);
  if (reply.ok) return reply.carried;
  await removeCache(task.target);
  throw refusalError(reply, kind, options.budgetMs);
}

/** How long a worker asked to stop has to stop itself (its current SQLite call and batch) before it is ended. */
const STOP_GRACE_MS = 10_000;

function runWorker(task: AdoptTask, budgetMs: number): Promise<AdoptReply | { ok: false; over: 'time' | 'memory' }> {
  return new Promise((resolve) => {
    const stop = new SharedArrayBuffer(4);
    const data: AdoptWorkerData = { task, stop };
    const worker = startBackupWorker('adopt-worker', data, LIMITS);
    let settled = false;
    let overTime = false;
    let grace: ReturnType<typeof setTimeout> | null = null;
    const done = (reply: AdoptReply | { ok: false; over: 'time' | 'memory' }) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      if (grace) clearTimeout(grace);
      resolve(overTime ? { ok: false, over: 'time' } : reply);
    };
    // The budget spent: the worker is asked to stop and stops itself between two SQLite calls
    // (adopt-rows.ts); one that does not within the grace (a single call of the file's making) is
    // ended. Either way the refusal waits for its thread, which may still be writing the target.
    const timer = setTimeout(() => {
      overTime = true;
      Atomics.store(new Int32Array(stop), 0, 1);
      grace = setTimeout(() => {
        // Not waited for further: a thread blocked in a call may never end.
        void worker.terminate();
        done({ ok: false, over: 'time' });
      }, STOP_GRACE_MS);
      grace.unref();
    }, budgetMs);
    timer.unref();
    worker.once('message', (reply: AdoptReply) => {
      if (!overTime) done(reply);
    });
    worker.once('error', (error: Error & { code?: string }) => {
      if (error.code === 'ERR_WORKER_OUT_OF_MEMORY') done({ ok: false, over: 'memory' });
      else done({ ok: false, refusal: null, message: error.message, what: null, code: error.code ?? null });
    });
    worker.once('exit', (code) => done({ ok: false, refusal: null, message: `the thread reading the ${task.source} stopped (${code})`, what: null, code: null }));
  });
}

function refusalError(reply: Exclude<AdoptReply, { ok: true }> | { ok: false; over: 'time' | 'memory' }, kind: AdoptKind, budgetMs: number): BackupError {
  const damaged = kind === 'backup' ? 'backup-failed' : 'export-damaged';
  if ('over' in reply) {
    if (reply.over === 'memory') return new BackupError('validation', `reading the ${kind}'s cache needed more memory than the app allows`, { reason: 'file-over-budget' });
    const seconds = Math.round(budgetMs / 1000);
    return new BackupError('validation', `reading the ${kind}'s cache took longer than ${seconds} s`, { reason: 'file-over-time', params: { seconds } });
  }
  if (reply.code && isDiskFull({ code: reply.code })) return diskFullError(`the ${kind} could not be ${kind === 'backup' ? 'restored' : 'imported'}`, Object.assign(new Error(reply.message), { code: reply.code }));
  switch (reply.refusal) {
    case 'foreign-schema':
      return new BackupError('validation', reply.message, { reason: 'foreign-schema', params: { name: (reply.what ?? '').slice(0, 100) } });
    case 'too-large':
      return new BackupError('validation', `the ${kind}'s cache was refused: ${reply.message}`, { reason: 'file-over-budget' });
    case 'newer':
      return new BackupError('state', reply.message, { reason: kind === 'backup' ? 'backup-newer' : 'export-newer' });
    case 'stopped':
    case 'rows-differ':
    case 'damaged':
    case null:
      return new BackupError('validation', `the ${kind}'s cache was refused: ${reply.message}`, { reason: damaged });
    default: {
      const never: never = reply.refusal;
      return new BackupError('validation', String(never), { reason: damaged });
    }
  }
}

/** A cache file with its -wal and -shm. */
export async function removeCache(path: string): Promise<void> {
  for (const f of [path, `${path}-wal`, `${path}-shm`]) await rm(f, { force: true });
}
