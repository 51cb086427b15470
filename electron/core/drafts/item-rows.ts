// Read path of the items table: the row shape, the mapping to fields, lookups by id.
import type Database from 'better-sqlite3';
import type { Db } from '../db/open-account-db.ts';
import { DRAFT_FIELDS, FIELD_SPECS, fromColumnValue, type DraftField, type DraftFields } from './fields.ts';
import type { SyncState } from './sync-state.ts';

export interface LocalItem {
  localId: number;
  remoteId: number | null;
  status: string;
  syncState: SyncState;
  rejectReason: string | null;
  rejectField: string | null;
  fields: DraftFields;
  created: number;
  updated: number;
  deletedAt: number | null;
}

export type ItemRow = Record<string, unknown> & {
  local_id: number;
  remote_id: number | null;
  status: string;
  sync_state: SyncState;
  reject_reason: string | null;
  reject_field: string | null;
  created: number;
  updated: number;
  deleted_at: number | null;
};

export const ITEM_COLUMNS = [
  'local_id', 'remote_id', 'status', 'sync_state', 'reject_reason', 'reject_field', 'created', 'updated', 'deleted_at',
  ...DRAFT_FIELDS.map((f) => FIELD_SPECS[f].column),
].join(', ');

/** What bulk paths need of a row: the state, and the values of some fields only. */
export interface BulkRow {
  local_id: number;
  status: string;
  deleted_at: number | null;
  fields: DraftFields;
}

export function rowFields(row: Record<string, unknown>): DraftFields {
  const fields: Record<string, unknown> = {};
  for (const field of DRAFT_FIELDS) {
    const value = fromColumnValue(field, row[FIELD_SPECS[field].column]);
    if (value !== null) fields[field] = value;
  }
  return fields as DraftFields;
}

export function toLocalItem(row: ItemRow): LocalItem {
  return {
    localId: row.local_id,
    remoteId: row.remote_id,
    status: row.status,
    syncState: row.sync_state,
    rejectReason: row.reject_reason,
    rejectField: row.reject_field,
    fields: rowFields(row),
    created: row.created,
    updated: row.updated,
    deletedAt: row.deleted_at,
  };
}

export function itemReads(db: Db) {
  const byId = db.prepare(`SELECT ${ITEM_COLUMNS} FROM items WHERE local_id = ?`);
  const bulkStatements = new Map<string, Database.Statement>();
  const drafts = db.prepare(`SELECT ${ITEM_COLUMNS} FROM items WHERE status = 'draft' AND deleted_at IS NULL ORDER BY local_id`);
  const imageCount = db.prepare(`SELECT count(*) FROM images WHERE item_local_id = ? AND prep_state <> 'failed'`).pluck();
  return {
    row: (localId: number) => byId.get(localId) as ItemRow | undefined,
    /**
     * Many items in one statement, with only the named fields: reading raw arrays of a few
     * columns is what keeps a bulk edit of thousands of rows close to a bare UPDATE.
     */
    bulkRows(localIds: readonly number[], fields: readonly DraftField[]): BulkRow[] {
      const key = fields.join(',');
      let statement = bulkStatements.get(key);
      if (!statement) {
        const columns = ['local_id', 'status', 'deleted_at', ...fields.map((f) => FIELD_SPECS[f].column)].join(', ');
        statement = db.prepare(`SELECT ${columns} FROM items WHERE local_id IN (SELECT value FROM json_each(?))`).raw();
        bulkStatements.set(key, statement);
      }
      return (statement.all(JSON.stringify(localIds)) as unknown[][]).map((raw) => {
        const values: Record<string, unknown> = {};
        for (let i = 0; i < fields.length; i++) {
          const field = fields[i] as DraftField;
          const value = raw[3 + i];
          if (value !== null) values[field] = fromColumnValue(field, value);
        }
        return { local_id: raw[0] as number, status: raw[1] as string, deleted_at: raw[2] as number | null, fields: values as DraftFields };
      });
    },
    item(localId: number): LocalItem | undefined {
      const row = byId.get(localId) as ItemRow | undefined;
      return row ? toLocalItem(row) : undefined;
    },
    drafts: () => (drafts.all() as ItemRow[]).map(toLocalItem),
    imageCount: (localId: number) => imageCount.get(localId) as number,
  };
}
