// Issue 9, findings 1 and 2: an item body never reaches another item's reader, and a time the
// service cannot answer with is a 400 with nothing written.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Item } from '../../../shared/api/index.ts';
import { auctionBody, countRows, createOk, errorsOf, itemsUrl, makeCategories } from '../../support/item-helpers.ts';
import { call, startTestServer, type TestServer } from '../../support/server.ts';

let server: TestServer;
let anna: { token: string; userId: number };
let ville: { token: string; userId: number };
let categoryId: number;
beforeAll(async () => {
  server = await startTestServer();
  anna = await server.login('anna');
  ville = await server.login('ville');
  categoryId = makeCategories(server).sub;
});
afterAll(() => server.close());

describe('a deleted draft never reaches a new owner (finding 1)', () => {
  it("serves seller B's new draft with only B's data, even when it gets the deleted draft's id", async () => {
    const secret = await createOk(server, anna.token, { status: 'draft', title: "Anna's secret draft", description: '<p>home address</p>' });
    // Read once so the body is in the response cache.
    expect(Item.parse((await call(itemsUrl(server, secret.id), { token: anna.token })).body).title).toBe("Anna's secret draft");
    expect((await call(itemsUrl(server, secret.id), { method: 'DELETE', token: anna.token })).status).toBe(204);

    // Ids are meant never to come back; make this one come back anyway, so the cache alone is tested.
    const { db } = server.service;
    const sequence = db.prepare("SELECT 1 FROM sqlite_master WHERE name = 'sqlite_sequence'").get()
      ? db.prepare("SELECT seq FROM sqlite_sequence WHERE name = 'items'").get()
      : undefined;
    if (sequence) db.prepare("UPDATE sqlite_sequence SET seq = ? WHERE name = 'items'").run(secret.id - 1);
    const fresh = await createOk(server, ville.token, { status: 'draft', title: "Ville's draft" });
    expect(fresh.id).toBe(secret.id);

    const read = await call(itemsUrl(server, fresh.id), { token: ville.token });
    expect(read.status).toBe(200);
    const item = Item.parse(read.body);
    expect(item.title).toBe("Ville's draft");
    expect(item.description).toBeNull();
    expect([item.seller, item.sellerId]).toEqual(['ville', ville.userId]);
    expect(read.text).not.toContain('secret');
    // And the old seller cannot read it at all.
    expect((await call(itemsUrl(server, fresh.id), { token: anna.token })).status).toBe(404);
  });
});

describe('a time the service cannot represent is a 400 with nothing written (finding 2)', () => {
  it('refuses a listTime or closingTime before 1921 (Helsinki had a fractional offset) and stores nothing', async () => {
    const items = countRows(server, 'items');
    for (const field of ['listTime', 'closingTime']) {
      for (const status of [undefined, 'draft']) {
        const body = status ? { status, title: 'Old', [field]: '1900-06-01 12:00:00' } : auctionBody(categoryId, { [field]: '1900-06-01 12:00:00' });
        const res = await call(itemsUrl(server), { token: anna.token, json: body });
        expect(res.status).toBe(400);
        expect(errorsOf(res.body)).toContainEqual(expect.objectContaining({ field, code: 'invalid_time' }));
      }
    }
    expect(countRows(server, 'items')).toBe(items);
    const drafts = await call(server.api(`/users/${anna.userId}/sales?status=draft`), { token: anna.token });
    expect(drafts.status).toBe(200);
  });

  it('refuses the same time in an edit, and the draft and the draft list still answer 200', async () => {
    const draft = await createOk(server, anna.token, { status: 'draft', title: 'Edited later' });
    const res = await call(itemsUrl(server, draft.id), { method: 'PUT', token: anna.token, json: { closingTime: '1919-01-01 00:00:00' } });
    expect(res.status).toBe(400);
    const read = await call(itemsUrl(server, draft.id), { token: anna.token });
    expect(read.status).toBe(200);
    expect(Item.parse(read.body).closingTime).toBeNull();
    expect((await call(server.api(`/users/${anna.userId}/sales?status=draft`), { token: anna.token })).status).toBe(200);
  });

  it('refuses times past year 9999 and accepts a time within them', async () => {
    const far = await call(itemsUrl(server), { token: anna.token, json: { status: 'draft', listTime: '9999-12-31 23:59:59' } });
    expect(far.status).toBe(400);
    const ok = await call(itemsUrl(server), { token: anna.token, json: { status: 'draft', listTime: '2030-05-02 12:00:00' } });
    expect(ok.status).toBe(201);
    expect(Item.parse(ok.body).listTime).toBe('2030-05-02T12:00:00+0300');
  });
});
