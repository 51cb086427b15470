// Issue 38: a big shop's first sync is its list pages. Every listing is in the cache from the
// sales list's summaries (500 a page); the open, scheduled and sold items are read in full; the
// unsold closed ones stay summaries, marked so, until the seller needs one (or the background
// reads it). Against the real service through the counting loopback proxy.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { statusChanges } from '../../electron/core/drafts/status-changes.ts';
import { rulesPass } from '../../electron/core/rules/rules-pass.ts';
import { ruleStore } from '../../electron/core/rules/rule-store.ts';
import { DAY_MS } from '../../server/domain/time.ts';
import { FIELDS_NOT_IN_SUMMARY } from '../../electron/core/sync/summary-fields.ts';
import { insertShop, type Shop } from '../support/shop-fixtures.ts';
import { insertItems } from '../support/item-fixtures.ts';
import { makeCategories } from '../support/item-helpers.ts';
import { startTestServer, type TestServer } from '../support/server.ts';
import { startLoopbackProxy, type LoopbackProxy } from './support/loopback-proxy.ts';
import { sellerCache, type SellerCache } from './support/sync-setup.ts';

const LISTINGS = 620;
let server: TestServer;
let proxy: LoopbackProxy;
let shop: Shop;
let sellerId: number;
let cache: SellerCache;

/** Requests through the proxy since `before` (a snapshot of its counts), by "METHOD /path" pattern. */
const since = (before: Map<string, number>) => {
  const delta = (match: (key: string) => boolean) =>
    [...proxy.counts.entries()].filter(([key]) => match(key)).reduce((n, [key, count]) => n + count - (before.get(key) ?? 0), 0);
  return {
    all: () => delta(() => true),
    itemReads: () => delta((key) => /^GET \/1\.1\/items\/\d+$/.test(key)),
    salesPages: () => delta((key) => /^GET \/1\.1\/users\/\d+\/sales$/.test(key)),
  };
};

beforeAll(async () => {
  server = await startTestServer();
  const cats = makeCategories(server);
  sellerId = await server.addUser('first-sync-seller', ['private', 'powerseller']);
  const buyerId = await server.addUser('first-sync-buyer');
  // 155 open (31 of them scheduled), 465 closed: 47 sold, 418 unsold.
  shop = insertShop(server.service.db, { sellerId, buyerId, categoryId: cats.sub, listings: LISTINGS, openEvery: 4, soldEvery: 10, scheduledEvery: 5 }, server.service.clock.now());
  proxy = await startLoopbackProxy(server.url);
});
afterAll(async () => {
  await proxy.close();
  await server.close();
});

const rowOf = (remoteId: number) => cache.db.prepare(`SELECT * FROM items WHERE remote_id = ?`).get(remoteId) as Record<string, unknown>;

describe('the first sync of a big shop', () => {
  // One cache through a seller's first day: the first sync, the syncs after it, an item needed.
  it('keeps every listing from the list pages and reads in full only the open, scheduled and sold ones, each once; conflicts and rules as before', async () => {
    cache = await sellerCache(proxy.url, 'first-sync-seller');
    expect(shop.ids).toMatchObject({ open: { length: 124 }, scheduled: { length: 31 }, sold: { length: 47 }, unsold: { length: 418 } });
    let before = new Map(proxy.counts);
    const result = await cache.engine.pull();
    const sent = since(before);
    const firstReads = shop.ids.open.length + shop.ids.scheduled.length + shop.ids.sold.length;
    expect(result).toMatchObject({ items: LISTINGS, inserted: LISTINGS, detailsRead: firstReads, waitUntil: null });
    // Two pages of the listing, one of the sold items; one read per open, scheduled or sold item.
    expect(sent.salesPages()).toBe(3);
    expect(sent.itemReads()).toBe(firstReads);
    // The rest: the sign-in, the seller, categories, settings, the activity feed.
    expect(sent.all() - sent.salesPages() - sent.itemReads()).toBeLessThanOrEqual(6);
    expect(cache.db.prepare(`SELECT count(*) FROM items WHERE remote_id IS NOT NULL`).pluck().get()).toBe(LISTINGS);
    for (const id of [...shop.ids.open, ...shop.ids.scheduled, ...shop.ids.sold]) expect(rowOf(id)).toMatchObject({ detail: 'full', condition: 'good' });
    // A sold one read in full knows its units (the Sales figures count them) and reads as sold.
    expect(JSON.parse(String(rowOf(shop.ids.sold[0]!).server_copy))).toMatchObject({ unitsLeft: 0, status: 'closed', fields: { saleMethod: 'buy-now' } });
    expect(rowOf(shop.ids.sold[0]!)).toMatchObject({ units_left: 0 });
    const unsold = rowOf(shop.ids.unsold[0]!);
    expect(unsold).toMatchObject({ detail: 'summary', status: 'closed', title: 'Old listing 2', sale_method: 'auction', postal_code: '00100', sync_state: 'synced' });
    expect(unsold.category_id).not.toBeNull();
    // What the summary does not tell is unknown (NULL), never a made-up empty value.
    for (const column of ['description', 'condition', 'starting_price', 'quantity', 'delivery_methods', 'payment_methods', 'open_days']) expect(unsold[column]).toBeNull();
    expect(JSON.parse(String(unsold.server_copy))).not.toHaveProperty('unitsLeft');
    expect(JSON.parse(String(unsold.server_copy)).fields).not.toHaveProperty('quantity');
    // The listing's facts a summary tells are in their columns; the units it does not tell are unknown.
    expect(unsold.units_left).toBeNull();
    expect(unsold.closes_at).toEqual(expect.any(Number));
    expect(FIELDS_NOT_IN_SUMMARY).toEqual(expect.arrayContaining(['description', 'condition', 'startingPrice', 'deliveryTerms', 'paymentTerms']));
    expect(cache.db.prepare(`SELECT count(*) FROM sync_cursors`).pluck().get()).toBe(0);

    // Then: a handful of requests when nothing changed, and a change to an item kept from its
    // summary shown without reading it.
    before = new Map(proxy.counts);
    expect(await cache.engine.pull()).toMatchObject({ inserted: 0, taken: 0, conflicts: 0, removedRemotely: 0, detailsRead: 0 });
    expect(since(before).all()).toBeLessThanOrEqual(10);
    expect(since(before).itemReads()).toBe(0);

    const id = shop.ids.unsold[1]!;
    server.service.db.prepare(`UPDATE items SET title = 'Old listing, renamed', updated = ? WHERE id = ?`).run(server.service.clock.now() + 1000, id);
    const changed = new Map(proxy.counts);
    expect(await cache.engine.pull()).toMatchObject({ taken: 1, inserted: 0 });
    expect(since(changed).itemReads()).toBe(0);
    expect(rowOf(id)).toMatchObject({ title: 'Old listing, renamed', detail: 'summary', description: null });

    // Then: the seller needs an item's record; one known only from its summary is never copied.
    const unread = shop.ids.unsold[2]!;
    const localId = rowOf(unread).local_id as number;
    expect(() => statusChanges(cache.db).copyClosed(localId)).toThrow(expect.objectContaining({ code: 'state', detail: { reason: 'details-missing', params: { count: 1 } } }));
    expect(cache.db.prepare(`SELECT count(*) FROM items WHERE remote_id IS NULL`).pluck().get()).toBe(0);
    const asked = new Map(proxy.counts);
    expect(await cache.engine.readDetails([localId, rowOf(shop.ids.open[0]!).local_id as number])).toEqual([]);
    // Only the one still a summary was read.
    expect(since(asked).itemReads()).toBe(1);
    expect(rowOf(unread)).toMatchObject({ detail: 'full', description: '<p>Old listing 5: described in full.</p>', condition: 'good', starting_price: 10 });
    const copy = statusChanges(cache.db).copyClosed(localId);
    expect(cache.row(copy)).toMatchObject({ description: '<p>Old listing 5: described in full.</p>', condition: 'good', original_id: unread });

    // Nothing else changes for an item read in full: a field edited on both sides is a conflict as
    // before; a relist rule relists as before, and one whose item is a summary reads it first.
    // (Only drafts and previews are edited here: a draft made on the marketplace since, read in full as before.)
    const [draftId] = insertItems(server.service.db, [{ seller_id: sellerId, title: 'A draft made there', category_id: rowOf(shop.ids.open[0]!).category_id as number, status: 'draft' }], server.service.clock.now());
    expect(await cache.engine.pull()).toMatchObject({ inserted: 1, conflicts: 0 });
    const draft = rowOf(draftId!).local_id as number;
    expect(cache.row(draft)).toMatchObject({ detail: 'full', status: 'draft', condition: 'good' });
    cache.drafts.editDraft(draft, { title: 'Draft, edited here' });
    server.service.db.prepare(`UPDATE items SET title = 'Draft, edited there', updated = ? WHERE id = ?`).run(server.service.clock.now() + 2000, draftId!);
    expect(await cache.engine.pull()).toMatchObject({ conflicts: 1, detailsRead: 0 });
    expect(cache.row(draft)).toMatchObject({ sync_state: 'conflict', detail: 'full', title: 'Draft, edited here' });
    expect(JSON.parse(String(cache.row(draft).conflicts))).toEqual({ title: { local: 'Draft, edited here', remote: 'Draft, edited there' } });

    // A rule saved before these items closed (the test's clock: the fixtures closed 190 days ago).
    const ruleSaved = server.service.clock.now() - 191 * DAY_MS;
    const full = shop.ids.unsold[4]!;
    const summary = shop.ids.unsold[3]!;
    expect(await cache.engine.readDetails([rowOf(full).local_id as number])).toEqual([]);
    expect(rowOf(summary)).toMatchObject({ detail: 'summary' });
    const store = ruleStore(cache.db);
    for (const id of [full, summary]) {
      store.saveRelistRule({ scope: 'item', scopeId: rowOf(id).local_id as number, maxTimes: 2, stepAmount: null, stepPercent: null, floorPrice: null, hour: null, enabled: true }, ruleSaved);
    }
    const pass = rulesPass(cache.db);
    const now = server.service.clock.now();
    // The one read in full is relisted as today; the summary is asked for, not judged on guesses.
    expect(pass(now)).toMatchObject({ relisted: 1, wanted: 1 });
    expect(rowOf(summary)).toMatchObject({ detail: 'wanted' });
    before = new Map(proxy.counts);
    expect(await cache.engine.pull()).toMatchObject({ detailsRead: 1 });
    expect(since(before).itemReads()).toBe(1);
    expect(pass(now)).toMatchObject({ relisted: 1, wanted: 0 });
    const relisted = cache.db.prepare(`SELECT copy_local_id FROM rule_relists WHERE original_local_id = ?`).pluck().get(rowOf(summary).local_id) as number;
    expect(cache.row(relisted)).toMatchObject({ description: '<p>Old listing 6: described in full.</p>', condition: 'good', original_id: summary });
  });
});
