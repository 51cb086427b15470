// A client's mistake never yields a 500: random junk (paths, queries, JSON, form and multipart
// bodies, with and without a token) against every route of the OpenAPI document.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertCategory } from '../../server/domain/categories.ts';
import { call, startTestServer, type TestServer } from '../support/server.ts';

let server: TestServer;
let token: string;
let routes: Array<{ method: string; path: string }>;
const FIELD_NAMES = [
  'title', 'description', 'categoryId', 'saleMethod', 'condition', 'startingPrice', 'buyNowPrice', 'quantity',
  'openDays', 'listTime', 'closingTime', 'postalCode', 'deliveryMethods', 'paymentMethods', 'status', 'originalId',
  'vat', 'bid', 'automate', 'quantityMin', 'quantityMax', 'offer', 'message', 'question', 'answer', 'itemid',
  'rating', 'feedback', 'order', 'username', 'password', 'image', 'page', 'limit', 'sort', 'words', 'category',
];

const junkValue = fc.oneof(
  fc.string({ maxLength: 80 }),
  fc.integer(),
  fc.double(),
  fc.constantFrom(null, true, false, '', '0', '-1', '1e309', 'NaN', '9'.repeat(40), '2026-02-30 25:61:61', 'hybrid', 'published'),
  fc.array(fc.oneof(fc.string({ maxLength: 10 }), fc.integer()), { maxLength: 4 }),
  fc.dictionary(fc.string({ maxLength: 6 }), fc.string({ maxLength: 6 }), { maxKeys: 3 }),
);
const junkBody = fc.dictionary(fc.oneof(fc.constantFrom(...FIELD_NAMES), fc.string({ maxLength: 12 })), junkValue, { maxKeys: 8 });
/** Query and form values as text: strings as they are, anything else as JSON. */
const asText = (record: Record<string, unknown>): Array<[string, string]> =>
  Object.entries(record).map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)]);
const pathValue = fc.oneof(fc.constantFrom('1', '2', '0', '-1', 'abc', '99999999999999999999', '1.5', '%00', 'thumbnail'), fc.nat().map(String));

beforeAll(async () => {
  server = await startTestServer();
  ({ token } = await server.login('anna'));
  insertCategory(server.service.db, { id: 1, parentId: 0, title: 'Home' }, Date.now());
  await call(server.api('/items'), { token, json: { status: 'draft', title: 'a draft' } });
  const doc = (await call(server.api('/openapi.json'))).body as { paths: Record<string, Record<string, unknown>> };
  routes = Object.entries(doc.paths).flatMap(([path, ops]) => Object.keys(ops).map((method) => ({ method: method.toUpperCase(), path })));
});
afterAll(() => server.close());

describe('bad input', () => {
  it('never answers 500 on any route, whatever is sent', async () => {
    expect(routes.length).toBeGreaterThan(25);
    const sample = fc.record({
      route: fc.constantFrom(...routes),
      params: fc.array(pathValue, { minLength: 3, maxLength: 3 }),
      body: junkBody,
      query: junkBody,
      encoding: fc.constantFrom('json', 'form', 'multipart', 'raw'),
      withToken: fc.boolean(),
    });
    await fc.assert(
      fc.asyncProperty(sample, async ({ route, params, body, query, encoding, withToken }) => {
        let i = 0;
        const path = route.path.replace(/\{[^}]+\}/g, () => encodeURIComponent(params[i++] ?? '1'));
        const qs = new URLSearchParams(asText(query));
        const url = `${server.url}${path}?${qs}`;
        const headers: Record<string, string> = withToken ? { 'x-marketapitoken': token } : {};
        let payload: string | FormData | undefined;
        if (route.method !== 'GET' && route.method !== 'DELETE') {
          if (encoding === 'json') {
            headers['content-type'] = 'application/json';
            payload = JSON.stringify(body);
          } else if (encoding === 'form') {
            headers['content-type'] = 'application/x-www-form-urlencoded';
            payload = new URLSearchParams(asText(body)).toString();
          } else if (encoding === 'multipart') {
            const form = new FormData();
            for (const [k, v] of asText(body)) form.append(k, v);
            form.append('image', new Blob([new Uint8Array([0xff, 0xd8, 0xff, 0x00, 1, 2, 3])]), 'x.jpg');
            payload = form;
          } else {
            headers['content-type'] = 'application/json';
            payload = '{"broken": ';
          }
        }
        const res = await fetch(url, { method: route.method, headers, body: payload });
        const text = await res.text();
        expect(res.status, `${route.method} ${url} (${encoding}) -> ${res.status} ${text.slice(0, 300)}`).toBeLessThan(500);
      }),
      { numRuns: 600, seed: 20261121 },
    );
  }, 120_000);
});
