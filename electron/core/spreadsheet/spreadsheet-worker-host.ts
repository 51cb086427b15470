// Starts the spreadsheet worker for one file: its heap capped by resourceLimits, its time by a
// timer that ends it. A worker that runs out of either (or dies any other way) is ended and the
// seller is told which limit the file met; the core goes on. One thread per file: reading is rare
// and a fresh thread gives every byte it used back when it ends.
import type { Worker } from 'node:worker_threads';
import { ImportCancelled } from '../csv/import-cancel.ts';
import type { SpreadsheetRead } from './read-spreadsheet.ts';
import { SpreadsheetLimitError, type SpreadsheetLimits, type SpreadsheetRefusal } from './spreadsheet-limits.ts';
import { startWorker } from '../host/start-worker.ts';

export type WorkerAnswer =
  | { ok: true; read: SpreadsheetRead }
  | { ok: false; refusal: SpreadsheetRefusal }
  | { ok: false; failure: string };

function spawn(bytes: Uint8Array, limits: SpreadsheetLimits): Worker {
  // The worker gets a copy of its own, moved (not copied again) into it: the thread's end gives
  // it back with the rest. The caller's bytes stay whole: a file inspected, then imported (or
  // imported again with a mapping) is read from the same buffer more than once.
  const own = new Uint8Array(bytes);
  const options = {
    workerData: { bytes: own, limits },
    transferList: [own.buffer as ArrayBuffer],
    resourceLimits: { maxOldGenerationSizeMb: limits.memoryMb, maxYoungGenerationSizeMb: 64, stackSizeMb: 4 },
  };
  return startWorker(import.meta.url, 'spreadsheet-worker', options);
}

/** Reads `bytes` in a new worker (a copy: the caller's buffer is left as it was). */
export function readInWorker(bytes: Uint8Array, limits: SpreadsheetLimits, signal?: AbortSignal): Promise<SpreadsheetRead> {
  return new Promise<SpreadsheetRead>((resolve, reject) => {
    if (signal?.aborted) return reject(new ImportCancelled());
    const worker = spawn(bytes, limits);
    let settled = false;
    let failure: Error | null = null;
    // The answer waits for the thread's end, so that its memory is given back before the
    // seller (or the next file) gets the answer.
    const finish = (outcome: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
      const done = () => {
        // The file's copies (ours, the worker's answer) are garbage now: collect them before the
        // answer, where the process allows it (the core's own process runs with --expose-gc).
        (globalThis as { gc?: () => void }).gc?.();
        outcome();
      };
      worker.terminate().then(done, done);
    };
    // An import cancelled while its file is read: the worker is ended, its memory given back.
    const onAbort = () => finish(() => reject(new ImportCancelled()));
    signal?.addEventListener('abort', onAbort, { once: true });
    const timer = setTimeout(() => {
      const seconds = Math.round(limits.timeMs / 1000);
      finish(() => reject(new SpreadsheetLimitError(`The file took longer than ${seconds} s to read, so reading it was stopped: split it into smaller files.`, 'spreadsheet-over-time', { seconds })));
    }, limits.timeMs);
    worker.on('message', (answer: WorkerAnswer) => finish(() => {
      if (answer.ok) resolve(answer.read);
      else if ('refusal' in answer) reject(new SpreadsheetLimitError(answer.refusal.message, answer.refusal.reason, answer.refusal.params));
      else reject(new Error(`the file could not be read: ${answer.failure}`));
    }));
    worker.on('error', (error: Error & { code?: string }) => {
      failure = error;
    });
    worker.on('exit', () => finish(() => {
      const code = (failure as (Error & { code?: string }) | null)?.code;
      if (code === 'ERR_WORKER_OUT_OF_MEMORY' || /heap|memory/i.test(failure?.message ?? '')) {
        const megabytes = limits.memoryMb;
        reject(new SpreadsheetLimitError(`Reading the file needed more than ${megabytes} MB of memory, so it was stopped: split it into smaller files.`, 'spreadsheet-over-memory', { megabytes }));
      } else reject(new Error(`the file could not be read (the reading worker stopped${failure ? `: ${failure.message}` : ''})`));
    }));
  });
}
