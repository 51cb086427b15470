import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorBody, FavoriteAddResult, ItemList } from '../../shared/api/index.ts';
import { DAY_MS } from '../../server/domain/time.ts';
import { insertItem, insertItems } from '../support/item-fixtures.ts';
import { call, startTestServer, type TestServer } from '../support/server.ts';

let server: TestServer;
let anna: { token: string; userId: number };
let ville: { token: string; userId: number };
const item: Record<string, number> = {};

beforeAll(async () => {
  server = await startTestServer();
  anna = await server.login('anna');
  ville = await server.login('ville');
  const db = server.service.db;
  const now = server.service.clock.now();
  item.open = insertItem(db, { seller_id: anna.userId, title: 'Open lamp' }, now);
  item.closed = insertItem(db, { seller_id: anna.userId, title: 'Closed lamp', status: 'closed', closing_time: now - DAY_MS }, now);
  item.draft = insertItem(db, { seller_id: anna.userId, title: 'Draft lamp', status: 'draft' }, now);
  item.preview = insertItem(db, { seller_id: anna.userId, title: 'Preview lamp', status: 'preview' }, now);
});
afterAll(() => server.close());

const favorites = (userId: number) => server.api(`/users/${userId}/favorites`);

describe('favorites', () => {
  it('adds an item with a form body: 201 with the favorite add result', async () => {
    const res = await call(favorites(ville.userId), { token: ville.token, form: { itemid: String(item.open) } });
    expect(res.status, res.text).toBe(201);
    const body = FavoriteAddResult.parse(res.body);
    expect(body.items.map((i) => i.id)).toEqual([item.open]);
    expect(body.links).toEqual({ self: favorites(ville.userId), user: server.api(`/users/${ville.userId}`) });
  });

  it('adds with a JSON body, and adding twice is idempotent', async () => {
    for (let i = 0; i < 2; i++) {
      const res = await call(favorites(ville.userId), { token: ville.token, json: { itemid: item.closed } });
      expect(res.status).toBe(201);
    }
    const count = server.service.db.prepare('SELECT count(*) FROM favorites WHERE user_id = ?').pluck().get(ville.userId);
    expect(count).toBe(2);
  });

  it('lists open favorites by default and closed ones on request, with status and limit in every link', async () => {
    const open = await call(favorites(ville.userId), { token: ville.token });
    expect(open.status).toBe(200);
    const list = ItemList.parse(open.body);
    expect(list.items.map((i) => i.id)).toEqual([item.open]);
    expect(list.totalCount).toBe(1);
    for (const url of [list.links.self, list.links.first, list.links.last]) {
      const params = new URL(url).searchParams;
      expect([params.get('status'), params.get('limit'), params.get('page')]).toEqual(['open', '50', '1']);
    }
    const closed = ItemList.parse((await call(`${favorites(ville.userId)}?status=closed&limit=500`, { token: ville.token })).body);
    expect(closed.items.map((i) => i.id)).toEqual([item.closed]);
    expect(closed.links.self).toBe(`${favorites(ville.userId)}?status=closed&limit=500&page=1`);
  });

  it('needs the token of that same user for reading and adding', async () => {
    expect((await call(favorites(ville.userId))).status).toBe(403);
    expect((await call(favorites(ville.userId), { token: anna.token })).status).toBe(403);
    expect((await call(favorites(ville.userId), { token: 'f'.repeat(32) })).status).toBe(403);
    const other = await call(favorites(ville.userId), { token: anna.token, form: { itemid: String(item.open) } });
    expect(other.status).toBe(403);
    ErrorBody.parse(other.body);
    const none = await call(favorites(ville.userId), { form: { itemid: String(item.open) } });
    expect(none.status).toBe(403);
    const annas = ItemList.parse((await call(favorites(anna.userId), { token: anna.token })).body);
    expect(annas.totalCount).toBe(0);
  });

  it('answers 404 for unknown items and items that are not public, 400 for a bad itemid, writing nothing', async () => {
    const before = server.service.db.prepare('SELECT count(*) FROM favorites').pluck().get();
    for (const itemid of ['999999', String(item.draft), String(item.preview)]) {
      const res = await call(favorites(ville.userId), { token: ville.token, form: { itemid } });
      expect(res.status, itemid).toBe(404);
    }
    for (const form of [{}, { itemid: 'abc' }, { itemid: '-3' }] as Record<string, string>[]) {
      const res = await call(favorites(ville.userId), { token: ville.token, form });
      expect(res.status).toBe(400);
      expect(ErrorBody.parse(res.body).errors[0]!.field).toBe('itemid');
    }
    expect(server.service.db.prepare('SELECT count(*) FROM favorites').pluck().get()).toBe(before);
    expect((await call(server.api('/users/999999/favorites'), { token: ville.token })).status).toBe(404);
  });

  it('pages a long favorites list', async () => {
    const db = server.service.db;
    const ids = insertItems(db, Array.from({ length: 55 }, (_, i) => ({ seller_id: anna.userId, title: `Fav ${i}` })), server.service.clock.now());
    for (const itemid of ids) {
      expect((await call(favorites(anna.userId), { token: anna.token, json: { itemid } })).status).toBe(201);
    }
    const first = ItemList.parse((await call(favorites(anna.userId), { token: anna.token })).body);
    expect(first.items).toHaveLength(50);
    expect(first.totalCount).toBe(55);
    const second = ItemList.parse((await call(first.links.next!, { token: anna.token })).body);
    expect(second.items).toHaveLength(5);
    expect(new Set([...first.items, ...second.items].map((i) => i.id)).size).toBe(55);
  });

  it('removes a favorite with DELETE (extension): 204, then 404', async () => {
    const url = `${favorites(ville.userId)}/${item.open}`;
    expect((await call(url, { method: 'DELETE', token: anna.token })).status).toBe(403);
    const res = await call(url, { method: 'DELETE', token: ville.token });
    expect(res.status).toBe(204);
    expect(res.text).toBe('');
    expect((await call(url, { method: 'DELETE', token: ville.token })).status).toBe(404);
    const list = ItemList.parse((await call(favorites(ville.userId), { token: ville.token })).body);
    expect(list.totalCount).toBe(0);
  });
});
