// The demo marketplace's market history (issue 39): other sellers' closed sales, deterministic from
// a seed, written in slices that resume, and found by the service's closed search as the spec's
// `words` allows (every word, the last one as a prefix).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ItemList } from '../../shared/api/index.ts';
import { DAY_MS } from '../../server/domain/time.ts';
import { insertDemoCategories } from '../../server/seed/category-data.ts';
import { DEMO_USER_NAMES } from '../../server/seed/accounts.ts';
import { catalogLeaves, HISTORY_SPAN_MS, planMarketHistory, seedMarketHistory } from '../../server/seed/market-history.ts';
import { startTestServer, type TestServer } from '../support/server.ts';

const COUNT = 1500;
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
  server.service.db.transaction(() => insertDemoCategories(server.service.db, server.service.clock.now() - 800 * DAY_MS))();
  // Stopped after its first slice, as a sandbox closed while writing: the next run writes the rest.
  const stop = new AbortController();
  const first = seedMarketHistory(server.service, { count: COUNT, sliceSize: 400, signal: stop.signal });
  setImmediate(() => setImmediate(() => stop.abort()));
  const partial = await first;
  expect(partial.items).toBeLessThan(COUNT);
  const rest = await seedMarketHistory(server.service, { count: COUNT, sliceSize: 400 });
  expect(partial.items + rest.items).toBe(COUNT);
});
afterAll(() => server.close());

const search = async (query: string): Promise<ItemList> => (await (await fetch(server.api(`/items?${query}`))).json()) as ItemList;

describe('the market history', () => {
  it('is the same sales from the same seed, and others from another', () => {
    const now = Date.UTC(2026, 10, 1);
    const a = planMarketHistory(200, now, 7);
    expect(planMarketHistory(200, now, 7)).toEqual(a);
    const b = planMarketHistory(200, now, 8);
    expect(b.map((s) => s.title)).not.toEqual(a.map((s) => s.title));
  });

  it('spreads over two years, every catalog leaf, both sale methods, sold and unsold, every condition', () => {
    const now = Date.UTC(2026, 10, 1);
    const sales = planMarketHistory(6000, now, 11);
    expect(Math.min(...sales.map((s) => s.closingTime))).toBeGreaterThanOrEqual(now - HISTORY_SPAN_MS);
    expect(Math.max(...sales.map((s) => s.closingTime))).toBeLessThan(now);
    expect(new Set(sales.map((s) => s.leafId)).size).toBe(catalogLeaves().length);
    expect(new Set(sales.map((s) => `${s.saleMethod}/${s.sold}`))).toEqual(new Set(['auction/true', 'auction/false', 'buy-now/true', 'buy-now/false']));
    expect(new Set(sales.map((s) => s.condition)).size).toBe(5);
    for (const s of sales) expect(s.title.length).toBeLessThanOrEqual(60);
    // Prices follow the product and its condition: a product's new ones fetch more than its weak ones.
    const median = (xs: number[]) => xs.sort((x, y) => x - y)[Math.floor(xs.length / 2)]!;
    const sold = sales.filter((s) => s.sold);
    expect(median(sold.filter((s) => s.condition === 'new').map((s) => s.price)))
      .toBeGreaterThan(median(sold.filter((s) => s.condition === 'weak').map((s) => s.price)));
  });

  it('is written once: a later run leaves it as it is', async () => {
    const again = await seedMarketHistory(server.service, { count: COUNT });
    expect(again.seeded).toBe(false);
    expect((server.service.db.prepare("SELECT count(*) AS n FROM items WHERE status = 'closed'").get() as { n: number }).n).toBe(COUNT);
  });

  it('belongs to accounts of its own that cannot sign in, never the demo accounts', async () => {
    const sellers = server.service.db.prepare('SELECT DISTINCT u.username FROM items i JOIN users u ON u.id = i.seller_id').pluck().all() as string[];
    expect(sellers.length).toBeGreaterThan(10);
    for (const demo of DEMO_USER_NAMES) expect(sellers).not.toContain(demo);
    const login = await fetch(server.api('/authentication'), {
      method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: sellers[0], password: 'demo-pass-1' }),
    });
    expect(login.status).toBe(400);
  });

  it('is found by a closed search: sold auctions carry their bids, a buy-now sale its buyer', async () => {
    const list = await search('status=closed&limit=500&sort=newest');
    expect(list.totalCount).toBe(COUNT);
    const auctionsSold = list.items.filter((i) => i.saleMethod === 'auction' && i.bidderCount > 0 && (!i.hasReservePrice || i.hasReservePriceExceeded));
    expect(auctionsSold.length).toBeGreaterThan(20);
    expect(list.items.some((i) => i.saleMethod === 'buy-now' && i.bidderCount === 1)).toBe(true);
    expect(list.items.every((i) => i.status === 'closed' && i.links.category !== null)).toBe(true);
    // None is open: an open search finds nothing of the history.
    expect((await search('status=open')).totalCount).toBe(0);
  });

  it('matches a Finnish word\'s forms through the last word\'s prefix, as the service documents words', async () => {
    const all = await search('status=closed&limit=500&words=kahvikup');
    const titles = all.items.map((i) => i.title.toLowerCase());
    expect(titles.length).toBeGreaterThan(0);
    expect(titles.every((t) => /kahvikup/.test(t))).toBe(true);
    // Only the last word is a prefix: the same stem before another word must be whole.
    const notLast = await search('status=closed&limit=500&words=kahvikup%20arabia');
    expect(notLast.totalCount).toBe(0);
  });
});
