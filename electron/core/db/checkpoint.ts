// The checkpoint after a long write (issue 41), in a worker thread (checkpoint-worker.ts): the
// long writes' connection never checkpoints on its own (wal_autocheckpoint = 0, set by
// session/account-writes.ts), so its commit does not copy the whole write into the file on the
// core's thread. Only a WAL past SQLite's own threshold is worth a thread.
import { statSync } from 'node:fs';
import { startWorker } from '../host/start-worker.ts';

/** SQLite's default wal_autocheckpoint, in pages. */
const AUTOCHECKPOINT_PAGES = 1000;

export type CheckpointReply = { ok: true; busy: number; log: number; checkpointed: number } | { ok: false; problem: string };

/** The size of `path`'s WAL in pages of `pageSize` bytes (0 when there is none). */
function walPages(path: string, pageSize: number): number {
  try {
    return statSync(`${path}-wal`).size / (pageSize + 24);
  } catch {
    return 0;
  }
}

/**
 * Checkpoints `path` in a worker when its WAL holds more than SQLite's threshold; resolves with
 * what it did (null: nothing to do). Never rejects: a checkpoint left undone is done by the next
 * one (SQLite's own, on the session's connection, or this one after the next long write).
 */
export function checkpointInWorker(path: string, pageSize: number): Promise<CheckpointReply | null> {
  if (walPages(path, pageSize) <= AUTOCHECKPOINT_PAGES) return Promise.resolve(null);
  return new Promise((resolve) => {
    const worker = startWorker(import.meta.url, 'checkpoint-worker', { workerData: { path } });
    let settled = false;
    const done = (reply: CheckpointReply) => {
      if (settled) return;
      settled = true;
      resolve(reply);
    };
    worker.once('message', done);
    worker.once('error', (error) => done({ ok: false, problem: error.message }));
    worker.once('exit', (code) => done({ ok: false, problem: `the checkpoint's thread stopped (${code})` }));
  });
}
