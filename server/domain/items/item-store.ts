// Writes of the items table for create and edit. Callers run these inside their transaction.
import type { ItemStatus } from '../../../shared/api/index.ts';
import type { Db } from '../../db/open.ts';
import { DATA_COLUMNS, type ItemData } from './item-data.ts';

const columnList = DATA_COLUMNS.join(', ');
const placeholders = DATA_COLUMNS.map(() => '?').join(', ');
const assignments = DATA_COLUMNS.map((c) => `${c} = ?`).join(', ');
const values = (data: ItemData) => DATA_COLUMNS.map((c) => data[c]);

export function insertItem(
  db: Db,
  item: { sellerId: number; status: ItemStatus; data: ItemData; originalId: number | null },
  now: number,
): number {
  const result = db
    .prepare(
      `INSERT INTO items (seller_id, status, original_id, created, updated, ${columnList})
       VALUES (?, ?, ?, ?, ?, ${placeholders})`,
    )
    .run(item.sellerId, item.status, item.originalId, now, now, ...values(item.data));
  return Number(result.lastInsertRowid);
}

export function updateItemData(db: Db, id: number, status: ItemStatus, data: ItemData, now: number): void {
  db.prepare(`UPDATE items SET status = ?, updated = ?, ${assignments} WHERE id = ?`).run(status, now, ...values(data), id);
}

export function countDrafts(db: Db, sellerId: number): number {
  return (db.prepare(`SELECT count(*) AS n FROM items WHERE seller_id = ? AND status = 'draft'`).get(sellerId) as { n: number }).n;
}

export function countImages(db: Db, itemId: number): number {
  return (db.prepare('SELECT count(*) AS n FROM images WHERE item_id = ?').get(itemId) as { n: number }).n;
}
