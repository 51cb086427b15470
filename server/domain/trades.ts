// Trading partners: users who have sold to, or bought from, each other. They may see each
// other's address (2.7).
import type { Db } from '../db/open.ts';

export function areTradingPartners(db: Db, userA: number, userB: number): boolean {
  if (userA === userB) return true;
  const row = db
    .prepare(
      `SELECT 1 FROM trades
        WHERE (seller_id = ? AND buyer_id = ?) OR (seller_id = ? AND buyer_id = ?)
        LIMIT 1`,
    )
    .get(userA, userB, userB, userA);
  return row !== undefined;
}
