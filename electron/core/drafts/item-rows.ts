// Read path of the items table: the row shape, the mapping to fields, lookups by id.
import type { Db } from '../db/open-account-db.ts';
import { statementCache } from '../../../shared/sqlite/statement-cache.ts';
import { DRAFT_FIELDS, FIELD_SPECS, fromColumnValue, type DraftField, type DraftFields } from './fields.ts';
import type { SyncState } from './sync-state.ts';

export interface LocalItem {
  localId: number;
  remoteId: number | null;
  status: string;
  syncState: SyncState;
  rejectReason: string | null;
  rejectField: string | null;
  /** The refusal's machine code (service or API client), for the seller's words. */
  rejectCode: string | null;
  fields: DraftFields;
  created: number;
  updated: number;
  deletedAt: number | null;
  /**
   * How much of the item the cache has read (issue 38): 'full', or only its list summary
   * ('summary'; 'sold': one the marketplace lists as sold; 'wanted': one a rule needs read), whose
   * fields the summary does not tell are unknown, not empty (sync/summary-fields.ts).
   */
  detail: ItemDetail;
}

export type ItemDetail = 'full' | 'summary' | 'sold' | 'wanted';

export type ItemRow = Record<string, unknown> & {
  local_id: number;
  remote_id: number | null;
  status: string;
  sync_state: SyncState;
  reject_reason: string | null;
  reject_field: string | null;
  reject_code: string | null;
  created: number;
  updated: number;
  deleted_at: number | null;
  detail: ItemDetail;
};

export const ITEM_COLUMNS = [
  'local_id', 'remote_id', 'status', 'sync_state', 'reject_reason', 'reject_field', 'reject_code', 'created', 'updated', 'deleted_at', 'detail',
  ...DRAFT_FIELDS.map((f) => FIELD_SPECS[f].column),
].join(', ');

/** Items of a bulk selection that share a status and the values of some fields. */
export interface BulkGroup {
  status: string;
  /** Non-null when the items are deleted (tombstones). */
  deleted_at: number | null;
  fields: DraftFields;
  localIds: number[];
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
    rejectCode: row.reject_code,
    fields: rowFields(row),
    created: row.created,
    updated: row.updated,
    deletedAt: row.deleted_at,
    detail: row.detail,
  };
}

export function itemReads(db: Db) {
  const byId = db.prepare(`SELECT ${ITEM_COLUMNS} FROM items WHERE local_id = ?`);
  const bulkStatements = statementCache();
  const drafts = db.prepare(`SELECT ${ITEM_COLUMNS} FROM items WHERE status = 'draft' AND deleted_at IS NULL ORDER BY local_id`);
  const imageCount = db.prepare(`SELECT count(*) FROM images WHERE item_local_id = ? AND prep_state <> 'failed'`).pluck();
  // A page of the grid is read with these two, not a statement per row: the ids go in as one
  // JSON list, the items come back in its order (an id no longer there is left out).
  const inOrder = db.prepare(
    `SELECT ${ITEM_COLUMNS} FROM json_each(?) AS page CROSS JOIN items ON items.local_id = page.value ORDER BY page.key`,
  );
  const imageCounts = db.prepare(
    `SELECT item_local_id, count(*) FROM images
     WHERE item_local_id IN (SELECT value FROM json_each(?)) AND prep_state <> 'failed' GROUP BY item_local_id`,
  ).raw();
  return {
    row: (localId: number) => byId.get(localId) as ItemRow | undefined,
    /**
     * Many items grouped by status and by the values of the named fields, in one statement:
     * a bulk edit validates each group once, and raw rows of a few columns keep the read
     * close to free next to the writes.
     */
    bulkGroups(localIds: readonly number[], fields: readonly DraftField[]): BulkGroup[] {
      const statement = bulkStatements(fields.join(','), () => {
        const columns = ['status', 'deleted_at IS NOT NULL', ...fields.map((f) => FIELD_SPECS[f].column)].join(', ');
        return db.prepare(
          `SELECT ${columns}, json_group_array(local_id) FROM items
           WHERE local_id IN (SELECT value FROM json_each(?)) GROUP BY ${columns}`,
        ).raw();
      });
      return (statement.all(JSON.stringify(localIds)) as unknown[][]).map((raw) => {
        const values: Record<string, unknown> = {};
        for (let i = 0; i < fields.length; i++) {
          const field = fields[i] as DraftField;
          const value = raw[2 + i];
          if (value !== null) values[field] = fromColumnValue(field, value);
        }
        return {
          status: raw[0] as string,
          deleted_at: raw[1] === 1 ? 1 : null,
          fields: values as DraftFields,
          localIds: JSON.parse(raw[2 + fields.length] as string) as number[],
        };
      });
    },
    item(localId: number): LocalItem | undefined {
      const row = byId.get(localId) as ItemRow | undefined;
      return row ? toLocalItem(row) : undefined;
    },
    /** These items in the order given, in one statement; ids that are not in the cache are left out. */
    items: (localIds: readonly number[]): LocalItem[] => (inOrder.all(JSON.stringify(localIds)) as ItemRow[]).map(toLocalItem),
    drafts: () => (drafts.all() as ItemRow[]).map(toLocalItem),
    imageCount: (localId: number) => imageCount.get(localId) as number,
    /** The image counts of many items in one statement (imageCount's count; an item without images is absent). */
    imageCounts: (localIds: readonly number[]): Map<number, number> => new Map(imageCounts.all(JSON.stringify(localIds)) as Array<[number, number]>),
  };
}
