// A cache written before the listing had the app's types (cache step 24 and older, and every backup
// of one) keeps the marketplace's /1.1 records as its copies (items.server_copy): a whole Item, or
// the Item's keys a summary told. api/listing-copy.ts reads those as the copies written now, so
// an upgraded cache reads nothing again, its pulled photos still show, and a sale since is still
// seen. The real service (without the sync extension: every pull compares every summary with its
// copy) through the counting loopback proxy.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readListingCopy } from '../../electron/core/api/listing-copy.ts';
import { listItemImages } from '../../electron/core/images/image-library.ts';
import type { Item, ItemSummary } from '../../shared/api/items.ts';
import { jpegImage } from '../support/image-files.ts';
import { makeCategories, type TestCategories } from '../support/item-helpers.ts';
import { call, startTestServer, type TestServer } from '../support/server.ts';
import { completeBuyNow } from './support.ts';
import { startLoopbackProxy, type LoopbackProxy } from './support/loopback-proxy.ts';
import { sellerCache } from './support/sync-setup.ts';

let server: TestServer;
let proxy: LoopbackProxy;
let cats: TestCategories;

beforeAll(async () => {
  server = await startTestServer({ syncExtension: false });
  cats = makeCategories(server);
  proxy = await startLoopbackProxy(server.url);
});
afterAll(async () => {
  await proxy.close();
  await server.close();
});

/** What the cache kept of a summary before (summary-fields.ts `summaryCopy` up to cache step 24), as it wrote it. */
function olderSummaryCopy(summary: ItemSummary): Partial<Item> {
  const link = summary.links.category;
  const categoryId = link === null ? null : Number(/\/categories\/(\d+)\/?$/.exec(new URL(link).pathname)?.[1] ?? NaN);
  return {
    id: summary.id, title: summary.title === '' ? null : summary.title, status: summary.status, saleMethod: summary.saleMethod, categoryId,
    currentPrice: summary.currentPrice, buyNowPrice: summary.buyNowPrice === 0 ? null : summary.buyNowPrice, bidderCount: summary.bidderCount,
    offerCount: summary.offerCount, hasReservePrice: summary.hasReservePrice, hasReservePriceExceeded: summary.hasReservePriceExceeded,
    listTime: summary.listTime, closingTime: summary.closingTime, location: summary.location === '' ? null : summary.location,
    postalCode: summary.postalCode, seller: summary.seller, sellerId: summary.sellerId, images: summary.images, upgrades: summary.upgrades,
    ...(summary.updated === undefined ? {} : { updated: summary.updated }),
  };
}

const itemReads = (before: Map<string, number>) =>
  [...proxy.counts.entries()].filter(([key]) => /^GET \/1\.1\/items\/\d+$/.test(key)).reduce((n, [key, count]) => n + count - (before.get(key) ?? 0), 0);

describe("a cache's copies kept as /1.1 records before", () => {
  it('read as the copies written now: nothing is read again, pulled photos still show, and a sale since is seen', async () => {
    const sellerId = await server.addUser('old-copy-seller');
    const cache = await sellerCache(proxy.url, 'old-copy-seller');
    const publish = async (id: number) => {
      await cache.api.setStatus(id, 'preview');
      await cache.api.setStatus(id, 'published');
    };
    // On the marketplace: an open listing of two units with a photo, and one closed unsold.
    const open = await cache.api.createItem({ ...completeBuyNow('Vanha lamppu'), categoryId: cats.sub, quantity: 2, status: 'draft' });
    await cache.api.uploadImage(open.id, (await jpegImage(64, 48)).bytes);
    await publish(open.id);
    const closed = await cache.api.createItem({ ...completeBuyNow('Vanha hylly'), categoryId: cats.sub, status: 'draft' });
    await publish(closed.id);
    await cache.api.setStatus(closed.id, 'closed');
    await cache.engine.pull();
    const row = (id: number) => cache.db.prepare(`SELECT local_id, detail, server_copy FROM items WHERE remote_id = ?`).get(id) as { local_id: number; detail: string; server_copy: string };
    expect([row(open.id).detail, row(closed.id).detail]).toEqual(['full', 'summary']);

    // The same copies as the older cache kept them: the Item itself, and what its summary told.
    const item = await cache.api.getItem(open.id);
    const summary = (await cache.api.sales(sellerId, { status: 'all', limit: 50 })).items.find((s) => s.id === closed.id)!;
    const older = new Map([[open.id, JSON.stringify(item)], [closed.id, JSON.stringify(olderSummaryCopy(summary))]]);
    for (const [id, json] of older) {
      // Read back, each is the copy the app writes today, key for key.
      expect(readListingCopy(json), `listing ${id}`).toEqual(JSON.parse(row(id).server_copy));
      cache.db.prepare(`UPDATE items SET server_copy = ? WHERE remote_id = ?`).run(json, id);
    }

    // Every summary matches its older copy: nothing is read in full again.
    let before = new Map(proxy.counts);
    expect(await cache.engine.pull()).toMatchObject({ items: 2, inserted: 0, taken: 0, conflicts: 0 });
    expect(itemReads(before)).toBe(0);
    // The pulled photo is listed from the older copy.
    const photos = await listItemImages(cache.db, cache.folder, row(open.id).local_id);
    expect(photos.map((p) => [p.origin, -p.id])).toEqual(item.images.map((i) => ['remote', i.id]));

    // A buyer buys one unit: against the older copy (two units left) the pull sees the sale.
    const buyer = await server.login('old-copy-buyer');
    const bought = await call(server.api(`/items/${open.id}/bids`), { method: 'POST', token: buyer.token, json: { bid: 120, quantityMin: 1, quantityMax: 1 } });
    expect(bought.status, JSON.stringify(bought.body)).toBe(201);
    cache.db.prepare(`UPDATE items SET server_copy = ? WHERE remote_id = ?`).run(older.get(open.id), open.id);
    before = new Map(proxy.counts);
    const events = cache.events.length;
    await cache.engine.pull();
    expect(itemReads(before)).toBe(1);
    const news = cache.events.slice(events).flatMap((e) => (e.type === 'news' ? [e.news] : []));
    expect(news).toMatchObject([{ sales: 1, entries: [{ kind: 'sale', itemId: open.id, title: 'Vanha lamppu', amount: 120 }] }]);
    // Its copy is now the app's, with the units left.
    expect(JSON.parse(row(open.id).server_copy)).toMatchObject({ id: open.id, unitsLeft: 1, fields: { title: 'Vanha lamppu' } });
  });
});
