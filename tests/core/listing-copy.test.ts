// A cache written before the listing had the app's types (cache step 24 and older, and every backup
// of one) keeps the marketplace's /1.1 records as its copies (items.server_copy): a whole Item, or
// the Item's keys a summary told. api/listing-copy.ts reads those as the copies written now, so
// an upgraded cache reads nothing again, its pulled photos still show, and a sale since is still
// seen. A cache file may come from a backup on a stick: every copy, in either shape, is checked by
// ListingCopySchema (sync/listing-copy-schema.ts) when read and when written. The real service
// (without the sync extension: every pull compares every summary with its copy) through the
// counting loopback proxy.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readListingCopy, writeListingCopy } from '../../electron/core/api/listing-copy.ts';
import { listItemImages } from '../../electron/core/images/image-library.ts';
import { MAX_COPY_PHOTOS } from '../../electron/core/sync/listing-copy-schema.ts';
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

/** A copy as JSON with `change` made to it (a cache file edited by someone else). */
function edited(json: string, change: (copy: Record<string, unknown> & { fields: Record<string, unknown>; photos: unknown[] }) => void): string {
  const copy = JSON.parse(json) as Parameters<typeof change>[0];
  change(copy);
  return JSON.stringify(copy);
}

describe('a copy read from a cache file that may come from anywhere', () => {
  let cache: Awaited<ReturnType<typeof sellerCache>>;
  let open: Item;
  /** The open listing's copy as the sync wrote it. */
  let real: string;
  const copyOf = (id: number) => cache.db.prepare(`SELECT server_copy FROM items WHERE remote_id = ?`).pluck().get(id) as string | null;

  beforeAll(async () => {
    await server.addUser('copy-check-seller');
    cache = await sellerCache(proxy.url, 'copy-check-seller');
    const made = await cache.api.createItem({ ...completeBuyNow('Tarkistettu lamppu'), categoryId: cats.sub, quantity: 2, status: 'draft' });
    await cache.api.uploadImage(made.id, (await jpegImage(64, 48)).bytes);
    await cache.api.setStatus(made.id, 'preview');
    await cache.api.setStatus(made.id, 'published');
    open = await cache.api.getItem(made.id);
    await cache.engine.pull();
    real = copyOf(open.id)!;
  });

  it("a real copy from the sync reads back as written, and writes back byte for byte", () => {
    const copy = readListingCopy(real);
    expect(copy).toMatchObject({ id: open.id, status: 'published', unitsLeft: 2, bidderCount: 0, fields: { title: 'Tarkistettu lamppu', quantity: 2, isLocationAbroad: 0 } });
    expect(copy?.photos).toEqual(open.images.map((i) => ({ id: i.id, thumbnail: i.links.thumbnail })));
    expect(writeListingCopy(copy!)).toBe(real);
  });

  it('leaves out a field of the wrong type or past its bounds, and keeps the rest', () => {
    const json = edited(real, (c) => {
      c.fields.title = 42;
      c.fields.quantity = '3';
      c.fields.deliveryMethods = ['teleport'];
      c.fields.isLocationAbroad = true;
      c.fields.description = 'x'.repeat(1_000_000);
      c.fields.listTime = 'tomorrow';
    });
    const copy = readListingCopy(json);
    expect(copy).not.toBeNull();
    for (const key of ['title', 'quantity', 'deliveryMethods', 'isLocationAbroad', 'description', 'listTime']) expect(copy!.fields, key).not.toHaveProperty(key);
    expect(copy!.fields).toMatchObject({ saleMethod: 'buy-now', buyNowPrice: 120, categoryId: cats.sub });
    expect(copy).toMatchObject({ id: open.id, status: 'published', unitsLeft: 2 });
  });

  it("refuses the whole copy for a wrong identity or fact: an unknown status, a count as text, a time that is none", () => {
    const wrong = [
      edited(real, (c) => { c.status = 'sold'; }),
      edited(real, (c) => { c.id = -1; }),
      edited(real, (c) => { c.bidderCount = '0'; }),
      edited(real, (c) => { c.unitsLeft = 1.5; }),
      edited(real, (c) => { c.closesAt = 'x'.repeat(100_000); }),
      edited(real, (c) => { Object.assign(c, { fields: ['title'] }); }),
      edited(real, (c) => { Object.assign(c, { photos: { 0: c.photos[0] } }); }),
      edited(real, (c) => { c.photos = Array.from({ length: MAX_COPY_PHOTOS + 1 }, () => c.photos[0]); }),
      '[1, 2]', '"copy"', '{"fields": {}}', '{not json',
    ];
    for (const json of wrong) expect(readListingCopy(json), json.slice(0, 120)).toBeNull();
  });

  it('leaves out a photo that is damaged or not a web address, and a huge one', () => {
    const [photo] = JSON.parse(real).photos as Array<{ id: number; thumbnail: string }>;
    const json = edited(real, (c) => {
      c.photos = [
        { id: 1, thumbnail: 'file:///etc/passwd' },
        { id: 2, thumbnail: 'javascript:alert(1)' },
        { id: 3, thumbnail: `${new URL(photo!.thumbnail).origin}/${'a'.repeat(5000)}` },
        { id: '4', thumbnail: photo!.thumbnail },
        null,
        photo!,
      ];
    });
    expect(readListingCopy(json)?.photos).toEqual([photo]);
  });

  it('drops keys it does not know, a local-only field and __proto__, and writes none of them back', () => {
    const json = real
      .replace('{"id":', '{"__proto__":{"polluted":1,"status":"closed"},"seller":"someone","id":')
      .replace('"fields":{', '"fields":{"__proto__":{"title":"other"},"sku":"OWN-1","note":"private","seller":"x",');
    expect(Object.keys(JSON.parse(json))).toContain('__proto__');
    const copy = readListingCopy(json)!;
    expect(copy).toEqual(readListingCopy(real));
    expect(Object.getPrototypeOf(copy)).toBe(Object.prototype);
    expect(Object.getPrototypeOf(copy.fields)).toBe(Object.prototype);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(writeListingCopy(copy)).toBe(real);
    // A copy built in memory with such keys is written without them.
    const polluted = JSON.parse(json) as Parameters<typeof writeListingCopy>[0];
    expect(writeListingCopy(polluted)).toBe(real);
  });

  it('writes only what it would read: a bad field left out, a copy with a bad fact not written', () => {
    const copy = readListingCopy(real)!;
    const written = writeListingCopy({ ...copy, fields: { ...copy.fields, title: 'x'.repeat(61) } });
    expect(JSON.parse(written!).fields).not.toHaveProperty('title');
    expect(readListingCopy(written)).toEqual({ ...copy, fields: Object.fromEntries(Object.entries(copy.fields).filter(([k]) => k !== 'title')) });
    expect(writeListingCopy({ ...copy, bidderCount: -1 })).toBeNull();
    expect(writeListingCopy({ ...copy, closesAt: 'next week' })).toBeNull();
  });

  it('reads a /1.1 record of before through the same check, and a broken one never throws', () => {
    const item = JSON.stringify(open);
    expect(readListingCopy(item)).toEqual(readListingCopy(real));
    // A whole Item with a title too long for the marketplace: the rest of the copy is kept.
    const long = readListingCopy(JSON.stringify({ ...open, title: 'x'.repeat(100_000) }));
    expect(long?.fields).not.toHaveProperty('title');
    expect(long).toMatchObject({ id: open.id, status: 'published', fields: { buyNowPrice: 120 } });
    // Records that are no listing's, and ones that broke the reading before (a whole Item's keys without their values).
    for (const json of ['{"quantity":1}', JSON.stringify({ ...open, status: 'sold' }), JSON.stringify({ ...open, requirements: null }), '{"id":7,"status":"closed","requirements":{},"listTime":5}']) {
      expect(() => readListingCopy(json), json.slice(0, 80)).not.toThrow();
    }
    expect(readListingCopy('{"quantity":1}')).toBeNull();
    expect(readListingCopy(JSON.stringify({ ...open, status: 'sold' }))).toBeNull();
    expect(readListingCopy('{"id":7,"status":"closed","requirements":{},"listTime":5}')).toBeNull();
    // An old summary's wrong value is left out as a copy's is.
    expect(readListingCopy(JSON.stringify({ id: open.id, status: 'closed', title: 42, buyNowPrice: 20, images: [{ id: 9, links: { thumbnail: 'file:///x' } }] })))
      .toEqual({ id: open.id, status: 'closed', fields: { buyNowPrice: 20 }, photos: [], changedAt: null });
  });

  it('a bad copy makes the sync read the listing again and write it whole; a photo off the marketplace is never fetched', async () => {
    const localId = cache.byRemote(open.id)!;
    const [photo] = JSON.parse(real).photos as Array<{ id: number; thumbnail: string }>;
    const foreign = await startLoopbackProxy(server.url);
    try {
      const elsewhere = `${foreign.url}${new URL(photo!.thumbnail).pathname}`;
      cache.db.prepare(`UPDATE items SET server_copy = ? WHERE local_id = ?`).run(edited(real, (c) => { c.photos = [{ id: photo!.id, thumbnail: elsewhere }]; }), localId);
      // Listed (the copy names it), but its thumbnail is not fetched from another address.
      const listed = await listItemImages(cache.db, cache.folder, localId, (url) => cache.api.media(url));
      expect(listed).toMatchObject([{ origin: 'remote', id: -photo!.id, thumbnail: null }]);
      expect(foreign.counts.size).toBe(0);
    } finally {
      await foreign.close();
    }
    // An unknown status: no copy, so the pull reads the listing in full and writes its copy again.
    cache.db.prepare(`UPDATE items SET server_copy = ? WHERE local_id = ?`).run(edited(real, (c) => { c.status = 'sold'; }), localId);
    expect(await listItemImages(cache.db, cache.folder, localId)).toEqual([]);
    const before = new Map(proxy.counts);
    const events = cache.events.length;
    await cache.engine.pull();
    expect(itemReads(before)).toBe(1);
    expect(cache.events.slice(events).filter((e) => e.type === 'news')).toEqual([]);
    expect(copyOf(open.id)).toBe(real);
  });
});
