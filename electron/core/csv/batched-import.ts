// The write of a big import in batches: each batch of rows is one short transaction, and the
// event loop gets a turn between batches, so other contract calls are answered while it runs.
// Until its last step the import's drafts are pending: written as tombstones (the grid, search,
// counts, edits and the sync never see a tombstone) with no outbox row, listed in import_pending
// under the import's id. The last short transaction makes them all drafts, queues their 'create'
// rows and records the ONE undo step of the import: after a crash there are none or all.
import type { Db } from '../db/open-account-db.ts';
import { DRAFT_FIELDS, FIELD_SPECS, restFieldsOf, toColumnValue } from '../drafts/fields.ts';
import type { FieldValues } from '../drafts/plan-edit.ts';
import { NEW_IDEMPOTENCY_KEY } from '../outbox/outbox.ts';
import { bulkWrites } from '../bulk/bulk-edit.ts';
import { ImportCancelled, UNCANCELLABLE, type ImportControl } from './import-cancel.ts';

/** Rows written per short transaction of an import. */
export const IMPORT_WRITE_BATCH = 1_000;

export interface BatchedWriteOptions {
  now: number;
  batchRows?: number;
  /** After each batch: rows written so far of all. */
  onBatch?: (written: number, total: number) => void;
  /** Asked between batches: a cancelled import removes its pending rows (import-cancel.ts). */
  control?: ImportControl;
}

/** The event loop's turn between two batches (progress reaches the window, calls are answered). */
const turn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Writes validated drafts in batches and makes them visible in one last step. Returns their
 * local ids and the import's undo step. A failure (the connection closed under it, a full disk)
 * leaves the pending rows for `removeDeadImports`, which runs when the account is opened.
 */
export async function writeImportInBatches(db: Db, valid: readonly FieldValues[], options: BatchedWriteOptions): Promise<{ imported: number[]; stepId: number }> {
  const { now } = options;
  const batchRows = Math.max(1, options.batchRows ?? IMPORT_WRITE_BATCH);
  const columns = DRAFT_FIELDS.map((f) => FIELD_SPECS[f].column);
  const startRun = db.prepare(`INSERT INTO import_runs (started) VALUES (?)`);
  const insertPending = db.prepare(
    `INSERT INTO items (status, sync_state, ${columns.join(', ')}, created, updated, deleted_at)
     VALUES ('draft', 'local-only', ${columns.map(() => '?').join(', ')}, ?, ?, ?)`,
  );
  const listPending = db.prepare(`INSERT INTO import_pending (local_id, import_id, payload) VALUES (?, ?, ?)`);
  const runId = Number(startRun.run(now).lastInsertRowid);
  const imported: number[] = [];
  const writeBatch = db.transaction((rows: readonly FieldValues[]) => {
    for (const values of rows) {
      const params = DRAFT_FIELDS.map((f) => toColumnValue(f, values[f]));
      const localId = Number(insertPending.run(...params, now, now, now).lastInsertRowid);
      listPending.run(localId, runId, JSON.stringify({ fields: restFieldsOf(values) }));
      imported.push(localId);
    }
  });
  const control = options.control ?? UNCANCELLABLE;
  options.onBatch?.(0, valid.length);
  try {
    for (let start = 0; start < valid.length; start += batchRows) {
      await turn();
      control.check();
      writeBatch(valid.slice(start, start + batchRows));
      options.onBatch?.(imported.length, valid.length);
    }
    await turn();
    const stepId = control.finish(() => finishImport(db, runId, imported, now));
    return { imported, stepId };
  } catch (error) {
    // Cancelled before its last step: none of its drafts is left (other failures leave the
    // pending rows to removeDeadImports, as a crash would).
    if (error instanceof ImportCancelled) dropImport(db, runId);
    throw error;
  }
}

/** A cancelled import's pending tombstones and rows, removed in one short transaction. */
function dropImport(db: Db, runId: number): void {
  db.transaction(() => {
    db.prepare(`DELETE FROM items WHERE local_id IN (SELECT local_id FROM import_pending WHERE import_id = ?)`).run(runId);
    db.prepare(`DELETE FROM import_pending WHERE import_id = ?`).run(runId);
    db.prepare(`DELETE FROM import_runs WHERE id = ?`).run(runId);
  })();
}

/** The last step of an import: its pending drafts become drafts with their outbox rows and one undo step. */
function finishImport(db: Db, runId: number, localIds: readonly number[], now: number): number {
  const show = db.prepare(`UPDATE items SET deleted_at = NULL WHERE local_id IN (SELECT local_id FROM import_pending WHERE import_id = ?)`);
  const queue = db.prepare(
    `INSERT INTO outbox (item_local_id, kind, payload, idempotency_key, created, step_id)
     SELECT local_id, 'create', payload, ${NEW_IDEMPOTENCY_KEY}, ?, NULL FROM import_pending WHERE import_id = ? ORDER BY local_id`,
  );
  const forget = db.prepare(`DELETE FROM import_pending WHERE import_id = ?`);
  const endRun = db.prepare(`DELETE FROM import_runs WHERE id = ?`);
  const bulk = bulkWrites(db);
  return db.transaction(() => {
    show.run(runId);
    queue.run(now, runId);
    forget.run(runId);
    endRun.run(runId);
    return bulk.recordImport(localIds, now);
  })();
}

/**
 * Removes what imports that never ended left behind (the app stopped mid-import): their pending
 * items and rows. Run when the account's cache is opened, before anything else uses it.
 */
export function removeDeadImports(db: Db): number {
  return db.transaction(() => {
    const removed = db.prepare(`DELETE FROM items WHERE local_id IN (SELECT local_id FROM import_pending)`).run().changes;
    db.prepare(`DELETE FROM import_pending`).run();
    db.prepare(`DELETE FROM import_runs`).run();
    return removed;
  })();
}
