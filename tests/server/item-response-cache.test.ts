// GET /items/{id} keeps its serialized response until the item changes: every kind of change must
// show in the very next GET, even several in the same millisecond.
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Item, ItemList } from '../../shared/api/index.ts';
import { MIGRATIONS } from '../../server/db/migrations.ts';
import { migrate, schemaVersion } from '../../server/db/open.ts';
import { flushHits } from '../../server/domain/items/hits.ts';
import { stripHtml } from '../../server/domain/text.ts';
import { attachImage, auctionBody, createOk, makeCategories, setStatus } from '../support/item-helpers.ts';
import { call, startTestServer, type TestServer } from '../support/server.ts';

let server: TestServer;
let seller: { token: string; userId: number };
let buyer: { token: string; userId: number };
let categoryId: number;
beforeAll(async () => {
  server = await startTestServer();
  seller = await server.login('pekka', ['powerseller']);
  buyer = await server.login('ville');
  categoryId = makeCategories(server).sub;
});
afterAll(() => server.close());

const get = async (id: number, token?: string) => Item.parse((await call(server.api(`/items/${id}`), { token })).body);

describe('the item response cache', () => {
  it('shows every change in the next GET: edit, image, publish, bid, offer, database writes, close', async () => {
    const created = await createOk(server, seller.token, auctionBody(categoryId, { minimumIncrease: 1, reservePrice: 50 }));
    const id = created.id;
    expect((await get(id, seller.token)).title).toBe('Nokia 3310, blue');

    await call(server.api(`/items/${id}`), { method: 'PUT', token: seller.token, json: { title: 'Nokia 3310, red' } });
    expect((await get(id, seller.token)).title).toBe('Nokia 3310, red');

    await attachImage(server, id); // straight into the database, not through the item
    expect((await get(id, seller.token)).images).toHaveLength(1);

    expect((await setStatus(server, seller.token, id, 'published')).status).toBe(200);
    const before = await get(id);
    expect(before.status).toBe('published');
    expect(before.reservePrice).toBeNull(); // others never get the seller's cached body
    expect((await get(id, seller.token)).reservePrice).toBe(50);

    expect((await call(server.api(`/items/${id}/bids`), { token: buyer.token, json: { bid: 12 } })).status).toBe(201);
    const afterBid = await get(id);
    expect([afterBid.bidderCount, afterBid.currentPrice]).toEqual([1, 12]); // a plain bid stands at its amount

    expect((await call(server.api(`/items/${id}/offers`), { token: buyer.token, json: { offer: 40 } })).status).toBe(201);
    expect((await get(id)).offerCount).toBe(1);

    // Two writes within one millisecond are still two versions.
    const { db } = server.service;
    db.prepare('UPDATE items SET delivery_terms = ? WHERE id = ?').run('first', id);
    expect((await get(id)).deliveryTerms).toBe('first');
    db.prepare('UPDATE items SET delivery_terms = ?, updated = updated WHERE id = ?').run('second', id);
    expect((await get(id)).deliveryTerms).toBe('second');
    flushHits(db);

    expect((await setStatus(server, seller.token, id, 'closed')).status).toBe(200);
    expect((await get(id)).status).toBe('closed');
  });

  it('serves the same bytes as a fresh render, per host', async () => {
    const item = await createOk(server, seller.token, { ...auctionBody(categoryId, { minimumIncrease: 1 }) });
    await setStatus(server, seller.token, item.id, 'published');
    const first = await call(server.api(`/items/${item.id}`));
    const second = await call(server.api(`/items/${item.id}`));
    expect(second.text).toBe(first.text);
    expect(second.headers.get('content-type')).toBe('application/json; charset=utf-8');
    const viaLocalhost = await call(`${server.url.replace('127.0.0.1', 'localhost')}/1.1/items/${item.id}`);
    expect(Item.parse(viaLocalhost.body).links.self).toContain('//localhost:');
  });
});

describe('hits and the item response cache', () => {
  const versionOf = (id: number) => server.service.db.prepare('SELECT version FROM items WHERE id = ?').pluck().get(id) as number;
  const hitsOf = (id: number) => server.service.db.prepare('SELECT hits FROM items WHERE id = ?').pluck().get(id) as number;

  it('keeps the cached response when viewed hits are written: hits are not part of the item, only of the search order', async () => {
    const item = await createOk(server, seller.token, auctionBody(categoryId, { title: 'Hit counter lamp', minimumIncrease: 1 }));
    await setStatus(server, seller.token, item.id, 'published');
    const first = await call(server.api(`/items/${item.id}`));
    await call(server.api(`/items/${item.id}`));
    const version = versionOf(item.id);
    const hitsBefore = hitsOf(item.id);

    flushHits(server.service.db);
    expect(hitsOf(item.id)).toBe(hitsBefore + 2);
    expect(versionOf(item.id)).toBe(version);
    // What the cache keeps cannot be stale on hits: the item's JSON has none.
    expect(Object.keys(first.body as object)).not.toContain('hits');
    expect((await call(server.api(`/items/${item.id}`))).text).toBe(first.text);
    // The written hits are what the search sort `hits` reads.
    const found = ItemList.parse((await call(server.api(`/items?words=${encodeURIComponent('Hit counter lamp')}&sort=hits`))).body);
    expect(found.items.map((i) => i.id)).toEqual([item.id]);

    server.service.db.prepare('UPDATE items SET hits = hits + 1, delivery_terms = ? WHERE id = ?').run('changed with the hits', item.id);
    expect(versionOf(item.id)).toBe(version + 1);
    expect((await get(item.id)).deliveryTerms).toBe('changed with the hits');
  });
});

describe('migration 6 (hits are not an item version)', () => {
  it('keeps every item version, stops an update of hits alone from bumping it, and still bumps it for every other column', () => {
    const db = new Database(':memory:');
    db.function('strip_html', { deterministic: true }, (html: unknown) => stripHtml(typeof html === 'string' ? html : ''));
    migrate(db, MIGRATIONS, 5);
    const now = Date.now();
    db.prepare(`INSERT INTO users (id, username, password_hash, type, created, updated) VALUES (1, 'anna', 'x', 'private', ?, ?)`).run(now, now);
    db.prepare(`INSERT INTO items (id, seller_id, status, title, created, updated) VALUES (7, 1, 'published', 'Brass lamp', ?, ?)`).run(now, now);
    const version = () => db.prepare('SELECT version FROM items WHERE id = 7').pluck().get() as number;
    db.prepare('UPDATE items SET hits = hits + 3 WHERE id = 7').run();
    expect(version()).toBe(1); // before: every update, hits too, was a new version

    migrate(db, MIGRATIONS, 6);
    expect(schemaVersion(db)).toBe(6);
    expect(version()).toBe(1);
    db.prepare('UPDATE items SET hits = hits + 4 WHERE id = 7').run();
    expect(db.prepare('SELECT hits FROM items WHERE id = 7').pluck().get()).toBe(7);
    expect(version()).toBe(1);

    // Every other column, including any added later, is part of what the item shows.
    const columns = (db.prepare('SELECT name FROM pragma_table_info(?)').pluck().all('items') as string[]).filter(
      (c) => c !== 'hits' && c !== 'version',
    );
    expect(columns.length).toBeGreaterThan(40);
    for (const [i, column] of columns.entries()) {
      db.prepare(`UPDATE items SET "${column}" = "${column}" WHERE id = 7`).run();
      expect(version(), column).toBe(2 + i);
    }
    db.close();
  });
});
