// Closing an item: by the seller (PUT status closed). The trading part extends this with the
// effects of closing (winners, trades); keep it the one function every close goes through.
import type { Service } from '../../service.ts';
import { flushHits } from './hits.ts';

/**
 * Closes a published (or waiting) item at `now`; an item already past its closing time keeps that
 * time as its close. Returns false when the item was not open to close.
 */
export function closeItem(service: Service, itemId: number, now: number): boolean {
  const { db } = service;
  const closed = db.transaction(() => {
    const result = db
      .prepare(
        `UPDATE items SET status = 'closed', closed_at = min(?, coalesce(closing_time, ?)), updated = ?
          WHERE id = ? AND status IN ('published', 'waiting')`,
      )
      .run(now, now, now, itemId);
    return result.changes > 0;
  })();
  if (closed) flushHits(db, itemId);
  return closed;
}
