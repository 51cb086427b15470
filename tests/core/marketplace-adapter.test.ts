// The /1.1 adapter of the marketplace port (electron/core/api/marketplace-adapter.ts) against the
// real service on 127.0.0.1: every call it maps answers in the app's types (sync/marketplace-types.ts)
// with what the service holds, and every app request reaches the service as it means. One
// service for the file; a buyer's questions, offers and bids are made over HTTP as a buyer would.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memoryCredentialStore } from '../../electron/core/api/index.ts';
import { createMarketplace } from '../../electron/core/api/marketplace.ts';
import { LIMITS } from '../../shared/api/items.ts';
import type { BoundedRule, ParameterRule, UserSettings } from '../../shared/api/users.ts';
import { ITEM_FIELDS } from '../../shared/items/item-fields.ts';
import { ListingRules, SIMPLE_RULE_FIELDS } from '../../shared/items/listing-rules.ts';
import { completeBuyNow } from './fixtures/sellers.ts';
import { jpegImage } from '../support/image-files.ts';
import { insertItems } from '../support/item-fixtures.ts';
import { makeCategories } from '../support/item-helpers.ts';
import { call, startTestServer, TEST_PASSWORD, type TestServer } from '../support/server.ts';

const MARKET_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}[+-]\d{4}$/;

describe('the marketplace adapter over /1.1 (real service)', () => {
  let server: TestServer;
  let userId: number;
  let categories: ReturnType<typeof makeCategories>;
  let auction: number;
  let buyNow: number;
  let buyer: { token: string; userId: number };
  const marketplace = () => createMarketplace({ baseUrl: `${server.url}/1.1/`, credentials: memoryCredentialStore({ username: 'adapter-seller', password: TEST_PASSWORD }) });

  beforeAll(async () => {
    server = await startTestServer();
    categories = makeCategories(server);
    userId = await server.addUser('adapter-seller');
    const now = server.service.clock.now();
    [auction, buyNow] = insertItems(server.service.db, [
      { seller_id: userId, title: 'Messinkilamppu', category_id: categories.sub, offers_allowed: 1 },
      { seller_id: userId, title: 'Kattokruunu', category_id: categories.sub, offers_allowed: 1, sale_method: 'buy-now', buy_now_price: 100, quantity: 2 },
    ], now) as [number, number];
    buyer = await server.login('adapter-buyer');
  });
  afterAll(async () => {
    await server.close();
  });

  it('signs in, names the seller and reads the category tree in the app\'s words', async () => {
    const { port } = marketplace();
    await port.login();
    expect(await port.me()).toBe(userId);
    expect(port.draftLimit).toBe(LIMITS.draftsPerUser);
    const tree = await port.categories();
    // Three levels, each with its subcategories within; an English name or null, never absent.
    expect(tree.find((c) => c.id === categories.main)).toMatchObject({
      title: 'Electronics', titleEn: expect.toBeOneOf([null, expect.any(String)]),
      children: [{ id: categories.section, title: 'Phones', children: [{ id: categories.sub, title: 'Smartphones', children: [] }] }],
    });
  });

  it('reads and answers questions, reads and decides offers, reads bids and the listing\'s state', async () => {
    const { port } = marketplace();
    const asked = await call(server.api(`/items/${auction}/questions`), { method: 'POST', token: buyer.token, json: { question: 'Toimiiko?' } });
    expect(asked.status).toBe(201);
    const questionId = (asked.body as { id: number }).id;
    const questions = await port.listQuestions(auction);
    expect(questions).toEqual([{ id: questionId, itemId: auction, question: 'Toimiiko?', answer: null, author: expect.any(String), askedAt: expect.stringMatching(MARKET_TIME), answeredAt: null, record: expect.any(String) }]);
    expect(JSON.parse(questions[0]!.record)).toMatchObject({ id: questionId, question: 'Toimiiko?' });
    const answered = await port.answerQuestion(auction, questionId, 'Toimii.');
    expect(answered).toMatchObject({ id: questionId, answer: 'Toimii.', answeredAt: expect.stringMatching(MARKET_TIME) });
    expect(await port.getQuestion(auction, questionId)).toMatchObject({ answer: 'Toimii.', answeredAt: answered.answeredAt });

    const offered = async (item: number, amount: number) => {
      const made = await call(server.api(`/items/${item}/offers`), { method: 'POST', token: buyer.token, json: { offer: amount, message: 'Käy?' } });
      expect(made.status).toBe(201);
      return (made.body as { id: number }).id;
    };
    const low = await offered(auction, 5);
    const offers = await port.listOffers(auction);
    expect(offers).toEqual([{ id: low, itemId: auction, amount: 5, message: 'Käy?', state: 'pending', author: expect.any(String), expiresAt: expect.stringMatching(MARKET_TIME), changedAt: expect.stringMatching(MARKET_TIME), record: expect.any(String) }]);
    expect(await port.decideOffer(auction, low, 'refused')).toMatchObject({ id: low, state: 'refused' });
    expect(await port.getOffer(auction, low)).toMatchObject({ id: low, state: 'refused' });

    // An accept on a buy-now listing takes one unit: its state says so.
    expect(await port.listingState(buyNow)).toEqual({ status: 'published', saleMethod: 'buy-now', unitsLeft: 2 });
    const good = await offered(buyNow, 90);
    expect(await port.decideOffer(buyNow, good, 'accepted')).toMatchObject({ state: 'accepted', amount: 90 });
    expect(await port.listingState(buyNow)).toEqual({ status: 'published', saleMethod: 'buy-now', unitsLeft: 1 });

    expect((await call(server.api(`/items/${auction}/bids`), { method: 'POST', token: buyer.token, json: { bid: 15 } })).status).toBe(201);
    expect(await port.listBids(auction)).toEqual([{ id: expect.any(Number), itemId: auction, amount: 15, at: expect.stringMatching(MARKET_TIME), bidder: expect.any(String), units: 1, record: expect.any(String) }]);
  });

  it('uploads, lists, orders and deletes a listing\'s photos by id', async () => {
    const { port } = marketplace();
    const [draftId] = insertItems(server.service.db, [{ seller_id: userId, title: 'Valokuvat', category_id: categories.sub, status: 'draft', list_time: null, closing_time: null }], server.service.clock.now());
    const draft = { id: draftId! };
    const [a, b] = [await jpegImage(64, 48), await jpegImage(80, 60)];
    const first = await port.uploadPhoto(draft.id, a.bytes, { idempotencyKey: 'adapter-photo-1' });
    // The same key again is the same upload, not a second photo.
    expect(await port.uploadPhoto(draft.id, a.bytes, { idempotencyKey: 'adapter-photo-1' })).toBe(first);
    const second = await port.uploadPhoto(draft.id, b.bytes, { idempotencyKey: 'adapter-photo-2' });
    expect(await port.photosOf(draft.id)).toEqual([first, second]);
    expect(await port.orderPhotos(draft.id, [second, first])).toEqual([second, first]);
    expect(await port.photosOf(draft.id)).toEqual([second, first]);
    await port.deletePhoto(draft.id, second);
    expect(await port.photosOf(draft.id)).toEqual([first]);
  });

  it('creates, reads, edits, steps, lists and deletes a listing in the app\'s words, and reads the seller\'s settings', async () => {
    const { port } = marketplace();
    const me = await port.me();
    const fields = { ...completeBuyNow('Pöytävalaisin'), categoryId: categories.sub, quantity: 3, isLocationAbroad: 0 as const };
    const made = await port.createListing({ fields }, { idempotencyKey: 'adapter-listing-1' });
    // Its fields by the registry's names in the cache's forms (flags 0/1), the facts beside them.
    expect(made).toMatchObject({
      id: expect.any(Number), status: 'draft', unitsLeft: 3, copyOf: null, relistOf: null, relistsUnsold: false, photos: [], bidderCount: 0,
      fields: { title: 'Pöytävalaisin', saleMethod: 'buy-now', buyNowPrice: 120, quantity: 3, categoryId: categories.sub, isLocationAbroad: 0, deliveryMethods: ['pickup'], minimumFeedback: 0 },
      changedAt: expect.stringMatching(MARKET_TIME),
    });
    // The same key again is the same create.
    expect((await port.createListing({ fields }, { idempotencyKey: 'adapter-listing-1' })).id).toBe(made.id);
    expect(await port.listing(made.id)).toEqual(made);
    const edited = await port.editListing(made.id, { buyNowPrice: 99, offersAllowed: 0 });
    expect(edited.fields).toMatchObject({ buyNowPrice: 99, offersAllowed: 0, title: 'Pöytävalaisin' });
    expect((await port.changeStatus(made.id, 'preview')).status).toBe('preview');
    const published = await port.changeStatus(made.id, 'published');
    expect(published).toMatchObject({ status: 'published', listedAt: expect.stringMatching(MARKET_TIME), closesAt: expect.stringMatching(MARKET_TIME) });
    // A listed item's times are facts; its fields carry the wall-clock part in the draft's form.
    expect(published.fields.closingTime).toBe(published.closesAt!.slice(0, 19).replace('T', ' '));

    // The seller's list: the summary tells its few fields (a title, no description) and its facts, never its units.
    const page = await port.listings(me, { status: 'all', limit: 50 });
    expect(page).toMatchObject({ total: expect.any(Number), mark: expect.stringMatching(MARKET_TIME), more: false });
    const summary = page.listings.find((l) => l.id === made.id);
    expect(summary).toEqual({
      id: made.id, status: 'published', currentPrice: expect.any(Number), bidderCount: 0, offerCount: 0, hasReserve: false, reserveMet: false,
      listedAt: published.listedAt, closesAt: published.closesAt, photos: [], changedAt: published.changedAt,
      fields: { title: 'Pöytävalaisin', saleMethod: 'buy-now', buyNowPrice: 99, categoryId: categories.sub, postalCode: '00100' },
    });
    expect(summary).not.toHaveProperty('unitsLeft');

    expect((await port.changeStatus(made.id, 'closed')).status).toBe('closed');
    // A copy of the closed listing is a draft that names its original.
    const copy = await port.createListing({ copyOf: made.id }, { idempotencyKey: 'adapter-listing-2' });
    expect(copy).toMatchObject({ status: 'draft', copyOf: made.id, fields: { title: 'Pöytävalaisin', buyNowPrice: 99 } });
    expect((await port.listings(me, { status: 'draft', limit: 50 })).listings.map((l) => l.id)).toContain(copy.id);
    await port.deleteListing(copy.id);
    await expect(port.listing(copy.id)).rejects.toMatchObject({ status: 404 });

    const settings = await port.listingRules(me);
    expect(settings.title).toEqual({ allowed: true, required: expect.any(Boolean) });
  });

  it('gives the seller\'s settings as listing rules keyed by the registry\'s field names, every rule the service states', async () => {
    const { port } = marketplace();
    const me = await port.me();
    const seller = await server.login('adapter-seller');
    const raw = (await call(server.api(`/users/${me}/settings`), { token: seller.token })).body as UserSettings;
    const rules = await port.listingRules(me);
    const app = (r: ParameterRule) => ({ allowed: r.isAllowed, required: r.isRequired });
    const bounded = (r: BoundedRule) => ({ ...app(r), min: r.min, max: r.max });
    const parameter: Partial<Record<string, keyof UserSettings['item']>> = { categoryId: 'mainCategoryId', postalCode: 'location' };
    for (const field of SIMPLE_RULE_FIELDS) {
      const rule = raw.item[parameter[field] ?? (ITEM_FIELDS[field].rest as keyof UserSettings['item'])] as ParameterRule;
      expect(rules[field], field).toEqual(app(rule));
    }
    expect(rules).toMatchObject({
      quantity: bounded(raw.item.quantity),
      openDays: { auction: bounded(raw.item.openDays.auction), 'buy-now': bounded(raw.item.openDays.buyNow) },
      images: bounded(raw.item.image),
      sectionCategory: app(raw.item.sectionCategoryId),
      subCategory: app(raw.item.subCategoryId),
    });
    // A private seller's bounds as the service states them (2.9), in the app's words.
    expect(rules).toMatchObject({ images: { min: 0, max: 10 }, quantity: { min: 1, max: 100 }, openDays: { auction: { min: 1, max: 14 }, 'buy-now': { min: 1, max: 30 } } });
    expect(ListingRules.parse(rules)).toEqual(rules);
  });

  it('reads the trading feed page by page where the service has it, and says null where it does not', async () => {
    const { port } = marketplace();
    const me = await port.me();
    const page = await port.tradingSince(me, null, 1);
    expect(page).toMatchObject({ mark: expect.stringMatching(MARKET_TIME), more: false });
    expect(page?.questions.map((q) => q.question)).toContain('Toimiiko?');
    expect(page?.offers.map((o) => [o.amount, o.state]).sort()).toEqual([[5, 'refused'], [90, 'accepted']]);
    // Nothing changed since the mark but what changed in its own second.
    const since = await port.tradingSince(me, page!.mark, 1);
    expect(since?.more).toBe(false);

    const plain = await startTestServer({ syncExtension: false });
    try {
      const id = await plain.addUser('plain-seller');
      const other = createMarketplace({ baseUrl: plain.url, credentials: memoryCredentialStore({ username: 'plain-seller', password: TEST_PASSWORD }) });
      expect(await other.port.tradingSince(id, null, 1)).toBeNull();
    } finally {
      await plain.close();
    }
  });

  it('answers a probe, fetches a thumbnail only from its own address, tells of requests without an answer, and signs out', async () => {
    const m = marketplace();
    await m.probe();
    await expect(m.media('http://elsewhere.invalid/x.jpg')).rejects.toThrow(/own address/);
    const silent: string[] = [];
    const unreachable = createMarketplace({ baseUrl: 'http://127.0.0.1:9', credentials: memoryCredentialStore({ username: 'adapter-seller', password: TEST_PASSWORD }) });
    const stop = unreachable.watch({ noAnswer: () => silent.push('no answer') });
    await expect(unreachable.probe()).rejects.toThrow();
    expect(silent.length).toBeGreaterThan(0);
    stop();
    await m.port.login();
    await expect(m.signOut()).resolves.toBeUndefined();
    // Signed out, the next call signs in again with the stored credentials.
    expect(await m.port.me()).toBe(userId);
  });
});
