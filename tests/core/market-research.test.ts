// Market research (issue 39) over the REAL service: a market history plus sales the test knows,
// the core's research through the dispatcher (contract checks included), every request counted
// by the loopback proxy. One service and one market for the file; a fresh core per test.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Condition, SaleMethod } from '../../shared/api/index.ts';
import type { BulkResearchProgress } from '../../shared/ipc/research.ts';
import { memoryCredentialStore } from '../../electron/core/api/session.ts';
import { searchPrefix } from '../../electron/core/research/finnish-words.ts';
import { researchQueries } from '../../electron/core/research/research-query.ts';
import { engineSync } from '../../electron/core/session/engine-sync.ts';
import { createMarketplace } from '../../electron/core/api/marketplace.ts';
import { DAY_MS } from '../../server/domain/time.ts';
import { insertDemoCategories } from '../../server/seed/category-data.ts';
import { seedMarketHistory, writeMarketSales, type MarketSale } from '../../server/seed/market-history.ts';
import { startTestServer, TEST_PASSWORD, type TestServer } from '../support/server.ts';
import { invokeOk, openTestCore, type TestCore } from '../support/test-core.ts';
import { startLoopbackProxy, type LoopbackProxy } from './support/loopback-proxy.ts';

let server: TestServer;
let proxy: LoopbackProxy;

/** Sales of one product in the forms sellers write it, closed within the last 80 days. */
function knownSales(now: number, titles: readonly string[], leafId: number, prices: readonly number[], condition: Condition, saleMethod: SaleMethod = 'buy-now'): MarketSale[] {
  return prices.map((price, i) => {
    const closingTime = now - (i + 1) * 3 * DAY_MS;
    const sold = i % 5 !== 4;
    return {
      leafId, product: 'known', condition, title: titles[i % titles.length]!, saleMethod, sold, price,
      bids: sold ? [price] : [], bidders: sold ? [i % 10] : [],
      startingPrice: saleMethod === 'auction' ? price / 2 : null, buyNowPrice: saleMethod === 'buy-now' ? price : null, reservePrice: null,
      listTime: closingTime - 7 * DAY_MS, closingTime, openDays: 7, seller: i % 7,
    };
  });
}

const CUPS = ['Arabia Paratiisi kahvikuppi', 'Arabia Paratiisi kahvikupit', 'Kahvikuppeja Arabia Paratiisi', 'ARABIA PARATIISI KAHVIKUPPI JA ALUSLAUTANEN'];

beforeAll(async () => {
  server = await startTestServer();
  const { service } = server;
  service.db.transaction(() => insertDemoCategories(service.db, service.clock.now() - 800 * DAY_MS))();
  await seedMarketHistory(service, { count: 1500, randomSeed: 5 });
  const now = service.clock.now();
  // 25 cups in good condition (20 sold at 18-26 €), 10 in like-new condition (dearer).
  writeMarketSales(service, knownSales(now, CUPS, 9, [18, 19, 20, 21, 22, 22, 23, 24, 25, 26, 18, 20, 21, 22, 24, 25, 26, 19, 23, 21, 22, 20, 24, 23, 21], 'good'));
  writeMarketSales(service, knownSales(now, CUPS, 9, [30, 32, 31, 33, 34, 30, 35, 32, 31, 33], 'like-new'), 2);
  proxy = await startLoopbackProxy(server.url);
});
afterAll(async () => {
  await proxy.close();
  await server.close();
});

function core(): TestCore {
  return openTestCore({ sync: (db) => engineSync({ db, marketplace: createMarketplace({ baseUrl: proxy.url, credentials: memoryCredentialStore({ username: 'seller', password: TEST_PASSWORD }) }), debounceMs: 0, pollMs: 0 }) });
}

async function draft(c: TestCore, fields: Record<string, unknown>): Promise<number> {
  return (await invokeOk(c.bridge, 'drafts.create', { fields })).localId;
}

const searches = () => proxy.count('GET', '/1.1/items');

describe('Finnish word forms', () => {
  it('shares one search prefix between a word\'s forms, as the last word of the search', () => {
    for (const family of [['kahvikupit', 'kahvikuppi', 'kahvikuppeja', 'kahvikupin'], ['kengät', 'kenkä', 'kenkiä'], ['pöydät', 'pöytä', 'pöytiä'], ['takki', 'takit', 'takkeja']]) {
      expect(new Set(family.map(searchPrefix)).size).toBe(1);
      for (const form of family) expect(form.startsWith(searchPrefix(form))).toBe(true);
    }
    // Names and numbers whole, colours and counts never, the noun's prefix last.
    const [first] = researchQueries({ title: 'Arabia Paratiisi kahvikupit 4 kpl, musta', categoryId: null, condition: null });
    expect(first!.words).toBe('paratiisi arabia kahvikup');
  });
});

describe('research of one draft', () => {
  it('finds the sales of "kahvikupit" titled "kahvikuppi", and suggests a price per sale method with its reason', async () => {
    const c = core();
    const localId = await draft(c, { title: 'Arabia Paratiisi kahvikupit', condition: 'good' });
    const before = searches();
    const result = await invokeOk(c.bridge, 'research.draft', { localId });
    expect(searches() - before).toBe(result.requests);
    expect(result.requests).toBeGreaterThanOrEqual(1);
    expect(result.requests).toBeLessThanOrEqual(3);
    expect(result.comparables.some((s) => /kahvikuppi\b/i.test(s.title))).toBe(true);
    expect(result.tooFew).toBe(false);
    expect(result.stats).toMatchObject({ basis: 'same-condition', days: 90 });
    expect(result.stats.sold).toBe(20);
    expect(result.stats.median).toBe(22);
    expect(result.stats.low).toBeGreaterThanOrEqual(20);
    expect(result.stats.high).toBeLessThanOrEqual(24);
    expect(result.stats.sellThrough).toBeCloseTo(0.8, 1);
    const buyNow = result.suggestions.find((s) => s.saleMethod === 'buy-now')!;
    const auction = result.suggestions.find((s) => s.saleMethod === 'auction')!;
    expect(buyNow.price).toBe(22);
    expect(auction.price).toBeLessThan(buyNow.price);
    expect(buyNow.reason).toMatchObject({ sold: 20, days: 90 });
    // The category the cups sold in leads the suggestions.
    expect(result.categories[0]).toMatchObject({ categoryId: 9 });
    expect(result.comparables.every((s) => s.condition === 'good' || s.condition === null)).toBe(true);
  });

  it('asks an identical search once: a second research is answered from the cache, and kept with its age', async () => {
    const c = core();
    const a = await draft(c, { title: 'Arabia Paratiisi kahvikupit', condition: 'good' });
    const b = await draft(c, { title: 'Arabia Paratiisi kahvikupit', condition: 'good' });
    const [first, second] = await Promise.all([invokeOk(c.bridge, 'research.draft', { localId: a }), invokeOk(c.bridge, 'research.draft', { localId: b })]);
    expect(first.requests + second.requests).toBeLessThanOrEqual(3);
    const before = searches();
    const again = await invokeOk(c.bridge, 'research.draft', { localId: a });
    expect(searches()).toBe(before);
    expect(again.requests).toBe(0);
    expect(again.fromCache).toBeGreaterThan(0);
    expect(again.fetchedAt).toBe(first.fetchedAt);
    const kept = await invokeOk(c.bridge, 'research.last', { localId: a });
    expect(kept).toMatchObject({ stale: false, stats: { median: 22 } });
    // The grid's market columns read it with the row.
    const row = await invokeOk(c.bridge, 'drafts.get', { localId: a });
    expect(row.market).toMatchObject({ median: 22, sold: 20 });
    // A changed title makes the kept research stale.
    await invokeOk(c.bridge, 'drafts.update', { localId: a, changes: { title: 'Iittala Teema muki' } });
    expect((await invokeOk(c.bridge, 'research.last', { localId: a }))?.stale).toBe(true);
  });

  it('says too few plainly and suggests no price for a thing the market has not sold', async () => {
    const c = core();
    const localId = await draft(c, { title: 'Zyxwvut-kvanttilaite' });
    const result = await invokeOk(c.bridge, 'research.draft', { localId });
    expect(result.tooFew).toBe(true);
    expect(result.suggestions).toEqual([]);
    expect(result.stats.median).toBeNull();
  });

  it('keeps within the seller\'s budget, and shows the last results with their date when it is spent or offline', async () => {
    const c = core();
    const kept = await draft(c, { title: 'Arabia Paratiisi kahvikupit', condition: 'like-new' });
    const first = await invokeOk(c.bridge, 'research.draft', { localId: kept });
    const budget = await invokeOk(c.bridge, 'research.budget');
    expect(budget.used).toBeGreaterThanOrEqual(first.requests);
    await invokeOk(c.bridge, 'research.setBudget', { dailyLimit: budget.used });
    const before = searches();
    const other = await draft(c, { title: 'Hackman kattila teräs' });
    const spent = await invokeOk(c.bridge, 'research.draft', { localId: other });
    expect(spent.unavailable).toBe('budget');
    expect(searches()).toBe(before);
    // Offline: nothing is asked; the kept research answers with its date.
    await invokeOk(c.bridge, 'research.setBudget', { dailyLimit: 1000 });
    await invokeOk(c.bridge, 'sync.setOffline', { offline: true });
    const offline = await invokeOk(c.bridge, 'research.draft', { localId: kept, refresh: true });
    expect(searches()).toBe(before);
    expect(offline).toMatchObject({ unavailable: 'offline', fetchedAt: first.fetchedAt, stats: { median: first.stats.median } });
  });
});

describe('category suggestions', () => {
  it('gives the likeliest leaves of a title with their share, from the market and the seller\'s own items', async () => {
    const c = core();
    const { suggestions } = await invokeOk(c.bridge, 'research.categories', { title: 'Kahvikupit Arabia Paratiisi' });
    expect(suggestions[0]?.categoryId).toBe(9);
    expect(suggestions.length).toBeLessThanOrEqual(3);
    const shares = suggestions.reduce((s, x) => s + x.share, 0);
    expect(shares).toBeLessThanOrEqual(1.001);
    // The seller's own habit counts: a "kahvikuppi" the seller listed under Sekalaista draws that leaf in.
    await draft(c, { title: 'Kahvikuppi Arabia Paratiisi', categoryId: 527 });
    const own = await invokeOk(c.bridge, 'research.categories', { title: 'Kahvikupit Arabia Paratiisi' });
    expect(own.suggestions.map((s) => s.categoryId)).toContain(527);
  });

  it('sets the suggested categories on a selection after a preview, as one undoable step', async () => {
    const c = core();
    const ids = [await draft(c, { title: 'Arabia Paratiisi kahvikupit' }), await draft(c, { title: 'Kahvikuppi Arabia Paratiisi' }), await draft(c, { title: 'Zyxwvut-kvanttilaite' })];
    const preview = await invokeOk(c.bridge, 'research.categoryPreview', { localIds: ids });
    expect(preview).toMatchObject({ selected: 3, changing: 2, without: 1 });
    expect(preview.samples.every((s) => s.after.categoryId === 9 && s.before.categoryId === null)).toBe(true);
    const choices = preview.choices.flatMap((ch) => (ch.suggestions[0] ? [{ localId: ch.localId, categoryId: ch.suggestions[0].categoryId }] : []));
    const applied = await invokeOk(c.bridge, 'research.applyCategories', { choices });
    expect(applied.changed).toBe(2);
    expect((await invokeOk(c.bridge, 'drafts.get', { localId: ids[0]! })).fields.categoryId).toBe(9);
    await invokeOk(c.bridge, 'drafts.undo', { stepId: applied.stepId! });
    expect((await invokeOk(c.bridge, 'drafts.get', { localId: ids[0]! })).fields.categoryId ?? null).toBeNull();
  });
});

describe('the market price rule', () => {
  it('prices researched drafts from the market (median times a factor, an ending, a floor), previewed and undone', async () => {
    const c = core();
    const researched = await draft(c, { title: 'Arabia Paratiisi kahvikupit', condition: 'good', saleMethod: 'buy-now', buyNowPrice: 10 });
    const unresearched = await draft(c, { title: 'Hackman kattila teräs', saleMethod: 'buy-now', buyNowPrice: 40 });
    await invokeOk(c.bridge, 'research.draft', { localId: researched });
    const rules = { price: { op: 'market', basis: 'median', factor: 1.1, ending: 90, floor: 5 } };
    const preview = await invokeOk(c.bridge, 'drafts.rulesPreview', { localIds: [researched, unresearched], rules });
    expect(preview.changing).toBe(1);
    expect(preview.samples[0]).toMatchObject({ localId: researched, before: { buyNowPrice: 10 }, after: { buyNowPrice: 23.9 } });
    expect(preview.warnings).toEqual([expect.objectContaining({ rule: 'price', count: 1 })]);
    const applied = await invokeOk(c.bridge, 'drafts.applyRules', { localIds: [researched, unresearched], rules });
    expect((await invokeOk(c.bridge, 'drafts.get', { localId: researched })).fields.buyNowPrice).toBe(23.9);
    await invokeOk(c.bridge, 'drafts.undo', { stepId: applied.stepId! });
    expect((await invokeOk(c.bridge, 'drafts.get', { localId: researched })).fields.buyNowPrice).toBe(10);
  });
});

describe('research in bulk', () => {
  it('researches a selection in the background with progress, identical searches once, and can be cancelled', async () => {
    const c = core();
    const titles = ['Arabia Paratiisi kahvikupit', 'Iittala Teema mukit', 'Moccamaster kahvinkeitin', 'Fiskars paistinpannu 28 cm'];
    const ids: number[] = [];
    for (let i = 0; i < 24; i++) ids.push(await draft(c, { title: titles[i % titles.length], condition: 'good' }));
    const progress = () => c.events.filter((e) => e.name === 'research.progress').map((e) => e.payload as BulkResearchProgress);
    const before = searches();
    const started = await invokeOk(c.bridge, 'research.bulkStart', { target: { localIds: ids } });
    expect(started).toMatchObject({ state: 'running', total: 24, done: 0 });
    await expect.poll(() => progress().at(-1)?.state, { timeout: 30_000 }).toBe('done');
    const last = progress().at(-1)!;
    expect(last.done).toBe(24);
    // Four titles: each search once, however many drafts share it.
    expect(last.requests).toBe(searches() - before);
    expect(last.requests).toBeLessThanOrEqual(4 * 3);
    expect(progress().filter((p) => p.jobId === started.jobId).map((p) => p.done)).toEqual(expect.arrayContaining([1, 12, 24]));
    expect((await invokeOk(c.bridge, 'drafts.get', { localId: ids[0]! })).market?.median).toBe(22);

    // A run cancelled at once stops before it has done them all.
    const more: number[] = [];
    for (let i = 0; i < 40; i++) more.push(await draft(c, { title: `Tuote ${i} numero ${i * 7}` }));
    const run = await invokeOk(c.bridge, 'research.bulkStart', { target: { localIds: more } });
    const cancelled = await invokeOk(c.bridge, 'research.bulkCancel', { jobId: run.jobId });
    expect(cancelled?.jobId).toBe(run.jobId);
    await expect.poll(() => progress().filter((p) => p.jobId === run.jobId).at(-1)?.state, { timeout: 30_000 }).toBe('cancelled');
    expect(progress().filter((p) => p.jobId === run.jobId).at(-1)!.done).toBeLessThan(40);
  });

  it('waits out the marketplace\'s 429 and its Retry-After, then goes on', async () => {
    const c = core();
    const ids = [await draft(c, { title: 'Marimekko Unikko mekko' }), await draft(c, { title: 'Sonos One kaiutin' })];
    // One draft's research while the marketplace asks to wait: said, nothing made up.
    const single = await draft(c, { title: 'Jabra Elite kuulokkeet' });
    proxy.answerInstead((method, path) => method === 'GET' && path === '/1.1/items', 429, { 'retry-after': '1' }, 1);
    const waited1 = await invokeOk(c.bridge, 'research.draft', { localId: single });
    expect(waited1).toMatchObject({ unavailable: 'rate-limited', tooFew: true, suggestions: [], fetchedAt: null });
    proxy.answerInstead((method, path) => method === 'GET' && path === '/1.1/items', 429, { 'retry-after': '1' }, 1);
    const run = await invokeOk(c.bridge, 'research.bulkStart', { target: { localIds: ids } });
    const mine = () => c.events.filter((e) => e.name === 'research.progress').map((e) => e.payload as BulkResearchProgress).filter((p) => p.jobId === run.jobId);
    await expect.poll(() => mine().at(-1)?.state, { timeout: 30_000 }).toBe('done');
    const waited = mine().find((p) => p.state === 'waiting');
    expect(waited?.resumesAt).toBeGreaterThan(0);
    expect(mine().at(-1)).toMatchObject({ done: 2, failed: 0 });

    // A connection cut once: the draft is tried again (after a second), not the run given up.
    const cut = await draft(c, { title: 'Bose QuietComfort 45 kuulokkeet' });
    proxy.refuseRequest((method, path) => method === 'GET' && path === '/1.1/items', 1);
    const again = await invokeOk(c.bridge, 'research.bulkStart', { target: { localIds: [cut] } });
    const its = () => c.events.filter((e) => e.name === 'research.progress').map((e) => e.payload as BulkResearchProgress).filter((p) => p.jobId === again.jobId);
    await expect.poll(() => its().at(-1)?.state, { timeout: 30_000 }).toBe('done');
    expect(its().at(-1)).toMatchObject({ done: 1, failed: 0 });
  });
});
