// A sync costs what changed, not what the seller ever listed: the request count of an unchanged
// sync does not grow with the history, and every kind of remote change is still found, against
// a service with the sync extension (summaries' `updated`, `changedSince`, the activity feed) and
// one without it (as the Idempotency-Key tests do with a service that ignores the key).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REMOVED_REMOTELY } from '../../electron/core/sync/pull.ts';
import { DAY_MS } from '../../server/domain/time.ts';
import { insertItems } from '../support/item-fixtures.ts';
import { makeCategories } from '../support/item-helpers.ts';
import { call, startTestServer, type TestServer } from '../support/server.ts';
import { startLoopbackProxy, type LoopbackProxy } from './support/loopback-proxy.ts';
import { sellerCache } from './support/sync-setup.ts';

const variants = [
  { name: 'with the sync extension', syncExtension: true },
  { name: 'without the sync extension', syncExtension: false },
] as const;

describe.each(variants)('a pull $name', ({ syncExtension }) => {
  let server: TestServer;
  let proxy: LoopbackProxy;
  let category: number;
  let n = 0;

  beforeAll(async () => {
    server = await startTestServer({ syncExtension });
    category = makeCategories(server).sub;
    proxy = await startLoopbackProxy(server.url);
  });
  afterAll(async () => {
    await proxy.close();
    await server.close();
  });

  /** A seller with `count` listings (1 in 4 open, the rest closed half a year ago) and a cache of them. */
  async function sellerWith(count: number) {
    const username = `inc-${syncExtension ? 'ext' : 'plain'}-${++n}`;
    const userId = await server.addUser(username);
    const now = server.service.clock.now();
    // History: last changed a minute ago. (A change in the very second of a pull's mark is listed
    // again by the next pull, as `changedSince` compares whole seconds: that is a change, not history.)
    const updated = now - 60_000;
    const ids = insertItems(
      server.service.db,
      Array.from({ length: count }, (_, i) =>
        i % 4 === 0
          ? { seller_id: userId, title: `Open ${i}`, category_id: category, offers_allowed: 1, updated }
          : { seller_id: userId, title: `Old ${i}`, category_id: category, status: 'closed' as const, list_time: now - 200 * DAY_MS, closing_time: now - 190 * DAY_MS, closed_at: now - 190 * DAY_MS, updated },
      ),
      now,
    );
    const cache = await sellerCache(proxy.url, username);
    return { userId, ids, cache };
  }

  const requests = () => [...proxy.counts.values()].reduce((a, b) => a + b, 0);
  async function countSync(cache: Awaited<ReturnType<typeof sellerWith>>['cache']) {
    const before = requests();
    await cache.engine.pull();
    await cache.engine.push();
    return requests() - before;
  }

  it('sends a number of requests on an unchanged sync that does not grow from 10 to 2,000 listings', async () => {
    const small = await sellerWith(10);
    const large = await sellerWith(2000);
    for (const s of [small, large]) {
      await s.cache.engine.pull();
      expect(s.cache.db.prepare(`SELECT count(*) FROM items`).pluck().get()).toBe(s.ids.length);
    }
    const smallCost = await countSync(small.cache);
    const largeCost = await countSync(large.cache);
    // The extension: a fixed handful. Without it: the sales pages (500 a listing page) and the
    // lists of the open items only; none for the 1,500 items closed long ago.
    if (syncExtension) {
      expect(smallCost).toBeLessThanOrEqual(8);
      expect(largeCost).toBe(smallCost);
    } else {
      expect(smallCost).toBeLessThanOrEqual(8 + 2 * 3);
      expect(largeCost).toBeLessThanOrEqual(8 + 4 + 2 * 500);
    }
    expect(await countSync(large.cache)).toBe(largeCost);
  }, 120_000);

  it('finds every kind of remote change: status, price, bid, offer, question, answer, removal', async () => {
    const { userId, cache } = await sellerWith(0);
    const now = server.service.clock.now();
    const [forBid, forOffer, forQuestion, toClose] = insertItems(
      server.service.db,
      ['For bid', 'For offer', 'For question', 'To close'].map((title) => ({ seller_id: userId, title, category_id: category, offers_allowed: 1 })),
      now,
    ) as [number, number, number, number];
    const [priced, removed] = insertItems(
      server.service.db,
      ['Priced draft', 'Removed draft'].map((title) => ({ seller_id: userId, title, category_id: category, status: 'draft' as const, sale_method: 'buy-now' as const, starting_price: 40, list_time: null, closing_time: null })),
      now,
    ) as [number, number];
    const buyer = await server.login(`inc-buyer-${n}`);
    const asked = await call(server.api(`/items/${forQuestion}/questions`), { method: 'POST', token: buyer.token, json: { question: 'Still there?' } });
    expect(asked.status).toBe(201);
    const questionId = (asked.body as { id: number }).id;

    await cache.engine.pull();
    expect(cache.db.prepare(`SELECT count(*) FROM items`).pluck().get()).toBe(6);
    await cache.engine.pull();

    // Elsewhere: the seller on the web, buyers on the marketplace.
    await cache.api.setStatus(toClose, 'closed');
    const draft = await cache.api.getItem(priced);
    await cache.api.editItem(priced, { title: draft.title ?? 'Priced draft', saleMethod: 'buy-now', buyNowPrice: 77 });
    expect((await call(server.api(`/items/${forBid}/bids`), { method: 'POST', token: buyer.token, json: { bid: 15 } })).status).toBe(201);
    expect((await call(server.api(`/items/${forOffer}/offers`), { method: 'POST', token: buyer.token, json: { offer: 5 } })).status).toBe(201);
    expect((await call(server.api(`/items/${forBid}/questions`), { method: 'POST', token: buyer.token, json: { question: 'Any scratches?' } })).status).toBe(201);
    await cache.api.answerQuestion(forQuestion, questionId, 'Yes, it is.');
    await cache.api.deleteItem(removed);

    const result = await cache.engine.pull();
    const row = (remoteId: number) => cache.row(cache.byRemote(remoteId) as number);
    expect(row(toClose).status).toBe('closed');
    expect(row(priced).buy_now_price).toBe(77);
    expect(row(forBid)).toMatchObject({ bidder_count: 1, current_price: 15 });
    expect(cache.db.prepare(`SELECT amount FROM bids WHERE item_remote_id = ?`).pluck().all(forBid)).toEqual([15]);
    expect(cache.db.prepare(`SELECT amount FROM offers WHERE item_remote_id = ?`).pluck().all(forOffer)).toEqual([5]);
    expect(cache.db.prepare(`SELECT question FROM questions WHERE item_remote_id = ?`).pluck().all(forBid)).toEqual(['Any scratches?']);
    expect(cache.db.prepare(`SELECT answer FROM questions WHERE remote_id = ?`).pluck().get(questionId)).toBe('Yes, it is.');
    expect(row(removed)).toMatchObject({ sync_state: 'rejected', reject_reason: REMOVED_REMOTELY });
    expect(result).toMatchObject({ removedRemotely: 1, conflicts: 0 });
    expect(result.news.questions.map((q) => q.question)).toEqual(['Any scratches?']);
    expect(result.news.offers.map((o) => o.amount)).toEqual([5]);
  });
});
