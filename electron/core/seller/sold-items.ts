// The seller's sales as the cache knows them: every unit sold, whatever the item's status now (an
// item of three units with two sold is still open), with when, to whom, at what price and how.
// A sale is one trade as the marketplace records it: an accepted offer (one unit of a buy-now
// item, or the whole auction), a purchase at the buy-now price (its bid says how many units), or
// an auction won. The dashboard's figures and the Sales screen's table and CSV are all read from
// here, so they count the same sales.
import type { Db } from '../db/open-account-db.ts';
import { optionalTimestamp as time } from '../api/session.ts';
import { saleTime, type SoldItemFacts } from './sale-time.ts';

export type SaleKind = 'auction' | 'buy-now' | 'offer';

export interface SoldItem {
  /** The sale's own key: `offer:<offer id>`, `bid:<buying bid id>`, `item:<local id>` (an auction won). */
  saleId: string;
  localId: number;
  remoteId: number | null;
  title: string | null;
  categoryId: number | null;
  category: string;
  /** Epoch ms; null when no time of the sale could be read. */
  soldAt: number | null;
  buyer: string | null;
  quantity: number;
  /** Euros per unit, and for the whole sale (units × unit price, to the cent). */
  unitPrice: number;
  price: number;
  kind: SaleKind;
  /** The item is closed (for the sell-through of closed items). */
  closed: boolean;
}

/**
 * Whether the closed item `i` (the cache's items table) sold, in SQL, however its counters read:
 * bids that met the reserve (or none was set); a buy-now item bought out (its quantity left is 0)
 * or with a cached buying bid, even when its bidder count says 0 (a service may record a purchase
 * without counting the buyer as a bidder); or an accepted offer. The Sales screen, the
 * dashboard and "relist unsold" all read "sold" from here, so they agree.
 */
export const SOLD_SQL = `(
  (i.bidder_count > 0 AND (coalesce(i.has_reserve, 0) = 0
                           OR i.reserve_met = 1))
  OR (i.sale_method = 'buy-now' AND (i.units_left = 0
                                     OR EXISTS (SELECT 1 FROM bids b WHERE b.item_remote_id = i.remote_id)))
  OR EXISTS (SELECT 1 FROM offers o WHERE o.item_remote_id = i.remote_id AND o.status = 'accepted'))`;

const ITEM_COLUMNS = `i.local_id, i.remote_id, i.title, i.category_id, i.status = 'closed' AS closed,
  coalesce(c.title, 'Category ' || i.category_id, 'No category') AS category`;
const CATEGORY_JOIN = `LEFT JOIN categories c ON c.id = i.category_id`;

interface ItemColumns {
  local_id: number;
  remote_id: number | null;
  title: string | null;
  category_id: number | null;
  closed: number;
  category: string;
}
/** A trade read from its own record: an accepted offer or a buying bid. */
interface TradeRow extends ItemColumns {
  sale_id: string;
  at: string | null;
  /** Epoch ms. */
  closing: number | null;
  buyer: string;
  unit_price: number;
  quantity: number;
  kind: 'offer' | 'buy-now';
}
/** A closed item sold as a whole: an auction won (or bought at its buy-now price), or a buy-now item bought out whose buying bid is not cached. */
interface WholeRow extends ItemColumns, SoldItemFacts {
  current_price: number | null;
  quantity: number;
  top_bidder: string | null;
}

const cents = (euros: number) => Math.round(euros * 100) / 100;

export function soldItems(db: Db) {
  // Offers accepted on any item: one unit of a buy-now item, the whole auction (the marketplace's rule for an accept).
  const offers = db.prepare(
    `SELECT 'offer:' || o.remote_id AS sale_id, ${ITEM_COLUMNS}, o.changed_at AS at,
            i.closes_at AS closing, o.author AS buyer, o.amount AS unit_price,
            CASE WHEN i.sale_method = 'buy-now' THEN 1 ELSE coalesce(i.quantity, 1) END AS quantity, 'offer' AS kind
       FROM offers o JOIN items i ON i.remote_id = o.item_remote_id ${CATEGORY_JOIN}
      WHERE o.status = 'accepted' AND i.deleted_at IS NULL`,
  );
  // Every bid on a buy-now item is a purchase at its price; the bid says how many units it took.
  const purchases = db.prepare(
    `SELECT 'bid:' || b.remote_id AS sale_id, ${ITEM_COLUMNS}, b.time AS at, i.closes_at AS closing,
            b.bidder AS buyer, b.amount AS unit_price, coalesce(b.units, 1) AS quantity, 'buy-now' AS kind
       FROM bids b JOIN items i ON i.remote_id = b.item_remote_id ${CATEGORY_JOIN}
      WHERE i.sale_method = 'buy-now' AND i.deleted_at IS NULL`,
  );
  const wholes = db.prepare(
    `SELECT ${ITEM_COLUMNS}, i.current_price, i.sale_method, i.buy_now_price, coalesce(i.quantity, 1) AS quantity,
            i.closes_at AS closing, NULL AS offer_amount, NULL AS offer_accepted,
            (SELECT b.time FROM bids b WHERE b.item_remote_id = i.remote_id ORDER BY b.amount DESC LIMIT 1) AS last_bid,
            (SELECT b.bidder FROM bids b WHERE b.item_remote_id = i.remote_id ORDER BY b.amount DESC LIMIT 1) AS top_bidder,
            (SELECT max(b.amount) FROM bids b WHERE b.item_remote_id = i.remote_id) AS top_bid
       FROM items i ${CATEGORY_JOIN}
      WHERE i.status = 'closed' AND i.deleted_at IS NULL AND ${SOLD_SQL}
        AND NOT EXISTS (SELECT 1 FROM offers o WHERE o.item_remote_id = i.remote_id AND o.status = 'accepted')
        AND (i.sale_method IS NOT 'buy-now' OR NOT EXISTS (SELECT 1 FROM bids b WHERE b.item_remote_id = i.remote_id))`,
  );
  const closedCount = db.prepare(`SELECT count(*) FROM items WHERE status = 'closed' AND deleted_at IS NULL`).pluck();

  const item = (r: ItemColumns) => ({
    localId: r.local_id, remoteId: r.remote_id, title: r.title, categoryId: r.category_id, category: r.category, closed: r.closed === 1,
  });

  return {
    /**
     * Every sale (see the file's head); `closedCount`: every closed item, sold or not, and
     * `closedSold`: those with a sale (the sell-through). The service does not say "sold" in an
     * item, so this is the cache's best reading of it: a closed item whose trade is not cached
     * (a buy-now item bought out, its bid never read) is one sale of one unit at its price.
     */
    read(now = Date.now()): { sold: SoldItem[]; closedCount: number; closedSold: number } {
      const sold: SoldItem[] = [];
      for (const r of [...offers.all(), ...purchases.all()] as TradeRow[]) {
        const quantity = Math.max(1, r.quantity);
        sold.push({
          saleId: r.sale_id, ...item(r), soldAt: time(r.at) ?? r.closing, buyer: r.buyer, quantity,
          unitPrice: r.unit_price, price: cents(r.unit_price * quantity), kind: r.kind,
        });
      }
      for (const r of wholes.all() as WholeRow[]) {
        const unitPrice = r.current_price ?? r.buy_now_price ?? r.top_bid;
        if (unitPrice === null) continue;
        const boughtNow = r.sale_method === 'buy-now' || (r.buy_now_price !== null && r.top_bid !== null && r.top_bid >= r.buy_now_price);
        // An auction's price is for the lot; a buy-now item bought out with no bid cached: one unit, the count unknown.
        const quantity = r.sale_method === 'buy-now' ? 1 : Math.max(1, r.quantity);
        sold.push({
          saleId: `item:${r.local_id}`, ...item(r), soldAt: saleTime(r, now), buyer: r.top_bidder, quantity,
          unitPrice: r.sale_method === 'buy-now' ? unitPrice : cents(unitPrice / quantity), price: unitPrice, kind: boughtNow ? 'buy-now' : 'auction',
        });
      }
      const closedSold = new Set(sold.filter((s) => s.closed).map((s) => s.localId)).size;
      return { sold, closedCount: closedCount.get() as number, closedSold };
    },
  };
}

/** The sales in [from, to) (epoch ms; either may be open), newest first. */
export function soldBetween(sold: readonly SoldItem[], from: number | null, to: number | null): SoldItem[] {
  return sold
    .filter((s) => s.soldAt !== null && (from === null || s.soldAt >= from) && (to === null || s.soldAt < to))
    .sort((a, b) => (b.soldAt ?? 0) - (a.soldAt ?? 0) || b.localId - a.localId || (a.saleId < b.saleId ? 1 : -1));
}
