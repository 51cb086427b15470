// Trading tests need items in given states; the item routes are another part of the service, so
// these helpers write item rows straight into SQLite (columns as in server/db/migrations.ts).
import { createHash, randomBytes } from 'node:crypto';
import type { Service } from '../../server/service.ts';
import type { TestServer } from './server.ts';

export const HOUR = 3_600_000;
export const DAY = 24 * HOUR;

export interface ItemFixture {
  sellerId: number;
  status?: 'draft' | 'preview' | 'published' | 'closed' | 'waiting' | 'disabled';
  saleMethod?: 'auction' | 'buy-now';
  title?: string;
  startingPrice?: number | null;
  buyNowPrice?: number | null;
  minimumIncrease?: number | null;
  reservePrice?: number | null;
  quantity?: number;
  listTime?: number;
  closingTime?: number;
  offersAllowed?: boolean;
  republish?: boolean;
  minimumFeedback?: number;
  categoryId?: number | null;
}

/** Inserts an item row and returns its id. Defaults: a published auction from 10 €, listed an
 * hour ago, closing in a day, default increase table, no reserve. */
export function insertItem(service: Service, f: ItemFixture): number {
  const now = service.clock.now();
  const saleMethod = f.saleMethod ?? 'auction';
  const quantity = f.quantity ?? 1;
  const result = service.db
    .prepare(
      `INSERT INTO items (seller_id, status, title, description, sale_method, condition, category_id, starting_price,
         buy_now_price, minimum_increase, reserve_price, quantity, quantity_left, open_days, list_time, closing_time,
         postal_code, location, offers_allowed, republish, minimum_feedback, created, updated)
       VALUES (?, ?, ?, '<p>fixture</p>', ?, 'good', ?, ?, ?, ?, ?, ?, ?, 7, ?, ?, '00100', 'Helsinki', ?, ?, ?, ?, ?)`,
    )
    .run(
      f.sellerId,
      f.status ?? 'published',
      f.title ?? 'Fixture item',
      saleMethod,
      f.categoryId ?? null,
      f.startingPrice === undefined ? (saleMethod === 'auction' ? 10 : null) : f.startingPrice,
      f.buyNowPrice === undefined ? (saleMethod === 'buy-now' ? 25 : null) : f.buyNowPrice,
      f.minimumIncrease ?? null,
      f.reservePrice ?? null,
      quantity,
      quantity,
      f.listTime ?? now - HOUR,
      f.closingTime ?? now + DAY,
      f.offersAllowed === false ? 0 : 1,
      f.republish ? 1 : 0,
      f.minimumFeedback ?? 0,
      now,
      now,
    );
  return Number(result.lastInsertRowid);
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

/** A clock tests move by hand. */
export function manualClock(start = Date.now()): { now(): number; set(t: number): void; advance(ms: number): void } {
  let t = start;
  return { now: () => t, set: (v) => (t = v), advance: (ms) => (t += ms) };
}
