import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Item } from '../../shared/api/index.ts';
import { runTimedTransitions } from '../../server/domain/timed-transitions.ts';
import { DAY_MS, HOUR_MS } from '../../server/domain/time.ts';
import {
  attachImage,
  auctionBody,
  buyNowBody,
  countRows,
  createOk,
  errorFields,
  errorsOf,
  itemsUrl,
  makeCategories,
  manualClock,
  putItem,
  requestTime,
  setStatus,
  type TestCategories,
} from '../support/item-helpers.ts';
import { call, startTestServer, type TestServer } from '../support/server.ts';

const clock = manualClock(Date.parse('2025-03-01T10:00:00Z'));
let server: TestServer;
let cats: TestCategories;
let seller: string;
let other: string;

beforeAll(async () => {
  server = await startTestServer({ clock });
  cats = makeCategories(server);
  seller = (await server.login('tina', ['private'])).token;
  other = (await server.login('olli', ['private'])).token;
});
afterAll(() => server.close());

/** Moves the clock and returns fresh tokens (tokens live one hour). */
async function advance(ms: number) {
  clock.advance(ms);
  seller = (await server.login('tina')).token;
  other = (await server.login('olli')).token;
}

const statusOf = (id: number) => (server.service.db.prepare('SELECT status FROM items WHERE id = ?').get(id) as { status: string }).status;

type State = 'draft' | 'preview' | 'published' | 'waiting' | 'closed' | 'disabled';

async function itemIn(state: State): Promise<number> {
  const body = auctionBody(cats.sub, state === 'waiting' ? { listTime: requestTime(server, clock.now() + DAY_MS) } : {});
  const item = await createOk(server, seller, state === 'draft' ? { ...body, status: 'draft' } : body);
  if (state === 'published' || state === 'waiting' || state === 'closed') {
    expect((await setStatus(server, seller, item.id, 'published')).status).toBe(200);
  }
  if (state === 'closed') expect((await setStatus(server, seller, item.id, 'closed')).status).toBe(200);
  // No request leads to disabled (an administrative state); set it as the marketplace would.
  if (state === 'disabled') server.service.db.prepare(`UPDATE items SET status = 'disabled' WHERE id = ?`).run(item.id);
  expect(statusOf(item.id)).toBe(state);
  return item.id;
}

describe('the state table of part 3', () => {
  const table: Array<[State, string, number, string]> = [
    ['draft', 'draft', 200, 'draft'],
    ['draft', 'preview', 200, 'preview'],
    ['draft', 'published', 409, 'draft'],
    ['draft', 'closed', 409, 'draft'],
    ['preview', 'draft', 200, 'draft'],
    ['preview', 'preview', 200, 'preview'],
    ['preview', 'published', 200, 'published'],
    ['preview', 'closed', 409, 'preview'],
    ['published', 'draft', 409, 'published'],
    ['published', 'preview', 409, 'published'],
    ['published', 'published', 409, 'published'],
    ['published', 'closed', 200, 'closed'],
    ['waiting', 'draft', 409, 'waiting'],
    ['waiting', 'preview', 409, 'waiting'],
    ['waiting', 'published', 409, 'waiting'],
    ['waiting', 'closed', 200, 'closed'],
    ['closed', 'draft', 409, 'closed'],
    ['closed', 'preview', 409, 'closed'],
    ['closed', 'published', 409, 'closed'],
    ['closed', 'closed', 409, 'closed'],
    ['disabled', 'draft', 409, 'disabled'],
    ['disabled', 'preview', 409, 'disabled'],
    ['disabled', 'published', 409, 'disabled'],
    ['disabled', 'closed', 409, 'disabled'],
  ];
  it.each(table)('%s to %s answers %i and leaves the item %s', async (from, to, status, after) => {
    const id = await itemIn(from);
    const res = await setStatus(server, seller, id, to);
    expect(res.status).toBe(status);
    if (status === 409) expect(errorsOf(res.body)[0]?.code).toBe('invalid_transition');
    else expect(Item.parse(res.body).status).toBe(after);
    expect(statusOf(id)).toBe(after);
  });

  it('refuses waiting and disabled as a status update with 400', async () => {
    const id = await itemIn('preview');
    for (const status of ['waiting', 'disabled']) {
      const res = await setStatus(server, seller, id, status);
      expect(res.status).toBe(400);
      expect(errorsOf(res.body)[0]).toMatchObject({ field: 'status', code: 'status_not_allowed' });
    }
    expect(statusOf(id)).toBe('preview');
  });

  it('lets only the seller change the status: 403 for others and without a token, 404 for an unknown item', async () => {
    const id = await itemIn('preview');
    expect((await setStatus(server, other, id, 'published')).status).toBe(403);
    expect((await call(itemsUrl(server, id), { method: 'PUT', json: { status: 'published' } })).status).toBe(403);
    expect((await setStatus(server, seller, 987_654, 'published')).status).toBe(404);
    expect((await setStatus(server, seller, 0, 'published')).status).toBe(404);
    expect(statusOf(id)).toBe('preview');
  });
});

describe('editing', () => {
  it('edits a draft and a preview, and refuses data edits in other states with 409', async () => {
    for (const state of ['draft', 'preview'] as const) {
      const id = await itemIn(state);
      const res = await putItem(server, seller, id, { title: `Edited ${state}` });
      expect(res.status).toBe(200);
      expect(Item.parse(res.body).title).toBe(`Edited ${state}`);
    }
    for (const state of ['published', 'waiting', 'closed'] as const) {
      const id = await itemIn(state);
      const res = await putItem(server, seller, id, { title: 'Too late' });
      expect(res.status).toBe(409);
      expect(errorsOf(res.body)[0]?.code).toBe('not_editable');
    }
  });

  it('keeps a preview valid: an edit that breaks it is a 400 and changes nothing', async () => {
    const id = await itemIn('preview');
    const res = await putItem(server, seller, id, { title: '', saleMethod: 'buy-now', startingPrice: 5 });
    expect(res.status).toBe(400);
    // quantity stays 1 from the auction: a valid buy-now quantity.
    expect(errorFields(res.body)).toEqual(['buyNowPrice', 'startingPrice', 'title']);
    const after = Item.parse((await call(itemsUrl(server, id), { token: seller })).body);
    expect(after.saleMethod).toBe('auction');
    expect(after.title).toBe('Nokia 3310, blue');
  });

  it('lets a draft switch to buy-now, dropping the auction prices not sent again', async () => {
    const id = await itemIn('draft');
    const res = await putItem(server, seller, id, { saleMethod: 'buy-now', buyNowPrice: 30, quantity: 2, status: 'preview' });
    expect(res.status).toBe(200);
    const item = Item.parse(res.body);
    expect(item).toMatchObject({ status: 'preview', saleMethod: 'buy-now', startingPrice: null, buyNowPrice: 30, quantity: 2 });
  });

  it('validates everything saved when a draft becomes a preview, listing every problem', async () => {
    const draft = await createOk(server, seller, { status: 'draft', title: 'Half done', saleMethod: 'buy-now' });
    const res = await setStatus(server, seller, draft.id, 'preview');
    expect(res.status).toBe(400);
    expect(errorFields(res.body)).toEqual([
      'buyNowPrice',
      'categoryId',
      'condition',
      'description',
      'openDays',
      'paymentMethods',
      'postalCode',
      'quantity',
    ]);
    expect(statusOf(draft.id)).toBe('draft');
  });

  it('takes an edit as a form body, a single value standing for a one-element array', async () => {
    const id = await itemIn('draft');
    const res = await call(itemsUrl(server, id), {
      method: 'PUT',
      token: seller,
      form: { title: 'Form edit', startingPrice: '15', deliveryMethods: 'pickup', paymentMethods: ['cash', 'mobile-pay'], status: 'preview' },
    });
    expect(res.status).toBe(200);
    expect(Item.parse(res.body)).toMatchObject({
      status: 'preview',
      title: 'Form edit',
      startingPrice: 15,
      deliveryMethods: ['pickup'],
      paymentMethods: ['cash', 'mobile-pay'],
    });
  });

  it('takes a multipart body with repeated keys', async () => {
    const data = new FormData();
    for (const [key, value] of Object.entries(auctionBody(cats.sub, { deliveryMethods: undefined, paymentMethods: undefined }))) {
      if (value !== undefined) data.append(key, String(value));
    }
    data.append('deliveryMethods', 'pickup');
    data.append('deliveryMethods', 'shipment');
    data.append('paymentMethods', 'cash');
    const res = await fetch(itemsUrl(server), { method: 'POST', headers: { 'x-marketapitoken': seller }, body: data });
    expect(res.status).toBe(201);
    expect(Item.parse(await res.json())).toMatchObject({ deliveryMethods: ['pickup', 'shipment'], paymentMethods: ['cash'] });
  });

  it('switches location between a postal code and abroad', async () => {
    const id = await itemIn('draft');
    expect(Item.parse((await putItem(server, seller, id, { isLocationAbroad: 1 })).body).location).toBe('ABROAD');
    expect(Item.parse((await putItem(server, seller, id, { isLocationAbroad: 0, postalCode: '90100' })).body).location).toBe('OULU');
  });
});

describe('publishing', () => {
  it('changes only the status, fixes the times from openDays and starts the price at the starting price', async () => {
    const id = await itemIn('preview');
    const res = await putItem(server, seller, id, { status: 'published', title: 'Sneaky edit', startingPrice: 999 });
    expect(res.status).toBe(200);
    const item = Item.parse(res.body);
    expect(item.status).toBe('published');
    expect(item.title).toBe('Nokia 3310, blue');
    expect(item.currentPrice).toBe(10);
    expect(item.listTime).toBe(server.service.tz.format(clock.now()));
    expect(item.closingTime).toBe(server.service.tz.format(clock.now() + 7 * DAY_MS));
  });

  it('publishes a buy-now item with its units for sale', async () => {
    const item = await createOk(server, seller, buyNowBody(cats.sub));
    const res = await setStatus(server, seller, item.id, 'published');
    expect(Item.parse(res.body)).toMatchObject({ status: 'published', quantity: 3, currentPrice: 25 });
  });

  it('publishes an item with a future listTime into waiting, and it goes live at listTime', async () => {
    const listAt = clock.now() + 2 * HOUR_MS;
    const item = await createOk(server, seller, auctionBody(cats.sub, { listTime: requestTime(server, listAt), openDays: 2 }));
    const res = await setStatus(server, seller, item.id, 'published');
    expect(Item.parse(res.body)).toMatchObject({ status: 'waiting', listTime: server.service.tz.format(listAt) });
    expect(Item.parse(res.body).closingTime).toBe(server.service.tz.format(listAt + 2 * DAY_MS));
    runTimedTransitions(server.service, listAt - 1);
    expect(statusOf(item.id)).toBe('waiting');
    runTimedTransitions(server.service, listAt);
    expect(statusOf(item.id)).toBe('published');
  });

  it('validates again at publish time: a closing time that passed meanwhile is a 400', async () => {
    const item = await createOk(
      server,
      seller,
      auctionBody(cats.sub, { openDays: undefined, closingTime: requestTime(server, clock.now() + 2 * DAY_MS) }),
    );
    await advance(3 * DAY_MS);
    const res = await setStatus(server, seller, item.id, 'published');
    expect(res.status).toBe(400);
    expect(errorsOf(res.body)[0]).toMatchObject({ field: 'closingTime', code: 'in_the_past' });
    expect(statusOf(item.id)).toBe('preview');
  });
});

describe('closing', () => {
  it('closes a published item by the seller at once, and one past its closing time at that time', async () => {
    const now = clock.now();
    const id = await itemIn('published');
    expect(Item.parse((await setStatus(server, seller, id, 'closed')).body).status).toBe('closed');
    expect(server.service.db.prepare('SELECT closed_at FROM items WHERE id = ?').get(id)).toEqual({ closed_at: now });

    const late = await itemIn('published');
    const closing = (server.service.db.prepare('SELECT closing_time FROM items WHERE id = ?').get(late) as { closing_time: number }).closing_time;
    await advance(8 * DAY_MS);
    expect((await setStatus(server, seller, late, 'closed')).status).toBe(200);
    expect(server.service.db.prepare('SELECT closed_at FROM items WHERE id = ?').get(late)).toEqual({ closed_at: closing });
  });
});

describe('deleting', () => {
  it('deletes a draft with its images and their files, answering 204', async () => {
    const id = await itemIn('draft');
    const imageId = await attachImage(server, id);
    expect(existsSync(join(server.service.imagesDir, String(imageId)))).toBe(true);
    const res = await call(itemsUrl(server, id), { method: 'DELETE', token: seller });
    expect(res.status).toBe(204);
    expect(res.text).toBe('');
    expect(server.service.db.prepare('SELECT 1 FROM items WHERE id = ?').get(id)).toBeUndefined();
    expect(server.service.db.prepare('SELECT 1 FROM images WHERE id = ?').get(imageId)).toBeUndefined();
    expect(existsSync(join(server.service.imagesDir, String(imageId)))).toBe(false);
  });

  it('deletes only drafts (409), only by the seller (403), known items only (404)', async () => {
    const before = countRows(server, 'items');
    for (const state of ['preview', 'published', 'closed'] as const) {
      const id = await itemIn(state);
      const res = await call(itemsUrl(server, id), { method: 'DELETE', token: seller });
      expect(res.status).toBe(409);
      expect(errorsOf(res.body)[0]?.code).toBe('not_draft');
    }
    const draft = await itemIn('draft');
    expect((await call(itemsUrl(server, draft), { method: 'DELETE', token: other })).status).toBe(403);
    expect((await call(itemsUrl(server, draft), { method: 'DELETE' })).status).toBe(403);
    expect((await call(itemsUrl(server, 987_654), { method: 'DELETE', token: seller })).status).toBe(404);
    expect(countRows(server, 'items')).toBe(before + 4);
  });
});
