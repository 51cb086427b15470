// What a pull finds new on the marketplace (questions, offers, sales) is one `news` event for
// notifications and badges; the first pull of a shop is not news.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SyncNews } from '../../shared/ipc/contract.ts';
import { newsText, newsWords } from '../../renderer/src/navigation/news-words.ts';
import { translate } from '../../renderer/src/i18n/translate.ts';
import '../support/catalogs-loaded.ts';

const wordsIn = (news: SyncNews, locale: 'en' | 'fi') => {
  const words = newsWords(news);
  return words && newsText(words, (m) => translate(m, locale), locale);
};
import { insertItems } from '../support/item-fixtures.ts';
import { makeCategories } from '../support/item-helpers.ts';
import { call, startTestServer, type TestServer } from '../support/server.ts';
import { sellerCache } from './support/sync-setup.ts';

let server: TestServer;
let category: number;

beforeAll(async () => {
  server = await startTestServer();
  category = makeCategories(server).sub;
});
afterAll(async () => {
  await server.close();
});

describe('news from a pull', () => {
  it('reports new questions, offers and sales once, and nothing on the first pull', async () => {
    const userId = await server.addUser('news-seller');
    const now = server.service.clock.now();
    const [lamp, chair] = insertItems(server.service.db, [
      { seller_id: userId, title: 'Lamp', category_id: category, offers_allowed: 1 },
      { seller_id: userId, title: 'Chair', category_id: category, sale_method: 'buy-now', starting_price: 30 },
    ], now) as [number, number];
    const buyer = await server.login('news-buyer');
    expect((await call(server.api(`/items/${lamp}/questions`), { method: 'POST', token: buyer.token, json: { question: 'Old one?' } })).status).toBe(201);
    const cache = await sellerCache(server.url, 'news-seller');
    const news = () => cache.events.flatMap((e) => (e.type === 'news' ? [e.news] : []));

    await cache.engine.pull();
    expect(news()).toEqual([]);

    expect((await call(server.api(`/items/${lamp}/questions`), { method: 'POST', token: buyer.token, json: { question: 'Does it work?' } })).status).toBe(201);
    expect((await call(server.api(`/items/${lamp}/offers`), { method: 'POST', token: buyer.token, json: { offer: 7 } })).status).toBe(201);
    expect((await call(server.api(`/items/${chair}/bids`), { method: 'POST', token: buyer.token, json: { bid: 30 } })).status).toBe(201);
    await cache.engine.pull();
    const [found] = news() as [SyncNews];
    expect(found).toMatchObject({ questions: 1, offers: 1, sales: 1 });
    expect(found.entries).toEqual(expect.arrayContaining([
      { kind: 'question', itemId: lamp, title: 'Lamp', text: 'Does it work?' },
      { kind: 'offer', itemId: lamp, title: 'Lamp', text: 'news-buyer offers 7 €', amount: 7, author: 'news-buyer' },
      expect.objectContaining({ kind: 'sale', itemId: chair, title: 'Chair' }),
    ]));
    expect(wordsIn(found, 'en')).toEqual({ title: 'New on the marketplace', body: '1 new question, 1 new offer, 1 sale' });
    expect(wordsIn(found, 'fi')).toEqual({ title: 'Uutta kauppapaikalla', body: '1 uusi kysymys, 1 uusi tarjous, 1 myynti' });

    await cache.engine.pull();
    expect(news()).toHaveLength(1);
  });

  it('reports a new bid on an auction as news, worded with its bidder and amount (issue 21)', async () => {
    const userId = await server.addUser('bid-seller');
    const now = server.service.clock.now();
    const [camera] = insertItems(server.service.db, [
      { seller_id: userId, title: 'Kamera', category_id: category, sale_method: 'auction', starting_price: 10 },
    ], now) as [number];
    const cache = await sellerCache(server.url, 'bid-seller');
    const news = () => cache.events.flatMap((e) => (e.type === 'news' ? [e.news] : []));
    await cache.engine.pull();
    const bidder = await server.login('bid-buyer');
    expect((await call(server.api(`/items/${camera}/bids`), { method: 'POST', token: bidder.token, json: { bid: 12 } })).status).toBe(201);
    await cache.engine.pull();
    const [found] = news() as [SyncNews];
    expect(found).toMatchObject({ questions: 0, offers: 0, sales: 0, bids: 1 });
    expect(found.entries).toEqual([{ kind: 'bid', itemId: camera, title: 'Kamera', text: 'bid-buyer bids 12 €', amount: 12, author: 'bid-buyer' }]);
    expect(wordsIn(found, 'fi')).toEqual({ title: 'Uusi huuto: ”Kamera”', body: 'bid-buyer huutaa 12,00\u00a0€' });
    expect(wordsIn(found, 'en')).toEqual({ title: 'New bid on “Kamera”', body: 'bid-buyer bids €12.00' });
    await cache.engine.pull();
    expect(news()).toHaveLength(1);
  });

  it('words a single new question with its item', () => {
    expect(wordsIn({ entries: [{ kind: 'question', itemId: 1, title: 'Lamp', text: 'Red?' }], questions: 1, offers: 0, sales: 0 }, 'en'))
      .toEqual({ title: 'New question on “Lamp”', body: 'Red?' });
  });

  it('words a single offer with its amount as money of the language', () => {
    const offer: SyncNews = { entries: [{ kind: 'offer', itemId: 1, title: 'Lamp', text: 'maija offers 7 €', amount: 7.5, author: 'maija' }], questions: 0, offers: 1, sales: 0 };
    expect(wordsIn(offer, 'en')).toEqual({ title: 'New offer on “Lamp”', body: 'maija offers €7.50' });
    expect(wordsIn(offer, 'fi')).toEqual({ title: 'Uusi tarjous: ”Lamp”', body: 'maija tarjoaa 7,50\u00a0€' });
  });
});
