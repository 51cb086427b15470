// What a seller's spreadsheet may cost before it is refused, and the refusal: each limit is
// checked before and during the work (spreadsheet-worker.ts), and the seller reads which limit
// the file met (the reason and its params, worded by the renderer's error describer).
import type { ProblemParams } from '../../../shared/screens/problem-rules.ts';
import { CoreError } from '../errors/core-error.ts';

export interface SpreadsheetLimits {
  /** The file itself. */
  fileBytes: number;
  /** Any one part of a workbook, unpacked (claimed, then enforced while inflating). */
  partBytes: number;
  /** Every part of a workbook together, unpacked. */
  totalBytes: number;
  /** Rows of data (the header not counted). */
  rows: number;
  /** Columns of the header (only the used range is read: formatting reaching XFD is no column). */
  columns: number;
  /** Cells holding a value. */
  cells: number;
  /** A workbook's shared strings. */
  sharedStrings: number;
  /** The reading worker's time before it is ended. */
  timeMs: number;
  /** The reading worker's JavaScript heap (worker_threads resourceLimits). */
  memoryMb: number;
}

export const DEFAULT_SPREADSHEET_LIMITS: SpreadsheetLimits = {
  fileBytes: 50 * 1024 * 1024,
  partBytes: 128 * 1024 * 1024,
  totalBytes: 192 * 1024 * 1024,
  rows: 100_000,
  columns: 500,
  cells: 4_000_000,
  sharedStrings: 1_000_000,
  timeMs: 60_000,
  memoryMb: 1024,
};

export type SpreadsheetLimitReason =
  | 'spreadsheet-damaged'
  | 'spreadsheet-file-too-large'
  | 'spreadsheet-part-too-large'
  | 'spreadsheet-too-many-rows'
  | 'spreadsheet-too-many-columns'
  | 'spreadsheet-too-many-cells'
  | 'spreadsheet-too-many-strings'
  | 'spreadsheet-over-time'
  | 'spreadsheet-over-memory';

/** A file refused by one of the limits above (or too damaged to read), with the limit named. */
export class SpreadsheetLimitError extends CoreError<'file-refused'> {
  constructor(message: string, reason: SpreadsheetLimitReason, params: ProblemParams) {
    super('file-refused', message, 'source', { reason, params });
    this.name = 'SpreadsheetLimitError';
  }
}

/** What crosses the worker's boundary for a refusal. */
export interface SpreadsheetRefusal {
  message: string;
  reason: SpreadsheetLimitReason;
  params: ProblemParams;
}

export function tooMany(what: 'rows' | 'columns' | 'cells' | 'strings', max: number): SpreadsheetLimitError {
  const words = { rows: 'rows of data', columns: 'columns', cells: 'filled cells', strings: 'different texts' } as const;
  return new SpreadsheetLimitError(`The file has more than ${max.toLocaleString('en')} ${words[what]}: split it into smaller files.`, `spreadsheet-too-many-${what}`, { max });
}
