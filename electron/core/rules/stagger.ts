// Staggered schedules: a selection published one every N minutes from a start, or spread evenly
// over a window (first at its start, last at its end), so the items also close at the same gaps.
// Each item gets its own list time and is published through the editor's own publish (the
// service holds it `waiting` and lists it at that time: nothing depends on the app being open).
// Judged by the grid's bulk schedule (bulk-actions.ts: status, offline validation); one undo step.
import { DateTime } from 'luxon';
import type { Db } from '../db/open-account-db.ts';
import { assertFutureListTime, bulkActions, type ActionStep } from '../bulk/bulk-actions.ts';
import { cachedValidationContext, draftWrites } from '../drafts/draft-writes.ts';
import { itemReads } from '../drafts/item-rows.ts';
import { statusChanges } from '../drafts/status-changes.ts';
import { SERVICE_ZONE } from './offer-rules.ts';
import { ruleStore } from './rule-store.ts';

export type Spacing = { kind: 'every'; minutes: number } | { kind: 'window'; minutes: number };

export interface StaggerSlot {
  localId: number;
  title: string | null;
  listTime: string;
  closingTime: string | null;
}

const FORMAT = 'yyyy-MM-dd HH:mm:ss';

/** The list time of the i-th of n items: whole minutes from the start. */
export function slotTimes(start: string, spacing: Spacing, n: number): string[] {
  const first = DateTime.fromFormat(start, FORMAT, { zone: SERVICE_ZONE });
  const gap = spacing.kind === 'every' ? spacing.minutes : n > 1 ? spacing.minutes / (n - 1) : 0;
  return Array.from({ length: n }, (_, i) => first.plus({ minutes: Math.floor(i * gap) }).toFormat(FORMAT));
}

export function staggeredSchedule(db: Db) {
  const reads = itemReads(db);
  const actions = bulkActions(db);
  const writes = draftWrites(db);
  const status = statusChanges(db);
  const rules = ruleStore(db);
  const insertStep = db.prepare(`INSERT INTO bulk_steps (kind, item_count, previous, applied, created) VALUES ('bulk-edit', ?, '{}', ?, ?)`);

  function closingOf(listTime: string, openDays: unknown, closingTime: unknown): string | null {
    if (typeof openDays === 'number') return DateTime.fromFormat(listTime, FORMAT, { zone: SERVICE_ZONE }).plus({ days: openDays }).toFormat(FORMAT);
    return typeof closingTime === 'string' ? closingTime : null;
  }

  function plan(localIds: readonly number[], start: string, spacing: Spacing, now: number) {
    assertFutureListTime(start, now);
    const ctx = cachedValidationContext(db);
    const unique = [...new Set(localIds)];
    const items: StaggerSlot[] = [];
    const refused: Array<{ localId: number; title: string | null; reason: string; field: string | null }> = [];
    // First pass: which items can be scheduled (judged with the start time); then their slots.
    const ready = unique.flatMap((localId) => {
      const item = reads.item(localId);
      const verdict = actions.judge('schedule', item, ctx, start);
      if (verdict || !item) {
        refused.push({ localId, title: item?.fields.title ?? null, reason: verdict?.reason ?? 'gone', field: verdict?.field ?? null });
        return [];
      }
      return [item];
    });
    const times = slotTimes(start, spacing, ready.length);
    ready.forEach((item, i) => {
      const listTime = times[i] as string;
      items.push({ localId: item.localId, title: item.fields.title ?? null, listTime, closingTime: closingOf(listTime, item.fields.openDays, item.fields.closingTime) });
    });
    return { items, refused };
  }

  return {
    preview: plan,
    /** Queues every slot (list time, then publish) in one transaction with its undo step and log entries. */
    run(localIds: readonly number[], start: string, spacing: Spacing, now: number): { stepId: number | null; changed: number; refused: number } {
      const { items, refused } = plan(localIds, start, spacing, now);
      if (items.length === 0) return { stepId: null, changed: 0, refused: refused.length };
      const ctx = cachedValidationContext(db);
      const stepId = db.transaction(() => {
        const step: ActionStep = { action: 'schedule', localIds: items.map((i) => i.localId), previousListTimes: {} };
        const id = Number(insertStep.run(items.length, '{}', now).lastInsertRowid);
        for (const slot of items) {
          (step.previousListTimes as Record<string, string | null>)[slot.localId] = (reads.item(slot.localId)?.fields.listTime as string | undefined) ?? null;
          writes.editDraft(slot.localId, { listTime: slot.listTime }, now);
          status.publish(slot.localId, now, id, ctx);
          rules.log({
            at: now, ruleKind: 'schedule', ruleId: null, ruleVersion: null, itemLocalId: slot.localId, itemRemoteId: null, offerId: null,
            action: 'schedule', outcome: 'queued', detail: { listTime: slot.listTime, closingTime: slot.closingTime, spacing },
          });
        }
        db.prepare(`UPDATE bulk_steps SET applied = ? WHERE id = ?`).run(JSON.stringify(step), id);
        return id;
      })();
      return { stepId, changed: items.length, refused: refused.length };
    },
  };
}
