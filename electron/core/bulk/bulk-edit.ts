// Bulk edit: one or more fields set on a selection of drafts, validated, written with their
// outbox rows and an undo record in ONE transaction, and undone as one step. Each write is also a
// long write's work (issue 41: `*Slices`, run in slices by db/sliced-transaction.ts): it reads and
// writes a few hundred drafts per piece and yields between pieces, so 100,000 drafts never hold
// the core; the plain methods run the same work in one go.
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
import type { BulkAction, UndoSkip } from '../../../shared/ipc/contract.ts';
import { bulkActionUndo } from './bulk-action-undo.ts';
import { runWhole, type SliceProgress, type Slices } from '../db/sliced-transaction.ts';
import { pieceSizer, progressEvery, type PieceSizer } from '../db/pieces.ts';
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

/** What bulkEditEach did: the step, how many drafts changed, what each got, where it did not apply. */
export interface EachResult {
  stepId: number | null;
  changed: number;
  applied: Map<number, FieldValues>;
  notApplicable: number[];
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

/** Drafts read (planned) in the first piece of a bulk write, and written in the first (then sized as they go: db/pieces.ts). */
const PLAN_PIECE = 100;
const WRITE_PIECE = 50;

/** The pieces of `items` a sizer cuts, each with its work timed. */
function* pieces<T>(items: readonly T[], sizer: PieceSizer, work: (piece: readonly T[]) => void): Generator<number, void, undefined> {
  for (let start = 0; start < items.length;) {
    const piece = items.slice(start, start + sizer.size);
    sizer.time(piece.length, () => work(piece));
    start += piece.length;
    yield start;
  }
}

/** A bulk write's progress, reported a few times a second: planning is the first half, writing the second. */
function bulkProgress(total: number) {
  const every = progressEvery();
  return (phase: 'plan' | 'write', done: number, of: number): SliceProgress | undefined =>
    every(phase === 'plan' ? done : total + Math.round((done / Math.max(1, of)) * total), 2 * total);
}

/** The not-found refusals of the ids of `unique` missing from `present`. */
function missingOf(unique: readonly number[], present: ReadonlySet<number>): ItemProblems[] {
  return unique.filter((localId) => !present.has(localId))
    .map((localId) => ({ localId, problems: [], reason: `item ${localId} does not exist`, detail: { reason: 'item-not-found' as const, params: { id: localId } } }));
}

/** The refusal of a bulk change (all or nothing): every refused draft with its problems. */
function refusedError(refused: ItemProblems[]): DraftError {
  return new DraftError('validation', `${refused.length} of the selected items cannot take these values`, refused, undefined, { reason: 'items-refused', params: { count: refused.length } });
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

/**
 * A CSV import's one undo step, in one statement: an import's last slice does not prepare the
 * whole of bulkWrites (60 to 400 ms on a fresh connection at load 16, issue 41).
 */
export function recordImportStep(db: Db, localIds: readonly number[], now: number): number {
  const insert = db.prepare(`INSERT INTO bulk_steps (kind, item_count, previous, applied, created) VALUES ('csv-import', ?, '{}', ?, ?)`);
  return Number(insert.run(localIds.length, JSON.stringify({ localIds }), now).lastInsertRowid);
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
  /** A step's `previous`, read by SQLite from a piece's rows before they change: {localId: {field: value}}. */
  const previousOf = (fields: readonly DraftField[]): Database.Statement => statements(`previous:${fields.join(',')}`, () => {
    const pairs = fields.map((f) => `'${f}', ${FIELD_SPECS[f].kind === 'list' ? `json(${FIELD_SPECS[f].column})` : FIELD_SPECS[f].column}`).join(', ');
    return db.prepare(`SELECT json_group_object(local_id, json_object(${pairs})) FROM items WHERE local_id IN (SELECT value FROM json_each(?))`).pluck();
  });
  // The undo record a piece at a time (migration 24): never one string of every draft's values.
  const insertPiece = db.prepare(`INSERT INTO bulk_step_pieces (step_id, piece, previous, applied) VALUES (?, ?, ?, ?)`);
  const pieceOf = db.prepare(`SELECT previous, applied FROM bulk_step_pieces WHERE step_id = ? AND piece = ?`);
  const piecesOf = db.prepare(`SELECT count(*) FROM bulk_step_pieces WHERE step_id = ?`).pluck();
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

  type ValuesById = Record<string, Record<string, unknown>>;
  /**
   * A bulk-edit step's undo record, a piece at a time: its pieces (migration 24), or the one
   * record a step made before kept in its row. `perItem`: what each draft got (bulkEditEach).
   */
  function* undoRecord(step: StepRow, stored: { perItem?: ValuesById }): Generator<{ previous: ValuesById; perItem: ValuesById }, void, undefined> {
    const count = piecesOf.get(step.id) as number;
    if (count === 0) {
      yield { previous: JSON.parse(step.previous) as ValuesById, perItem: stored.perItem ?? {} };
      return;
    }
    for (let piece = 0; piece < count; piece++) {
      const row = pieceOf.get(step.id, piece) as { previous: string; applied: string | null };
      yield { previous: JSON.parse(row.previous) as ValuesById, perItem: row.applied === null ? {} : JSON.parse(row.applied) as ValuesById };
    }
  }

  const writes = {
    /**
     * Sets the same values on every selected item. All or nothing: if one item is unknown, not
     * editable, or would get a problem it did not have, nothing is written and every refused
     * item is reported. Items that already hold the values are left alone (no outbox row).
     */
    bulkEdit(localIds: readonly number[], changes: Readonly<Record<string, unknown>>, now = Date.now()): { stepId: number | null; changed: number } {
      return runWhole(db, () => writes.bulkEditSlices(localIds, changes, now));
    },

    /**
     * What bulkEdit would do, nothing written: the drafts that would change (sorted) and the
     * refused ones (sorted, empty when it may go ahead). Its previews read this very plan.
     */
    *planBulkEditSlices(unique: readonly number[], values: FieldValues): Slices<{ refused: ItemProblems[]; changing: number[] }> {
      const fields = Object.keys(values) as DraftField[];
      const ctx = cachedValidationContext(db);
      // Rows with the same state and the same values of the fields that matter are planned
      // once: validation is pure, and thousands of drafts have few distinct combinations.
      const plans = new Map<string, { refused: ItemProblems['problems']; changes: boolean }>();
      const refused: ItemProblems[] = [];
      const changing: number[] = [];
      const progress = bulkProgress(unique.length);
      for (const planned of pieces(unique, pieceSizer(PLAN_PIECE), (piece) => {
        const groups = reads.bulkGroups(piece, fieldsForRules(fields));
        let found = 0;
        for (const group of groups) {
          found += group.localIds.length;
          if (!editableOrRefused(group, refused)) continue;
          const key = JSON.stringify([group.status, group.fields]);
          let plan = plans.get(key);
          if (plan === undefined) {
            const edit = planEdit(group.fields, values, ctx, false);
            plan = { refused: edit.refused, changes: Object.keys(edit.changed).length > 0 };
            plans.set(key, plan);
          }
          if (plan.refused.length > 0) for (const localId of group.localIds) refused.push({ localId, problems: plan.refused });
          else if (plan.changes) changing.push(...group.localIds);
        }
        if (found < piece.length) refused.push(...missingOf(piece, new Set(groups.flatMap((g) => g.localIds))));
      })) yield progress('plan', planned, unique.length);
      refused.sort((a, b) => a.localId - b.localId);
      changing.sort((a, b) => a - b);
      return { refused, changing };
    },

    /** bulkEdit as a long write's work (the caller holds the transaction). */
    *bulkEditSlices(localIds: readonly number[], changes: Readonly<Record<string, unknown>>, now = Date.now()): Slices<{ stepId: number | null; changed: number }> {
      const { values, problems } = parseChanges(changes);
      if (problems.length > 0) throw new DraftError('validation', 'invalid values', [{ localId: 0, problems }], undefined, { reason: 'invalid-values' });
      const fields = Object.keys(values) as DraftField[];
      const unique = [...new Set(localIds)];
      const { refused, changing } = yield* writes.planBulkEditSlices(unique, values);
      if (refused.length > 0) throw refusedError(refused);
      if (changing.length === 0) return { stepId: null, changed: 0 };
      const stepId = Number(insertStep.run('bulk-edit', changing.length, '{}', JSON.stringify(values), now).lastInsertRowid);
      // Local-only values (the SKU) are not the service's: nothing to queue for them alone.
      const sent = sentFields(values);
      let n = 0;
      const progress = bulkProgress(unique.length);
      for (const written of pieces(changing, pieceSizer(WRITE_PIECE), (piece) => {
        const ids = JSON.stringify(piece);
        // The undo record is read from the rows before they change, in the same transaction.
        insertPiece.run(stepId, n++, previousOf(fields).get(ids) as string, null);
        // Set-based writes: every changing item gets all the values (a field that already held
        // its value is rewritten with it), and one outbox row with the same payload.
        setMany(fields).run(...fields.map((f) => toColumnValue(f, values[f])), now, ids);
        if (sent) {
          requeueMany.run(ids);
          outbox.enqueueMany(piece, 'edit', { fields: sent }, now, stepId);
        }
      })) yield progress('write', written, changing.length);
      return { stepId, changed: changing.length };
    },

    /**
     * Sets values that differ per draft (a price rule, a find and replace): `valuesFor` is asked
     * once per group of drafts with the same values of `fields` and the fields their rules read,
     * null where the change does not apply. All or nothing like bulkEdit, one undo step, and the
     * writes stay set-based: drafts getting the same values are written by one statement.
     */
    bulkEditEach(
      localIds: readonly number[], fields: readonly DraftField[], valuesFor: (current: DraftFields) => FieldValues | null, now = Date.now(),
    ): EachResult {
      return runWhole(db, () => writes.bulkEditEachSlices(localIds, fields, valuesFor, now));
    },

    /**
     * What bulkEditEach would do, nothing written: each changing draft's values, the drafts the
     * change does not apply to, and the refused ones (sorted). Its previews read this very plan.
     */
    *planEachSlices(
      unique: readonly number[], fields: readonly DraftField[], valuesFor: (current: DraftFields) => FieldValues | null,
    ): Slices<{ refused: ItemProblems[]; notApplicable: number[]; applied: Map<number, FieldValues> }> {
      const ctx = cachedValidationContext(db);
      const refused: ItemProblems[] = [];
      const notApplicable: number[] = [];
      const writesOf = new Map<string, { values: FieldValues; ids: number[] }>();
      // Each group of equal drafts is planned once, also when a piece boundary splits it.
      const plans = new Map<string, { kind: 'not-applicable' } | { kind: 'refused'; problems: ItemProblems['problems'] } | { kind: 'write'; key: string; values: FieldValues } | { kind: 'same' }>();
      const progress = bulkProgress(unique.length);
      for (const planned of pieces(unique, pieceSizer(PLAN_PIECE), (piece) => {
        const present = new Set<number>();
        for (const group of reads.bulkGroups(piece, fieldsForRules(fields))) {
          for (const localId of group.localIds) present.add(localId);
          if (!editableOrRefused(group, refused)) continue;
          const groupKey = JSON.stringify([group.status, group.fields]);
          let plan = plans.get(groupKey);
          if (plan === undefined) {
            const computed = valuesFor(group.fields);
            if (computed === null) plan = { kind: 'not-applicable' };
            else {
              // Computed values meet the same bounds (ItemInput) as typed ones.
              const { values, problems } = parseChanges(computed);
              const edit = planEdit(group.fields, values, ctx, false);
              const refusals = [...problems, ...edit.refused];
              plan = refusals.length > 0 ? { kind: 'refused', problems: refusals }
                : Object.keys(edit.changed).length > 0 ? { kind: 'write', key: JSON.stringify(edit.changed), values: edit.changed } : { kind: 'same' };
            }
            plans.set(groupKey, plan);
          }
          switch (plan.kind) {
            case 'not-applicable':
              notApplicable.push(...group.localIds);
              break;
            case 'refused':
              for (const localId of group.localIds) refused.push({ localId, problems: plan.problems });
              break;
            case 'write': {
              const write = writesOf.get(plan.key) ?? { values: plan.values, ids: [] };
              write.ids.push(...group.localIds);
              writesOf.set(plan.key, write);
              break;
            }
            case 'same':
              break;
            default: {
              const never: never = plan;
              throw new Error(`unknown plan ${JSON.stringify(never)}`);
            }
          }
        }
        refused.push(...missingOf(piece, present));
      })) yield progress('plan', planned, unique.length);
      refused.sort((a, b) => a.localId - b.localId);
      const applied = new Map<number, FieldValues>();
      for (const { values, ids } of writesOf.values()) for (const localId of ids) applied.set(localId, values);
      return { refused, notApplicable, applied };
    },

    /** bulkEditEach as a long write's work (the caller holds the transaction). */
    *bulkEditEachSlices(
      localIds: readonly number[], fields: readonly DraftField[], valuesFor: (current: DraftFields) => FieldValues | null, now = Date.now(),
    ): Slices<EachResult> {
      const unique = [...new Set(localIds)];
      const { refused, notApplicable, applied } = yield* writes.planEachSlices(unique, fields, valuesFor);
      if (refused.length > 0) throw refusedError(refused);
      if (applied.size === 0) return { stepId: null, changed: 0, applied, notApplicable };
      const changing = [...applied.keys()].sort((a, b) => a - b);
      // Undo compares each draft with what it got: the applied values are kept per draft, in the
      // record's pieces (an empty perItem here says so).
      const stepId = Number(insertStep.run('bulk-edit', changing.length, '{}', JSON.stringify({ perItem: {} }), now).lastInsertRowid);
      let n = 0;
      const progress = bulkProgress(unique.length);
      for (const written of pieces(changing, pieceSizer(WRITE_PIECE), (piece) => {
        const perItem = JSON.stringify(Object.fromEntries(piece.map((localId) => [localId, applied.get(localId)])));
        insertPiece.run(stepId, n++, previousOf(fields).get(JSON.stringify(piece)) as string, perItem);
        // One UPDATE per set of written fields (a price rule: one per sale method) and one
        // outbox INSERT, each over a JSON list of the piece's drafts with their own values.
        const byFields = new Map<string, { fields: DraftField[]; rows: unknown[][] }>();
        const sentRows: Array<[number, { fields: Record<string, unknown> }]> = [];
        for (const localId of piece) {
          const values = applied.get(localId) as FieldValues;
          const written = Object.keys(values) as DraftField[];
          const key = written.join(',');
          const entry = byFields.get(key) ?? { fields: written, rows: [] };
          entry.rows.push([localId, ...written.map((f) => toColumnValue(f, values[f]))]);
          byFields.set(key, entry);
          const sent = sentFields(values);
          if (sent) sentRows.push([localId, { fields: sent }]);
        }
        for (const { fields: written, rows } of byFields.values()) setEach(written).run(now, JSON.stringify(rows));
        if (sentRows.length > 0) {
          requeueMany.run(JSON.stringify(sentRows.map(([localId]) => localId)));
          outbox.enqueueEach(sentRows, 'edit', now, stepId);
        }
      })) yield progress('write', written, changing.length);
      return { stepId, changed: changing.length, applied, notApplicable };
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
      return runWhole(db, () => writes.undoSlices(stepId, now));
    },

    /** undo as a long write's work (the caller holds the transaction): yields between drafts. */
    *undoSlices(stepId?: number, now = Date.now()): Slices<UndoResult> {
      const ctx = cachedValidationContext(db);
      const step = (stepId === undefined ? lastStep.get() : stepById.get(stepId)) as StepRow | undefined;
      if (!step || step.undone_at !== null) throw new DraftError('nothing-to-undo', 'there is no step to undo');
      const skipped: UndoResult['skipped'] = [];
      let restored = 0;
      const applied: unknown = step.kind === 'bulk-edit' ? JSON.parse(step.applied) : null;
      if (isActionStep(applied)) {
        const done = yield* undoAction(step.id, applied, now);
        markUndone.run(now, step.id);
        return { stepId: step.id, restored: done.restored, skipped: done.skipped, action: applied.action };
      }
      if (step.kind === 'csv-import') {
        const { localIds } = JSON.parse(step.applied) as { localIds: number[] };
        const progress = progressEvery();
        for (const [i, localId] of localIds.entries()) {
          yield progress(i, localIds.length);
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
        const progress = progressEvery();
        const total = step.item_count;
        let done = 0;
        for (const record of undoRecord(step, stored)) {
          for (const [key, before] of Object.entries(record.previous)) {
            yield progress(done++, total);
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
            const applied = stored.perItem ? (record.perItem[key] ?? {}) : stored;
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
      }
      // A template's application: its items get their previous template back (rules/template-links.ts).
      links.undoStep(step.id);
      markUndone.run(now, step.id);
      return { stepId: step.id, restored, skipped };
    },
  };
  return writes;
}
