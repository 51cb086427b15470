// The spreadsheet worker thread: one file read (spreadsheet-worker-host.ts starts one per file,
// bounded in heap and time), its records or the limit it met sent back, then the thread ends.
import { parentPort, workerData } from 'node:worker_threads';
import { readSpreadsheetNow } from './read-spreadsheet.ts';
import { SpreadsheetLimitError, type SpreadsheetLimits } from './spreadsheet-limits.ts';
import type { WorkerAnswer } from './spreadsheet-worker-host.ts';

const port = parentPort;
if (!port) throw new Error('spreadsheet-worker.ts runs only as a worker thread');
const { bytes, limits } = workerData as { bytes: Uint8Array; limits: SpreadsheetLimits };
let answer: WorkerAnswer;
try {
  answer = { ok: true, read: await readSpreadsheetNow(bytes, limits) };
} catch (error) {
  answer = error instanceof SpreadsheetLimitError && error.detail
    ? { ok: false, refusal: { message: error.message, reason: error.detail.reason as never, params: error.detail.params ?? {} } }
    : { ok: false, failure: error instanceof Error ? error.message : String(error) };
}
port.postMessage(answer);
