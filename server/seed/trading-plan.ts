// Plans the demo trading history on top of the planned items: bids on open and closed auctions,
// buy-now purchases, offers, questions, trades and feedback both ways. It adjusts the items it
// touches (current price, bidder and offer counts, quantities, closing of sold-out items) so the
// rows agree with their history. ville is the buyer the demo is built around.
import { HOUR_MS } from '../domain/time.ts';
import type { DemoUserName } from './accounts.ts';
import { defaultIncrease, toCents, toEuros } from '../domain/bidding/increase-table.ts';
import type { SeedItem, SeedRow } from './item-plan.ts';
import { NEGATIVE_ANSWER, NEGATIVE_FEEDBACK, NEUTRAL_FEEDBACK, OFFER_MESSAGES, POSITIVE_FEEDBACK, QUESTIONS } from './item-text.ts';
import { roundPrice, type Random } from './random.ts';

export interface PlannedBid {
  item: SeedItem;
  bidder: DemoUserName;
  amount: number;
  quantity: number;
  created: number;
}

export interface PlannedOffer {
  item: SeedItem;
  author: DemoUserName;
  amount: number;
  message: string;
  status: 'pending' | 'accepted' | 'refused' | 'cancelled';
  created: number;
  updated: number;
  expires: number;
}

export interface PlannedTrade {
  item: SeedItem;
  buyer: DemoUserName;
  kind: 'auction' | 'buy-now' | 'offer';
  source: PlannedBid | PlannedOffer;
  quantity: number;
  price: number;
  created: number;
}

export interface PlannedFeedback {
  trade: PlannedTrade;
  author: DemoUserName;
  receiver: DemoUserName;
  /** 1: the author was the buyer, 2: the seller. */
  role: 1 | 2;
  rating: -1 | 0 | 1;
  text: string;
  answer: string | null;
  created: number;
  answered: number | null;
}

export interface PlannedQuestion {
  item: SeedItem;
  author: DemoUserName;
  question: string;
  answer: string | null;
  created: number;
  answered: number | null;
}

export interface TradingPlan {
  bids: PlannedBid[];
  offers: PlannedOffer[];
  trades: PlannedTrade[];
  feedbacks: PlannedFeedback[];
  questions: PlannedQuestion[];
  favorites: { user: DemoUserName; item: SeedItem; created: number }[];
  /**
   * The row of each item bought at the buy-now price as it stood before its first purchase. The
   * seed writes that row and makes the purchases through the service's own purchase code
   * (recordPurchase), so the sold and left quantities, the bidder count and the close come out as
   * a live purchase leaves them; the plan's own bookkeeping only steers its later choices.
   */
  beforePurchases: Map<SeedItem, BeforePurchases>;
}

export type BeforePurchases = Pick<SeedRow, 'status' | 'closing_time' | 'closed_at' | 'updated' | 'quantity_left' | 'sold_quantity' | 'bidder_count'>;

const BUYERS: readonly DemoUserName[] = ['ville', 'maija', 'jussi', 'ella'];
const minute = (t: number) => Math.floor(t / 60_000) * 60_000;

export function planTrading(r: Random, now: number, items: SeedItem[]): TradingPlan {
  const plan: TradingPlan = { bids: [], offers: [], trades: [], feedbacks: [], questions: [], favorites: [], beforePurchases: new Map() };
  const where = (status: string, method: string) => items.filter((i) => i.row.status === status && i.row.sale_method === method);
  const time = (from: number, to: number) => minute(from + r.next() * Math.max(0, to - from));

  // Open auctions: ville takes part in the first twelve, leading in every other one.
  where('published', 'auction').forEach((item, n) => {
    const ville = n < 12;
    if (!ville && !r.chance(0.4)) return;
    bidOn(r, plan, item, r.int(1, 6), ville ? (n % 2 === 0 ? 'lead' : 'outbid') : 'none', item.row.list_time!, now - 10 * 60_000);
  });

  // Closed auctions: ville won the first eight; others were won by someone else or went unsold.
  where('closed', 'auction').forEach((item, n) => {
    const ville = n < 8;
    if (!ville && !r.chance(0.7)) return;
    if (ville) item.row.reserve_price = null;
    const bids = bidOn(r, plan, item, r.int(1, 6), ville ? 'lead' : 'none', item.row.list_time!, item.row.closing_time! - 60_000);
    const winning = bids.at(-1)!;
    const reserve = item.row.reserve_price;
    if (reserve !== null && winning.amount < reserve) return; // reserve not met: unsold
    item.row.sold_quantity = 1;
    item.row.quantity_left = 0;
    plan.trades.push({ item, buyer: winning.bidder, kind: 'auction', source: winning, quantity: 1, price: winning.amount, created: item.row.closing_time! });
  });

  // Closed buy-now items: ville bought the first six; most others sold to someone.
  where('closed', 'buy-now').forEach((item, n) => {
    if (n < 6) return buy(plan, item, 'ville', 1, time(item.row.list_time!, item.row.closing_time!));
    if (!r.chance(0.65)) return;
    let at = item.row.list_time!;
    while (item.row.quantity_left! > 0 && r.chance(0.8)) {
      at = time(at, item.row.closing_time!);
      buy(plan, item, pickOther(r, item.seller), r.int(1, Math.min(3, item.row.quantity_left!)), at);
    }
  });

  // Open buy-now stock of firma: some units already sold, two of them to ville.
  where('published', 'buy-now')
    .filter((i) => i.seller === 'firma' && i.row.quantity! > 3)
    .slice(0, 10)
    .forEach((item, n) => {
      const buyer = n < 2 ? 'ville' : pickOther(r, item.seller);
      buy(plan, item, buyer, r.int(1, 2), time(item.row.list_time!, now - HOUR_MS));
    });

  planOffers(r, plan, now, items);
  planQuestions(r, plan, now, items);
  planFeedback(r, plan, now);

  for (const [user, count] of [['ville', 6], ['maija', 3]] as const) {
    for (const item of r.sample(items.filter((i) => i.row.status === 'published' && i.seller !== user), count)) {
      plan.favorites.push({ user, item, created: time(item.row.list_time!, now) });
    }
  }
  return plan;
}

/** Plain bids alternating between bidders, each at least the minimum increase above the last: a
 * plain bid is placed as it is, so the price is the last bid (the engine's rule, checked by the
 * seed test replaying every auction). */
function bidOn(r: Random, plan: TradingPlan, item: SeedItem, count: number, role: 'lead' | 'outbid' | 'none', from: number, to: number): PlannedBid[] {
  const strict = hasBuyerRequirements(item);
  const ville = strict ? 'lead' : role;
  const pool = strict ? ['ville' as const] : BUYERS.filter((b) => b !== item.seller && (ville === 'none' ? b !== 'ville' : true));
  const order: DemoUserName[] = [];
  for (let i = 0; i < (strict ? 1 : count); i++) {
    const options = pool.filter((b) => b !== order.at(-1));
    order.push(r.pick(options.length > 0 ? options : pool));
  }
  if (ville === 'lead' && order.at(-1) !== 'ville') {
    if (order.at(-2) === 'ville') order.pop();
    else order.push('ville');
  }
  if (ville === 'outbid') {
    if (order.at(-1) === 'ville') order.push(r.pick(pool.filter((b) => b !== 'ville')));
    if (!order.includes('ville')) order.splice(order.length - 1, 0, 'ville');
  }
  let amount = item.row.starting_price!;
  let at = from;
  const bids: PlannedBid[] = [];
  order.forEach((bidder, i) => {
    if (i > 0) {
      // At least the increase the bidding rules ask for (the item's own or the default table),
      // rounded to a price people bid when that does not fall under it.
      const increase = item.row.minimum_increase ?? toEuros(defaultIncrease(toCents(amount)));
      const lowest = toEuros(toCents(amount + increase));
      const rounded = roundPrice(amount + increase * r.int(1, 3));
      amount = rounded >= lowest ? rounded : lowest;
    }
    at = minute(at + (to - at) * r.next() * 0.5);
    bids.push({ item, bidder, amount, quantity: 1, created: at });
  });
  item.row.current_price = amount;
  item.row.bidder_count = new Set(order).size;
  plan.bids.push(...bids);
  return bids;
}

/** Items with buyer requirements (premium options) get bids and offers only from ville, who meets them. */
function hasBuyerRequirements(item: SeedItem): boolean {
  return item.row.identification_required === 1 || item.row.minimum_feedback > 0;
}

/** A buy-now purchase: a buying bid and its trade; the item closes when it sells out. */
function buy(plan: TradingPlan, item: SeedItem, wanted: DemoUserName, quantity: number, at: number): void {
  const row = item.row;
  if (!plan.beforePurchases.has(item)) {
    const { status, closing_time, closed_at, updated, quantity_left, sold_quantity, bidder_count } = row;
    plan.beforePurchases.set(item, { status, closing_time, closed_at, updated, quantity_left, sold_quantity, bidder_count });
  }
  const buyer = hasBuyerRequirements(item) ? 'ville' : wanted;
  const units = Math.min(quantity, row.quantity_left!);
  const price = row.buy_now_price!;
  const bid: PlannedBid = { item, bidder: buyer, amount: price, quantity: units, created: at };
  plan.bids.push(bid);
  plan.trades.push({ item, buyer, kind: 'buy-now', source: bid, quantity: units, price, created: at });
  row.quantity_left = row.quantity_left! - units;
  row.sold_quantity += units;
  if (row.quantity_left === 0) closeAt(item, at);
}

function closeAt(item: SeedItem, at: number): void {
  item.row.status = 'closed';
  item.row.closing_time = at;
  item.row.closed_at = at;
  item.row.updated = at;
}

function pickOther(r: Random, seller: DemoUserName): DemoUserName {
  return r.pick(BUYERS.filter((b) => b !== seller));
}

function planOffers(r: Random, plan: TradingPlan, now: number, items: SeedItem[]): void {
  const open = items.filter(
    (i) => i.row.status === 'published' && i.row.sale_method === 'buy-now' && i.row.offers_allowed === 1 && i.row.quantity_left! > 0,
  );
  const add = (item: SeedItem, wanted: DemoUserName, status: PlannedOffer['status'], created: number, updated: number) => {
    const author = hasBuyerRequirements(item) ? 'ville' : wanted;
    const amount = roundPrice(item.row.buy_now_price! * (0.7 + 0.2 * r.next()));
    const expires = Math.min(item.row.closing_time!, created + 48 * HOUR_MS);
    const offer: PlannedOffer = { item, author, amount, message: r.pick(OFFER_MESSAGES), status, created, updated, expires };
    plan.offers.push(offer);
    item.row.offer_count += 1;
    return offer;
  };
  // Pending offers waiting for pekka's and anna's answer, a few from ville.
  for (const seller of ['pekka', 'anna'] as const) {
    const mine = open.filter((i) => i.seller === seller).slice(0, 5);
    mine.forEach((item, n) => {
      const created = minute(Math.max(item.row.list_time!, now - (2 + 18 * r.next()) * HOUR_MS));
      add(item, n < 2 ? 'ville' : pickOther(r, seller), 'pending', created, created);
    });
    // One refused and one cancelled, so every ending shows.
    const [refused, cancelled] = open.filter((i) => i.seller === seller).slice(5, 7);
    for (const [item, status] of [[refused, 'refused'], [cancelled, 'cancelled']] as const) {
      if (!item) continue;
      const created = minute(Math.max(item.row.list_time!, now - 30 * HOUR_MS));
      add(item, pickOther(r, seller), status, created, minute(created + HOUR_MS));
    }
  }
  // Sold by an accepted offer: ville's offer on one of anna's closed single items.
  const closedSingle = items.find(
    (i) => i.seller === 'anna' && i.row.status === 'closed' && i.row.sale_method === 'buy-now' && i.row.quantity === 1 && i.row.sold_quantity === 0,
  );
  if (closedSingle) {
    const created = minute(closedSingle.row.list_time! + HOUR_MS);
    const offer = add(closedSingle, 'ville', 'accepted', created, created + 3 * HOUR_MS);
    plan.trades.push({ item: closedSingle, buyer: 'ville', kind: 'offer', source: offer, quantity: 1, price: offer.amount, created: offer.updated });
    closedSingle.row.quantity_left = 0;
    closedSingle.row.sold_quantity = 1;
    closeAt(closedSingle, offer.updated);
  }
}

function planQuestions(r: Random, plan: TradingPlan, now: number, items: SeedItem[]): void {
  const open = items.filter((i) => i.row.status === 'published' && i.seller !== 'maija');
  for (const item of r.sample(open, 16)) {
    const [question, answer] = r.pick(QUESTIONS);
    const created = minute(Math.max(item.row.list_time!, now - (1 + 40 * r.next()) * HOUR_MS));
    const answered = r.chance(0.6) ? minute(created + (now - created) * r.next()) : null;
    plan.questions.push({ item, author: pickOther(r, item.seller), question, answer: answered === null ? null : answer, created, answered });
  }
}

/** Feedback both ways on most trades; ville's latest two still wait for his. */
function planFeedback(r: Random, plan: TradingPlan, now: number): void {
  const settled = plan.trades.filter((t) => t.created < now - 6 * HOUR_MS).sort((a, b) => a.created - b.created);
  const villeLatest = new Set(settled.filter((t) => t.buyer === 'ville').slice(-2));
  let neutralGiven = false;
  let negativeGiven = false;
  for (const trade of settled) {
    const seller = trade.item.seller;
    const after = (t: number) => minute(Math.min(now - HOUR_MS, t + (2 + 70 * r.next()) * HOUR_MS));
    const ville = trade.buyer === 'ville';
    if (ville ? !villeLatest.has(trade) : r.chance(0.75)) {
      let rating: -1 | 0 | 1 = 1;
      let text = r.pick(POSITIVE_FEEDBACK);
      let answer: string | null = null;
      if (!negativeGiven && seller === 'anna' && trade.buyer !== 'ville') {
        negativeGiven = true;
        [rating, text, answer] = [-1, NEGATIVE_FEEDBACK, NEGATIVE_ANSWER];
      }
      const created = after(trade.created);
      plan.feedbacks.push({ trade, author: trade.buyer, receiver: seller, role: 1, rating, text, answer, created, answered: answer ? after(created) : null });
    }
    if (ville || r.chance(0.8)) {
      let rating: 0 | 1 = 1;
      let text = r.pick(POSITIVE_FEEDBACK);
      if (ville && !neutralGiven && seller === 'firma') {
        neutralGiven = true;
        [rating, text] = [0, r.pick(NEUTRAL_FEEDBACK)];
      }
      plan.feedbacks.push({ trade, author: seller, receiver: trade.buyer, role: 2, rating, text, answer: null, created: after(trade.created), answered: null });
    }
  }
}
