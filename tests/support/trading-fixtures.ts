// Set-up for the trading tests (bids, offers, questions, feedback, closing): a server with a
// seller and buyers signed in, and items open for trading written with the one item fixture
// (the item routes are another part of the service, with their own tests).
import { createHash, randomBytes } from 'node:crypto';
import { afterAll, beforeAll } from 'vitest';
import type { Service } from '../../server/service.ts';
import { insertItem, type ItemFixture } from './item-fixtures.ts';
import { startTestServer, type TestServer } from './server.ts';

export const HOUR = 3_600_000;
export const DAY = 24 * HOUR;

/**
 * Inserts an item open for trading and returns its id. Unless the fixture says otherwise it is
 * published, listed an hour ago and closing in a day; an auction starts at 10 € and is raised by
 * the default increase table (no minimum increase of its own), a buy-now item sells at 25 € and
 * has no starting price.
 */
export function insertTradingItem(service: Service, fixture: ItemFixture): number {
  const now = service.clock.now();
  const buyNow = fixture.sale_method === 'buy-now';
  return insertItem(
    service.db,
    {
      list_time: now - HOUR,
      closing_time: now + DAY,
      open_days: 7,
      starting_price: buyNow ? null : 10,
      buy_now_price: buyNow ? 25 : null,
      minimum_increase: null,
      ...fixture,
    },
    now,
  );
}

export interface SignedInUser {
  token: string;
  userId: number;
}

export type TradingServer<Buyer extends string> = {
  server: TestServer;
  /** The user named `seller`, who owns every item made with `item()`. */
  seller: SignedInUser;
  /** An item of the seller's, open for trading (see insertTradingItem). */
  item(fixture?: Omit<ItemFixture, 'seller_id'>): number;
} & Record<Buyer, SignedInUser>;

/**
 * One server for the test file with `seller` and the named buyers signed in. Registers its own
 * beforeAll and afterAll; the fields are there once beforeAll has run (inside tests and hooks
 * registered after this call).
 */
export function useTradingServer<const Buyer extends string>(...buyers: Buyer[]): TradingServer<Buyer> {
  const market = {} as TradingServer<Buyer>;
  beforeAll(async () => {
    const server = await startTestServer();
    const [seller, ...signedIn] = await Promise.all(['seller', ...buyers].map((name) => server.login(name)));
    Object.assign(market, Object.fromEntries(buyers.map((name, i) => [name, signedIn[i]])), {
      server,
      seller,
      item: (fixture = {}) => insertTradingItem(server.service, { seller_id: seller!.userId, ...fixture }),
    });
  });
  afterAll(() => market.server.close());
  return market;
}

export interface ItemState {
  status: string;
  current_price: number | null;
  bidder_count: number;
  quantity_left: number | null;
  sold_quantity: number;
  closed_at: number | null;
  offer_count: number;
}

export function itemState(service: Service, id: number): ItemState {
  return service.db
    .prepare('SELECT status, current_price, bidder_count, quantity_left, sold_quantity, closed_at, offer_count FROM items WHERE id = ?')
    .get(id) as ItemState;
}

export interface TradeState {
  id: number;
  kind: string;
  buyer_id: number;
  seller_id: number;
  source_id: number;
  quantity: number;
  price: number;
}

export function tradesOf(service: Service, itemId: number): TradeState[] {
  return service.db
    .prepare('SELECT id, kind, buyer_id, seller_id, source_id, quantity, price FROM trades WHERE item_id = ? ORDER BY id')
    .all(itemId) as TradeState[];
}

/** Many users with tokens at once, for the load test: rows written directly (argon2 for a
 * hundred passwords would take the test's whole time budget). The tokens are real: the service
 * checks them exactly as it checks tokens from POST /authentication. */
export function addUsersWithTokens(server: TestServer, prefix: string, count: number): Array<{ userId: number; token: string; name: string }> {
  const { db, clock } = server.service;
  const now = clock.now();
  const insertUser = db.prepare(
    `INSERT INTO users (username, password_hash, type, roles, created, updated) VALUES (?, 'not-a-login-account', 'private', '["private"]', ?, ?)`,
  );
  const insertToken = db.prepare('INSERT INTO tokens (token_hash, user_id, start_time, expires) VALUES (?, ?, ?, ?)');
  const users: Array<{ userId: number; token: string; name: string }> = [];
  db.transaction(() => {
    for (let i = 0; i < count; i++) {
      const name = `${prefix}${i}`;
      const userId = Number(insertUser.run(name, now, now).lastInsertRowid);
      const token = randomBytes(16).toString('hex');
      insertToken.run(createHash('sha256').update(token).digest('hex'), userId, now, now + DAY);
      users.push({ userId, token, name });
    }
  })();
  return users;
}
