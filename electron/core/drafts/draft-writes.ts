// Write path of drafts: create, edit (one field or many), delete. Each local change and its
// outbox row are written in ONE transaction: after a crash at any instant there are both or
// neither.
import type Database from 'better-sqlite3';
import { settingsCache } from '../cache/settings-cache.ts';
import type { Db } from '../db/open-account-db.ts';
import { statementCache } from '../../../shared/sqlite/statement-cache.ts';
import { outboxStatements } from '../outbox/outbox.ts';
import type { ValidationContext, Problem } from '../validation/validate-draft.ts';
import { validateDraft } from '../validation/validate-draft.ts';
import { DraftError } from './draft-error.ts';
import { DRAFT_FIELDS, FIELD_SPECS, isLocalOnly, restFieldsOf, toColumnValue, type DraftField, type DraftFields } from './fields.ts';
import { itemReads, rowFields, type ItemRow } from './item-rows.ts';
import { parseChanges, planEdit, type FieldValues } from './plan-edit.ts';
import { EDITABLE_STATUSES, SQL_STATE_AFTER_LOCAL_CHANGE } from './sync-state.ts';

export interface EditResult {
  /** The fields that changed (an edit to the same values changes nothing and queues nothing). */
  changed: FieldValues;
  /** Every problem of the saved draft; 'required' ones must be fixed before publishing. */
  problems: Problem[];
}

/**
 * The validation context from the cache: settings and category levels (image counts per item),
 * as of this call, like the settings: a caller takes it once for a page or an operation.
 */
export function cachedValidationContext(db: Db): ValidationContext {
  const cache = settingsCache(db);
  const categories = cache.categoryIndex();
  return { rules: cache.rules(), categoryLevel: (id) => categories.get(id)?.level };
}

/** Checks that an item exists, is not deleted and may be edited (draft or preview, as the service requires). */
export function assertEditable<R extends Pick<ItemRow, 'status' | 'deleted_at'>>(row: R | undefined, localId: number): asserts row is R {
  if (!row || row.deleted_at !== null) throw new DraftError('not-found', `item ${localId} does not exist`, [], undefined, { reason: 'item-not-found', params: { id: localId } });
  if (!EDITABLE_STATUSES.includes(row.status)) {
    throw new DraftError('state', `item ${localId} is ${row.status}: item data can be edited only in draft or preview`, [], undefined, { reason: 'edit-status', params: { status: row.status } });
  }
}

/**
 * An UPDATE of exactly these fields, cached per field set. A change of local-only fields alone
 * (nothing to send) leaves the sync state as it is.
 */
export function updateStatementCache(db: Db) {
  const cache = statementCache();
  return (fields: readonly DraftField[]): Database.Statement => cache(fields.join(','), () => {
    const sets = fields.map((f) => `${FIELD_SPECS[f].column} = ?`).join(', ');
    // Right-hand sides see the old row: a rejected item edited by the user is queued again
    // and its old rejection is cleared.
    return fields.length > 0 && fields.every(isLocalOnly)
      ? db.prepare(`UPDATE items SET ${sets}, updated = ? WHERE local_id = ?`)
      : db.prepare(
        `UPDATE items SET ${sets}${sets ? ', ' : ''}updated = ?, sync_state = ${SQL_STATE_AFTER_LOCAL_CHANGE},
           reject_reason = CASE WHEN sync_state = 'rejected' THEN NULL ELSE reject_reason END,
           reject_field = CASE WHEN sync_state = 'rejected' THEN NULL ELSE reject_field END
         WHERE local_id = ?`,
      );
  });
}

/** The values of an edit that the service is told about; null when there are none to send. */
export function sentFields(changed: FieldValues): FieldValues | null {
  const sent = restFieldsOf(changed);
  return Object.keys(sent).length > 0 ? sent : null;
}

export function draftWrites(db: Db) {
  const reads = itemReads(db);
  const outbox = outboxStatements(db);
  const columns = DRAFT_FIELDS.map((f) => FIELD_SPECS[f].column);
  const insertDraft = db.prepare(
    `INSERT INTO items (status, sync_state, ${columns.join(', ')}, created, updated)
     VALUES ('draft', 'local-only', ${columns.map(() => '?').join(', ')}, ?, ?)`,
  );
  const updateFor = updateStatementCache(db);
  const hardDelete = db.prepare(`DELETE FROM items WHERE local_id = ?`);
  const deleteOutbox = db.prepare(`DELETE FROM outbox WHERE item_local_id = ?`);
  const tombstone = db.prepare(
    `UPDATE items SET deleted_at = ?, updated = ?, sync_state = ${SQL_STATE_AFTER_LOCAL_CHANGE} WHERE local_id = ?`,
  );

  // Many validated drafts in two statements (an import's piece, issue 41): one INSERT over a JSON
  // list of their column values, in order, so their ids come in that order; then their 'create'
  // rows. Two statements instead of two a draft: the full-text index takes each statement's
  // terms as one segment. Each gets its title key here: the key's trigger then leaves it be
  // (cache step 25) instead of writing the draft a second time.
  const titleAt = columns.indexOf(FIELD_SPECS.title.column);
  const insertMany = db.prepare(
    `INSERT INTO items (status, sync_state, ${columns.join(', ')}, title_key, created, updated)
     SELECT 'draft', 'local-only', ${columns.map((_, i) => `value ->> ${i}`).join(', ')}, title_sort_key(value ->> ${titleAt}), ?, ? FROM json_each(?) ORDER BY key
     RETURNING local_id`,
  ).pluck();

  /** A copy is created on the service by its own 'copy' row, so it passes createRow false. */
  function insert(values: FieldValues, now: number, createRow = true): number {
    if (!db.inTransaction) throw new Error('a draft must be inserted in the transaction of its outbox row');
    const params = DRAFT_FIELDS.map((f) => toColumnValue(f, values[f]));
    const localId = Number(insertDraft.run(...params, now, now).lastInsertRowid);
    if (createRow) outbox.enqueue(localId, 'create', { fields: restFieldsOf(values) }, now);
    return localId;
  }

  return {
    /**
     * Creates a local draft (drafts are unlimited locally and never expire). Refused when a
     * value is wrong or not allowed for this account; missing fields are only reported.
     */
    createDraft(raw: Readonly<Record<string, unknown>> = {}, now = Date.now()): { localId: number; problems: Problem[] } {
      const { values, problems: parseProblems } = parseChanges(raw);
      const problems = [...parseProblems, ...validateDraft(values as DraftFields, cachedValidationContext(db))];
      const refused = problems.filter((p) => p.code !== 'required');
      if (refused.length > 0) throw new DraftError('validation', 'the draft has invalid values', [{ localId: 0, problems: refused }]);
      const localId = db.transaction(() => insert(values, now))();
      return { localId, problems };
    },

    /** Inserts already validated drafts (CSV import, copies); the caller holds the transaction. */
    insertValidated: insert,

    /** insertValidated of many drafts at once, each with its 'create' row; their ids in order. */
    insertValidatedMany(many: readonly FieldValues[], now: number): number[] {
      if (!db.inTransaction) throw new Error('drafts must be inserted in the transaction of their outbox rows');
      if (many.length === 0) return [];
      const rows = many.map((values) => DRAFT_FIELDS.map((f) => toColumnValue(f, values[f])));
      const ids = (insertMany.all(now, now, JSON.stringify(rows)) as number[]).sort((a, b) => a - b);
      outbox.enqueueEach(ids.map((localId, i) => [localId, { fields: restFieldsOf(many[i] as FieldValues) }] as const), 'create', now);
      return ids;
    },

    /** Sets one or many fields of one draft or preview item. */
    editDraft(localId: number, raw: Readonly<Record<string, unknown>>, now = Date.now()): EditResult {
      const { values, problems: parseProblems } = parseChanges(raw);
      if (parseProblems.length > 0) throw new DraftError('validation', 'invalid values', [{ localId, problems: parseProblems }]);
      const ctx = cachedValidationContext(db);
      return db.transaction((): EditResult => {
        const row = reads.row(localId);
        assertEditable(row, localId);
        const plan = planEdit(rowFields(row), values, ctx);
        if (plan.refused.length > 0) throw new DraftError('validation', 'the change is not valid', [{ localId, problems: plan.refused }]);
        const fields = Object.keys(plan.changed) as DraftField[];
        if (fields.length === 0) return { changed: {}, problems: plan.problems };
        updateFor(fields).run(...fields.map((f) => toColumnValue(f, plan.changed[f])), now, localId);
        const sent = sentFields(plan.changed);
        if (sent) outbox.enqueue(localId, 'edit', { fields: sent }, now);
        return { changed: plan.changed, problems: plan.problems };
      })();
    },

    /**
     * Deletes a draft (only drafts, as the service requires). A draft that never left this machine is
     * removed with its queued rows; any other is kept as a tombstone until the service confirms.
     */
    deleteDraft(localId: number, now = Date.now()): void {
      db.transaction(() => {
        const row = reads.row(localId);
        if (!row || row.deleted_at !== null) throw new DraftError('not-found', `item ${localId} does not exist`, [], undefined, { reason: 'item-not-found', params: { id: localId } });
        if (row.status !== 'draft') throw new DraftError('state', `item ${localId} is ${row.status}: only drafts can be deleted`, [], undefined, { reason: 'delete-status', params: { status: row.status } });
        if (row.remote_id === null && row.sync_state === 'local-only') {
          deleteOutbox.run(localId);
          hardDelete.run(localId);
          return;
        }
        tombstone.run(now, now, localId);
        outbox.enqueue(localId, 'delete', {}, now);
      })();
    },
  };
}
