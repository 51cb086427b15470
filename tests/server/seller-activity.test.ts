// The sync extension: `updated` on the sales list's elements, `changedSince` on the sales list,
// and the seller activity feed; and a service started without it, as older services are.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ItemList, SellerActivity } from '../../shared/api/index.ts';
import { insertItems } from '../support/item-fixtures.ts';
import { makeCategories, manualClock } from '../support/item-helpers.ts';
import { call, startTestServer, type TestServer } from '../support/server.ts';

describe('the sync extension', () => {
  let server: TestServer;
  const clock = manualClock(Date.parse('2026-11-24T10:00:00Z'));
  let seller: { token: string; userId: number };
  let buyer: { token: string; userId: number };
  let items: number[];

  beforeAll(async () => {
    server = await startTestServer({ clock });
    const category = makeCategories(server).sub;
    seller = await server.login('activity-seller');
    buyer = await server.login('activity-buyer');
    items = insertItems(server.service.db, [1, 2, 3].map((i) => ({ seller_id: seller.userId, title: `Listing ${i}`, category_id: category, offers_allowed: 1 })), clock.now());
  });
  afterAll(async () => {
    await server.close();
  });

  const sales = async (query: string) => {
    const res = await call(server.api(`/users/${seller.userId}/sales?${query}`), { token: seller.token });
    expect(res.status).toBe(200);
    return ItemList.parse(res.body);
  };
  const activity = async (query: string, token = seller.token) => call(server.api(`/users/${seller.userId}/activity?${query}`), { token });

  it('lists only the items changed since a time, each with its updated time', async () => {
    clock.advance(5_000);
    const first = await sales('status=all');
    expect(first.items.every((i) => typeof i.updated === 'string')).toBe(true);
    clock.advance(5_000);
    expect((await call(server.api(`/items/${items[1]}/bids`), { method: 'POST', token: buyer.token, json: { bid: 12 } })).status).toBe(201);
    const changed = await sales(`status=all&changedSince=${encodeURIComponent(first.updated)}`);
    expect(changed.items.map((i) => i.id)).toEqual([items[1]]);
    expect(changed.totalCount).toBe(1);
    expect(changed.links.self).toContain('changedSince=');
  });

  it('feeds the questions and offers on the seller\'s items since a time, oldest first, to the seller only', async () => {
    const before = SellerActivity.parse((await activity('')).body);
    clock.advance(5_000);
    const asked = await call(server.api(`/items/${items[0]}/questions`), { method: 'POST', token: buyer.token, json: { question: 'Is it red?' } });
    clock.advance(1_000);
    const offered = await call(server.api(`/items/${items[2]}/offers`), { method: 'POST', token: buyer.token, json: { offer: 4 } });
    // A change in the same second as an answer's `updated` comes again with it as `since`.
    clock.advance(5_000);
    const feed = SellerActivity.parse((await activity(`since=${encodeURIComponent(before.updated)}`)).body);
    expect(feed.entries.map((e) => (e.kind === 'question' ? e.question.id : e.offer.id))).toEqual([(asked.body as { id: number }).id, (offered.body as { id: number }).id]);
    expect(feed.entries.map((e) => e.kind)).toEqual(['question', 'offer']);
    const later = SellerActivity.parse((await activity(`since=${encodeURIComponent(feed.updated)}`)).body);
    expect(later.entries).toEqual([]);
    expect((await activity('', buyer.token)).status).toBe(403);
  });

  it('is described in the OpenAPI document', async () => {
    const doc = (await call(server.api('/openapi.json'))).body as { paths: Record<string, { get?: { description?: string } }>; info: { description: string } };
    expect(doc.paths['/1.1/users/{userid}/activity']?.get?.description).toContain('Extension (sync)');
    expect(doc.paths['/1.1/users/{userid}/sales']?.get?.description).toContain('changedSince');
    expect(doc.info.description).toContain('Sync extension');
  });
});

describe('a service without the sync extension', () => {
  let server: TestServer;
  let seller: { token: string; userId: number };

  beforeAll(async () => {
    server = await startTestServer({ syncExtension: false });
    const category = makeCategories(server).sub;
    seller = await server.login('plain-seller');
    insertItems(server.service.db, [{ seller_id: seller.userId, title: 'Plain', category_id: category }], server.service.clock.now());
  });
  afterAll(async () => {
    await server.close();
  });

  it('lists elements without updated, ignores changedSince and has no activity feed', async () => {
    const res = await call(server.api(`/users/${seller.userId}/sales?changedSince=${encodeURIComponent('2100-01-01T00:00:00+0200')}`), { token: seller.token });
    const list = ItemList.parse(res.body);
    expect(list.items).toHaveLength(1);
    expect(list.items[0]?.updated).toBeUndefined();
    expect((await call(server.api(`/users/${seller.userId}/activity`), { token: seller.token })).status).toBe(404);
  });
});
