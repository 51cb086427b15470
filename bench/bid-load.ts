// Bids under load: 100 concurrent bidders placing bids on one item over loopback HTTP, and the
// item GET rate at the same concurrency in the same run, so the figure is a ratio that does not
// depend on the machine. `runBidLoad` is the load itself (the load test uses it);
// `setUpBidLoad` adds a seller, bidders and an item to a service; `measureBidLoad` reports.
import { createHash, randomBytes } from 'node:crypto';
import { defaultIncrease, toCents, toEuros } from '../server/domain/bidding/increase-table.ts';
import type { Service } from '../server/service.ts';

export interface Bidder {
  userId: number;
  token: string;
}

export interface AcceptedBid {
  bidId: number;
  bidderId: number;
  /** What was sent: the maximum, in euros. */
  amount: number;
  automatic: boolean;
}

export interface BidLoadOptions {
  /** Base URL of the service, e.g. http://127.0.0.1:PORT */
  url: string;
  itemId: number;
  bidders: readonly Bidder[];
  /** Bid requests to send in all (default 2000). */
  totalBids?: number;
  /** Bidders bidding at once (default: all of them). */
  concurrency?: number;
  /** The load stops by itself after this long even if bids remain (default 60 s). */
  deadlineMs?: number;
}

export interface BidLoadResult {
  sent: number;
  accepted: AcceptedBid[];
  /** Responses by status code. */
  statuses: Record<number, number>;
  elapsedMs: number;
  bidsPerSecond: number;
  timedOut: boolean;
}

/** Sends `totalBids` bids from `concurrency` bidders at once. Each bidder bids a little above the
 * highest price any response has shown, half of them automatically with a higher maximum, so
 * that many bids are accepted and many race and are refused. */
export async function runBidLoad(options: BidLoadOptions): Promise<BidLoadResult> {
  const total = options.totalBids ?? 2000;
  const concurrency = options.concurrency ?? options.bidders.length;
  const deadline = Date.now() + (options.deadlineMs ?? 60_000);
  const endpoint = `${options.url}/1.1/items/${options.itemId}/bids`;
  const accepted: AcceptedBid[] = [];
  const statuses: Record<number, number> = {};
  let knownPrice = 0; // cents
  let sent = 0;
  let timedOut = false;
  const started = performance.now();

  const bidderLoop = async (bidder: Bidder, index: number) => {
    let round = 0;
    while (sent < total) {
      if (Date.now() >= deadline) {
        timedOut = true;
        return;
      }
      sent++;
      round++;
      // Spread over 1-8 increments so that several bids of one batch can be taken in turn.
      const steps = 1 + ((index * 7 + round) % 8);
      let cents = knownPrice;
      for (let s = 0; s < steps; s++) cents += defaultIncrease(cents);
      const automatic = (index + round) % 2 === 0;
      if (automatic) cents += defaultIncrease(cents) * (1 + (round % 4));
      const amount = toEuros(cents);
      const res = await fetch(endpoint, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-marketapitoken': bidder.token },
        body: JSON.stringify({ bid: amount, automate: automatic ? 1 : 0 }),
      });
      statuses[res.status] = (statuses[res.status] ?? 0) + 1;
      const body = (await res.json()) as { bid?: { id: number }; item?: { currentPrice: number } };
      if (res.status === 201 && body.bid && body.item) {
        accepted.push({ bidId: body.bid.id, bidderId: bidder.userId, amount, automatic });
        knownPrice = Math.max(knownPrice, toCents(body.item.currentPrice));
      }
    }
  };

  const active = options.bidders.slice(0, concurrency);
  await Promise.all(active.map((bidder, index) => bidderLoop(bidder, index)));
  const elapsedMs = performance.now() - started;
  return { sent, accepted, statuses, elapsedMs, bidsPerSecond: (sent / elapsedMs) * 1000, timedOut };
}

/** GET requests per second at the given concurrency. */
export async function runGetLoad(url: string, total: number, concurrency: number, deadlineMs = 60_000) {
  const deadline = Date.now() + deadlineMs;
  const statuses: Record<number, number> = {};
  let sent = 0;
  const started = performance.now();
  const loop = async () => {
    while (sent < total && Date.now() < deadline) {
      sent++;
      const res = await fetch(url);
      await res.arrayBuffer();
      statuses[res.status] = (statuses[res.status] ?? 0) + 1;
    }
  };
  await Promise.all(Array.from({ length: concurrency }, loop));
  const elapsedMs = performance.now() - started;
  return { sent, statuses, elapsedMs, perSecond: (sent / elapsedMs) * 1000 };
}

/** Writes a seller, `count` bidders with tokens, and one published auction straight into the
 * service's database (argon2 for a hundred accounts would dwarf the run being measured). */
export function setUpBidLoad(service: Service, count = 100, prefix = `load${Date.now().toString(36)}`) {
  const { db } = service;
  const now = service.clock.now();
  const addUser = db.prepare(
    `INSERT INTO users (username, password_hash, type, roles, created, updated) VALUES (?, 'not-a-login-account', 'private', '["private"]', ?, ?)`,
  );
  const addToken = db.prepare('INSERT INTO tokens (token_hash, user_id, start_time, expires) VALUES (?, ?, ?, ?)');
  return db.transaction(() => {
    const sellerId = Number(addUser.run(`${prefix}-seller`, now, now).lastInsertRowid);
    const bidders: Bidder[] = [];
    for (let i = 0; i < count; i++) {
      const userId = Number(addUser.run(`${prefix}-${i}`, now, now).lastInsertRowid);
      const token = randomBytes(16).toString('hex');
      addToken.run(createHash('sha256').update(token).digest('hex'), userId, now, now + 3_600_000);
      bidders.push({ userId, token });
    }
    const itemId = Number(
      db
        .prepare(
          `INSERT INTO items (seller_id, status, title, description, sale_method, condition, starting_price, quantity, quantity_left,
             open_days, list_time, closing_time, postal_code, location, created, updated)
           VALUES (?, 'published', 'Load test lamp', '<p>bid on me</p>', 'auction', 'good', 1, 1, 1, 7, ?, ?, '00100', 'Helsinki', ?, ?)`,
        )
        .run(sellerId, now - 60_000, now + 7 * 24 * 3_600_000, now, now).lastInsertRowid,
    );
    return { sellerId, bidders, itemId };
  })();
}

export interface BidLoadFigures {
  bidders: number;
  bids: number;
  accepted: number;
  bidsPerSecond: number;
  itemGetsPerSecond: number;
  /** bids/s divided by item GET/s, both at the same concurrency in the same run. */
  bidToItemGetRatio: number;
  statuses: Record<number, number>;
  itemGetStatuses: Record<number, number>;
}

/** The benchmark figure: 2,000 bids from 100 concurrent bidders on one item, then as many item
 * GETs at the same concurrency. `setup` comes from setUpBidLoad in the process serving `url`. */
export async function measureBidLoad(
  url: string,
  setup: { itemId: number; bidders: readonly Bidder[] },
  options: { bids?: number } = {},
): Promise<BidLoadFigures> {
  const total = options.bids ?? 2000;
  const count = setup.bidders.length;
  const bids = await runBidLoad({ url, itemId: setup.itemId, bidders: setup.bidders, totalBids: total, concurrency: count });
  const gets = await runGetLoad(`${url}/1.1/items/${setup.itemId}`, total, count);
  return {
    bidders: count,
    bids: bids.sent,
    accepted: bids.accepted.length,
    bidsPerSecond: Math.round(bids.bidsPerSecond),
    itemGetsPerSecond: Math.round(gets.perSecond),
    bidToItemGetRatio: Number((bids.bidsPerSecond / gets.perSecond).toFixed(3)),
    statuses: bids.statuses,
    itemGetStatuses: gets.statuses,
  };
}
