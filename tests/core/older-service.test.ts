// A field added to the REST contract must not make the client refuse an older service's answers.
// The rule (server/README.md, "Add an item field"): a field of Item beyond the ones below, which
// the 1.1 service sends today, is `.optional()` in the response schema. The service always sends
// it; an older service does not, and the client reads its absence as "not set" (fieldsOfServerItem
// keeps only values it has). A newer service's fields this client does not know are dropped
// (zod objects strip unknown keys; Item is never made strict).
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Item } from '../../shared/api/items.ts';
import { fieldsOfServerItem } from '../../electron/core/sync/server-fields.ts';
import { listingOf } from '../../electron/core/api/listing-mapping.ts';
import { createApiClient } from '../../electron/core/api/client.ts';
import { memoryCredentialStore } from '../../electron/core/api/session.ts';
import { auctionBody, createOk, makeCategories } from '../support/item-helpers.ts';
import { call, startTestServer, type TestServer } from '../support/server.ts';

/** The keys of Item as the 1.1 service sends them. Frozen: this list never grows. */
const ITEM_KEYS_1_1 = [
  'id', 'links', 'title', 'description', 'status', 'saleMethod', 'condition', 'startingPrice', 'currentPrice', 'buyNowPrice',
  'minimumIncrease', 'bidderCount', 'hasReservePrice', 'hasReservePriceExceeded', 'quantity', 'listTime', 'closingTime', 'location',
  'postalCode', 'seller', 'mainCategory', 'sectionCategory', 'subCategory', 'deliveryMethods', 'deliveryPrice', 'deliveryTerms',
  'paymentMethods', 'images', 'requirements', 'vat', 'upgrades', 'updated', 'categoryId', 'openDays', 'isLocationAbroad',
  'paymentTerms', 'offersAllowed', 'marginalTax', 'republish', 'reservePrice', 'originalId', 'republishedFrom', 'sellerId', 'offerCount',
] as const;

let server: TestServer;
/** A real item as the service answers it, and the same answer with only the 1.1 keys. */
let answer: Record<string, unknown>;
let older: Record<string, unknown>;

beforeAll(async () => {
  server = await startTestServer();
  const cats = makeCategories(server);
  const { token } = await server.login('compat-seller', ['private']);
  const created = await createOk(server, token, auctionBody(cats.sub, { title: 'Brass lamp' }));
  const res = await call(server.api(`/items/${created.id}`), { token });
  expect(res.status).toBe(200);
  answer = res.body as Record<string, unknown>;
  older = Object.fromEntries(Object.entries(answer).filter(([key]) => (ITEM_KEYS_1_1 as readonly string[]).includes(key)));
});
afterAll(() => server.close());

describe('an answer from an older or a newer service', () => {
  it('reads an older service\'s item (only the 1.1 keys): every key added since is optional', () => {
    const parsed = Item.safeParse(older);
    expect(parsed.success, parsed.error?.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')).toBe(true);
    expect(fieldsOfServerItem(listingOf(parsed.data!))).toMatchObject({ title: 'Brass lamp', saleMethod: 'auction' });
    for (const key of Object.keys(Item.shape).filter((k) => !(ITEM_KEYS_1_1 as readonly string[]).includes(k))) {
      expect(Item.shape[key as keyof typeof Item.shape].safeParse(undefined).success, `${key} is newer than 1.1: make it .optional()`).toBe(true);
    }
  });

  it('reads a newer service\'s item with a field this client does not know, and drops that field', () => {
    const parsed = Item.safeParse({ ...answer, warrantyMonths: 24 });
    expect(parsed.success).toBe(true);
    expect(parsed.data).not.toHaveProperty('warrantyMonths');
    expect(parsed.data).toEqual(Item.parse(answer));
  });

  it('reads through the real client an older service\'s item and a newer one\'s, and the sync takes the same fields from both', async () => {
    // A service on loopback that answers GET /items/{id} as an older (1.1 keys only) or a newer
    // (a key this client does not know) service would; the client parses it as the sync does.
    const answers: Record<string, Record<string, unknown>> = { '/1.1/items/1': older, '/1.1/items/2': { ...answer, warrantyMonths: 24 } };
    const service = createServer((req, res) => {
      const body = answers[(req.url ?? '').split('?')[0] ?? ''];
      res.writeHead(body ? 200 : 404, { 'content-type': 'application/json' }).end(JSON.stringify(body ?? { error: { code: 'not_found', message: 'no' } }));
    });
    await new Promise<void>((resolve) => service.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = service.address() as AddressInfo;
      const client = createApiClient({ baseUrl: `http://127.0.0.1:${port}`, credentials: memoryCredentialStore({ username: 'x', password: 'y' }), maxRetries: 0 });
      const fromOlder = await client.getItem(1);
      const fromNewer = await client.getItem(2);
      expect(fromNewer).not.toHaveProperty('warrantyMonths');
      expect(fieldsOfServerItem(listingOf(fromOlder))).toMatchObject({ title: 'Brass lamp', saleMethod: 'auction' });
      // What the older service did not send is "not set", never a value: the sync takes the same
      // value of every field it sent, and leaves out only the fields of keys added since 1.1.
      const olderFields: Record<string, unknown> = fieldsOfServerItem(listingOf(fromOlder));
      const newerFields: Record<string, unknown> = fieldsOfServerItem(listingOf(fromNewer));
      for (const [name, value] of Object.entries(olderFields)) expect(newerFields[name], name).toEqual(value);
      const leftOut = Object.keys(newerFields).filter((name) => !(name in olderFields));
      expect(leftOut.filter((name) => (ITEM_KEYS_1_1 as readonly string[]).includes(name))).toEqual([]);
    } finally {
      await new Promise<void>((resolve) => service.close(() => resolve()));
    }
  });
});
