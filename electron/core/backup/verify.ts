// Verifies a cache file in a worker thread (verify-worker.ts): integrity_check (or quick_check)
// and its rows per table. The main thread only waits.
import { startBackupWorker } from './backup-worker.ts';

export interface VerifyTask {
  path: string;
  /** quick_check instead of integrity_check (the start-up check of every account). */
  quick?: boolean;
  /** Switch the file to journal_mode=DELETE first (a backup copy: one file, no -wal). */
  singleFile?: boolean;
  /** Also list the prepared photo files the cache names. */
  photos?: boolean;
}

export type VerifyReply =
  | { ok: true; counts: Record<string, number>; drafts: number; schemaVersion: number; photos?: string[] }
  | { ok: false; problem: string; corrupt: boolean; code?: string };

export function verifyCacheFile(task: VerifyTask): Promise<VerifyReply> {
  return new Promise((resolve) => {
    const worker = startBackupWorker('verify-worker', task);
    let settled = false;
    const done = (reply: VerifyReply) => {
      if (settled) return;
      settled = true;
      resolve(reply);
    };
    worker.once('message', (reply: VerifyReply) => done(reply));
    worker.once('error', (error) => done({ ok: false, problem: error.message, corrupt: false }));
    worker.once('exit', (code) => done({ ok: false, problem: `the verifying thread stopped (${code})`, corrupt: false }));
  });
}
