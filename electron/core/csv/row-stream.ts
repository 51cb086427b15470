// The checked rows of an import on their way to its write (issue 41): the spreadsheet worker
// checks a file's rows and posts them in batches (spreadsheet-worker.ts); the import's long write
// takes them a piece at a time as they come (batched-import.ts), so the core's thread never holds
// or copies the whole file at once and the write starts while the worker still checks.
import { nextTurn } from '../db/sliced-transaction.ts';
import type { FieldValues } from '../drafts/plan-edit.ts';

/** Valid rows to write, in the file's order. */
export interface RowSource {
  /** Up to `max` rows, taken off the source: fewer, or none, while more are still coming. Throws what stopped the rows. */
  take(max: number): FieldValues[];
  /** Every row has come (and none is left to take once `waiting` is 0). */
  readonly complete: boolean;
  /** Rows that came and wait to be taken. */
  readonly waiting: number;
  /** Valid rows so far (all of them once complete) plus the rows not checked yet: what the write reports as its total. */
  readonly expected: number;
  /** Resolves once there are rows to take, every row came, or the rows stopped. */
  ready(): Promise<void>;
}

/** Rows all at hand (checked on this thread). */
export function rowsOf(rows: readonly FieldValues[]): RowSource {
  let taken = 0;
  return {
    take(max) {
      const piece = rows.slice(taken, taken + max);
      taken += piece.length;
      return piece;
    },
    complete: true,
    get waiting() {
      return rows.length - taken;
    },
    expected: rows.length,
    ready: nextTurn,
  };
}

export interface RowStream extends RowSource {
  /** A batch of valid rows; `unchecked`: the file's rows not checked yet. */
  push(rows: readonly FieldValues[], unchecked: number): void;
  end(): void;
  /** The rows stopped (the worker met a limit, failed, or the import was cancelled). */
  fail(error: unknown): void;
}

/** Rows that come in batches. */
export function rowStream(): RowStream {
  const batches: Array<readonly FieldValues[]> = [];
  let offset = 0;
  let waiting = 0;
  let valid = 0;
  let unchecked = 0;
  let complete = false;
  let failure: { error: unknown } | null = null;
  let wake: (() => void) | null = null;
  const notify = () => {
    const resolve = wake;
    wake = null;
    resolve?.();
  };
  return {
    take(max) {
      if (failure) throw failure.error;
      const piece: FieldValues[] = [];
      while (piece.length < max && batches.length > 0) {
        const batch = batches[0] as readonly FieldValues[];
        const part = batch.slice(offset, offset + max - piece.length);
        piece.push(...part);
        offset += part.length;
        if (offset === batch.length) {
          batches.shift();
          offset = 0;
        }
      }
      waiting -= piece.length;
      return piece;
    },
    get complete() {
      return complete;
    },
    get waiting() {
      return waiting;
    },
    get expected() {
      return valid + unchecked;
    },
    ready() {
      if (waiting > 0 || complete || failure) return nextTurn();
      return new Promise<void>((resolve) => (wake = resolve));
    },
    push(rows, left) {
      if (rows.length > 0) batches.push(rows);
      waiting += rows.length;
      valid += rows.length;
      unchecked = left;
      notify();
    },
    end() {
      complete = true;
      unchecked = 0;
      notify();
    },
    fail(error) {
      failure ??= { error };
      notify();
    },
  };
}
