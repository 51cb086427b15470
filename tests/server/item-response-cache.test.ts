// GET /items/{id} keeps its serialized response until the item changes: every kind of change must
// show in the very next GET, even several in the same millisecond.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Item } from '../../shared/api/index.ts';
import { flushHits } from '../../server/domain/items/hits.ts';
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
    expect([afterBid.bidderCount, afterBid.currentPrice]).toEqual([1, 10]);

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
