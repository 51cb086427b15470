// The spreadsheet worker thread: one file (or pasted text) read (spreadsheet-worker-host.ts starts one per file,
// bounded in heap and time), then its job: the records or the file's facts sent back, or an
// import's rows checked here and posted in batches as they are checked (issue 41: the core's
// thread only writes them). The limit the file met, if any, is sent instead; then the thread ends.
import { parentPort, workerData } from 'node:worker_threads';
import { rowChecks, type CsvRowError } from '../csv/row-check.ts';
import type { FieldValues } from '../drafts/plan-edit.ts';
import { factsOf, readPastedTextNow, readSpreadsheetNow, type ReadInput, type SpreadsheetRead } from './read-spreadsheet.ts';
import { SpreadsheetLimitError, type SpreadsheetLimits } from './spreadsheet-limits.ts';
import type { WorkerJob, WorkerMessage } from './spreadsheet-worker-host.ts';
import { lowerThisThreadPriority } from '../host/background-thread.ts';

lowerThisThreadPriority();
const port = parentPort;
if (!port) throw new Error('spreadsheet-worker.ts runs only as a worker thread');
const post = (message: WorkerMessage) => port.postMessage(message);
const { input, limits, job } = workerData as { input: ReadInput; limits: SpreadsheetLimits; job: WorkerJob };

/** An import's rows checked in order, a batch posted after each `stepRows` rows. */
function checkRows(read: SpreadsheetRead, job: Extract<WorkerJob, { kind: 'import' }>): void {
  const verdict = rowChecks(read.records[0], job.context);
  if ('report' in verdict) return post({ kind: 'end', report: verdict.report });
  const total = read.records.length - 1;
  let valid: FieldValues[] = [];
  let errors: CsvRowError[] = [];
  for (let i = 1; i < read.records.length; i++) {
    const outcome = verdict.check(read.records[i] as (typeof read.records)[number]);
    if (outcome) {
      errors.push(...outcome.errors);
      if (outcome.values) valid.push(outcome.values);
    }
    if (i % job.stepRows === 0 || i === total) {
      post({ kind: 'rows', valid, errors, checked: i, total });
      valid = [];
      errors = [];
    }
  }
  post({ kind: 'end', report: null });
}

try {
  const read = input instanceof Uint8Array ? await readSpreadsheetNow(input, limits) : readPastedTextNow(input, limits);
  if (job.kind === 'records') post({ kind: 'records', read });
  else {
    post({ kind: 'facts', facts: factsOf(read) });
    if (job.kind === 'import') checkRows(read, job);
    else post({ kind: 'end', report: null });
  }
} catch (error) {
  post(error instanceof SpreadsheetLimitError && error.detail
    ? { kind: 'refused', refusal: { message: error.message, reason: error.detail.reason as never, params: error.detail.params ?? {} } }
    : { kind: 'failed', failure: error instanceof Error ? error.message : String(error) });
}
