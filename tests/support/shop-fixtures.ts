// A power seller's shop on the service, written straight into its database (thousands of listings
// in one transaction): open auctions, scheduled ones, closed ones long ago, and closed ones that
// sold at their buy-now price with the buyer's bid and the trade the service records for a sale.
// The first-sync tests (a few hundred) and bench:sync (10,000 and 50,000) share it.
import type { Db } from '../../server/db/open.ts';
import { DAY_MS } from '../../server/domain/time.ts';
import { insertItems, type ItemFixture } from './item-fixtures.ts';

export interface ShopSpec {
  sellerId: number;
  /** A buyer's user id: the sold items' bids and trades are theirs. */
  buyerId: number;
  categoryId: number;
  listings: number;
  /** One listing in `openEvery` is open (the rest closed); the shop: 4. */
  openEvery?: number;
  /** One closed listing in `soldEvery` sold (buy-now, one unit, to the buyer). */
  soldEvery?: number;
  /** Of the open ones, one in `scheduledEvery` waits for a future list time (0: none). */
  scheduledEvery?: number;
  title?: (kind: ShopListingKind, n: number) => string;
}

export type ShopListingKind = 'open' | 'scheduled' | 'sold' | 'unsold';

export interface Shop {
  ids: Record<ShopListingKind, number[]>;
}

/** Inserts the shop's listings (every listing's kind by its number: reproducible). */
export function insertShop(db: Db, spec: ShopSpec, now: number): Shop {
  const openEvery = spec.openEvery ?? 4;
  const soldEvery = spec.soldEvery ?? 10;
  const scheduledEvery = spec.scheduledEvery ?? 0;
  const title = spec.title ?? ((kind, n) => `${kind === 'open' || kind === 'scheduled' ? 'Open' : 'Old'} listing ${n}`);
  const kinds: ShopListingKind[] = [];
  let closed = 0;
  let opened = 0;
  for (let n = 0; n < spec.listings; n++) {
    if (n % openEvery === 0) kinds.push(scheduledEvery > 0 && opened++ % scheduledEvery === 0 ? 'scheduled' : 'open');
    else kinds.push(closed++ % soldEvery === 0 ? 'sold' : 'unsold');
  }
  const fixtures = kinds.map((kind, n): ItemFixture => {
    const base = { seller_id: spec.sellerId, title: title(kind, n), category_id: spec.categoryId, description: `<p>${title(kind, n)}: described in full.</p>` };
    switch (kind) {
      case 'open':
        return base;
      case 'scheduled':
        return { ...base, status: 'waiting', list_time: now + 2 * DAY_MS, closing_time: now + 9 * DAY_MS };
      case 'sold':
        return {
          ...base, status: 'closed', sale_method: 'buy-now', buy_now_price: 25, starting_price: 25, quantity: 1, quantity_left: 0, sold_quantity: 1,
          bidder_count: 1, current_price: 25, list_time: now - 200 * DAY_MS, closing_time: now - 190 * DAY_MS, closed_at: now - 190 * DAY_MS,
        };
      case 'unsold':
        return { ...base, status: 'closed', list_time: now - 200 * DAY_MS, closing_time: now - 190 * DAY_MS, closed_at: now - 190 * DAY_MS };
    }
  });
  const inserted = insertItems(db, fixtures, now);
  const ids: Shop['ids'] = { open: [], scheduled: [], sold: [], unsold: [] };
  inserted.forEach((id, n) => ids[kinds[n]!].push(id));
  // A sale as the service records one: the buyer's buying bid and the trade that names it.
  const bid = db.prepare('INSERT INTO bids (item_id, bidder_id, amount, max_amount, created) VALUES (?, ?, 25, 25, ?)');
  const trade = db.prepare(`INSERT INTO trades (item_id, seller_id, buyer_id, kind, source_id, quantity, price, created) VALUES (?, ?, ?, 'buy-now', ?, 1, 25, ?)`);
  db.transaction(() => {
    for (const id of ids.sold) trade.run(id, spec.sellerId, spec.buyerId, Number(bid.run(id, spec.buyerId, now - 191 * DAY_MS).lastInsertRowid), now - 191 * DAY_MS);
  })();
  return { ids };
}
