// One WAL checkpoint off the core's main thread (long-write-wal.ts): after a long write of
// 100,000 drafts the WAL holds ~50 MB, and copying it into the cache file (with its fsync) took
// 300 ms, which on the main thread held every call of the core. PASSIVE: it never waits for a
// reader or the writer, and copies what it can; the next checkpoint copies the rest.
import Database from 'better-sqlite3';
import { parentPort, workerData } from 'node:worker_threads';
import type { CheckpointReply } from './long-write-wal.ts';
import { lowerThisThreadPriority } from '../host/background-thread.ts';

function checkpoint(path: string): CheckpointReply {
  let db: Database.Database | null = null;
  try {
    db = new Database(path, { fileMustExist: true });
    // The cache's own durability (shared/sqlite/open-database.ts): the copied pages are synced.
    db.pragma('synchronous = FULL');
    const [row] = db.pragma('wal_checkpoint(PASSIVE)') as Array<{ busy: number; log: number; checkpointed: number }>;
    return { ok: true, frames: row?.log ?? 0, copied: row?.checkpointed ?? 0 };
  } catch (error) {
    return { ok: false, problem: error instanceof Error ? error.message : String(error) };
  } finally {
    db?.close();
  }
}

lowerThisThreadPriority();
parentPort?.postMessage(checkpoint(workerData as string));
