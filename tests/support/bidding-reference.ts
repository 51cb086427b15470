// A small reference model of plain and automatic bidding, written apart from the engine and as
// plainly as possible: after every bid it recomputes everyone's maximum and the leader from the
// whole list of accepted bids, then prices the bid by the rule in words: a plain bid that leads
// stands at its amount; an automatic bid that takes the lead bids just above the next-highest
// maximum; a leader raising their own automatic maximum leaves the price; a leader who stays
// answers the beaten bid by the increase, up to their maximum. Money in whole cents. The property tests and the load test compare the
// engine (server/domain/bidding) with it.

export interface RefItem {
  start: number;
  /** Fixed increase, or null for the default table. */
  increase: number | null;
  reserve: number | null;
  closing: number;
}

export interface RefBid {
  bidder: number;
  amount: number;
  /** `automate` 1: the amount is a secret maximum; false: a plain bid placed as it is. */
  automatic: boolean;
  time: number;
}

export interface RefStep {
  accepted: boolean;
  /** Why a refused bid was refused. */
  refusal: 'closed' | 'too_low' | null;
  /** The lowest amount the bidder could have bid. */
  minimum: number;
  price: number | null;
  leader: number | null;
}

/** The documented default table, copied out by hand (not imported) so a slip in one shows. */
export function refIncrease(item: RefItem, price: number): number {
  if (item.increase !== null) return item.increase;
  if (price < 1000) return 50;
  if (price < 5000) return 100;
  if (price < 10000) return 200;
  if (price < 50000) return 500;
  if (price < 100000) return 1000;
  if (price < 500000) return 2500;
  return 5000;
}

interface Max {
  bidder: number;
  max: number;
  /** Index of the accepted bid that set this maximum. */
  order: number;
}

/** Each bidder's highest amount, with the earliest accepted bid that reached it; best first. */
export function maxima(accepted: readonly RefBid[]): Max[] {
  const best = new Map<number, Max>();
  accepted.forEach((bid, order) => {
    const now = best.get(bid.bidder);
    if (!now || bid.amount > now.max) best.set(bid.bidder, { bidder: bid.bidder, max: bid.amount, order });
  });
  return [...best.values()].sort((a, b) => b.max - a.max || a.order - b.order);
}

export class ReferenceAuction {
  readonly accepted: RefBid[] = [];
  price: number | null = null;
  leader: number | null = null;

  constructor(readonly item: RefItem) {}

  minimumFor(bidder: number): number {
    if (this.price === null) return this.item.start;
    const next = this.price + refIncrease(this.item, this.price);
    if (bidder !== this.leader) return next;
    const own = maxima(this.accepted).find((m) => m.bidder === bidder)!.max;
    return Math.max(next, own + 1);
  }

  bid(bid: RefBid): RefStep {
    const minimum = this.minimumFor(bid.bidder);
    const refuse = (refusal: 'closed' | 'too_low'): RefStep => ({ accepted: false, refusal, minimum, price: this.price, leader: this.leader });
    if (bid.time >= this.item.closing) return refuse('closed');
    if (bid.amount < minimum) return refuse('too_low');

    const previousLeader = this.leader;
    this.accepted.push(bid);
    const ranked = maxima(this.accepted);
    const top = ranked[0]!;
    const second = ranked[1];
    this.leader = top.bidder;
    // What the leader pays to stay above everyone else, at most their maximum.
    const lowestToBeatTheRest =
      second === undefined ? this.item.start : Math.min(top.max, Math.max(this.item.start, second.max + refIncrease(this.item, second.max)));
    let price: number;
    if (top.bidder === bid.bidder && !bid.automatic) price = bid.amount; // placed as it is
    else if (top.bidder === bid.bidder && previousLeader === bid.bidder) price = this.price!; // a raised secret maximum
    else price = lowestToBeatTheRest; // an automatic bid taking the lead, or the leader answering
    const { reserve } = this.item;
    if (reserve !== null && top.max >= reserve && price < reserve) price = reserve;
    this.price = price;
    return { accepted: true, refusal: null, minimum, price, leader: this.leader };
  }
}
