// How a long write cuts its work (issue 41): pieces sized as it goes so that each takes a few
// milliseconds whatever it costs a row (a price: microseconds; a note, which the full-text index
// takes again: ten times that; beside a busy machine: more), and progress reported a few times a
// second (each report ends a slice: sliced-transaction.ts).
import type { SliceProgress } from './sliced-transaction.ts';
import { traced } from './long-write-trace.ts';

/** Milliseconds a piece aims at: a slice holds a few of them. */
export const PIECE_MS = 4;

export interface PieceSizer {
  /** How many items the next piece takes. */
  readonly size: number;
  /** Runs the work of a piece of `items` items and sizes the next piece by the time it took. */
  time<T>(items: number, work: () => T): T;
}

/** Starts at `first` items a piece and follows what the pieces cost, within [min, max]. */
export function pieceSizer(first: number, min = 10, max = 5_000, now: () => number = () => performance.now()): PieceSizer {
  let size = first;
  return {
    get size() {
      return size;
    },
    time(items, work) {
      const started = now();
      const result = traced('piece', work, items);
      if (items > 0) {
        const perItem = Math.max(now() - started, 0.05) / items;
        // Halfway to the size that would take PIECE_MS: one slow piece (a collection) moves it little.
        size = Math.round(Math.min(max, Math.max(min, (size + PIECE_MS / perItem) / 2)));
      }
      return result;
    },
  };
}

/** A work's progress at most every `everyMs` (undefined between: a place to pause, no report). */
export function progressEvery(everyMs = 100, now: () => number = () => performance.now()) {
  let last = now();
  return (done: number, total: number): SliceProgress | undefined => {
    const at = now();
    if (at - last < everyMs && done < total) return undefined;
    last = at;
    return { done, total };
  };
}
