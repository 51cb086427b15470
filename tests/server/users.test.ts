import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { User, UserSettings } from '../../shared/api/index.ts';
import { auctionBody, createOk, errorsOf, makeCategories, setStatus } from '../support/item-helpers.ts';
import { call, startTestServer, type TestServer } from '../support/server.ts';

let server: TestServer;
const ids: Record<string, number> = {};
const tokens: Record<string, string> = {};

beforeAll(async () => {
  server = await startTestServer();
  ids.anna = await server.addUser('anna', ['private'], { street: 'Mannerheimintie 1', town: 'Helsinki', zip: '00100', mobile: '040 123' });
  ids.pekka = await server.addUser('pekka', ['powerseller']);
  ids.firma = await server.addUser('firma', ['private'], { type: 'company' });
  ids.ville = await server.addUser('ville', ['private']);
  ids.mika = await server.addUser('mika', ['private']);
  for (const name of ['anna', 'pekka', 'firma', 'ville', 'mika']) tokens[name] = (await server.login(name)).token;

  // ville bought from anna: a trade between them (the trading part records these).
  const cats = makeCategories(server);
  const item = await createOk(server, tokens.anna!, auctionBody(cats.sub));
  await setStatus(server, tokens.anna!, item.id, 'published');
  await setStatus(server, tokens.anna!, item.id, 'closed');
  server.service.db
    .prepare(`INSERT INTO trades (item_id, seller_id, buyer_id, kind, source_id, quantity, price, created) VALUES (?, ?, ?, 'auction', 1, 1, 10, ?)`)
    .run(item.id, ids.anna, ids.ville, Date.now());
});
afterAll(() => server.close());

const getUser = async (id: number, token?: string) => {
  const res = await call(server.api(`/users/${id}`), token ? { token } : {});
  return { status: res.status, user: res.status === 200 ? User.parse(res.body) : null, body: res.body };
};

describe('GET /users/{id}', () => {
  it('shows lastLogin and the address to the user themself', async () => {
    const { user } = await getUser(ids.anna!, tokens.anna);
    expect(user?.lastLogin).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}[+-]\d{4}$/);
    expect(user?.address).toMatchObject({ street: 'Mannerheimintie 1', town: 'Helsinki', zip: '00100', mobile: '040 123', email: 'anna@example.com' });
    expect(user).toMatchObject({ id: ids.anna, username: 'anna', type: 'private', roles: ['private'] });
  });

  it('shows the address but not lastLogin to a trading partner, in both directions', async () => {
    const seenByBuyer = (await getUser(ids.anna!, tokens.ville)).user;
    expect(seenByBuyer?.address?.street).toBe('Mannerheimintie 1');
    expect(seenByBuyer).not.toHaveProperty('lastLogin');
    const seenBySeller = (await getUser(ids.ville!, tokens.anna)).user;
    expect(seenBySeller?.address).toBeDefined();
    expect(seenBySeller).not.toHaveProperty('lastLogin');
  });

  it('shows neither to other users nor without a token', async () => {
    for (const token of [tokens.mika, undefined]) {
      const { user } = await getUser(ids.anna!, token);
      expect(user).not.toHaveProperty('address');
      expect(user).not.toHaveProperty('lastLogin');
      expect(user?.username).toBe('anna');
    }
  });

  it('gives the company type and the links of the user', async () => {
    const { user } = await getUser(ids.firma!);
    expect(user?.type).toBe('company');
    const base = server.api(`/users/${ids.firma}`);
    expect(user?.links).toEqual({
      alternative: `${server.url}/web/users/${ids.firma}`,
      favorites: `${base}/favorites`,
      feedbacks: `${base}/feedbacks`,
      purchases: `${base}/purchases`,
      sales: `${base}/sales`,
      self: base,
      settings: `${base}/settings`,
    });
    expect((await call(user!.links.self)).status).toBe(200);
    expect((await call(user!.links.settings, { token: tokens.firma })).status).toBe(200);
  });

  it('answers 404 for an unknown user, with and without a trailing slash, and 403 for an invalid token', async () => {
    expect((await getUser(987_654)).status).toBe(404);
    expect((await call(server.api('/users/abc'))).status).toBe(404);
    expect((await call(server.api(`/users/${ids.anna}/`))).status).toBe(200);
    expect((await getUser(ids.anna!, 'a'.repeat(32))).status).toBe(403);
  });
});

describe('GET /users/{id}/settings', () => {
  const settingsOf = async (name: string) => {
    const res = await call(server.api(`/users/${ids[name]}/settings`), { token: tokens[name] });
    expect(res.status).toBe(200);
    return UserSettings.parse(res.body).item;
  };

  it('answers 403 without a token, with an invalid one, and for another user', async () => {
    const url = server.api(`/users/${ids.anna}/settings`);
    for (const token of [undefined, '0'.repeat(32), 'not-a-token', tokens.pekka]) {
      const res = await call(url, token ? { token } : {});
      expect(res.status).toBe(403);
      errorsOf(res.body);
    }
  });

  it('gives a regular seller no premium or company parameters and the regular bounds', async () => {
    const s = await settingsOf('anna');
    for (const key of ['minimumIncrease', 'identificationRequired', 'minimumFeedback', 'republish', 'reservePrice', 'vat', 'marginalTax'] as const) {
      expect(s[key]).toEqual({ isAllowed: false, isRequired: false });
    }
    expect(s.image).toEqual({ isAllowed: true, isRequired: false, min: 0, max: 10 });
    expect(s.quantity).toEqual({ isAllowed: true, isRequired: true, min: 1, max: 100 });
    expect(s.openDays.auction).toEqual({ isAllowed: true, isRequired: true, min: 1, max: 14 });
    expect(s.openDays.buyNow).toEqual({ isAllowed: true, isRequired: true, min: 1, max: 30 });
    expect(s.openDays.hybrid.isAllowed).toBe(false);
    expect(s.title).toEqual({ isAllowed: true, isRequired: true });
    expect(s.mainCategoryId.isRequired).toBe(true);
    expect(s.subCategoryId.isRequired).toBe(false);
  });

  it('gives a power seller the premium parameters, minimumIncrease required, and wider bounds', async () => {
    const s = await settingsOf('pekka');
    expect(s.minimumIncrease).toEqual({ isAllowed: true, isRequired: true });
    for (const key of ['identificationRequired', 'minimumFeedback', 'republish', 'reservePrice'] as const) {
      expect(s[key]).toEqual({ isAllowed: true, isRequired: false });
    }
    expect(s.vat.isAllowed).toBe(false);
    expect(s.image.max).toBe(20);
    expect(s.openDays.auction.max).toBe(30);
    expect(s.openDays.buyNow.max).toBe(90);
  });

  it('gives a company vat and marginalTax but not the premium parameters', async () => {
    const s = await settingsOf('firma');
    expect(s.vat).toEqual({ isAllowed: true, isRequired: false });
    expect(s.marginalTax).toEqual({ isAllowed: true, isRequired: false });
    expect(s.minimumIncrease.isAllowed).toBe(false);
    expect(s.image.max).toBe(10);
  });
});
