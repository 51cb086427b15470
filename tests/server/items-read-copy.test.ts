import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Item, LIMITS } from '../../shared/api/index.ts';
import { flushHits } from '../../server/domain/items/hits.ts';
import {
  attachImage,
  auctionBody,
  countRows,
  createItem,
  createOk,
  errorsOf,
  itemsUrl,
  makeCategories,
  setStatus,
  type TestCategories,
} from '../support/item-helpers.ts';
import { call, startTestServer, type TestServer } from '../support/server.ts';

let server: TestServer;
let cats: TestCategories;
let pekka: string;
let ville: string;

beforeAll(async () => {
  server = await startTestServer();
  cats = makeCategories(server);
  pekka = (await server.login('pekka', ['powerseller'])).token;
  ville = (await server.login('ville', ['private'])).token;
});
afterAll(() => server.close());

const premiumAuction = (extra: Record<string, unknown> = {}) => auctionBody(cats.sub, { minimumIncrease: 1, ...extra });

async function closedItem(extra: Record<string, unknown> = {}): Promise<Item> {
  const item = await createOk(server, pekka, premiumAuction(extra));
  expect((await setStatus(server, pekka, item.id, 'published')).status).toBe(200);
  expect((await setStatus(server, pekka, item.id, 'closed')).status).toBe(200);
  return item;
}

describe('reading an item', () => {
  it('shows drafts and previews only to their seller; others get 404', async () => {
    const draft = await createOk(server, pekka, { status: 'draft', title: 'Secret' });
    const preview = await createOk(server, pekka, premiumAuction());
    for (const id of [draft.id, preview.id]) {
      expect((await call(itemsUrl(server, id), { token: pekka })).status).toBe(200);
      expect((await call(itemsUrl(server, id), { token: ville })).status).toBe(404);
      expect((await call(itemsUrl(server, id))).status).toBe(404);
    }
  });

  it('shows published and closed items to anyone, with the reserve price only to the seller', async () => {
    const item = await createOk(server, pekka, premiumAuction({ reservePrice: 50 }));
    await setStatus(server, pekka, item.id, 'published');
    const anonymous = Item.parse((await call(itemsUrl(server, item.id))).body);
    expect(anonymous).toMatchObject({ status: 'published', hasReservePrice: true, reservePrice: null });
    expect(Item.parse((await call(itemsUrl(server, item.id), { token: ville })).body).reservePrice).toBeNull();
    expect(Item.parse((await call(itemsUrl(server, item.id), { token: pekka })).body).reservePrice).toBe(50);
    await setStatus(server, pekka, item.id, 'closed');
    expect((await call(itemsUrl(server, item.id))).status).toBe(200);
  });

  it('answers 404 for an unknown or malformed id and 403 for an invalid token', async () => {
    expect((await call(itemsUrl(server, 987_654))).status).toBe(404);
    expect((await call(server.api('/items/abc'))).status).toBe(404);
    const item = await closedItem();
    expect((await call(itemsUrl(server, item.id), { token: 'f'.repeat(32) })).status).toBe(403);
  });

  it('counts hits of other viewers, written to the database when flushed and when the item closes', async () => {
    const item = await createOk(server, pekka, premiumAuction());
    await setStatus(server, pekka, item.id, 'published');
    const hits = () => (server.service.db.prepare('SELECT hits FROM items WHERE id = ?').get(item.id) as { hits: number }).hits;
    for (let i = 0; i < 3; i++) await call(itemsUrl(server, item.id));
    await call(itemsUrl(server, item.id), { token: pekka });
    expect(hits()).toBe(0);
    flushHits(server.service.db);
    expect(hits()).toBe(3);
    await call(itemsUrl(server, item.id), { token: ville });
    await setStatus(server, pekka, item.id, 'closed');
    expect(hits()).toBe(4);
  });
});

describe('copying a closed item (originalId)', () => {
  it('copies the data and the images into a new draft of the same seller', async () => {
    const original = await createOk(server, pekka, premiumAuction({ title: 'Original', buyNowPrice: 80, openDays: 9, paymentTerms: 'cash on pickup' }));
    const imageIds = [await attachImage(server, original.id), await attachImage(server, original.id)];
    await setStatus(server, pekka, original.id, 'published');
    await setStatus(server, pekka, original.id, 'closed');

    const res = await createItem(server, pekka, { originalId: original.id });
    expect(res.status).toBe(201);
    const copy = Item.parse(res.body);
    expect(copy).toMatchObject({
      status: 'draft',
      originalId: original.id,
      title: 'Original',
      saleMethod: 'auction',
      startingPrice: 10,
      buyNowPrice: 80,
      minimumIncrease: 1,
      openDays: 9,
      paymentTerms: 'cash on pickup',
      location: 'HELSINKI',
      listTime: null,
      closingTime: null,
    });
    expect(copy.images).toHaveLength(2);
    for (const image of copy.images) {
      expect(imageIds).not.toContain(image.id);
      expect(existsSync(join(server.service.imagesDir, String(image.id)))).toBe(true);
    }
    // The copy is complete, so it can go on sale again.
    expect((await setStatus(server, pekka, copy.id, 'preview')).status).toBe(200);
    expect((await setStatus(server, pekka, copy.id, 'published')).status).toBe(200);
  });

  it('applies parameters sent with originalId over the copied data', async () => {
    const original = await closedItem({ title: 'Old title' });
    const copy = Item.parse((await createItem(server, pekka, { originalId: original.id, title: 'New title', status: 'draft' })).body);
    expect(copy.title).toBe('New title');
  });

  it('refuses another seller\'s item (403), an item not closed (409), an unknown one (404) and another status (400)', async () => {
    const before = countRows(server, 'items');
    const closed = await closedItem();
    const open = await createOk(server, pekka, premiumAuction());
    const cases: Array<[string, Record<string, unknown>, number, string]> = [
      ['ville', { originalId: closed.id }, 403, 'not_owner'],
      ['pekka', { originalId: open.id }, 409, 'original_not_closed'],
      ['pekka', { originalId: 987_654 }, 404, 'not_found'],
      ['pekka', { originalId: closed.id, status: 'preview' }, 400, 'status_not_allowed'],
    ];
    for (const [who, body, status, code] of cases) {
      const res = await createItem(server, who === 'ville' ? ville : pekka, body);
      expect(res.status).toBe(status);
      expect(errorsOf(res.body)[0]?.code).toBe(code);
    }
    expect(countRows(server, 'items')).toBe(before + 2);
  });
});

describe('the 10-draft limit', () => {
  it('takes 10 drafts and refuses the 11th with 409, by create, copy and preview to draft', async () => {
    const { token } = await server.login('dora', ['private']);
    const original = await createOk(server, token, auctionBody(cats.sub));
    await setStatus(server, token, original.id, 'published');
    await setStatus(server, token, original.id, 'closed');
    const preview = await createOk(server, token, auctionBody(cats.sub));
    const drafts: number[] = [];
    for (let i = 0; i < LIMITS.draftsPerUser; i++) {
      const res = await createItem(server, token, { status: 'draft', title: `Draft ${i + 1}` });
      expect(res.status).toBe(201);
      drafts.push(Item.parse(res.body).id);
    }
    const before = countRows(server, 'items');
    for (const body of [{ status: 'draft' }, { originalId: original.id }]) {
      const res = await createItem(server, token, body);
      expect(res.status).toBe(409);
      expect(errorsOf(res.body)[0]?.code).toBe('draft_limit');
    }
    const toDraft = await setStatus(server, token, preview.id, 'draft');
    expect(toDraft.status).toBe(409);
    expect(errorsOf(toDraft.body)[0]?.code).toBe('draft_limit');
    expect(countRows(server, 'items')).toBe(before);
    // A preview is not a draft: creating one is still possible, and deleting a draft frees a place.
    expect((await createItem(server, token, auctionBody(cats.sub))).status).toBe(201);
    expect((await call(itemsUrl(server, drafts[0]), { method: 'DELETE', token })).status).toBe(204);
    expect((await createItem(server, token, { status: 'draft' })).status).toBe(201);
  });
});
