// Starts the spreadsheet worker for one file: its heap capped by resourceLimits, its time by a
// timer that ends it. A worker that runs out of either (or dies any other way) is ended and the
// seller is told which limit the file met; the core goes on. One thread per file: reading is rare
// and a fresh thread gives every byte it used back when it ends.
//
// Its jobs: the file's records (readSpreadsheet), what the file is (an inspect), or an import's
// check (issue 41): the worker reads the file, checks its rows and posts the valid ones in batches
// as it goes, so the core's thread only writes them and never takes the whole file in one message.
// A text pasted into the window is imported the same way, under a file's limits.
import type { Worker } from 'node:worker_threads';
import { ImportCancelled } from '../csv/import-cancel.ts';
import type { CheckContext, CsvRowError, ImportReport } from '../csv/row-check.ts';
import type { FieldValues } from '../drafts/plan-edit.ts';
import type { FileFacts, ReadInput, SpreadsheetRead } from './read-spreadsheet.ts';
import { SpreadsheetLimitError, type SpreadsheetLimits, type SpreadsheetRefusal } from './spreadsheet-limits.ts';
import { startWorker } from '../host/start-worker.ts';

/** What the worker is asked to do with the file. */
export type WorkerJob =
  | { kind: 'records' }
  | { kind: 'facts' }
  /** `stepRows`: rows checked between two posted batches. */
  | { kind: 'import'; context: CheckContext; stepRows: number };

/** What the worker posts: 'records' and 'end' are its last message. */
export type WorkerMessage =
  | { kind: 'records'; read: SpreadsheetRead }
  | { kind: 'facts'; facts: FileFacts }
  /** A batch of an import's checked rows: the valid ones and the problems, `checked` of `total` rows so far. */
  | { kind: 'rows'; valid: FieldValues[]; errors: CsvRowError[]; checked: number; total: number }
  /** The job is done; for an import whose file imports nothing (its header), the report. */
  | { kind: 'end'; report: ImportReport | null }
  | { kind: 'refused'; refusal: SpreadsheetRefusal }
  | { kind: 'failed'; failure: string };

function spawn(input: ReadInput, limits: SpreadsheetLimits, job: WorkerJob): Worker {
  // A file's bytes: the worker gets a copy of its own, moved (not copied again) into it: the
  // thread's end gives it back with the rest. The caller's bytes stay whole: a file inspected,
  // then imported (or imported again with a mapping) is read from the same buffer more than
  // once. A pasted text is copied in as a string.
  const own = input instanceof Uint8Array ? new Uint8Array(input) : { text: input.text };
  const options = {
    workerData: { input: own, limits, job },
    transferList: own instanceof Uint8Array ? [own.buffer as ArrayBuffer] : [],
    resourceLimits: { maxOldGenerationSizeMb: limits.memoryMb, maxYoungGenerationSizeMb: 64, stackSizeMb: 4 },
  };
  return startWorker(import.meta.url, 'spreadsheet-worker', options);
}

/**
 * Runs `job` on a file's bytes (a copy: the caller's buffer is left as it was) or a pasted text in a new worker; each of
 * its messages goes to `onMessage` as it comes. Resolves after its last message, once the thread
 * ended; rejects with the limit the file met, its failure, or ImportCancelled.
 */
export function runInWorker(input: ReadInput, limits: SpreadsheetLimits, job: WorkerJob, onMessage: (message: WorkerMessage) => void, signal?: AbortSignal): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    if (signal?.aborted) return reject(new ImportCancelled());
    const worker = spawn(input, limits, job);
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
        // answer, where the process allows it (the core's own process runs with --expose-gc). Not
        // after an import's check: its rows are being written, and a full collection of the
        // core's heap then is a long stop of its thread (issue 41).
        if (job.kind !== 'import') (globalThis as { gc?: () => void }).gc?.();
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
    worker.on('message', (message: WorkerMessage) => {
      if (settled) return;
      if (message.kind === 'refused') finish(() => reject(new SpreadsheetLimitError(message.refusal.message, message.refusal.reason, message.refusal.params)));
      else if (message.kind === 'failed') finish(() => reject(new Error(`the file could not be read: ${message.failure}`)));
      else {
        onMessage(message);
        if (message.kind === 'records' || message.kind === 'end') finish(resolve);
      }
    });
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
