import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Item } from '../../shared/api/index.ts';
import { HOUR_MS } from '../../server/domain/time.ts';
import { auctionBody, countRows, errorsOf, itemsUrl, makeCategories, manualClock, type TestCategories } from '../support/item-helpers.ts';
import { call, startTestServer, TEST_PASSWORD, type TestServer } from '../support/server.ts';

const clock = manualClock();
let server: TestServer;
let cats: TestCategories;
let anna: string;
let pekka: string;

beforeAll(async () => {
  server = await startTestServer({ clock });
  cats = makeCategories(server);
  anna = (await server.login('anna', ['private'])).token;
  pekka = (await server.login('pekka', ['private'])).token;
});
afterAll(() => server.close());

const tokenOf = (body: unknown) => (body as { authentication: { token: { id: string } } }).authentication.token.id;

const post = (token: string | undefined, key: string, body: Record<string, unknown>, url = itemsUrl(server)) =>
  call(url, { token, json: body, headers: { 'idempotency-key': key } });

describe('Idempotency-Key on POST', () => {
  it('answers a repeat with the first response and creates the item once', async () => {
    const before = countRows(server, 'items');
    const first = await post(anna, 'create-1', auctionBody(cats.sub));
    const second = await post(anna, 'create-1', auctionBody(cats.sub));
    expect(first.status).toBe(201);
    expect(second.status).toBe(201);
    expect(second.text).toBe(first.text);
    expect(second.headers.get('idempotent-replayed')).toBe('true');
    expect(second.headers.get('content-type')).toMatch(/^application\/json/);
    expect(countRows(server, 'items')).toBe(before + 1);
  });

  it('keeps keys apart per user', async () => {
    const a = Item.parse((await post(anna, 'shared-key', auctionBody(cats.sub))).body);
    const p = Item.parse((await post(pekka, 'shared-key', auctionBody(cats.sub))).body);
    expect(p.id).not.toBe(a.id);
    expect(p.seller).toBe('pekka');
  });

  it('answers 422 when the same key comes with another path', async () => {
    await post(anna, 'path-key', auctionBody(cats.sub));
    const res = await post(anna, 'path-key', { bid: 5 }, server.api('/items/999999/bids'));
    expect(res.status).toBe(422);
    expect(errorsOf(res.body)[0]).toMatchObject({ field: 'Idempotency-Key', code: 'idempotency_key_reused' });
  });

  it('does not keep refused requests: the corrected retry with the same key runs', async () => {
    const before = countRows(server, 'items');
    const bad = await post(anna, 'fix-me', auctionBody(cats.sub, { title: 'x'.repeat(61) }));
    expect(bad.status).toBe(400);
    const good = await post(anna, 'fix-me', auctionBody(cats.sub));
    expect(good.status).toBe(201);
    expect(countRows(server, 'items')).toBe(before + 1);
  });

  // Issue 9, finding 3 (a deliberate change: logins used to be replayed per client address).
  it('never stores or replays a login: the same key with other credentials is refused, the same ones get a new token', async () => {
    const before = countRows(server, 'tokens');
    const body = { username: 'anna', password: TEST_PASSWORD };
    const first = await post(undefined, 'login-1', body, server.api('/authentication'));
    const wrong = await post(undefined, 'login-1', { username: 'anna', password: 'not-the-password' }, server.api('/authentication'));
    const again = await post(anna, 'login-1', body, server.api('/authentication'));
    expect(first.status).toBe(201);
    expect(wrong.status).toBe(400);
    expect(wrong.text).not.toContain(tokenOf(first.body));
    expect(again.status).toBe(201);
    expect(again.headers.get('idempotent-replayed')).toBeNull();
    expect(tokenOf(again.body)).not.toBe(tokenOf(first.body));
    expect(countRows(server, 'tokens')).toBe(before + 2);
    const stored = server.service.db.prepare('SELECT body FROM idempotency_keys').all() as Array<{ body: string }>;
    for (const row of stored) expect(row.body).not.toContain(tokenOf(first.body));
  });

  it('does not replay a POST without a valid token to another caller', async () => {
    const first = await post(undefined, 'anon-1', auctionBody(cats.sub));
    const second = await post('0'.repeat(32), 'anon-1', auctionBody(cats.sub));
    expect([first.status, second.status]).toEqual([403, 403]);
    expect(second.headers.get('idempotent-replayed')).toBeNull();
    expect(countRows(server, 'idempotency_keys')).toBe(
      (server.service.db.prepare("SELECT count(*) AS n FROM idempotency_keys WHERE user_key LIKE 'user:%'").get() as { n: number }).n,
    );
  });

  it('lets at most one of two simultaneous requests with the same key run', async () => {
    const before = countRows(server, 'items');
    const results = await Promise.all([post(anna, 'race', auctionBody(cats.sub)), post(anna, 'race', auctionBody(cats.sub))]);
    expect(countRows(server, 'items')).toBe(before + 1);
    for (const res of results) expect([201, 409]).toContain(res.status);
    const created = results.filter((r) => r.status === 201).map((r) => Item.parse(r.body).id);
    expect(new Set(created).size).toBe(1);
  });

  it('answers 400 for an over-long key and ignores the header on other methods', async () => {
    expect((await post(anna, 'k'.repeat(256), auctionBody(cats.sub))).status).toBe(400);
    const item = Item.parse((await post(anna, 'get-key', auctionBody(cats.sub))).body);
    const get = await call(itemsUrl(server, item.id), { token: anna, headers: { 'idempotency-key': 'get-key' } });
    expect(get.status).toBe(200);
    expect(get.headers.get('idempotent-replayed')).toBeNull();
  });

  it('forgets keys after 24 hours', async () => {
    const before = countRows(server, 'items');
    await post(anna, 'day-key', auctionBody(cats.sub));
    clock.advance(24 * HOUR_MS + 1);
    anna = (await server.login('anna')).token;
    const again = await post(anna, 'day-key', auctionBody(cats.sub));
    expect(again.status).toBe(201);
    expect(again.headers.get('idempotent-replayed')).toBeNull();
    expect(countRows(server, 'items')).toBe(before + 2);
  });
});
