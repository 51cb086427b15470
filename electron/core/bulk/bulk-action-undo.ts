// Undo of a bulk status action, only where it still makes sense: a publish, schedule or close
// still only queued (its outbox row not sent) is taken back; a delete of drafts puts them back
// (a draft known to the service only while its delete is not sent); a relist removes the copies
// (a copy already on the service as a draft is deleted there too). A listing that went live
// stays: undo reports it as 'live' so the seller is told plainly. A publish taken back gives the
// description its template placeholders again, as it had them before the publish filled them.
import type { UndoSkip } from '../../../shared/ipc/contract.ts';
import type { Db } from '../db/open-account-db.ts';
import type { Slices } from '../db/sliced-transaction.ts';
import { draftWrites } from '../drafts/draft-writes.ts';
import { itemReads } from '../drafts/item-rows.ts';
import type { ActionStep } from './bulk-actions.ts';
import { snapshotStatements } from './item-snapshots.ts';

export interface ActionUndoResult {
  restored: number;
  skipped: Array<{ localId: number; reason: string; code: UndoSkip }>;
}

const REASONS: Record<UndoSkip, string> = {
  live: 'already sent to the marketplace: undo cannot take it back',
  sending: 'being sent to the marketplace right now',
  changed: 'changed again since',
  gone: 'no longer here',
};

/** In flight: the engine must learn how its request ended; nothing of it may be taken back now. */
const BUSY = new Set(['sending', 'outcome-unknown']);

export function bulkActionUndo(db: Db) {
  const reads = itemReads(db);
  const writes = draftWrites(db);
  const snapshots = snapshotStatements(db);
  const queuedStatus = db.prepare(`SELECT id FROM outbox WHERE item_local_id = ? AND step_id = ? AND kind = 'set-status' AND state = 'pending'`).pluck();
  const queuedDelete = db.prepare(`SELECT id FROM outbox WHERE item_local_id = ? AND kind = 'delete' AND state = 'pending' ORDER BY id DESC LIMIT 1`).pluck();
  const dropRow = db.prepare(`DELETE FROM outbox WHERE id = ?`);
  const undelete = db.prepare(`UPDATE items SET deleted_at = NULL WHERE local_id = ?`);
  // Nothing left to send for an item of the service: it is as the service has it again.
  const settle = db.prepare(
    `UPDATE items SET sync_state = 'synced' WHERE local_id = ? AND sync_state = 'queued' AND remote_id IS NOT NULL
       AND NOT EXISTS (SELECT 1 FROM outbox WHERE item_local_id = items.local_id)`,
  );

  /** Must run inside the undo's transaction: a long write's work (issue 41), it yields between items. */
  return function* undoAction(stepId: number, step: ActionStep, now: number): Slices<ActionUndoResult> {
    const result: ActionUndoResult = { restored: 0, skipped: [] };
    const skip = (localId: number, code: UndoSkip) => result.skipped.push({ localId, code, reason: REASONS[code] });
    switch (step.action) {
      case 'publish':
      case 'schedule':
      case 'close':
        for (const localId of step.localIds) {
          yield;
          const item = reads.item(localId);
          if (!item || item.deletedAt !== null) { skip(localId, 'gone'); continue; }
          const rowId = queuedStatus.get(localId, stepId) as number | undefined;
          if (rowId === undefined) { skip(localId, 'live'); continue; }
          if (BUSY.has(item.syncState)) { skip(localId, 'sending'); continue; }
          dropRow.run(rowId);
          if (step.action === 'schedule' && step.listTime !== undefined) {
            // The list time goes back only if it still is the scheduled one.
            if (item.fields.listTime === step.listTime) writes.editDraft(localId, { listTime: step.previousListTimes?.[localId] ?? null }, now);
            else skip(localId, 'changed');
          }
          // A description whose template placeholders the publish filled gets them back, unless
          // the seller has changed it since (then the seller's text stays).
          const fill = step.fills?.[localId];
          if (fill && item.fields.description === fill.filled) writes.editDraft(localId, { description: fill.template }, now);
          settle.run(localId);
          result.restored += 1;
        }
        break;
      case 'relist':
        for (const copy of step.copies ?? []) {
          yield;
          const item = reads.item(copy);
          if (!item || item.deletedAt !== null) { skip(copy, 'gone'); continue; }
          if (item.status !== 'draft') { skip(copy, 'live'); continue; }
          if (BUSY.has(item.syncState)) { skip(copy, 'sending'); continue; }
          writes.deleteDraft(copy, now);
          result.restored += 1;
        }
        break;
      case 'delete': {
        const kept = new Map((step.snapshots ?? []).map((s) => [s.item.local_id as number, s]));
        for (const localId of step.localIds) {
          yield;
          const snapshot = kept.get(localId);
          if (snapshot) {
            if (snapshots.restore(snapshot)) result.restored += 1;
            else skip(localId, 'changed');
            continue;
          }
          const item = reads.item(localId);
          const rowId = item ? (queuedDelete.get(localId) as number | undefined) : undefined;
          if (!item || rowId === undefined) { skip(localId, 'live'); continue; }
          if (BUSY.has(item.syncState)) { skip(localId, 'sending'); continue; }
          dropRow.run(rowId);
          undelete.run(localId);
          settle.run(localId);
          result.restored += 1;
        }
        break;
      }
      default: {
        const unknown: never = step.action;
        throw new Error(`unknown bulk action ${String(unknown)}`);
      }
    }
    return result;
  };
}
