import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { closeItem } from '../../server/domain/items/close-item.ts';
import { runTimedTransitions } from '../../server/domain/timed-transitions.ts';
import { areTradingPartners } from '../../server/domain/trades.ts';
import { placeBid } from '../../server/domain/trading/place-bid.ts';
import { testClock } from '../support/clock.ts';
import { call, startTestServer, type TestServer } from '../support/server.ts';
import { DAY, HOUR, insertTradingItem, itemState, tradesOf } from '../support/trading-fixtures.ts';

let server: TestServer;
let seller: number;
let anna: number;
let pekka: number;
let ville: number;

beforeAll(async () => {
  server = await startTestServer();
  [seller, anna, pekka, ville] = await Promise.all([
    server.addUser('seller'),
    server.addUser('anna'),
    server.addUser('pekka'),
    server.addUser('ville'),
  ]);
});
afterAll(() => server.close());

const bidAt = (itemId: number, bidderId: number, amount: number, now: number, automatic = true) =>
  placeBid(server.service, { itemId, bidderId, amount, automatic }, now);

function republishedCopies(id: number) {
  return server.service.db.prepare('SELECT id, status, list_time, closing_time, republish FROM items WHERE republished_from = ?').all(id) as Array<{
    id: number;
    status: string;
    list_time: number;
    closing_time: number;
    republish: number;
  }>;
}

describe('closing at closingTime', () => {
  it('closes at the closing instant, not before, and the highest bidder wins once', () => {
    const t = Date.now();
    const closing = t + HOUR;
    const id = insertTradingItem(server.service, { seller_id: seller, starting_price: 10, closing_time: closing });
    bidAt(id, anna, 40, t);
    const leading = bidAt(id, pekka, 60, t + 1);

    runTimedTransitions(server.service, closing - 1);
    expect(itemState(server.service, id).status).toBe('published');
    runTimedTransitions(server.service, closing);
    expect(itemState(server.service, id)).toMatchObject({ status: 'closed', closed_at: closing });
    expect(tradesOf(server.service, id)).toMatchObject([
      { kind: 'auction', buyer_id: pekka, seller_id: seller, source_id: leading.bidId, quantity: 1, price: 41 },
    ]);
    runTimedTransitions(server.service, closing + DAY);
    closeItem(server.service, id, closing + DAY);
    expect(tradesOf(server.service, id)).toHaveLength(1);
  });

  it('has no winner when the auction closes under its reserve', () => {
    const t = Date.now();
    const id = insertTradingItem(server.service, { seller_id: seller, starting_price: 10, reserve_price: 100, closing_time: t + HOUR });
    bidAt(id, anna, 40, t);
    bidAt(id, pekka, 99, t);
    const result = closeItem(server.service, id, t + HOUR);
    expect(result).toMatchObject({ changed: true, status: 'closed', winnerId: null });
    expect(tradesOf(server.service, id)).toEqual([]);
  });

  it('lets the winner and the seller see each other as trading partners from the trade on', () => {
    const t = Date.now();
    const id = insertTradingItem(server.service, { seller_id: seller, closing_time: t + HOUR });
    expect(areTradingPartners(server.service.db, ville, seller)).toBe(false);
    bidAt(id, ville, 15, t);
    expect(areTradingPartners(server.service.db, ville, seller)).toBe(false);
    const result = closeItem(server.service, id, t + HOUR);
    expect(result.winnerId).toBe(ville);
    expect(areTradingPartners(server.service.db, ville, seller)).toBe(true);
    expect(areTradingPartners(server.service.db, seller, ville)).toBe(true);
    expect(areTradingPartners(server.service.db, ville, anna)).toBe(false);
  });
});

describe('closing early (PUT status closed)', () => {
  it('closes now with the leader as winner, is idempotent, and leaves drafts alone', () => {
    const t = Date.now();
    const id = insertTradingItem(server.service, { seller_id: seller, closing_time: t + DAY, republish: 1, list_time: t - 5 * DAY });
    bidAt(id, anna, 20, t);
    const first = closeItem(server.service, id, t + 5);
    expect(first).toMatchObject({ changed: true, winnerId: anna, republishedId: null });
    expect(itemState(server.service, id).closed_at).toBe(t + 5);
    const again = closeItem(server.service, id, t + 10);
    expect(again).toMatchObject({ changed: false, winnerId: anna, republishedId: null });
    expect(tradesOf(server.service, id)).toHaveLength(1);

    const draft = insertTradingItem(server.service, { seller_id: seller, status: 'draft' });
    expect(closeItem(server.service, draft, t)).toMatchObject({ changed: false, status: 'draft' });
  });

  it('does not republish an item the seller closed before its time', () => {
    const t = Date.now();
    const id = insertTradingItem(server.service, { seller_id: seller, list_time: t - 5 * DAY, closing_time: t + DAY, republish: 1 });
    closeItem(server.service, id, t);
    expect(republishedCopies(id)).toEqual([]);
  });
});

describe('republishing', () => {
  it('publishes an unsold item open more than 3 days again, once, with the same duration', () => {
    const t = Date.now();
    const id = insertTradingItem(server.service, { seller_id: seller, list_time: t - 7 * DAY, closing_time: t, republish: 1, title: 'Old lamp' });
    runTimedTransitions(server.service, t + 1000);
    const copies = republishedCopies(id);
    expect(copies).toHaveLength(1);
    expect(copies[0]).toMatchObject({ status: 'published', list_time: t + 1000, closing_time: t + 1000 + 7 * DAY, republish: 0 });
    const title = server.service.db.prepare('SELECT title FROM items WHERE id = ?').pluck().get(copies[0]!.id);
    expect(title).toBe('Old lamp');
    runTimedTransitions(server.service, t + 2000);
    closeItem(server.service, id, t + 3000);
    expect(republishedCopies(id)).toHaveLength(1);
  });

  it('does not republish items open 3 days or less, sold items, or items without the flag', () => {
    const t = Date.now();
    const short = insertTradingItem(server.service, { seller_id: seller, list_time: t - 3 * DAY, closing_time: t, republish: 1 });
    const sold = insertTradingItem(server.service, { seller_id: seller, list_time: t - 7 * DAY, closing_time: t, republish: 1 });
    bidAt(sold, anna, 10, t - 1);
    const unflagged = insertTradingItem(server.service, { seller_id: seller, list_time: t - 7 * DAY, closing_time: t });
    runTimedTransitions(server.service, t);
    for (const id of [short, sold, unflagged]) {
      expect(itemState(server.service, id).status).toBe('closed');
      expect(republishedCopies(id)).toEqual([]);
    }
  });
});

describe('the scheduler inside the service', () => {
  // The service runs on the test's clock: the item closes in an hour of its time, so the bid never
  // races a real deadline, and the test moves the clock to the closing instant instead of waiting.
  // The scheduler's timer is real (every 25 ms): what is tested is that it closes the item alone.
  let timed: TestServer;
  const clock = testClock();
  beforeAll(async () => {
    timed = await startTestServer({ schedulerIntervalMs: 25, clock });
  });
  afterAll(() => timed.close());

  it('closes an item at its closing time without any request arriving', async () => {
    const sellerId = await timed.addUser('timed-seller');
    const buyer = await timed.login('timed-buyer');
    const closing = clock.now() + HOUR;
    const id = insertTradingItem(timed.service, { seller_id: sellerId, closing_time: closing });
    const res = await call(timed.api(`/items/${id}/bids`), { token: buyer.token, json: { bid: 12 } });
    expect(res.status).toBe(201);
    expect(itemState(timed.service, id).status).toBe('published');
    clock.advanceTo(closing);
    await vi.waitFor(() => expect(itemState(timed.service, id).status).toBe('closed'), { timeout: 5000, interval: 20 });
    // The plain bid of 12 stood at its amount (the plain-bid rule), and wins at it.
    expect(tradesOf(timed.service, id)).toMatchObject([{ kind: 'auction', buyer_id: buyer.userId, price: 12 }]);
  });
});
