// Republishing (premium sellers' `republish` 1): an item that ran out its time unsold, having been
// open more than 3 days, is published again as a new item with the same data and duration. The
// copy carries republished_from (the sales filter `republished=1` finds it) and republish 0: an
// item is republished once, so an abandoned listing does not circle forever.
import { LIMITS } from '../../../shared/api/index.ts';
import type { Service } from '../../service.ts';
import { copyItemImages } from '../images/copy-images.ts';
import { DATA_COLUMNS } from '../items/item-data.ts';
import { findItem } from '../items/item-row.ts';
import { DAY_MS } from '../time.ts';

/** Set anew on the copy (the INSERT below), so not copied. */
const SET_ON_COPY = new Set<string>(['list_time', 'closing_time', 'republish']);
/** Columns copied unchanged from the original: its seller, its data and its upgrades. */
const COPIED = ['seller_id', ...DATA_COLUMNS.filter((c) => !SET_ON_COPY.has(c)), 'upgrades'].join(', ');

/** Whether the item qualifies; the caller has checked it is closed, ran out and is unsold. */
export function mayRepublish(item: { republish: number; list_time: number | null; closing_time: number | null }): boolean {
  if (item.republish !== 1 || item.list_time === null || item.closing_time === null) return false;
  return item.closing_time - item.list_time > LIMITS.republishMinOpenDays * DAY_MS;
}

/** Publishes the copy and returns its id; null when the item does not qualify or already has a
 * copy. Runs inside the caller's transaction. */
export function republishItem(service: Service, itemId: number, now: number): number | null {
  const { db } = service;
  const item = findItem(db, itemId);
  if (!item || !mayRepublish(item)) return null;
  if (db.prepare('SELECT 1 FROM items WHERE republished_from = ?').get(itemId)) return null;
  const duration = item.closing_time! - item.list_time!;
  const result = db
    .prepare(
      `INSERT INTO items (${COPIED}, status, quantity_left, list_time, closing_time, republish, republished_from, created, updated)
       SELECT ${COPIED}, 'published', quantity, ?, ?, 0, id, ?, ? FROM items WHERE id = ?`,
    )
    .run(now, now + duration, now, now, itemId);
  const newId = Number(result.lastInsertRowid);
  copyItemImages(service, itemId, newId, now);
  return newId;
}
