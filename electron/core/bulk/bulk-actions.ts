// The grid's bulk status actions: publish, schedule (a future list time, then publish), close,
// relist unsold (copies of closed items as new drafts) and delete drafts, on a selection of any
// size. Each item is judged by the same rules the editor's single actions use (status-changes.ts:
// the status table and the badges' offline validation); the preview counts and groups, the run
// queues through those same single actions with its undo step, in ONE transaction worked in
// slices (issue 41: db/sliced-transaction.ts), the core free between them: none or all of it.
import { DateTime } from 'luxon';
import type { ActionRefusal, BulkAction } from '../../../shared/ipc/contract.ts';
import type { Db } from '../db/open-account-db.ts';
import { cachedValidationContext, draftWrites } from '../drafts/draft-writes.ts';
import { itemReads, type LocalItem } from '../drafts/item-rows.ts';
import { ACTION_FROM, publishProblems, statusChanges, type PlaceholderFill } from '../drafts/status-changes.ts';
import type { ValidationContext } from '../validation/validate-draft.ts';
import { DraftError } from '../drafts/draft-error.ts';
import { snapshotStatements, type ItemSnapshot } from './item-snapshots.ts';
import { SOLD_SQL } from '../seller/sold-items.ts';
import { runInSlices, runSliced, type SliceOptions, type SliceProgress, type Slices } from '../db/sliced-transaction.ts';

export interface Verdict {
  reason: ActionRefusal;
  field: string | null;
  status: string | null;
}

export interface ItemRef {
  localId: number;
  title: string | null;
}

export interface ActionPreview {
  action: BulkAction;
  selected: number;
  ready: number;
  /** Publish: of the ready ones, how many have a future list time (the marketplace lists them then). */
  scheduled: number;
  /** Relist: of the ready ones, how many are known only from list summaries (their records are read first). */
  toRead: number;
  samples: ItemRef[];
  refused: Array<Verdict & { count: number; samples: ItemRef[] }>;
}

/** What a bulk-action step keeps for its undo (bulk_steps.applied). */
export interface ActionStep {
  action: BulkAction;
  /** The items the action changed (relist: the closed originals). */
  localIds: number[];
  listTime?: string;
  /** Schedule: each item's list time before (null: none). */
  previousListTimes?: Record<string, string | null>;
  /** Relist: the copies made. */
  copies?: number[];
  /** Delete of drafts that never left this computer: their rows, to put back. */
  snapshots?: ItemSnapshot[];
  /** Publish and schedule: the descriptions whose template placeholders publish filled, per item. */
  fills?: Record<string, PlaceholderFill>;
}

function keepFill(step: ActionStep, localId: number, fill: PlaceholderFill | null): void {
  if (fill) (step.fills ??= {})[localId] = fill;
}

/** A bulk-edit step that is a bulk status action (its applied JSON names the action). */
export function isActionStep(applied: unknown): applied is ActionStep {
  return typeof applied === 'object' && applied !== null && 'action' in applied && 'localIds' in applied;
}

/**
 * How the work is sliced: by default a slice is a few milliseconds of items (SLICE_MS), the core
 * free between two; `size`: exactly this many items per slice (tests); `pause`: between slices.
 */
export interface Batching {
  size?: number;
  pause?: () => Promise<void>;
}

/** The slicing options of `options` (with `size`, a slice ends only at a report: exactly every `size` items). */
const sliced = (options: Batching): SliceOptions => ({ ...(options.size ? { budgetMs: Infinity } : {}), ...(options.pause ? { pause: options.pause } : {}) });

/** Items between two progress reports (each ends its slice) when no `size` is given. */
const REPORT = 500;

/**
 * Where the work stops before the i-th item: a report (ending the slice), a place to pause, or
 * nowhere (null: with `size`, it stops only every `size` items).
 */
function stopAt(i: number, total: number, size?: number): SliceProgress | undefined | null {
  if (i === 0) return null;
  if (i % (size ?? REPORT) === 0) return { done: i, total };
  return size ? null : undefined;
}

const SAMPLES = 5;
const REFUSED_SAMPLES = 3;
/** The service's zone: list times are its wall-clock times (`YYYY-MM-DD HH:MM:SS`). */
const SERVICE_ZONE = 'Europe/Helsinki';

/** A schedule must name a time still ahead; one that has passed would publish at once. */
/** A list time (request format, the service's zone) later than now. */
export function isFutureListTime(listTime: unknown, now: number): boolean {
  if (typeof listTime !== 'string') return false;
  const at = DateTime.fromFormat(listTime, 'yyyy-MM-dd HH:mm:ss', { zone: SERVICE_ZONE });
  return at.isValid && at.toMillis() > now;
}

export function assertFutureListTime(listTime: string, now: number): void {
  const at = DateTime.fromFormat(listTime, 'yyyy-MM-dd HH:mm:ss', { zone: SERVICE_ZONE });
  if (!at.isValid || at.toMillis() <= now) {
    throw new DraftError('validation', 'the list time must be in the future', [], 'listTime');
  }
}

const STATUS_ACTION: Record<BulkAction, keyof typeof ACTION_FROM> = {
  publish: 'publish', schedule: 'publish', close: 'close', relist: 'copy', delete: 'delete',
};

export function bulkActions(db: Db) {
  const reads = itemReads(db);
  const status = statusChanges(db);
  const writes = draftWrites(db);
  const snapshots = snapshotStatements(db);
  // The dashboard's reading of "sold" (sold-items.ts). Relist takes only the items that did not sell.
  const sold = db.prepare(`SELECT ${SOLD_SQL} FROM items i WHERE i.local_id = ?`).pluck();
  // Stored with kind 'bulk-edit': the journal's CHECK (migration 4) knows no other kind of
  // step that changes items, and a schema change for a label is not worth a migration; the
  // `action` in its applied JSON is what makes it a bulk action (see isActionStep).
  const copied = db.prepare(`SELECT count(*) FROM items WHERE original_id = ? AND deleted_at IS NULL`).pluck();
  const insertStep = db.prepare(`INSERT INTO bulk_steps (kind, item_count, previous, applied, created) VALUES ('bulk-edit', 0, '{}', ?, ?)`);
  const finishStep = db.prepare(`UPDATE bulk_steps SET item_count = ?, applied = ? WHERE id = ?`);
  const dropStep = db.prepare(`DELETE FROM bulk_steps WHERE id = ?`);
  const openStep = db.prepare(`SELECT 1 FROM bulk_steps WHERE id = ? AND undone_at IS NULL`).pluck();
  const stepById = db.prepare(`SELECT item_count, applied FROM bulk_steps WHERE id = ?`);
  const statusRows = db.prepare(`SELECT state, count(*) AS n FROM outbox WHERE step_id = ? AND kind = 'set-status' GROUP BY state`);
  const deleteRows = db.prepare(
    `SELECT state, count(*) AS n FROM outbox WHERE kind = 'delete' AND item_local_id IN (SELECT value FROM json_each(?)) GROUP BY state`,
  );

  /**
   * Null when the item can take the action; else why not. The single actions refuse the same items.
   * A relist of an item known only from its list summary needs its record (the copy's values):
   * the preview counts it ready (the run reads it first), the run refuses it if still unread.
   */
  function judge(action: BulkAction, item: LocalItem | undefined, ctx: ValidationContext, listTime?: string, unreadReady = false): Verdict | null {
    if (!item || item.deletedAt !== null) return { reason: 'gone', field: null, status: null };
    const from = ACTION_FROM[STATUS_ACTION[action]];
    if (action === 'relist') {
      if (!from.includes(item.status) || item.remoteId === null) return { reason: 'status', field: null, status: item.status };
      // 'sold': the marketplace lists it as sold, its record not read yet.
      if (item.detail === 'sold' || sold.get(item.localId)) return { reason: 'sold', field: null, status: null };
      // Relisting twice would put the same item on sale twice.
      if ((copied.get(item.remoteId) as number) > 0) return { reason: 'copied', field: null, status: null };
      return item.detail === 'full' || unreadReady ? null : { reason: 'unread', field: null, status: null };
    }
    const intended = status.intendedStatus(item.localId) ?? item.status;
    if (!from.includes(intended)) {
      return intended !== item.status ? { reason: 'queued', field: null, status: intended } : { reason: 'status', field: null, status: item.status };
    }
    if (action !== 'publish' && action !== 'schedule') return null;
    const fields = listTime === undefined ? item.fields : { ...item.fields, listTime };
    const problems = publishProblems(fields, ctx, reads.imageCount(item.localId));
    const blocking = problems.find((p) => p.code !== 'required') ?? problems[0];
    return blocking ? { reason: blocking.code === 'required' ? 'missing' : 'invalid', field: blocking.field, status: null } : null;
  }

  const actions = {
    judge,

    /** How far the sync has carried a step: of what it sends, what left the outbox, what the service refused, what waits. */
    progress(stepId: number): { total: number; sent: number; failed: number; waiting: number } {
      const row = stepById.get(stepId) as { item_count: number; applied: string } | undefined;
      const step: unknown = row ? JSON.parse(row.applied) : null;
      if (!row || !isActionStep(step)) throw new DraftError('not-found', `step ${stepId} is no bulk action`);
      // What the step sends: a relist makes local drafts (sent once published), and drafts only
      // this computer knew are deleted here and now; neither goes to the marketplace.
      if (step.action === 'relist') return { total: 0, sent: 0, failed: 0, waiting: 0 };
      const total = row.item_count - (step.snapshots?.length ?? 0);
      const counts = (step.action === 'delete' ? deleteRows.all(JSON.stringify(step.localIds)) : statusRows.all(stepId)) as Array<{ state: string; n: number }>;
      const waiting = counts.find((c) => c.state === 'pending')?.n ?? 0;
      const failed = counts.find((c) => c.state === 'parked')?.n ?? 0;
      return { total, sent: Math.max(0, total - waiting - failed), failed, waiting };
    },

    /**
     * Counts and groups without writing anything; a few titles per group, never every row. In
     * slices, the core free between them: 100,000 items keep the core answering meanwhile.
     */
    preview(action: BulkAction, localIds: readonly number[], listTime?: string, now = Date.now(), options: Batching = {}): Promise<ActionPreview> {
      return runSliced(actions.previewSlices(action, localIds, listTime, now, options.size), sliced(options));
    },

    *previewSlices(action: BulkAction, localIds: readonly number[], listTime?: string, now = Date.now(), size?: number): Slices<ActionPreview> {
      if (listTime !== undefined) assertFutureListTime(listTime, now);
      const ctx = cachedValidationContext(db);
      const unique = [...new Set(localIds)];
      const samples: ItemRef[] = [];
      const groups = new Map<string, Verdict & { count: number; samples: ItemRef[] }>();
      let ready = 0;
      let scheduled = 0;
      let toRead = 0;
      for (const [i, localId] of unique.entries()) {
        const stop = stopAt(i, unique.length, size);
        if (stop !== null) yield stop;
        const item = reads.item(localId);
        const verdict = judge(action, item, ctx, listTime, true);
        const ref = { localId, title: item?.fields.title ?? null };
        if (verdict === null) {
          ready += 1;
          if (item?.detail !== 'full') toRead += 1;
          if (action === 'publish' && isFutureListTime(item?.fields.listTime, now)) scheduled += 1;
          if (samples.length < SAMPLES) samples.push(ref);
          continue;
        }
        const key = `${verdict.reason}|${verdict.field ?? ''}|${verdict.status ?? ''}`;
        const group = groups.get(key) ?? { ...verdict, count: 0, samples: [] };
        group.count += 1;
        if (group.samples.length < REFUSED_SAMPLES) group.samples.push(ref);
        groups.set(key, group);
      }
      const refused = [...groups.values()].sort((a, b) => b.count - a.count);
      return { action, selected: unique.length, ready, scheduled, toRead, samples, refused };
    },

    /** Relist: the selected items whose records must be read before they are copied. */
    toRead(action: BulkAction, localIds: readonly number[]): number[] {
      if (action !== 'relist') return [];
      const ctx = cachedValidationContext(db);
      return [...new Set(localIds)].filter((localId) => {
        const item = reads.item(localId);
        return item !== undefined && item.detail !== 'full' && judge(action, item, ctx, undefined, true) === null;
      });
    },

    /**
     * Queues the action for every item that can take it (the others are left as they are and
     * counted), through the editor's own single actions, with its undo step: ONE transaction in
     * slices on `db` (the session runs runSlices as a long write on its own connection).
     */
    run(action: BulkAction, localIds: readonly number[], listTime?: string, now = Date.now(), options: Batching = {}): Promise<{ stepId: number | null; changed: number; refused: number }> {
      return runInSlices(db, () => actions.runSlices(action, localIds, listTime, now, options.size), sliced(options));
    },

    *runSlices(action: BulkAction, localIds: readonly number[], listTime?: string, now = Date.now(), size?: number): Slices<{ stepId: number | null; changed: number; refused: number }> {
      if (listTime !== undefined) assertFutureListTime(listTime, now);
      const ctx = cachedValidationContext(db);
      const unique = [...new Set(localIds)];
      const step: ActionStep = { action, localIds: [] };
      if (listTime !== undefined) {
        step.listTime = listTime;
        step.previousListTimes = {};
      }
      // The step is an action's from the start (lastStep and undo know it); its items are
      // written into it at the end.
      const id = Number(insertStep.run(JSON.stringify({ action, localIds: [] }), now).lastInsertRowid);
      let refused = 0;
      for (const [i, localId] of unique.entries()) {
        const stop = stopAt(i, unique.length, size);
        if (stop !== null) {
          yield stop;
          // Undone between two slices (on this connection): the rest is not queued.
          if (stop && !openStep.get(id)) throw new DraftError('state', 'the bulk action was undone while it ran');
        }
        if (action === 'publish' || action === 'close') {
          // The editor's own action judges the item (the same rules as judge()) and queues it;
          // a refusal rolls back only its own savepoint and leaves the item as it is.
          try {
            if (action === 'publish') keepFill(step, localId, status.publish(localId, now, id, ctx));
            else status.close(localId, now, id);
            step.localIds.push(localId);
          } catch (error) {
            if (!(error instanceof DraftError)) throw error;
            refused += 1;
          }
          continue;
        }
        const item = reads.item(localId);
        if (judge(action, item, ctx, listTime) !== null || !item) {
          refused += 1;
          continue;
        }
        step.localIds.push(localId);
        switch (action) {
          case 'schedule':
            (step.previousListTimes as Record<string, string | null>)[localId] = (item.fields.listTime as string | undefined) ?? null;
            writes.editDraft(localId, { listTime }, now);
            keepFill(step, localId, status.publish(localId, now, id, ctx));
            break;
          case 'relist':
            (step.copies ??= []).push(status.copyClosed(localId, now));
            break;
          case 'delete':
            // A draft only this computer knows is removed at once: its rows are kept in the step.
            if (item.remoteId === null && item.syncState === 'local-only') (step.snapshots ??= []).push(snapshots.take(localId));
            writes.deleteDraft(localId, now);
            break;
          default: {
            const unknown: never = action;
            throw new Error(`unknown bulk action ${String(unknown)}`);
          }
        }
      }
      if (step.localIds.length === 0) {
        dropStep.run(id);
        return { stepId: null, changed: 0, refused };
      }
      finishStep.run(step.localIds.length, JSON.stringify(step), id);
      return { stepId: id, changed: step.localIds.length, refused };
    },
  };
  return actions;
}
