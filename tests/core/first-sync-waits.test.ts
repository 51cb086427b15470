// Issue 38: a first sync is polite. A 429 with a Retry-After the client waits for holds back every
// request until then, and the progress says why; a longer one ends the reading, nothing is asked
// before it is over (neither "Sync now" nor the seller opening an item), and the status says until
// when. The app's sync port (engine-sync.ts) against the real service through the counting proxy.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memoryCredentialStore } from '../../electron/core/api/index.ts';
import { engineSync } from '../../electron/core/session/engine-sync.ts';
import { createMarketplace } from '../../electron/core/api/marketplace.ts';
import type { SyncEvent } from '../../electron/core/session/sync-port.ts';
import { insertShop, type Shop } from '../support/shop-fixtures.ts';
import { makeCategories } from '../support/item-helpers.ts';
import { startTestServer, TEST_PASSWORD, type TestServer } from '../support/server.ts';
import { openTempDb } from './support.ts';
import { startLoopbackProxy, type LoopbackProxy } from './support/loopback-proxy.ts';

let server: TestServer;
let proxy: LoopbackProxy;
let category: number;
let sellers = 0;
/** Every request the proxy saw: when, and what. */
const arrivals: Array<{ at: number; key: string }> = [];
const ITEM_READ = (method: string, path: string) => method === 'GET' && /^\/1\.1\/items\/\d+$/.test(path);

beforeAll(async () => {
  server = await startTestServer();
  category = makeCategories(server).sub;
  proxy = await startLoopbackProxy(server.url, { onRequest: (method, path) => arrivals.push({ at: Date.now(), key: `${method} ${path}` }) });
});
afterAll(async () => {
  await proxy.close();
  await server.close();
});

/** A shop of 200 listings (50 open, 15 sold) and the app's port for it, with no timer of its own but a run's follow-ups. */
async function shopAndPort(): Promise<{ shop: Shop; port: ReturnType<typeof engineSync>; events: SyncEvent[]; db: ReturnType<typeof openTempDb>['db'] }> {
  const username = `waits-seller-${++sellers}`;
  const sellerId = await server.addUser(username);
  const buyerId = await server.addUser(`waits-buyer-${sellers}`);
  const shop = insertShop(server.service.db, { sellerId, buyerId, categoryId: category, listings: 200 }, server.service.clock.now());
  const { db } = openTempDb();
  const port = engineSync({ db, marketplace: createMarketplace({ baseUrl: proxy.url, credentials: memoryCredentialStore({ username, password: TEST_PASSWORD }) }), pollMs: 0, debounceMs: 0, backgroundReadMs: 0 });
  const events: SyncEvent[] = [];
  port.subscribe((e) => events.push(e));
  return { shop, port, events, db };
}

const unread = (db: ReturnType<typeof openTempDb>['db'], statuses: string) => db.prepare(`SELECT count(*) FROM items WHERE detail <> 'full' AND status IN (${statuses})`).pluck().get() as number;

describe('a first sync the marketplace asks to wait', () => {
  it('holds every request back for a Retry-After it waits for, says so, and reads every open and sold record once', async () => {
    const { shop, port, events, db } = await shopAndPort();
    const reads = () => [...proxy.counts].filter(([key]) => ITEM_READ(...(key.split(' ') as [string, string]))).reduce((n, [, c]) => n + c, 0);
    const before = reads();
    const from = arrivals.length;
    proxy.answerInstead(ITEM_READ, 429, { 'retry-after': '2' });
    const status = await port.syncNow();
    expect(status.message).toBeNull();
    // Every open and sold item's record read once, the refused one once more.
    expect(reads() - before).toBe(shop.ids.open.length + shop.ids.sold.length + 1);
    expect(unread(db, `'published','waiting'`)).toBe(0);
    expect(db.prepare(`SELECT count(*) FROM items WHERE detail = 'sold'`).pluck().get()).toBe(0);
    // The progress said until when, as the client learnt it...
    const told = events.flatMap((e) => (e.name === 'sync.shop' && e.payload?.waitUntil ? [{ at: Date.now(), until: e.payload.waitUntil }] : []));
    expect(told.length).toBeGreaterThan(0);
    const { until } = told[0]!;
    // ...and nothing reached the marketplace meanwhile: the requests already on their way arrived
    // at once, the next one when the wait was over.
    const refusedAt = arrivals.slice(from).find((a) => ITEM_READ(...(a.key.split(' ') as [string, string])))?.at ?? 0;
    expect(until - refusedAt).toBeGreaterThanOrEqual(2000);
    const during = arrivals.filter((a) => a.at > refusedAt + 500 && a.at < until - 50);
    expect(during).toEqual([]);
    port.close();
  });

  it('ends the reading for a longer one, asks nothing before it is over, and says until when', async () => {
    const { shop, port, db } = await shopAndPort();
    proxy.answerInstead(ITEM_READ, 429, { 'retry-after': '3600' });
    const started = Date.now();
    const status = await port.syncNow();
    expect(status.notice).toEqual({ kind: 'waiting', code: 'rate_limited' });
    expect(status.shop?.waitUntil).toBeGreaterThanOrEqual(started + 3590_000);
    // The listing is all there; what was read before the refusal is kept, the rest waits.
    expect(db.prepare(`SELECT count(*) FROM items`).pluck().get()).toBe(200);
    const left = unread(db, `'published','waiting'`) + (db.prepare(`SELECT count(*) FROM items WHERE detail = 'sold'`).pluck().get() as number);
    expect(left).toBeGreaterThan(0);
    expect(status.shop?.first.left).toBe(left);
    expect(left).toBeLessThan(shop.ids.open.length + shop.ids.sold.length);
    // Neither Sync now nor the seller opening an item asks anything now.
    const asked = arrivals.length;
    expect((await port.syncNow()).shop?.waitUntil).toBe(status.shop?.waitUntil);
    const summary = db.prepare(`SELECT local_id FROM items WHERE detail <> 'full' LIMIT 1`).pluck().get() as number;
    expect(await port.readDetails([summary])).toEqual({ read: 0, missing: [summary] });
    expect(arrivals.length).toBe(asked);
    port.close();
  });
});
