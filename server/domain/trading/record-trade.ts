// Trades: auction wins, buy-now purchases and accepted offers. The unique (kind, source_id) key
// makes recording idempotent: closing or accepting twice never records a second trade.
import type { Db } from '../../db/open.ts';

export type TradeKind = 'auction' | 'buy-now' | 'offer';

export interface NewTrade {
  itemId: number;
  sellerId: number;
  buyerId: number;
  kind: TradeKind;
  /** The winning bid, the buying bid or the accepted offer. */
  sourceId: number;
  quantity: number;
  /** Per unit, euros. */
  price: number;
}

export interface TradeRow {
  id: number;
  item_id: number;
  seller_id: number;
  buyer_id: number;
  kind: TradeKind;
  source_id: number;
  quantity: number;
  price: number;
  created: number;
}

/** Records a trade once; returns its id (the existing one when it was already recorded). The
 * item's sold and left quantities move only when the trade is new. */
export function recordTrade(db: Db, trade: NewTrade, now: number): number {
  const inserted = db
    .prepare(
      `INSERT INTO trades (item_id, seller_id, buyer_id, kind, source_id, quantity, price, created)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (kind, source_id) DO NOTHING`,
    )
    .run(trade.itemId, trade.sellerId, trade.buyerId, trade.kind, trade.sourceId, trade.quantity, trade.price, now);
  if (inserted.changes === 1) {
    db.prepare(
      `UPDATE items SET sold_quantity = sold_quantity + ?, quantity_left = max(coalesce(quantity_left, quantity, 1) - ?, 0),
         updated = ? WHERE id = ?`,
    ).run(trade.quantity, trade.quantity, now, trade.itemId);
    return Number(inserted.lastInsertRowid);
  }
  const existing = db.prepare('SELECT id FROM trades WHERE kind = ? AND source_id = ?').get(trade.kind, trade.sourceId) as { id: number };
  return existing.id;
}

export function tradesOfItem(db: Db, itemId: number): TradeRow[] {
  return db.prepare('SELECT * FROM trades WHERE item_id = ? ORDER BY id').all(itemId) as TradeRow[];
}

export function itemHasTrade(db: Db, itemId: number): boolean {
  return db.prepare('SELECT 1 FROM trades WHERE item_id = ? LIMIT 1').get(itemId) !== undefined;
}
