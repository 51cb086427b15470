// The pure bidding engine: no database, no clock. Given an item's rules, the state its accepted
// bids have built, and a new bid, it says whether the bid is taken and what follows. All money
// is whole cents. Invariants kept (and checked by the property tests against a reference model):
// - a plain bid (`automate` 0) is placed as it is: when it leads, the price is its amount;
// - an automatic bid (`automate` 1) is a secret maximum: when it leads after someone else's bid,
//   the price is min(its maximum, max(starting price, next-highest maximum + increase)), the lowest
//   that beats the rest; a leader raising their own automatic maximum leaves the price as it was;
// - a leader's automatic maximum answers a beaten bid (plain or automatic) by the increase, up to
//   that maximum; the leader holds the highest maximum (a plain bid's maximum is its amount), the
//   earlier one on equal maxima;
// - once the leader's maximum reaches the reserve the price is lifted to the reserve (never above
//   that maximum); the price never falls;
// - nothing is accepted at or after the closing instant.
import { defaultIncrease } from './increase-table.ts';

export interface AuctionRules {
  saleMethod: 'auction' | 'buy-now';
  startingPrice: number;
  /** Fixed increase set by a premium seller; null: the default table by price band. */
  minimumIncrease: number | null;
  reservePrice: number | null;
  buyNowPrice: number | null;
  /** Epoch ms; a bid at this instant or later is refused. */
  closingTime: number;
}

/** A bidder's maximum, whether it is automatic (secret) or a plain bid's amount, and the
 * sequence number (bid id) of the bid that set it. */
export interface Standing {
  bidderId: number;
  max: number;
  automatic: boolean;
  seq: number;
}

export interface AuctionState {
  /** Null before the first bid. */
  price: number | null;
  leader: Standing | null;
  /** Highest maximum among everyone but the leader. */
  second: Standing | null;
}

export const NO_BIDS: AuctionState = { price: null, leader: null, second: null };

export interface NewBid {
  bidderId: number;
  amount: number;
  automatic: boolean;
  time: number;
  /** Orders bids: a later bid has a greater seq (the bid id). */
  seq: number;
}

export type BidOutcome =
  | { kind: 'refused'; reason: 'closed' }
  | { kind: 'refused'; reason: 'too_low'; minimum: number }
  | { kind: 'bid'; state: AuctionState; leading: boolean; recordedAmount: number }
  | { kind: 'buy'; price: number };

export function increaseAt(rules: AuctionRules, price: number): number {
  return rules.minimumIncrease ?? defaultIncrease(price);
}

/** Whether a bid may buy at the buy-now price: always on buy-now items; on an auction that has a
 * buy-now price, a plain bid while the price is still under it. */
function buysNow(rules: AuctionRules, state: AuctionState, bid: NewBid): boolean {
  if (rules.saleMethod === 'buy-now') return true;
  if (rules.buyNowPrice === null || bid.automatic) return false;
  return bid.amount >= rules.buyNowPrice && (state.price ?? 0) < rules.buyNowPrice;
}

/** The lowest amount `bidderId` may bid now. */
export function minimumBid(rules: AuctionRules, state: AuctionState, bidderId: number): number {
  if (rules.saleMethod === 'buy-now') return rules.buyNowPrice ?? 0;
  if (state.leader === null || state.price === null) return rules.startingPrice;
  const next = state.price + increaseAt(rules, state.price);
  // The leader may only raise their own maximum.
  return state.leader.bidderId === bidderId ? Math.max(next, state.leader.max + 1) : next;
}

/** The price lifted to the reserve once the leader's maximum reaches it. */
function liftToReserve(rules: AuctionRules, price: number, leaderMax: number): number {
  const reserve = rules.reservePrice;
  return reserve !== null && leaderMax >= reserve && price < reserve ? reserve : price;
}

/** The lowest price at which `leader` beats `other` (an automatic leader bids for itself). */
function chase(rules: AuctionRules, leader: Standing, other: Standing): number {
  return Math.min(leader.max, Math.max(rules.startingPrice, other.max + increaseAt(rules, other.max)));
}

/** Folds one accepted bid into the state. No checks: `applyBid` checks first, and replaying
 * stored bids needs none. */
export function advance(rules: AuctionRules, state: AuctionState, bid: Standing): AuctionState {
  const { leader, second } = state;
  if (leader === null || state.price === null) {
    // The first bid: a plain bid stands at its amount, an automatic one at the starting price.
    const price = bid.automatic ? rules.startingPrice : bid.max;
    return { price: liftToReserve(rules, price, bid.max), leader: bid, second: null };
  }
  if (leader.bidderId === bid.bidderId) {
    // The leader bids again: a higher maximum replaces theirs (an equal one keeps the earlier).
    // An automatic raise leaves the price; a plain bid is placed as it is.
    const raised = bid.max > leader.max ? bid : leader;
    const price = bid.automatic ? state.price : Math.max(state.price, bid.max);
    return { price: liftToReserve(rules, price, raised.max), leader: raised, second };
  }
  if (bid.max > leader.max) {
    // A new leader: a plain bid at its amount, an automatic one just above the old leader.
    const price = bid.automatic ? chase(rules, bid, leader) : bid.max;
    return { price: liftToReserve(rules, price, bid.max), leader: bid, second: leader };
  }
  // The leader stays (an equal maximum loses to the earlier one) and answers by the increase, up
  // to their maximum (a plain leader's maximum is the price itself). Never below the old price:
  // a bid must exceed the price by the increase, and the leader's maximum was at least the price
  // (the property tests check this rather than a clamp here).
  const newSecond = second === null || bid.max >= second.max ? bid : second;
  return { price: liftToReserve(rules, chase(rules, leader, newSecond), leader.max), leader, second: newSecond };
}

export function applyBid(rules: AuctionRules, state: AuctionState, bid: NewBid): BidOutcome {
  if (bid.time >= rules.closingTime) return { kind: 'refused', reason: 'closed' };
  if (buysNow(rules, state, bid)) {
    const price = rules.buyNowPrice ?? 0;
    if (bid.amount < price) return { kind: 'refused', reason: 'too_low', minimum: price };
    return { kind: 'buy', price };
  }
  const minimum = minimumBid(rules, state, bid.bidderId);
  if (bid.amount < minimum) return { kind: 'refused', reason: 'too_low', minimum };
  const next = advance(rules, state, { bidderId: bid.bidderId, max: bid.amount, automatic: bid.automatic, seq: bid.seq });
  const leading = next.leader?.bidderId === bid.bidderId;
  // The record never shows a leader's secret maximum: a leading bid stands at the price (a plain
  // one: its amount), a beaten bid at its own (spent) maximum.
  return { kind: 'bid', state: next, leading, recordedAmount: leading ? (next.price ?? bid.amount) : bid.amount };
}

/** The state built by accepted auction bids, in order. */
export function replayBids(rules: AuctionRules, bids: readonly Standing[]): AuctionState {
  let state = NO_BIDS;
  for (const bid of bids) state = advance(rules, state, bid);
  return state;
}

/** Whether the auction has a winner at its current state: someone leads and the reserve is met. */
export function reserveMet(rules: AuctionRules, state: AuctionState): boolean {
  if (state.leader === null || state.price === null) return false;
  return rules.reservePrice === null || state.price >= rules.reservePrice;
}
