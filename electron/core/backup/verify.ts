// Verifies a cache file in a worker thread (verify-worker.ts): integrity_check (or quick_check)
// and its rows per table. The main thread only waits.
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';

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

/** From source (tsx, vitest) the .ts file through tsx's loader; the built app ships verify-worker.js beside main.js. */
function spawn(task: VerifyTask): Worker {
  const here = fileURLToPath(import.meta.url);
  if (here.endsWith('.ts')) {
    const url = pathToFileURL(join(dirname(here), 'verify-worker.ts')).href;
    return new Worker(`import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(url)}); })`, { eval: true, workerData: task });
  }
  return new Worker(join(dirname(here), 'verify-worker.js'), { workerData: task });
}

export function verifyCacheFile(task: VerifyTask): Promise<VerifyReply> {
  return new Promise((resolve) => {
    const worker = spawn(task);
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
