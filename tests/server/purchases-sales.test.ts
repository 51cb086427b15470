import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ItemList } from '../../shared/api/index.ts';
import { closeItem } from '../../server/domain/items/close-item.ts';
import { placeBid } from '../../server/domain/trading/place-bid.ts';
import { call, startTestServer, type TestServer } from '../support/server.ts';
import { DAY, insertItem } from '../support/trading-fixtures.ts';

let server: TestServer;
let seller: { token: string; userId: number };
let anna: { token: string; userId: number };
let pekka: { token: string; userId: number };
const ids = { open: 0, won: 0, bought: 0, unsold: 0, draft: 0, preview: 0, waiting: 0, original: 0, copy: 0 };

beforeAll(async () => {
  server = await startTestServer();
  [seller, anna, pekka] = await Promise.all([server.login('seller'), server.login('anna'), server.login('pekka')]);
  const s = server.service;
  const t = Date.now();
  const item = (extra: Partial<Parameters<typeof insertItem>[1]>) => insertItem(s, { sellerId: seller.userId, ...extra });
  const bid = (itemId: number, bidderId: number, amount: number, now = t) =>
    placeBid(s, { itemId, bidderId, amount, automatic: false }, now);

  ids.open = item({ title: 'open auction', startingPrice: 5, listTime: t - 3000 });
  bid(ids.open, anna.userId, 5);
  bid(ids.open, pekka.userId, 30);
  ids.won = item({ title: 'won auction', startingPrice: 50, listTime: t - 2000 });
  bid(ids.won, anna.userId, 60);
  closeItem(s, ids.won, t);
  ids.bought = item({ title: 'bought', saleMethod: 'buy-now', buyNowPrice: 80, listTime: t - 1000 });
  bid(ids.bought, anna.userId, 80, t + 1);
  ids.unsold = item({ title: 'unsold', listTime: t - 4000 });
  closeItem(s, ids.unsold, t);
  ids.draft = item({ status: 'draft', title: 'draft' });
  ids.preview = item({ status: 'preview', title: 'preview' });
  ids.waiting = item({ status: 'waiting', title: 'waiting', listTime: t + DAY, closingTime: t + 2 * DAY });
  ids.original = item({ title: 'republished', listTime: t - 5 * DAY, closingTime: t - 1, republish: true });
  ids.copy = closeItem(s, ids.original, t).republishedId!;
});
afterAll(() => server.close());

async function list(path: string, token?: string): Promise<ItemList> {
  const res = await call(server.api(path), { token });
  expect(res.status, res.text).toBe(200);
  return ItemList.parse(res.body);
}
const idsOf = (l: ItemList) => l.items.map((i) => i.id);

describe('purchases', () => {
  const path = () => `/users/${anna.userId}/purchases`;

  it('answers 403 without a token and for another user\'s token', async () => {
    expect((await call(server.api(path()))).status).toBe(403);
    expect((await call(server.api(path()), { token: pekka.token })).status).toBe(403);
    expect((await call(server.api(path()), { method: 'POST', token: pekka.token, form: { status: 'all' } })).status).toBe(403);
  });

  it('lists items the user bid on or bought, latest first, filtered by status', async () => {
    const all = await list(path(), anna.token);
    expect(idsOf(all)).toEqual([ids.bought, ids.won, ids.open]);
    expect(all.totalCount).toBe(3);
    expect(all.items.find((i) => i.id === ids.bought)?.status).toBe('closed');
    expect(idsOf(await list(`${path()}?status=open`, anna.token))).toEqual([ids.open]);
    expect(idsOf(await list(`${path()}?status=closed`, anna.token))).toEqual([ids.bought, ids.won]);
    expect(idsOf(await list(`${path()}?status=bogus`, anna.token))).toEqual([ids.bought, ids.won, ids.open]);
    expect(idsOf(await list(`${path()}?post_id=${ids.won}`, anna.token))).toEqual([ids.won]);
  });

  it('keeps won and bought items under processing until the user has left feedback', async () => {
    expect(idsOf(await list(`${path()}?status=processing`, anna.token))).toEqual([ids.bought, ids.won]);
    const fb = await call(server.api(`/users/${seller.userId}/feedbacks`), {
      token: anna.token,
      json: { itemid: ids.won, rating: 1, feedback: 'Fine' },
    });
    expect(fb.status).toBe(201);
    expect(idsOf(await list(`${path()}?status=processing`, anna.token))).toEqual([ids.bought]);
  });

  it('takes the same parameters in a POST body and answers 200', async () => {
    const res = await call(server.api(path()), { method: 'POST', token: anna.token, form: { status: 'open' } });
    expect(res.status).toBe(200);
    expect(idsOf(ItemList.parse(res.body))).toEqual([ids.open]);
    const json = await call(server.api(path()), { method: 'POST', token: anna.token, json: { post_id: ids.bought } });
    expect(idsOf(ItemList.parse(json.body))).toEqual([ids.bought]);
    const empty = await call(server.api(path()), { method: 'POST', token: anna.token });
    expect(ItemList.parse(empty.body).totalCount).toBe(3);
  });

  it('pages with first, last, next and previous links', async () => {
    const bidder = await server.login('collector');
    for (let i = 0; i < 52; i++) {
      const id = insertItem(server.service, { sellerId: seller.userId, startingPrice: 1 });
      placeBid(server.service, { itemId: id, bidderId: bidder.userId, amount: 1, automatic: false }, Date.now() + i);
    }
    const first = await list(`/users/${bidder.userId}/purchases`, bidder.token);
    expect(first.items).toHaveLength(50);
    expect(first.totalCount).toBe(52);
    expect(first.links.previous).toBeNull();
    expect(first.links.next).toContain('page=2');
    const second = ItemList.parse((await call(first.links.next!, { token: bidder.token })).body);
    expect(second.items).toHaveLength(2);
    expect(second.links.next).toBeNull();
    expect(second.links.last).toBe(first.links.next);
  });
});

describe('sales', () => {
  const path = () => `/users/${seller.userId}/sales`;

  it('answers 403 without a token and for another user\'s token', async () => {
    expect((await call(server.api(path()))).status).toBe(403);
    expect((await call(server.api(path()), { token: anna.token })).status).toBe(403);
  });

  it('filters by every status, each element carrying the item\'s status', async () => {
    const all = await list(`${path()}?limit=500`, seller.token);
    expect(all.totalCount).toBeGreaterThanOrEqual(9);
    const statusOf = new Map(all.items.map((i) => [i.id, i.status]));
    expect(statusOf.get(ids.draft)).toBe('draft');
    expect(statusOf.get(ids.won)).toBe('closed');
    const only = async (status: string) => new Set(idsOf(await list(`${path()}?status=${status}&limit=500`, seller.token)));
    expect(await only('waiting')).toEqual(new Set([ids.waiting]));
    expect(await only('draft')).toEqual(new Set([ids.draft, ids.preview]));
    const closed = await only('closed');
    for (const id of [ids.won, ids.bought, ids.unsold, ids.original]) expect(closed.has(id)).toBe(true);
    expect(closed.has(ids.open)).toBe(false);
    const open = await only('open');
    expect(open.has(ids.open) && open.has(ids.copy)).toBe(true);
    expect(open.has(ids.won)).toBe(false);
  });

  it('applies sold and republished only with status open or closed', async () => {
    const ofQuery = async (q: string) => new Set(idsOf(await list(`${path()}?${q}&limit=500`, seller.token)));
    expect(await ofQuery('status=closed&sold=1')).toEqual(new Set([ids.won, ids.bought]));
    expect(await ofQuery('status=closed&sold=0')).toEqual(new Set([ids.unsold, ids.original]));
    expect(await ofQuery('status=open&republished=1')).toEqual(new Set([ids.copy]));
    const everything = await ofQuery('status=all');
    expect(await ofQuery('status=all&sold=1&republished=1')).toEqual(everything);
    expect(await ofQuery('status=draft&sold=1')).toEqual(new Set([ids.draft, ids.preview]));
  });

  it('sorts by bidders, current price, closing time and list time', async () => {
    const sorted = async (sort: string) => (await list(`${path()}?status=closed&sort=${sort}`, seller.token)).items;
    const byPrice = (await sorted('current-price')).map((i) => i.currentPrice);
    expect(byPrice).toEqual([...byPrice].sort((a, b) => b - a));
    const byBidders = (await sorted('bidders')).map((i) => i.bidderCount);
    expect(byBidders).toEqual([...byBidders].sort((a, b) => b - a));
    const open = await list(`${path()}?status=open&sort=list-time&limit=500`, seller.token);
    expect(open.items[0]?.id).toBe(ids.copy);
    const closing = (await list(`${path()}?status=closed&sort=closing-time`, seller.token)).items.map((i) => i.closingTime);
    expect(closing[0]).toBeTruthy();
    expect(open.links.self).toContain('sort=list-time');
  });
});
