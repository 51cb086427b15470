// A user's favorite items. Only items anyone may see (published or closed) can be added; the list
// shows them by status like a search (open: published and not past closing; closed: the rest).
import type { Db } from '../db/open.ts';
import { closedItemSql, openItemSql } from './items/open-closed-sql.ts';

/** Items that are public: others may look at them and keep them as favorites. */
export const PUBLIC_STATUSES = ['published', 'closed'] as const;

export function isPublicItem(db: Db, itemId: number): boolean {
  const row = db.prepare('SELECT status FROM items WHERE id = ?').get(itemId) as { status: string } | undefined;
  return row !== undefined && (PUBLIC_STATUSES as readonly string[]).includes(row.status);
}

/** Idempotent: adding an item twice keeps the first time it was added. */
export function addFavorite(db: Db, userId: number, itemId: number, now: number): void {
  db.prepare('INSERT OR IGNORE INTO favorites (user_id, item_id, created) VALUES (?, ?, ?)').run(userId, itemId, now);
}

/** Whether the item was among the favorites. */
export function removeFavorite(db: Db, userId: number, itemId: number): boolean {
  return db.prepare('DELETE FROM favorites WHERE user_id = ? AND item_id = ?').run(userId, itemId).changes > 0;
}

export interface FavoritePage {
  ids: number[];
  totalCount: number;
}

/** Newest favorite first; ties by item id. */
export function listFavorites(
  db: Db,
  userId: number,
  status: 'open' | 'closed',
  page: { limit: number; offset: number },
  now: number,
): FavoritePage {
  const where = `f.user_id = @user AND ${status === 'open' ? openItemSql() : closedItemSql()}`;
  const params = { user: userId, now };
  const from = 'favorites f JOIN items i ON i.id = f.item_id';
  const { n } = db.prepare(`SELECT count(*) AS n FROM ${from} WHERE ${where}`).get(params) as { n: number };
  const ids = db
    .prepare(`SELECT i.id FROM ${from} WHERE ${where} ORDER BY f.created DESC, i.id DESC LIMIT @limit OFFSET @offset`)
    .pluck()
    .all({ ...params, ...page }) as number[];
  return { ids, totalCount: n };
}
