import { beforeAll, describe, expect, it } from 'vitest';
import { ItemList } from '../../shared/api/index.ts';
import { closeItem } from '../../server/domain/items/close-item.ts';
import { placeBid } from '../../server/domain/trading/place-bid.ts';
import { call } from '../support/server.ts';
import { DAY, useTradingServer } from '../support/trading-fixtures.ts';

const market = useTradingServer('anna', 'pekka');
const ids = { open: 0, won: 0, bought: 0, unsold: 0, draft: 0, preview: 0, waiting: 0, original: 0, copy: 0 };

beforeAll(() => {
  const s = market.server.service;
  const t = Date.now();
  const { item } = market;
  const bid = (itemId: number, bidderId: number, amount: number, now = t) =>
    placeBid(s, { itemId, bidderId, amount, automatic: false }, now);

  ids.open = item({ title: 'open auction', starting_price: 5, list_time: t - 3000 });
  bid(ids.open, market.anna.userId, 5);
  bid(ids.open, market.pekka.userId, 30);
  ids.won = item({ title: 'won auction', starting_price: 50, list_time: t - 2000 });
  bid(ids.won, market.anna.userId, 60);
  closeItem(s, ids.won, t);
  ids.bought = item({ title: 'bought', sale_method: 'buy-now', buy_now_price: 80, list_time: t - 1000 });
  bid(ids.bought, market.anna.userId, 80, t + 1);
  ids.unsold = item({ title: 'unsold', list_time: t - 4000 });
  closeItem(s, ids.unsold, t);
  ids.draft = item({ status: 'draft', title: 'draft' });
  ids.preview = item({ status: 'preview', title: 'preview' });
  ids.waiting = item({ status: 'waiting', title: 'waiting', list_time: t + DAY, closing_time: t + 2 * DAY });
  ids.original = item({ title: 'republished', list_time: t - 5 * DAY, closing_time: t - 1, republish: 1 });
  ids.copy = closeItem(s, ids.original, t).republishedId!;
});

async function list(path: string, token?: string): Promise<ItemList> {
  const res = await call(market.server.api(path), { token });
  expect(res.status, res.text).toBe(200);
  return ItemList.parse(res.body);
}
const idsOf = (l: ItemList) => l.items.map((i) => i.id);

describe('purchases', () => {
  const path = () => `/users/${market.anna.userId}/purchases`;

  it('answers 403 without a token and for another user\'s token', async () => {
    expect((await call(market.server.api(path()))).status).toBe(403);
    expect((await call(market.server.api(path()), { token: market.pekka.token })).status).toBe(403);
    expect((await call(market.server.api(path()), { method: 'POST', token: market.pekka.token, form: { status: 'all' } })).status).toBe(403);
  });

  it('lists items the user bid on or bought, latest first, filtered by status', async () => {
    const all = await list(path(), market.anna.token);
    expect(idsOf(all)).toEqual([ids.bought, ids.won, ids.open]);
    expect(all.totalCount).toBe(3);
    expect(all.items.find((i) => i.id === ids.bought)?.status).toBe('closed');
    expect(idsOf(await list(`${path()}?status=open`, market.anna.token))).toEqual([ids.open]);
    expect(idsOf(await list(`${path()}?status=closed`, market.anna.token))).toEqual([ids.bought, ids.won]);
    expect(idsOf(await list(`${path()}?status=bogus`, market.anna.token))).toEqual([ids.bought, ids.won, ids.open]);
    expect(idsOf(await list(`${path()}?post_id=${ids.won}`, market.anna.token))).toEqual([ids.won]);
  });

  it('keeps won and bought items under processing until the user has left feedback', async () => {
    expect(idsOf(await list(`${path()}?status=processing`, market.anna.token))).toEqual([ids.bought, ids.won]);
    const fb = await call(market.server.api(`/users/${market.seller.userId}/feedbacks`), {
      token: market.anna.token,
      json: { itemid: ids.won, rating: 1, feedback: 'Fine' },
    });
    expect(fb.status).toBe(201);
    expect(idsOf(await list(`${path()}?status=processing`, market.anna.token))).toEqual([ids.bought]);
  });

  it('takes the same parameters in a POST body and answers 200', async () => {
    const res = await call(market.server.api(path()), { method: 'POST', token: market.anna.token, form: { status: 'open' } });
    expect(res.status).toBe(200);
    expect(idsOf(ItemList.parse(res.body))).toEqual([ids.open]);
    const json = await call(market.server.api(path()), { method: 'POST', token: market.anna.token, json: { post_id: ids.bought } });
    expect(idsOf(ItemList.parse(json.body))).toEqual([ids.bought]);
    const empty = await call(market.server.api(path()), { method: 'POST', token: market.anna.token });
    expect(ItemList.parse(empty.body).totalCount).toBe(3);
  });

  it('pages with first, last, next and previous links', async () => {
    const bidder = await market.server.login('collector');
    for (let i = 0; i < 52; i++) {
      const id = market.item({ starting_price: 1 });
      placeBid(market.server.service, { itemId: id, bidderId: bidder.userId, amount: 1, automatic: false }, Date.now() + i);
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
  const path = () => `/users/${market.seller.userId}/sales`;

  it('answers 403 without a token and for another user\'s token', async () => {
    expect((await call(market.server.api(path()))).status).toBe(403);
    expect((await call(market.server.api(path()), { token: market.anna.token })).status).toBe(403);
  });

  it('filters by every status, each element carrying the item\'s status', async () => {
    const all = await list(`${path()}?limit=500`, market.seller.token);
    expect(all.totalCount).toBeGreaterThanOrEqual(9);
    const statusOf = new Map(all.items.map((i) => [i.id, i.status]));
    expect(statusOf.get(ids.draft)).toBe('draft');
    expect(statusOf.get(ids.won)).toBe('closed');
    const only = async (status: string) => new Set(idsOf(await list(`${path()}?status=${status}&limit=500`, market.seller.token)));
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
    const ofQuery = async (q: string) => new Set(idsOf(await list(`${path()}?${q}&limit=500`, market.seller.token)));
    expect(await ofQuery('status=closed&sold=1')).toEqual(new Set([ids.won, ids.bought]));
    expect(await ofQuery('status=closed&sold=0')).toEqual(new Set([ids.unsold, ids.original]));
    expect(await ofQuery('status=open&republished=1')).toEqual(new Set([ids.copy]));
    const everything = await ofQuery('status=all');
    expect(await ofQuery('status=all&sold=1&republished=1')).toEqual(everything);
    expect(await ofQuery('status=draft&sold=1')).toEqual(new Set([ids.draft, ids.preview]));
  });

  it('sorts by bidders, current price, closing time and list time', async () => {
    const sorted = async (sort: string) => (await list(`${path()}?status=closed&sort=${sort}`, market.seller.token)).items;
    const byPrice = (await sorted('current-price')).map((i) => i.currentPrice);
    expect(byPrice).toEqual([...byPrice].sort((a, b) => b - a));
    const byBidders = (await sorted('bidders')).map((i) => i.bidderCount);
    expect(byBidders).toEqual([...byBidders].sort((a, b) => b - a));
    const open = await list(`${path()}?status=open&sort=list-time&limit=500`, market.seller.token);
    expect(open.items[0]?.id).toBe(ids.copy);
    const closing = (await list(`${path()}?status=closed&sort=closing-time`, market.seller.token)).items.map((i) => i.closingTime);
    expect(closing[0]).toBeTruthy();
    expect(open.links.self).toContain('sort=list-time');
  });
});

describe('open and closed', () => {
  it('mean the same in purchases, sales and search: past its closing time an item is closed before the closing job has run', async () => {
    const t = Date.now();
    // Published, with a bid, and past its closing time; the scheduler is off in tests.
    const due = market.item({ title: 'past closing', starting_price: 5, list_time: t - 2 * DAY, closing_time: t - 1000 });
    placeBid(market.server.service, { itemId: due, bidderId: market.anna.userId, amount: 5, automatic: false }, t - 2000);
    const has = async (path: string, token?: string) => idsOf(await list(path, token)).includes(due);
    const everywhere = (status: string) =>
      Promise.all([
        has(`/users/${market.anna.userId}/purchases?status=${status}&limit=500`, market.anna.token),
        has(`/users/${market.seller.userId}/sales?status=${status}&limit=500`, market.seller.token),
        has(`/items?sellernro=${market.seller.userId}&status=${status}&limit=500`),
      ]);
    expect(await everywhere('closed')).toEqual([true, true, true]);
    expect(await everywhere('open')).toEqual([false, false, false]);
  });
});
