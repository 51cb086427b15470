// The bridge between item rows and the pure bidding engine: an item's rules in cents, and the
// state its stored bids build when replayed in order.
import type { Db } from '../../db/open.ts';
import { replayBids, type AuctionRules, type AuctionState, type Standing } from '../bidding/engine.ts';
import { toCents } from '../bidding/increase-table.ts';
import type { ItemRow } from '../items/item-row.ts';
import { prepared } from './statements.ts';

export function rulesOf(item: ItemRow): AuctionRules {
  const cents = (v: number | null) => (v === null ? null : toCents(v));
  return {
    saleMethod: item.sale_method === 'buy-now' ? 'buy-now' : 'auction',
    startingPrice: cents(item.starting_price) ?? 0,
    minimumIncrease: cents(item.minimum_increase),
    reservePrice: cents(item.reserve_price),
    buyNowPrice: cents(item.buy_now_price),
    // An item without a closing time takes no bids.
    closingTime: item.closing_time ?? Number.NEGATIVE_INFINITY,
  };
}

/** The auction's state from its bids (ids order them). Buy-now items have no auction state. */
export function auctionStateOf(db: Db, item: ItemRow): AuctionState {
  if (item.sale_method === 'buy-now') return replayBids(rulesOf(item), []);
  const rows = prepared(db, 'SELECT bidder_id, max_amount, automatic, id FROM bids WHERE item_id = ? ORDER BY id')
    .raw(true)
    .all(item.id) as Array<[number, number, number, number]>;
  const bids: Standing[] = rows.map(([bidderId, max, automatic, seq]) => ({ bidderId, max: toCents(max), automatic: automatic === 1, seq }));
  return replayBids(rulesOf(item), bids);
}
