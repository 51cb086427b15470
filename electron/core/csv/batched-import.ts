// The write of an import (issue 41): every valid row becomes a draft with its 'create' outbox row,
// and the import ONE undo step, in ONE transaction worked in slices (db/sliced-transaction.ts): in
// a session, in the account's writer thread (writer/), so the core's thread answers other
// contract calls meanwhile, from the last committed state (none of the import shows until its
// commit). A crash rolls it back (none or all); a cancel rolls it back at its next slice.
//
// Imports written by an older version of the app left pending tombstones between their batches
// (migration 15's import_runs, import_pending); removeDeadImports still clears what one of them
// left when the app stopped mid-import.
import type { Db } from '../db/open-account-db.ts';
import { runInSlices, type Slices } from '../db/sliced-transaction.ts';
import { draftWrites } from '../drafts/draft-writes.ts';
import { pieceSizer } from '../db/pieces.ts';
import { traced } from '../db/long-write-trace.ts';
import { recordImportStep } from '../bulk/bulk-edit.ts';
import { ImportCancelled, UNCANCELLABLE, type ImportControl } from './import-cancel.ts';
import { WriteCancelled } from '../db/sliced-transaction.ts';
import type { RowSource } from './row-stream.ts';

/** Rows written between two 'writing' progress reports of an import. */
export const IMPORT_WRITE_BATCH = 1_000;

/** What an import's write is given. */
export interface ImportWrite {
  rows: RowSource;
  now: number;
  batchRows: number;
  onBatch?: ((written: number, total: number) => void) | undefined;
  control: ImportControl;
}

/** Writes an import: the session's writer thread (session/account-writes.ts), or in slices on a connection (writeImportHere). */
export type ImportWriter = (write: ImportWrite) => Promise<{ imported: number[]; stepId: number }>;

export interface BatchedWriteOptions {
  now: number;
  /** Rows between two progress reports (default IMPORT_WRITE_BATCH). */
  batchRows?: number;
  /** At the start and after each batch of rows: rows written so far of all. */
  onBatch?: (written: number, total: number) => void;
  /** A cancelled import stops at its next slice, rolled back (import-cancel.ts). */
  control?: ImportControl;
  /** The session's writer; default: in slices on `db`, which must hold no transaction. */
  long?: ImportWriter;
}

/** Drafts written in the first piece: two statements (drafts, then their 'create' rows); then sized as they go (db/pieces.ts). */
const PIECE = 100;

/** The import's writes: drafts with their outbox rows in pieces as their rows come, then its undo step. */
export function* importWrites(db: Db, rows: RowSource, now: number, batchRows = IMPORT_WRITE_BATCH, onBatch?: BatchedWriteOptions['onBatch']): Slices<{ imported: number[]; stepId: number }> {
  const drafts = draftWrites(db);
  const sizer = pieceSizer(PIECE, 10, 1_000);
  const imported: number[] = [];
  let reported = 0;
  const report = () => {
    reported = imported.length;
    onBatch?.(imported.length, rows.expected);
    return { done: imported.length, total: rows.expected };
  };
  onBatch?.(0, rows.expected);
  for (;;) {
    // A piece never crosses a report: the report lands after exactly its rows.
    const piece = rows.take(Math.min(sizer.size, (Math.floor(imported.length / batchRows) + 1) * batchRows - imported.length));
    if (piece.length === 0) {
      if (rows.complete) break;
      // The rows to come are still being checked: the slice ends, and its pause waits for them.
      yield { done: imported.length, total: rows.expected };
      continue;
    }
    for (const id of sizer.time(piece.length, () => drafts.insertValidatedMany(piece, now))) imported.push(id);
    // A report ends its slice: a cancel it sets off lands before the next piece (also the last).
    if (imported.length % batchRows === 0 || (rows.complete && rows.waiting === 0)) yield report();
    else yield;
  }
  if (reported !== imported.length) yield report();
  return { imported, stepId: traced('undo-record', () => recordImportStep(db, imported, now)) };
}

/**
 * Writes validated drafts and the import's undo step in one transaction, in slices, as their rows
 * come. Returns their local ids and the step. Cancelled before its commit: ImportCancelled,
 * nothing written.
 */
export async function writeImportInBatches(db: Db, rows: RowSource, options: BatchedWriteOptions): Promise<{ imported: number[]; stepId: number }> {
  const batchRows = Math.max(1, options.batchRows ?? IMPORT_WRITE_BATCH);
  const control = options.control ?? UNCANCELLABLE;
  const write = options.long ?? writeImportHere(db);
  control.check();
  try {
    return await write({ rows, now: options.now, batchRows, onBatch: options.onBatch, control });
  } catch (error) {
    if (error instanceof WriteCancelled) throw new ImportCancelled();
    throw error;
  }
}

/** An import written in slices on `db` (which must hold no transaction), on this thread. */
export function writeImportHere(db: Db): ImportWriter {
  // The commit is the import's last step: from then on a cancel is answered 'already-done'.
  // Between slices the write waits for rows still being checked (never spins for them).
  return ({ rows, now, batchRows, onBatch, control }) =>
    runInSlices(db, () => importWrites(db, rows, now, batchRows, onBatch), { signal: control.signal, pause: () => rows.ready(), finish: (commit) => control.finish(commit) });
}

/**
 * Removes what an import of an older version left behind when the app stopped in the middle of
 * it (its pending tombstones). Run when the account's cache is opened, before anything else.
 */
export function removeDeadImports(db: Db): number {
  return db.transaction(() => {
    const removed = db.prepare(`DELETE FROM items WHERE local_id IN (SELECT local_id FROM import_pending)`).run().changes;
    db.prepare(`DELETE FROM import_pending`).run();
    db.prepare(`DELETE FROM import_runs`).run();
    return removed;
  })();
}
