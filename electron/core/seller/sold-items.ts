// The seller's sales as the cache knows them: every closed item that sold, with when, to whom, at
// what price and how (won at auction, bought now, an accepted offer). The dashboard's figures and
// the Sales screen's table and CSV are all read from here, so they count the same sales.
import type { Db } from '../db/open-account-db.ts';
import { saleTime, type SoldItemFacts } from './sale-time.ts';

export type SaleKind = 'auction' | 'buy-now' | 'offer';

export interface SoldItem {
  localId: number;
  remoteId: number | null;
  title: string | null;
  categoryId: number | null;
  category: string;
  /** Epoch ms; null when no time of the sale could be read. */
  soldAt: number | null;
  buyer: string | null;
  price: number;
  kind: SaleKind;
}

interface ClosedRow extends SoldItemFacts {
  local_id: number;
  remote_id: number | null;
  title: string | null;
  category_id: number | null;
  current_price: number | null;
  bidder_count: number;
  has_reserve: number | null;
  reserve_met: number | null;
  category: string;
  offer_author: string | null;
  top_bidder: string | null;
  sold: number;
}

/**
 * Whether the closed item `i` (the cache's items table) sold, in SQL, however its counters read:
 * bids that met the reserve (or none was set); a buy-now item bought out (its quantity left is 0)
 * or with a cached buying bid, even when its bidder count says 0 (a service may record a purchase
 * without counting the buyer as a bidder); or an accepted offer. The Sales screen, the
 * dashboard and "relist unsold" all read "sold" from here, so they agree.
 */
export const SOLD_SQL = `(
  (i.bidder_count > 0 AND (coalesce(json_extract(i.server_copy, '$.hasReservePrice'), 0) = 0
                           OR json_extract(i.server_copy, '$.hasReservePriceExceeded') = 1))
  OR (i.sale_method = 'buy-now' AND (json_extract(i.server_copy, '$.quantity') = 0
                                     OR EXISTS (SELECT 1 FROM bids b WHERE b.item_remote_id = i.remote_id)))
  OR EXISTS (SELECT 1 FROM offers o WHERE o.item_remote_id = i.remote_id AND o.status = 'accepted'))`;

export function soldItems(db: Db) {
  const closed = db.prepare(
    `SELECT i.local_id, i.remote_id, i.title, i.category_id, i.current_price, i.bidder_count, i.sale_method, i.buy_now_price,
            json_extract(i.server_copy, '$.closingTime') AS closing,
            json_extract(i.server_copy, '$.hasReservePrice') AS has_reserve, json_extract(i.server_copy, '$.hasReservePriceExceeded') AS reserve_met,
            (SELECT max(o.amount) FROM offers o WHERE o.item_remote_id = i.remote_id AND o.status = 'accepted') AS offer_amount,
            (SELECT json_extract(o.record, '$.updated') FROM offers o WHERE o.item_remote_id = i.remote_id AND o.status = 'accepted'
              ORDER BY o.amount DESC LIMIT 1) AS offer_accepted,
            (SELECT o.author FROM offers o WHERE o.item_remote_id = i.remote_id AND o.status = 'accepted'
              ORDER BY o.amount DESC LIMIT 1) AS offer_author,
            (SELECT b.time FROM bids b WHERE b.item_remote_id = i.remote_id ORDER BY b.amount DESC LIMIT 1) AS last_bid,
            (SELECT b.bidder FROM bids b WHERE b.item_remote_id = i.remote_id ORDER BY b.amount DESC LIMIT 1) AS top_bidder,
            (SELECT max(b.amount) FROM bids b WHERE b.item_remote_id = i.remote_id) AS top_bid,
            coalesce(c.title, 'Category ' || i.category_id, 'No category') AS category,
            ${SOLD_SQL} AS sold
       FROM items i LEFT JOIN categories c ON c.id = i.category_id
      WHERE i.status = 'closed' AND i.deleted_at IS NULL`,
  );

  return {
    /**
     * Sold: see SOLD_SQL; its price is the accepted offer, else the final current price (a
     * buy-now item's is its buy-now price). The service does not say "sold" in an item, so this
     * is the cache's best reading of it. `closedCount`: every closed item, sold or not (for the
     * sell-through).
     */
    read(now = Date.now()): { sold: SoldItem[]; closedCount: number } {
      const rows = closed.all() as ClosedRow[];
      const sold: SoldItem[] = [];
      for (const r of rows) {
        if (r.sold !== 1) continue;
        const price = r.offer_amount ?? r.current_price ?? r.buy_now_price ?? r.top_bid;
        if (price === null) continue;
        const boughtNow = r.sale_method === 'buy-now' || (r.buy_now_price !== null && r.top_bid !== null && r.top_bid >= r.buy_now_price);
        const kind: SaleKind = r.offer_amount !== null ? 'offer' : boughtNow ? 'buy-now' : 'auction';
        sold.push({
          localId: r.local_id, remoteId: r.remote_id, title: r.title, categoryId: r.category_id, category: r.category,
          soldAt: saleTime(r, now), buyer: kind === 'offer' ? r.offer_author : r.top_bidder, price, kind,
        });
      }
      return { sold, closedCount: rows.length };
    },
  };
}

/** The sales in [from, to) (epoch ms; either may be open), newest first. */
export function soldBetween(sold: readonly SoldItem[], from: number | null, to: number | null): SoldItem[] {
  return sold
    .filter((s) => s.soldAt !== null && (from === null || s.soldAt >= from) && (to === null || s.soldAt < to))
    .sort((a, b) => (b.soldAt ?? 0) - (a.soldAt ?? 0) || b.localId - a.localId);
}
