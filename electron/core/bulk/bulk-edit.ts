// Bulk edit: one or more fields set on a selection of drafts, validated, written with their
// outbox rows and an undo record in ONE transaction, and undone as one step.
import type Database from 'better-sqlite3';
import type { Db } from '../db/open-account-db.ts';
import { statementCache } from '../../../shared/sqlite/statement-cache.ts';
import { DraftError, type ItemProblems } from '../drafts/draft-error.ts';
import { assertEditable, cachedValidationContext, draftWrites, sentFields, updateStatementCache } from '../drafts/draft-writes.ts';
import { FIELD_SPECS, isDraftField, sameValue, toColumnValue, type DraftField, type DraftFields } from '../drafts/fields.ts';
import { itemReads, rowFields } from '../drafts/item-rows.ts';
import { parseChanges, planEdit, type FieldValues } from '../drafts/plan-edit.ts';
import { outboxStatements } from '../outbox/outbox.ts';
import { templateLinks } from '../rules/template-links.ts';
import { fieldsForRules } from '../validation/validate-draft.ts';
import type { BulkAction, UndoSkip } from '../../../shared/ipc.ts';
import { bulkActionUndo } from './bulk-action-undo.ts';
import { isActionStep } from './bulk-actions.ts';

type StepKind = 'bulk-edit' | 'csv-import';

export interface BulkStep {
  id: number;
  /** 'bulk-action': a bulk-edit step whose applied JSON is a bulk status action. */
  kind: StepKind | 'bulk-action';
  /** The bulk status action of a 'bulk-action' step (bulk-actions.ts). */
  action?: BulkAction;
  itemCount: number;
  created: number;
  undoneAt: number | null;
}

export interface UndoResult {
  stepId: number;
  restored: number;
  /** Items or fields left as they are, and why (changed again since, deleted, no longer editable). */
  skipped: Array<{ localId: number; field?: DraftField; reason: string; code?: UndoSkip }>;
  /** The bulk status action undone. */
  action?: BulkAction;
}

interface StepRow {
  id: number;
  kind: StepKind;
  item_count: number;
  previous: string;
  applied: string;
  created: number;
  undone_at: number | null;
}

/** True when the group's drafts may be edited; otherwise each is added to `refused` with the reason. */
function editableOrRefused(group: { status: string; deleted_at: number | null; localIds: number[] }, refused: ItemProblems[]): boolean {
  try {
    assertEditable(group, group.localIds[0] as number);
    return true;
  } catch (error) {
    if (!(error instanceof DraftError)) throw error;
    for (const localId of group.localIds) refused.push({ localId, problems: [], reason: error.message.replace(/^item \d+/, `item ${localId}`), ...(error.detail ? { detail: error.detail } : {}) });
    return false;
  }
}

export function bulkWrites(db: Db) {
  const reads = itemReads(db);
  const outbox = outboxStatements(db);
  const drafts = draftWrites(db);
  const updateFor = updateStatementCache(db);
  const insertStep = db.prepare(
    `INSERT INTO bulk_steps (kind, item_count, previous, applied, created) VALUES (?, ?, ?, ?, ?)`,
  );
  const stepById = db.prepare(`SELECT * FROM bulk_steps WHERE id = ?`);
  const lastStep = db.prepare(`SELECT * FROM bulk_steps WHERE undone_at IS NULL ORDER BY id DESC LIMIT 1`);
  const markUndone = db.prepare(`UPDATE bulk_steps SET undone_at = ? WHERE id = ?`);
  const undoAction = bulkActionUndo(db);
  const links = templateLinks(db);
  // Statements per field set (the one statement cache, keyed by what they are and their fields).
  const statements = statementCache();
  /** A bulk step whose `previous` is built by SQLite from the rows: {localId: {field: value}}. */
  const insertStepFromRows = (fields: readonly DraftField[]): Database.Statement => statements(`step:${fields.join(',')}`, () => {
    const pairs = fields.map((f) => `'${f}', ${FIELD_SPECS[f].kind === 'list' ? `json(${FIELD_SPECS[f].column})` : FIELD_SPECS[f].column}`).join(', ');
    return db.prepare(
      `INSERT INTO bulk_steps (kind, item_count, previous, applied, created)
       SELECT 'bulk-edit', ?, json_group_object(local_id, json_object(${pairs})), ?, ?
       FROM items WHERE local_id IN (SELECT value FROM json_each(?))`,
    );
  });
  const setMany = (fields: readonly DraftField[]): Database.Statement => statements(`set:${fields.join(',')}`, () => {
    const sets = fields.map((f) => `${FIELD_SPECS[f].column} = ?`).join(', ');
    return db.prepare(`UPDATE items SET ${sets}, updated = ? WHERE local_id IN (SELECT value FROM json_each(?))`);
  });
  /** Per-draft values: a JSON list of [localId, value of each field]. */
  const setEach = (fields: readonly DraftField[]): Database.Statement => statements(`set-each:${fields.join(',')}`, () => {
    const sets = fields.map((f, i) => `${FIELD_SPECS[f].column} = m.value ->> ${i + 1}`).join(', ');
    return db.prepare(`UPDATE items SET ${sets}, updated = ? FROM json_each(?) AS m WHERE items.local_id = m.value ->> 0`);
  });
  // The sync-state rule of sync-state.ts, applied only where it changes something so the index
  // on sync_state is not rewritten for every row.
  const requeueMany = db.prepare(
    `UPDATE items SET sync_state = 'queued', reject_reason = NULL, reject_field = NULL
     WHERE local_id IN (SELECT value FROM json_each(?)) AND sync_state IN ('synced', 'rejected')`,
  );

  function writeEdit(localId: number, changed: FieldValues, now: number, stepId: number | null): void {
    const fields = Object.keys(changed) as DraftField[];
    updateFor(fields).run(...fields.map((f) => toColumnValue(f, changed[f])), now, localId);
    const sent = sentFields(changed);
    if (sent) outbox.enqueue(localId, 'edit', { fields: sent }, now, stepId);
  }

  return {
    /**
     * Sets the same values on every selected item. All or nothing: if one item is unknown, not
     * editable, or would get a problem it did not have, nothing is written and every refused
     * item is reported. Items that already hold the values are left alone (no outbox row).
     */
    bulkEdit(localIds: readonly number[], changes: Readonly<Record<string, unknown>>, now = Date.now()): { stepId: number | null; changed: number } {
      const { values, problems } = parseChanges(changes);
      if (problems.length > 0) throw new DraftError('validation', 'invalid values', [{ localId: 0, problems }], undefined, { reason: 'invalid-values' });
      const fields = Object.keys(values) as DraftField[];
      const ctx = cachedValidationContext(db);
      const unique = [...new Set(localIds)];
      return db.transaction(() => {
        // Rows with the same state and the same values of the fields that matter are planned
        // once: validation is pure, and thousands of drafts have few distinct combinations.
        const groups = reads.bulkGroups(unique, fieldsForRules(fields));
        const refused: ItemProblems[] = [];
        const changing: number[] = [];
        let found = 0;
        for (const group of groups) {
          found += group.localIds.length;
          if (!editableOrRefused(group, refused)) continue;
          const plan = planEdit(group.fields, values, ctx, false);
          if (plan.refused.length > 0) for (const localId of group.localIds) refused.push({ localId, problems: plan.refused });
          else if (Object.keys(plan.changed).length > 0) changing.push(...group.localIds);
        }
        if (found < unique.length) {
          const present = new Set(groups.flatMap((g) => g.localIds));
          for (const localId of unique) if (!present.has(localId)) refused.push({ localId, problems: [], reason: `item ${localId} does not exist`, detail: { reason: 'item-not-found', params: { id: localId } } });
        }
        refused.sort((a, b) => a.localId - b.localId);
        if (refused.length > 0) throw new DraftError('validation', `${refused.length} of the selected items cannot take these values`, refused, undefined, { reason: 'items-refused', params: { count: refused.length } });
        if (changing.length === 0) return { stepId: null, changed: 0 };
        changing.sort((a, b) => a - b);
        const ids = JSON.stringify(changing);
        // The undo record is read from the rows before they change, in the same transaction.
        const stepId = Number(insertStepFromRows(fields).run(changing.length, JSON.stringify(values), now, ids).lastInsertRowid);
        // Set-based writes: every changing item gets all the values (a field that already held
        // its value is rewritten with it), and one outbox row with the same payload.
        setMany(fields).run(...fields.map((f) => toColumnValue(f, values[f])), now, ids);
        // Local-only values (the SKU) are not the service's: nothing to queue for them alone.
        const sent = sentFields(values);
        if (sent) {
          requeueMany.run(ids);
          outbox.enqueueMany(changing, 'edit', { fields: sent }, now, stepId);
        }
        return { stepId, changed: changing.length };
      })();
    },

    /**
     * Sets values that differ per draft (a price rule, a find and replace): `valuesFor` is asked
     * once per group of drafts with the same values of `fields` and the fields their rules read,
     * null where the change does not apply. All or nothing like bulkEdit, one undo step, and the
     * writes stay set-based: drafts getting the same values are written by one statement.
     */
    bulkEditEach(
      localIds: readonly number[], fields: readonly DraftField[], valuesFor: (current: DraftFields) => FieldValues | null, now = Date.now(),
    ): { stepId: number | null; changed: number; applied: Map<number, FieldValues>; notApplicable: number[] } {
      const ctx = cachedValidationContext(db);
      const unique = [...new Set(localIds)];
      return db.transaction(() => {
        const refused: ItemProblems[] = [];
        const notApplicable: number[] = [];
        const writes = new Map<string, { values: FieldValues; ids: number[] }>();
        const present = new Set<number>();
        for (const group of reads.bulkGroups(unique, fieldsForRules(fields))) {
          for (const localId of group.localIds) present.add(localId);
          if (!editableOrRefused(group, refused)) continue;
          const computed = valuesFor(group.fields);
          if (computed === null) {
            notApplicable.push(...group.localIds);
            continue;
          }
          // Computed values meet the same bounds (ItemInput) as typed ones.
          const { values, problems } = parseChanges(computed);
          const plan = planEdit(group.fields, values, ctx, false);
          const refusals = [...problems, ...plan.refused];
          if (refusals.length > 0) for (const localId of group.localIds) refused.push({ localId, problems: refusals });
          else if (Object.keys(plan.changed).length > 0) {
            const key = JSON.stringify(plan.changed);
            const write = writes.get(key) ?? { values: plan.changed, ids: [] };
            write.ids.push(...group.localIds);
            writes.set(key, write);
          }
        }
        for (const localId of unique) if (!present.has(localId)) refused.push({ localId, problems: [], reason: `item ${localId} does not exist`, detail: { reason: 'item-not-found', params: { id: localId } } });
        refused.sort((a, b) => a.localId - b.localId);
        if (refused.length > 0) throw new DraftError('validation', `${refused.length} of the selected items cannot take these values`, refused, undefined, { reason: 'items-refused', params: { count: refused.length } });
        const applied = new Map<number, FieldValues>();
        for (const { values, ids } of writes.values()) for (const localId of ids) applied.set(localId, values);
        if (applied.size === 0) return { stepId: null, changed: 0, applied, notApplicable };
        const changing = [...applied.keys()].sort((a, b) => a - b);
        // Undo compares each draft with what it got: the applied values are kept per draft.
        const perItem = JSON.stringify({ perItem: Object.fromEntries(applied) });
        const stepId = Number(insertStepFromRows(fields).run(changing.length, perItem, now, JSON.stringify(changing)).lastInsertRowid);
        // One UPDATE per set of written fields (a price rule: one per sale method) and one
        // outbox INSERT, each over a JSON list of the drafts with their own values.
        const byFields = new Map<string, { fields: DraftField[]; rows: unknown[][] }>();
        const sentRows: Array<[number, { fields: Record<string, unknown> }]> = [];
        for (const { values, ids } of writes.values()) {
          const written = Object.keys(values) as DraftField[];
          const key = written.join(',');
          const entry = byFields.get(key) ?? { fields: written, rows: [] };
          const columnValues = written.map((f) => toColumnValue(f, values[f]));
          for (const localId of ids) entry.rows.push([localId, ...columnValues]);
          byFields.set(key, entry);
          const sent = sentFields(values);
          if (sent) for (const localId of ids) sentRows.push([localId, { fields: sent }]);
        }
        for (const { fields: written, rows } of byFields.values()) setEach(written).run(now, JSON.stringify(rows));
        if (sentRows.length > 0) {
          requeueMany.run(JSON.stringify(sentRows.map(([localId]) => localId)));
          outbox.enqueueEach(sentRows, 'edit', now, stepId);
        }
        return { stepId, changed: changing.length, applied, notApplicable };
      })();
    },

    /** Records a CSV import as one undoable step (the caller holds the transaction). */
    recordImport(localIds: readonly number[], now: number): number {
      return Number(insertStep.run('csv-import', localIds.length, '{}', JSON.stringify({ localIds }), now).lastInsertRowid);
    },

    lastStep(): BulkStep | undefined {
      const row = lastStep.get() as StepRow | undefined;
      if (!row) return undefined;
      const step: BulkStep = { id: row.id, kind: row.kind, itemCount: row.item_count, created: row.created, undoneAt: row.undone_at };
      const applied: unknown = row.kind === 'bulk-edit' ? JSON.parse(row.applied) : null;
      return isActionStep(applied) ? { ...step, kind: 'bulk-action', action: applied.action } : step;
    },

    /**
     * Undoes a step (by default the latest not undone) in one transaction, with outbox rows for
     * the restored values. A field changed again since the step keeps its newer value: undo
     * never overwrites later work silently, it reports what it skipped.
     */
    undo(stepId?: number, now = Date.now()): UndoResult {
      const ctx = cachedValidationContext(db);
      return db.transaction((): UndoResult => {
        const step = (stepId === undefined ? lastStep.get() : stepById.get(stepId)) as StepRow | undefined;
        if (!step || step.undone_at !== null) throw new DraftError('nothing-to-undo', 'there is no step to undo');
        const skipped: UndoResult['skipped'] = [];
        let restored = 0;
        const applied: unknown = step.kind === 'bulk-edit' ? JSON.parse(step.applied) : null;
        if (isActionStep(applied)) {
          const done = undoAction(step.id, applied, now);
          markUndone.run(now, step.id);
          return { stepId: step.id, restored: done.restored, skipped: done.skipped, action: applied.action };
        }
        if (step.kind === 'csv-import') {
          const { localIds } = JSON.parse(step.applied) as { localIds: number[] };
          for (const localId of localIds) {
            const row = reads.row(localId);
            if (!row || row.deleted_at !== null || row.status !== 'draft') {
              skipped.push({ localId, reason: row ? `item is ${row.deleted_at !== null ? 'deleted' : row.status}` : 'item no longer exists' });
              continue;
            }
            drafts.deleteDraft(localId, now);
            restored++;
          }
        } else {
          // A step of bulkEditEach keeps what each draft got; bulkEdit's the one set of values.
          const stored = JSON.parse(step.applied) as Record<string, unknown> & { perItem?: Record<string, Record<string, unknown>> };
          const previous = JSON.parse(step.previous) as Record<string, Record<string, unknown>>;
          for (const [key, before] of Object.entries(previous)) {
            const localId = Number(key);
            const row = reads.row(localId);
            try {
              assertEditable(row, localId);
            } catch (error) {
              if (!(error instanceof DraftError)) throw error;
              skipped.push({ localId, reason: error.message });
              continue;
            }
            const current = rowFields(row);
            const restore: Record<string, unknown> = {};
            const applied = stored.perItem ? (stored.perItem[key] ?? {}) : stored;
            for (const [field, value] of Object.entries(before)) {
              if (!isDraftField(field) || !Object.hasOwn(applied, field)) continue;
              if (sameValue(current[field], applied[field])) restore[field] = value;
              else skipped.push({ localId, field, reason: 'changed again since this step' });
            }
            const plan = planEdit(current, restore as FieldValues, ctx);
            if (plan.refused.length > 0) {
              skipped.push({ localId, reason: plan.refused.map((p) => p.message).join('; ') });
              continue;
            }
            if (Object.keys(plan.changed).length === 0) continue;
            writeEdit(localId, plan.changed, now, null);
            restored++;
          }
        }
        // A template's application: its items get their previous template back (rules/template-links.ts).
        links.undoStep(step.id);
        markUndone.run(now, step.id);
        return { stepId: step.id, restored, skipped };
      })();
    },
  };
}
