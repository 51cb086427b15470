// The pure bidding engine: no database, no clock. Given an item's rules, the state its accepted
// bids have built, and a new bid, it says whether the bid is taken and what follows. All money
// is whole cents. Invariants kept (and checked by the property tests against a reference model):
// - every bid is a maximum; a plain bid is a maximum equal to itself;
// - the leader holds the highest maximum, the earlier one on equal maxima;
// - after a bid by anyone but the leader the price is
//   min(leader's maximum, max(starting price, second-highest maximum + increase));
// - a leader raising their own maximum leaves the price as it was;
// - in both cases, once the leader's maximum reaches the reserve the price is lifted to the
//   reserve (never above that maximum); the price never falls;
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

/** A bidder's maximum and the sequence number (bid id) of the bid that set it. */
export interface Standing {
  bidderId: number;
  max: number;
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

/** Folds one accepted bid (a maximum) into the state. No checks: `applyBid` checks first, and
 * replaying stored bids needs none. */
export function advance(rules: AuctionRules, state: AuctionState, bid: Standing): AuctionState {
  const { leader, second } = state;
  if (leader === null || state.price === null) {
    return { price: liftToReserve(rules, rules.startingPrice, bid.max), leader: bid, second: null };
  }
  if (leader.bidderId === bid.bidderId) {
    // Raising one's own maximum: the price stays, except for the reserve.
    const raised = bid.max > leader.max ? bid : leader;
    return { price: liftToReserve(rules, state.price, raised.max), leader: raised, second };
  }
  let newLeader: Standing;
  let newSecond: Standing;
  if (bid.max > leader.max) {
    newLeader = bid;
    newSecond = leader;
  } else {
    // An equal maximum loses to the earlier one: the leader stays.
    newLeader = leader;
    newSecond = second === null || bid.max >= second.max ? bid : second;
  }
  const chase = Math.max(rules.startingPrice, newSecond.max + increaseAt(rules, newSecond.max));
  // Never below the old price: a bid must exceed the price by the increase, and the old leader's
  // maximum was at least the price (the property tests check this rather than a clamp here).
  const price = liftToReserve(rules, Math.min(newLeader.max, chase), newLeader.max);
  return { price, leader: newLeader, second: newSecond };
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
  const next = advance(rules, state, { bidderId: bid.bidderId, max: bid.amount, seq: bid.seq });
  const leading = next.leader?.bidderId === bid.bidderId;
  // The record never shows a leader's secret maximum: a leading bid stands at the price, a
  // beaten bid at its own (spent) maximum.
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
