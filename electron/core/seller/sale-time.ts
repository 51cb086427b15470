// When a closed item was sold, for the dashboard's sales per week. The service keeps an item's
// scheduled closing time when it closes early, so the closing time alone would put a sale made
// on Monday into the week the item was scheduled to close.
import { optionalTimestamp as time } from '../api/session.ts';

export interface SoldItemFacts {
  sale_method: string | null;
  buy_now_price: number | null;
  /** The scheduled closing time (epoch ms). */
  closing: number | null;
  /** The highest accepted offer's amount and when it was accepted (its `updated`). */
  offer_amount: number | null;
  offer_accepted: string | null;
  /** The highest bid: its amount and time. */
  top_bid: number | null;
  last_bid: string | null;
}

/**
 * An accepted offer dates the sale by its acceptance; a buy-now purchase (a buy-now item, or an
 * auction whose top bid reached its buy-now price) by the buying bid; an auction that closed
 * before its scheduled time by its last bid; an auction that ran its course by its closing time.
 */
export function saleTime(r: SoldItemFacts, now: number): number | null {
  const closing = r.closing;
  if (r.offer_amount !== null) return time(r.offer_accepted) ?? closing;
  const boughtNow = r.sale_method === 'buy-now' || (r.buy_now_price !== null && r.top_bid !== null && r.top_bid >= r.buy_now_price);
  const closedEarly = closing !== null && closing > now;
  if (boughtNow || closedEarly) return time(r.last_bid) ?? closing;
  return closing;
}
