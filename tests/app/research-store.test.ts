// The research store (issue 39) against the real core and service through the in-memory bridge:
// suggestions asked once typing pauses (the newest answer wins), a draft's research, the bulk
// run's progress from events, and categories from the market taken one by one or all at once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memoryCredentialStore } from '../../electron/core/api/session.ts';
import { engineSync } from '../../electron/core/session/engine-sync.ts';
import { createMarketplace } from '../../electron/core/api/marketplace.ts';
import { typedBridge } from '../../renderer/src/bridge/bridge-types.ts';
import { createResearchStore } from '../../renderer/src/research/research-store.ts';
import { DAY_MS } from '../../server/domain/time.ts';
import { insertDemoCategories } from '../../server/seed/category-data.ts';
import { writeMarketSales, type MarketSale } from '../../server/seed/market-history.ts';
import { startTestServer, TEST_PASSWORD, type TestServer } from '../support/server.ts';
import { memoryTransport } from './memory-transport.ts';
import { invokeOk, openTestCore } from './support.ts';

let server: TestServer;

function sales(now: number, title: string, leafId: number, prices: number[]): MarketSale[] {
  return prices.map((price, i) => ({
    leafId, product: title, condition: 'good', title, saleMethod: 'buy-now', sold: true, price, bids: [price], bidders: [i % 5],
    startingPrice: null, buyNowPrice: price, reservePrice: null, closingTime: now - (i + 1) * DAY_MS, listTime: now - (i + 8) * DAY_MS, openDays: 7, seller: i % 5,
  }));
}

beforeAll(async () => {
  server = await startTestServer();
  const { service } = server;
  service.db.transaction(() => insertDemoCategories(service.db, service.clock.now() - 800 * DAY_MS))();
  const now = service.clock.now();
  writeMarketSales(service, [...sales(now, 'Iittala Teema muki', 9, [8, 9, 10, 10, 11, 12]), ...sales(now, 'Iittala Teema mukit 4 kpl', 9, [30, 32, 34])]);
});
afterAll(() => server.close());

function setUp() {
  const core = openTestCore({ sync: (db) => engineSync({ db, marketplace: createMarketplace({ baseUrl: server.url, credentials: memoryCredentialStore({ username: 'seller', password: TEST_PASSWORD }) }), debounceMs: 0, pollMs: 0 }) });
  const bridge = typedBridge(memoryTransport(core.bridge, core.session));
  // A test clock for the pause after typing: the timers run when the test says.
  const timers: Array<() => void> = [];
  const store = createResearchStore(bridge, { wait: (fn) => { timers.push(fn); return setTimeout(() => {}, 0); }, cancel: () => { timers.length = 0; } });
  return { core, store, runTimers: () => timers.splice(0).forEach((fn) => fn()) };
}

describe('the research store', () => {
  it('suggests categories once typing pauses, for the latest title only', async () => {
    const { store, runTimers } = setUp();
    store.actions.titleTyped('Iit', null);
    store.actions.titleTyped('Iittala Teema mukit', null);
    runTimers();
    await expect.poll(() => store.getState().suggestions?.items[0]?.categoryId).toBe(9);
    expect(store.getState().suggestions?.title).toBe('Iittala Teema mukit');
    store.actions.titleTyped('ab', null);
    expect(store.getState().suggestions).toBeNull();
  });

  it('researches a draft, runs a bulk research with its progress, and takes categories from the market', async () => {
    const { core, store } = setUp();
    const a = (await invokeOk(core.bridge, 'drafts.create', { fields: { title: 'Iittala Teema muki', condition: 'good' } })).localId;
    const b = (await invokeOk(core.bridge, 'drafts.create', { fields: { title: 'Iittala Teema mukit' } })).localId;
    await store.actions.show(a);
    expect(store.getState().result).toBeNull();
    const result = await store.actions.research(a);
    expect(result?.stats.median).toBe(10);
    expect(store.getState()).toMatchObject({ localId: a, busy: false });

    await store.actions.startBulk({ localIds: [a, b] });
    await expect.poll(() => store.getState().bulk?.state).toBe('done');
    expect(store.getState().bulk).toMatchObject({ done: 2, total: 2 });
    expect(store.getState().budget?.used).toBeGreaterThan(0);

    store.actions.openDialog({ kind: 'categories', of: { localIds: [a, b] } });
    await expect.poll(() => store.getState().categoryPreview?.choices.length).toBe(2);
    expect(store.getState().chosen).toEqual({ [a]: 9, [b]: 9 });
    // One by one: the first taken leaves the list, the other waits.
    expect((await store.actions.applyCategories([a]))?.changed).toBe(1);
    expect(store.getState().categoryPreview?.choices.map((c) => c.localId)).toEqual([b]);
    store.actions.choose(b, null);
    expect(await store.actions.applyCategories()).toEqual({ changed: 0, stepId: null });
    expect((await invokeOk(core.bridge, 'drafts.get', { localId: a })).fields.categoryId).toBe(9);
    expect((await invokeOk(core.bridge, 'drafts.get', { localId: b })).fields.categoryId ?? null).toBeNull();
  });
});
