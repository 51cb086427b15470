// A long write's WAL (issue 41). A bulk edit of 100,000 drafts writes ~12,000 pages (50 MB) to the
// WAL in one transaction, and two steps at its end were synchronous:
// - the commit's fsync (synchronous=FULL) flushed all of it: 130 ms at load 8. Between slices the
//   WAL is synced in the background (libuv's threads; an fsync flushes the file whichever
//   descriptor asks), so the commit's own fsync finds little left to flush.
// - the checkpoint that SQLite runs on the committing connection once the WAL passes
//   wal_autocheckpoint pages copied it into the cache file and synced that: 300 ms. The writer's
//   connection (writer/writer-thread.ts) does not autocheckpoint; after its commit a small WAL is
//   checkpointed in place, in the writer thread (what autocheckpoint would have done), and a big
//   one in a worker thread of its own (checkpoint-worker.ts), the session's connection not
//   autocheckpointing meanwhile, so that its next short write does not copy the big WAL on the
//   core's thread instead.
// Neither changes what is durable: the commit still syncs, and the WAL keeps every commit until
// some checkpoint copies it (a failed one loses nothing).
import { statSync } from 'node:fs';
import { open } from 'node:fs/promises';
import type { Db } from './open-account-db.ts';
import { startWorker } from '../host/start-worker.ts';

export type CheckpointReply = { ok: true; frames: number; copied: number } | { ok: false; problem: string };

/** SQLite's default wal_autocheckpoint: a WAL up to this many pages is checkpointed in place. */
const IN_PLACE_PAGES = 1000;
/** How often a long write's WAL is synced in the background. */
const SYNC_EVERY_MS = 200;

const walPath = (path: string) => `${path}-wal`;

/** The size of `path`'s WAL file in bytes (0 when there is none). */
function walBytes(path: string): number {
  try {
    return statSync(walPath(path)).size;
  } catch {
    return 0;
  }
}

/**
 * Called between a long write's slices: starts a background sync of `path`'s WAL every
 * SYNC_EVERY_MS (one at a time). Its failure is not the write's: the commit syncs anyway.
 */
export function walSyncer(path: string, now: () => number = () => performance.now()): () => void {
  let last = now();
  let running = false;
  return () => {
    if (running || now() - last < SYNC_EVERY_MS) return;
    running = true;
    void (async () => {
      try {
        const file = await open(walPath(path), 'r');
        try {
          await file.datasync();
        } finally {
          await file.close();
        }
      } catch {
        // (see above)
      } finally {
        running = false;
        last = now();
      }
    })();
  };
}

/** Checkpoints `path` in a worker thread (PASSIVE: it waits for no one). */
export function checkpointInWorker(path: string): Promise<CheckpointReply> {
  return new Promise((resolve) => {
    const worker = startWorker(import.meta.url, 'checkpoint-worker', { workerData: path });
    let settled = false;
    const done = (reply: CheckpointReply) => {
      if (settled) return;
      settled = true;
      resolve(reply);
    };
    worker.once('message', done);
    worker.once('error', (error) => done({ ok: false, problem: error.message }));
    worker.once('exit', (code) => done({ ok: false, problem: `the checkpoint thread stopped (${code})` }));
  });
}

/** A WAL file of `pages` pages: a 32-byte header and frames of a 24-byte header and a page. */
const walFileBytes = (pages: number, pageSize: number) => 32 + pages * (24 + pageSize);

/** Limits the WAL file `db` leaves when it restarts the WAL to what an in-place checkpoint takes. */
function limitWalFile(db: Db): void {
  db.pragma(`journal_size_limit = ${walFileBytes(IN_PLACE_PAGES, Number(db.pragma('page_size', { simple: true })))}`);
}

/**
 * The writer's connection (writer/writer-thread.ts): it does not autocheckpoint, and like the
 * session's it truncates the WAL file when it restarts it, so that the file's size says how much
 * the last long write left (a WAL file otherwise keeps its largest size).
 */
export function adoptLongWriter(long: Db): void {
  long.pragma('wal_autocheckpoint = 0');
  limitWalFile(long);
}

/**
 * After a long write's commit on `long`: a small WAL is checkpointed in place (what autocheckpoint
 * would have done). False: the WAL is big, for a worker to checkpoint (longWriteCheckpoints).
 */
export function checkpointSmallWal(long: Db, path: string): boolean {
  if (walBytes(path) > walFileBytes(IN_PLACE_PAGES, Number(long.pragma('page_size', { simple: true })))) return false;
  long.pragma('wal_checkpoint(PASSIVE)');
  return true;
}

/**
 * The big checkpoints after the long writes on `path`: `session` is the session's connection,
 * which does not autocheckpoint while a checkpoint runs in a worker (its next short write would
 * otherwise copy the big WAL on the core's thread).
 */
export function longWriteCheckpoints(session: Db, path: string) {
  let inWorkers = 0;
  let autocheckpoint = IN_PLACE_PAGES;
  let last: Promise<CheckpointReply | null> = Promise.resolve(null);
  limitWalFile(session);
  return {
    /** A long write's commit left a big WAL: a worker checkpoints it. */
    inWorker(): void {
      if (inWorkers++ === 0) {
        autocheckpoint = Number(session.pragma('wal_autocheckpoint', { simple: true }));
        session.pragma('wal_autocheckpoint = 0');
      }
      last = checkpointInWorker(path).then((reply) => {
        if (--inWorkers === 0 && session.open) session.pragma(`wal_autocheckpoint = ${autocheckpoint}`);
        return reply;
      });
    },
    /** The last checkpoint run in a worker, once done (null: none was). */
    settled: (): Promise<CheckpointReply | null> => last,
  };
}
