// The typed API client against the real service on port 0 (through a counting loopback proxy).
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiError, createApiClient, memoryCredentialStore, type ApiClient } from '../../electron/core/api/index.ts';
import { insertTradingItem } from '../support/trading-fixtures.ts';
import { auctionBody, makeCategories, type TestCategories } from '../support/item-helpers.ts';
import { startTestServer, TEST_PASSWORD, type TestServer } from '../support/server.ts';
import { startLoopbackProxy, type LoopbackProxy } from './support/loopback-proxy.ts';
import { deviceCookieFile } from '../../electron/core/session/device-cookie-file.ts';
import { tempFolder } from '../support/temp-folder.ts';

let server: TestServer;
let proxy: LoopbackProxy;
let cats: TestCategories;
let seller: ApiClient;
let buyer: ApiClient;
let sellerId: number;

const clientFor = (username: string, extra: Partial<Parameters<typeof createApiClient>[0]> = {}) =>
  createApiClient({ baseUrl: proxy.url, credentials: memoryCredentialStore({ username, password: TEST_PASSWORD }), backoffBaseMs: 10, ...extra });

const jpeg = (seed = 1) => sharp({ create: { width: 64, height: 48, channels: 3, background: { r: seed * 40, g: 90, b: 30 } } }).jpeg().toBuffer();

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error('expected the call to fail');
}

beforeAll(async () => {
  server = await startTestServer();
  proxy = await startLoopbackProxy(server.url);
  cats = makeCategories(server);
  sellerId = await server.addUser('api-seller');
  await server.addUser('api-buyer');
  seller = clientFor('api-seller');
  buyer = clientFor('api-buyer');
});
afterAll(async () => {
  await proxy.close();
  await server.close();
});

describe('the API client', () => {
  it('logs in with the stored credentials and learns the user id and token expiry', async () => {
    const token = await seller.login();
    expect(token.userId).toBe(sellerId);
    expect(token.expiresAt).toBeGreaterThan(Date.now() + 60_000);
    const root = await seller.root();
    expect(root.authentication?.token.id).toBe(token.id);
  });

  it('keeps the device cookie a login is given and brings it back: guesses from the same address by someone else do not keep the seller waiting (issue 37)', async () => {
    await server.addUser('api-owner');
    const folder = tempFolder();
    const owner = clientFor('api-owner', { device: deviceCookieFile(folder) });
    await owner.login();
    const first = readFileSync(join(folder, 'device-cookie'), 'utf8');
    expect(first).toMatch(/^[0-9a-f]{32}\.\d+\.[\w-]{43}$/);
    expect(statSync(join(folder, 'device-cookie')).mode & 0o777).toBe(0o600);
    // Someone else at this address (every request here is 127.0.0.1): past the pair's free failures.
    for (let i = 0; i < 7; i++) {
      await fetch(`${server.url}/1.1/authentication`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'api-owner', password: 'wrong-guess' }) });
    }
    expect(await failure(clientFor('api-owner').login())).toMatchObject({ status: 429 });
    const again = clientFor('api-owner', { device: deviceCookieFile(folder) });
    expect((await again.login()).userId).toBeGreaterThan(0);
    expect(readFileSync(join(folder, 'device-cookie'), 'utf8')).not.toBe(first);
  });

  it('reads categories, a category, its subcategories and its item lists', async () => {
    const listing = await seller.categories(3);
    expect(listing.categories.some((c) => c.id === cats.main)).toBe(true);
    const one = await seller.category(cats.main);
    expect(one.id).toBe(cats.main);
    const subs = await seller.subcategories(cats.main);
    expect(subs.categories.map((c) => c.id)).toContain(cats.section);
    // One open and one closed item in a subcategory: each list counts (and lists) exactly its own.
    const open = insertTradingItem(server.service, { seller_id: sellerId, category_id: cats.sub, title: 'Listed lamp' });
    const closed = insertTradingItem(server.service, { seller_id: sellerId, category_id: cats.sub, title: 'Closed lamp', status: 'closed', closed_at: Date.now() });
    const expected = { items: [open], closed: [closed], closing: [open], recent: [open] };
    for (const variant of ['items', 'closed', 'closing', 'recent'] as const) {
      const list = await seller.categoryItems(cats.main, {}, variant);
      expect(list.totalCount, variant).toBe(expected[variant].length);
      expect(list.items.map((i) => i.id), variant).toEqual(expected[variant]);
    }
    server.service.db.prepare('DELETE FROM items WHERE id IN (?, ?)').run(open, closed);
  });

  it('creates, reads, edits, publishes, searches, lists and closes an item through every item call', async () => {
    const draft = await seller.createItem({ status: 'draft', title: 'Lamp' });
    expect(draft.status).toBe('draft');
    const edited = await seller.editItem(draft.id, auctionBody(cats.sub, { title: 'Desk lamp' }));
    expect(edited.title).toBe('Desk lamp');
    const bytes = await jpeg();
    const up1 = await seller.uploadImage(draft.id, bytes);
    const up2 = await seller.uploadImage(draft.id, await jpeg(2));
    expect((await seller.getImage(draft.id, up1.imageId)).id).toBe(up1.imageId);
    const reordered = await seller.reorderImages(draft.id, [up2.imageId, up1.imageId]);
    expect(reordered.images.map((i) => i.id)).toEqual([up2.imageId, up1.imageId]);
    await seller.deleteImage(draft.id, up1.imageId);
    expect((await seller.listImages(draft.id)).images.map((i) => i.id)).toEqual([up2.imageId]);
    await seller.setStatus(draft.id, 'preview');
    const published = await seller.setStatus(draft.id, 'published');
    expect(published.status).toBe('published');
    expect((await seller.getItem(draft.id)).title).toBe('Desk lamp');
    const found = await buyer.searchItems({ words: 'Desk lamp' });
    expect(found.items.map((i) => i.id)).toContain(draft.id);
    const sales = await seller.sales(sellerId, { status: 'all' });
    expect(sales.items.map((i) => i.id)).toContain(draft.id);

    const question = await buyer.askQuestion(draft.id, 'Does it work?');
    expect((await seller.answerQuestion(draft.id, question.id, 'Yes')).answer).toBe('Yes');
    expect((await buyer.getQuestion(draft.id, question.id)).answer).toBe('Yes');
    expect((await buyer.listQuestions(draft.id)).totalCount).toBe(1);

    const offer = await buyer.makeOffer(draft.id, { offer: 8, message: 'cash today?' });
    expect((await seller.getOffer(draft.id, offer.id)).amount).toBe(8);
    expect((await seller.listOffers(draft.id)).offers.map((o) => o.id)).toContain(offer.id);
    expect((await seller.setOfferStatus(draft.id, offer.id, 'refused')).status).toBe('refused');

    const bid = await buyer.placeBid(draft.id, { bid: 12 });
    expect(bid.leading).toBe(true);
    // A plain bid is placed as it is: the client reads the price at the amount bid.
    expect([bid.bid.amount, bid.item.currentPrice, (await buyer.getItem(draft.id)).currentPrice]).toEqual([12, 12, 12]);
    expect((await buyer.getBid(draft.id, bid.bid.id)).amount).toBe(bid.bid.amount);
    expect((await seller.listBids(draft.id)).totalCount).toBe(1);
    const buyerId = (await buyer.login()).userId;
    expect((await buyer.purchases(buyerId, { status: 'all' })).items.map((i) => i.id)).toContain(draft.id);

    const fav = await buyer.addFavorite(buyerId, draft.id);
    expect(fav.items.map((i) => i.id)).toEqual([draft.id]);
    expect((await buyer.favorites(buyerId)).items.map((i) => i.id)).toContain(draft.id);
    await buyer.removeFavorite(buyerId, draft.id);
    expect((await buyer.favorites(buyerId)).totalCount).toBe(0);

    expect((await seller.setStatus(draft.id, 'closed')).status).toBe('closed');
    const feedback = await seller.leaveFeedback(buyerId, { itemid: draft.id, rating: 1, feedback: 'Quick payment' });
    expect((await buyer.answerFeedback(buyerId, feedback.id, 'Thanks')).answer).toBe('Thanks');
    expect((await seller.getFeedback(buyerId, feedback.id)).rating).toBe(1);
    expect((await seller.feedbacks(buyerId)).summary.positiveCount).toBe(1);

    const copy = await seller.createItem({ originalId: draft.id });
    expect(copy.status).toBe('draft');
    await seller.deleteItem(copy.id);
    expect((await failure(seller.getItem(copy.id))).status).toBe(404);
  });

  it('reads the user and their settings', async () => {
    const user = await seller.getUser(sellerId);
    expect(user.username).toBe('api-seller');
    const settings = await seller.getSettings(sellerId);
    expect(settings.item.title.isAllowed).toBe(true);
  });

  it('turns a 400 into an ApiError naming the field, not retryable', async () => {
    const error = await failure(seller.createItem({ title: 'x'.repeat(61), status: 'draft' }));
    expect(error).toMatchObject({ status: 400, field: 'title', retryable: false, mayHaveReached: true });
    expect(error.message).toMatch(/title/);
  });

  it('turns 403, 404, 409 and 413 into typed errors', async () => {
    const item = await seller.createItem({ status: 'draft', title: 'Mine' });
    const notOwner = await failure(buyer.editItem(item.id, { title: 'Theirs' }));
    expect(notOwner).toMatchObject({ status: 403, retryable: false });
    expect(notOwner.isTokenProblem).toBe(false);
    expect(await failure(seller.getItem(999_999))).toMatchObject({ status: 404, retryable: false });
    await seller.editItem(item.id, auctionBody(cats.sub));
    await seller.setStatus(item.id, 'preview');
    await seller.setStatus(item.id, 'published');
    expect(await failure(seller.deleteItem(item.id))).toMatchObject({ status: 409, retryable: false });
    const draft = await seller.createItem({ status: 'draft' });
    const big = await sharp({ create: { width: 2900, height: 2900, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 60 } } }).png({ compressionLevel: 0 }).toBuffer();
    expect(big.byteLength).toBeGreaterThan(8 * 1024 * 1024);
    expect(await failure(seller.uploadImage(draft.id, big, { filename: 'big.png', contentType: 'image/png' }))).toMatchObject({ status: 413, retryable: false });
  });

  it('reports a refused connection as a network error that certainly did not reach the service', async () => {
    const closed = await startTestServer();
    const closedUrl = closed.url;
    await closed.close();
    const offline = createApiClient({ baseUrl: closedUrl, credentials: memoryCredentialStore({ username: 'x', password: 'y' }), maxRetries: 0 });
    const error = await failure(offline.searchItems());
    expect(error).toMatchObject({ status: 0, code: 'network', retryable: true, mayHaveReached: false });
  });

  it('reports a lost answer to a POST as outcome unknown and never repeats the POST', async () => {
    const before = proxy.count('POST', '/1.1/items');
    proxy.dropResponse((method, path) => method === 'POST' && path === '/1.1/items');
    const key = 'drop-test-key-1';
    const error = await failure(seller.createItem({ status: 'draft', title: 'Lost answer' }, { idempotencyKey: key }));
    expect(error).toMatchObject({ status: 0, code: 'network', mayHaveReached: true });
    expect(proxy.count('POST', '/1.1/items') - before).toBe(1);
    // The same key again gets the first result: the item was created once.
    const again = await seller.createItem({ status: 'draft', title: 'Lost answer' }, { idempotencyKey: key });
    const sales = await seller.sales(sellerId, { status: 'draft' });
    expect(sales.items.filter((i) => i.title === 'Lost answer').map((i) => i.id)).toEqual([again.id]);
  });

  it('repeats a lost answer to a GET with backoff', async () => {
    const before = proxy.count('GET', '/1.1/categories');
    proxy.dropResponse((method, path) => method === 'GET' && path === '/1.1/categories', 2);
    const listing = await seller.categories();
    expect(listing.id).toBe(0);
    expect(proxy.count('GET', '/1.1/categories') - before).toBe(3);
  });

  it('repeats a GET after a 503 no sooner than its Retry-After says', async () => {
    const before = proxy.count('GET', '/1.1/categories');
    proxy.answerInstead((method, path) => method === 'GET' && path === '/1.1/categories', 503, { 'retry-after': '1' });
    const started = Date.now();
    const listing = await seller.categories();
    expect(listing.id).toBe(0);
    expect(Date.now() - started).toBeGreaterThanOrEqual(1000);
    expect(proxy.count('GET', '/1.1/categories') - before).toBe(2);
  });

  it('does not repeat a POST after a 503: the error says it may be retried and when', async () => {
    const before = proxy.count('POST', '/1.1/items');
    proxy.answerInstead((method, path) => method === 'POST' && path === '/1.1/items', 503, { 'retry-after': '2' });
    const error = await failure(seller.createItem({ status: 'draft', title: 'Busy' }));
    expect(error).toMatchObject({ status: 503, retryable: true, retryAfterMs: 2000 });
    expect(proxy.count('POST', '/1.1/items') - before).toBe(1);
  });

  it('does not repeat a PUT whose answer was lost nor a DELETE after a 502: the HTTP layer repeats only reads', async () => {
    const item = await seller.createItem({ status: 'draft', title: 'Not repeated' });
    proxy.dropResponse((method, path) => method === 'PUT' && path === `/1.1/items/${item.id}`);
    const lost = await failure(seller.editItem(item.id, { title: 'Edited once' }));
    expect(lost).toMatchObject({ status: 0, code: 'network', retryable: true, mayHaveReached: true });
    expect(proxy.count('PUT', `/1.1/items/${item.id}`)).toBe(1);
    // It reached the service: the caller (the outbox) finds that out, not a blind repeat.
    expect((await seller.getItem(item.id)).title).toBe('Edited once');
    proxy.answerInstead((method, path) => method === 'DELETE' && path === `/1.1/items/${item.id}`, 502);
    expect(await failure(seller.deleteItem(item.id))).toMatchObject({ status: 502, retryable: true });
    expect(proxy.count('DELETE', `/1.1/items/${item.id}`)).toBe(1);
    expect((await seller.getItem(item.id)).status).toBe('draft');
  });

  it('sends a PUT made outside the outbox once when the service answers 503, and says it may be retried', async () => {
    const item = await seller.createItem({ status: 'draft', title: 'Busy service' });
    proxy.answerInstead((method, path) => method === 'PUT' && path === `/1.1/items/${item.id}`, 503, { 'retry-after': '1' });
    const error = await failure(seller.setStatus(item.id, 'preview'));
    expect(error).toMatchObject({ status: 503, retryable: true, retryAfterMs: 1000 });
    expect(proxy.count('PUT', `/1.1/items/${item.id}`)).toBe(1);
    expect((await seller.getItem(item.id)).status).toBe('draft');
  });

  it('times out a slow call with a timeout error that may have reached the service', async () => {
    const error = await failure(seller.categories(3, { timeoutMs: 1 }));
    expect(error).toMatchObject({ status: 0, code: 'timeout', retryable: true, mayHaveReached: true });
  });

  it('renews an expired token once after a token_invalid refusal and repeats the call', async () => {
    const first = await seller.login();
    server.service.db.prepare('UPDATE tokens SET expires = 0').run();
    const logins = proxy.count('POST', '/1.1/authentication');
    const settings = await seller.getSettings(sellerId);
    expect(settings.item.title.isAllowed).toBe(true);
    expect(proxy.count('POST', '/1.1/authentication') - logins).toBe(1);
    expect(seller.session.current()?.id).not.toBe(first.id);
  });

  it('renews a token before it expires', async () => {
    let clock = Date.now();
    const client = clientFor('api-seller', { now: () => clock });
    const first = await client.login();
    clock = first.expiresAt - 1000;
    await client.getSettings(sellerId);
    expect(client.session.current()?.id).not.toBe(first.id);
  });

  it('logs out: the token is revoked on the service and forgotten, and the next call logs in again', async () => {
    const client = clientFor('api-seller');
    const first = await client.login();
    await client.logout();
    expect(client.session.current()).toBeNull();
    const refused = await fetch(`${server.url}/1.1/users/${sellerId}/settings`, { headers: { 'x-marketapitoken': first.id } });
    expect(refused.status).toBe(403);
    await client.getSettings(sellerId);
    expect(client.session.current()?.id).not.toBe(first.id);
  });

  it('sends the same caller-chosen Idempotency-Key on a POST and gets the first result', async () => {
    const a = await seller.createItem({ status: 'draft', title: 'Once' }, { idempotencyKey: 'same-key-42' });
    const b = await seller.createItem({ status: 'draft', title: 'Once' }, { idempotencyKey: 'same-key-42' });
    expect(b.id).toBe(a.id);
  });

  it('caps the requests in flight', async () => {
    const capped = clientFor('api-seller', { concurrency: 2 });
    await capped.login();
    let peak = 0;
    const calls = Array.from({ length: 8 }, () =>
      capped.categories(3).finally(() => {
        peak = Math.max(peak, capped.http.semaphore.active);
      }),
    );
    const watch = setInterval(() => {
      peak = Math.max(peak, capped.http.semaphore.active);
    }, 0);
    await Promise.all(calls);
    clearInterval(watch);
    expect(peak).toBeLessThanOrEqual(2);
  });
});

describe('the API client under a rate limit', () => {
  it('turns a 429 into a retryable error carrying Retry-After, and does not repeat a POST', async () => {
    const limited = await startTestServer({ rateLimitPerMinute: 3 });
    const limitedProxy = await startLoopbackProxy(limited.url);
    try {
      await limited.addUser('rl-seller');
      const client = createApiClient({ baseUrl: limitedProxy.url, credentials: memoryCredentialStore({ username: 'rl-seller', password: TEST_PASSWORD }), maxRetryAfterMs: 0 });
      let error: ApiError | null = null;
      let sent = 0;
      for (let i = 0; i < 6 && !error; i++) {
        sent += 1;
        try {
          await client.createItem({ status: 'draft', title: `n${i}` });
        } catch (e) {
          if (e instanceof ApiError) error = e;
          else throw e;
        }
      }
      expect(error).toMatchObject({ status: 429, retryable: true });
      expect(error?.retryAfterMs).toBeGreaterThan(0);
      // One request per create tried: the refused one was not repeated.
      expect(limitedProxy.count('POST', '/1.1/items')).toBe(sent);
    } finally {
      await limitedProxy.close();
      await limited.close();
    }
  });
});
