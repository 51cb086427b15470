// What GET /users/{id}/settings promises is what item create enforces: for random users, sale
// methods, restricted parameters, quantities, durations and a missing required parameter, the
// outcome predicted from the settings response alone is the outcome of POST /items.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Item, UserSettings } from '../../shared/api/index.ts';
import { auctionBody, buyNowBody, countRows, createItem, errorFields, makeCategories, type TestCategories } from '../support/item-helpers.ts';
import { call, startTestServer, type TestServer } from '../support/server.ts';

type Settings = UserSettings['item'];
const USERS = ['anna', 'pekka', 'firma'] as const;
type UserName = (typeof USERS)[number];

let server: TestServer;
let cats: TestCategories;
const tokens = {} as Record<UserName, string>;
const settings = {} as Record<UserName, Settings>;

beforeAll(async () => {
  server = await startTestServer();
  cats = makeCategories(server);
  await server.addUser('anna', ['private']);
  await server.addUser('pekka', ['powerseller']);
  await server.addUser('firma', ['private'], { type: 'company' });
  for (const name of USERS) {
    const { token, userId } = await server.login(name);
    tokens[name] = token;
    const res = await call(server.api(`/users/${userId}/settings`), { token });
    settings[name] = UserSettings.parse(res.body).item;
  }
});
afterAll(() => server.close());

/** Restricted parameters, each with a value valid for an auction, and its settings key. */
const RESTRICTED = {
  minimumIncrease: { value: 1, auctionOnly: true },
  identificationRequired: { value: 1, auctionOnly: false },
  minimumFeedback: { value: 3, auctionOnly: false },
  republish: { value: 1, auctionOnly: false },
  reservePrice: { value: 20, auctionOnly: true },
  vat: { value: 24, auctionOnly: false },
  marginalTax: { value: 1, auctionOnly: false },
} as const;
type Restricted = keyof typeof RESTRICTED;

/** Body fields that settings keys make required, and when. */
const REQUIRED_FIELDS = ['title', 'description', 'condition', 'categoryId', 'postalCode', 'deliveryMethods', 'paymentMethods', 'openDays', 'quantity', 'minimumIncrease'] as const;
type RequiredField = (typeof REQUIRED_FIELDS)[number];

function isRequired(s: Settings, field: RequiredField, method: 'auction' | 'buy-now'): boolean {
  switch (field) {
    case 'categoryId':
      return s.mainCategoryId.isRequired;
    case 'postalCode':
      return s.location.isRequired;
    case 'openDays':
      return (method === 'auction' ? s.openDays.auction : s.openDays.buyNow).isRequired;
    case 'quantity':
      return method === 'buy-now' && s.quantity.isRequired;
    case 'minimumIncrease':
      return method === 'auction' && s.minimumIncrease.isRequired;
    default:
      return s[field].isRequired;
  }
}

const scenario = fc.record({
  user: fc.constantFrom(...USERS),
  method: fc.constantFrom('auction' as const, 'buy-now' as const),
  restricted: fc.subarray(Object.keys(RESTRICTED) as Restricted[]),
  quantity: fc.integer({ min: 1, max: 1200 }),
  // From 1: a value outside the parameter's type bounds is a schema error, answered before the rules.
  openDays: fc.integer({ min: 1, max: 120 }),
  drop: fc.option(fc.constantFrom(...REQUIRED_FIELDS), { nil: undefined }),
});

describe('settings and create agree', () => {
  it('accepts exactly what the settings allow and refuses the rest, naming each field', async () => {
    await fc.assert(
      fc.asyncProperty(scenario, async ({ user, method, restricted, quantity, openDays, drop }) => {
        const s = settings[user];
        const chosen = restricted.filter((f) => method === 'auction' || !RESTRICTED[f].auctionOnly);
        const body: Record<string, unknown> = method === 'auction' ? auctionBody(cats.sub, { openDays }) : buyNowBody(cats.sub, { openDays, quantity });
        for (const field of chosen) body[field] = RESTRICTED[field].value;
        if (method === 'auction' && s.minimumIncrease.isRequired) body.minimumIncrease = RESTRICTED.minimumIncrease.value;
        if (drop) delete body[drop];

        // The prediction, from the settings response only.
        const expected = new Set<string>();
        const notAllowed = Object.keys(RESTRICTED).filter((f) => body[f] !== undefined && !s[f as Restricted].isAllowed);
        if (notAllowed.length > 0) {
          notAllowed.forEach((f) => expected.add(f));
        } else {
          if (drop && isRequired(s, drop, method)) expected.add(drop);
          const days = method === 'auction' ? s.openDays.auction : s.openDays.buyNow;
          if (body.openDays !== undefined && (openDays < days.min || openDays > days.max)) expected.add('openDays');
          if (method === 'buy-now' && body.quantity !== undefined && (quantity < s.quantity.min || quantity > s.quantity.max)) {
            expected.add('quantity');
          }
          if (body.republish === 1 && body.openDays !== undefined && openDays <= 3) expected.add('republish');
        }

        const before = countRows(server, 'items');
        const res = await createItem(server, tokens[user], body);
        if (expected.size === 0) {
          expect(res.status, res.text).toBe(201);
          expect(Item.parse(res.body).status).toBe('preview');
          expect(countRows(server, 'items')).toBe(before + 1);
        } else {
          expect(res.status, res.text).toBe(400);
          expect(errorFields(res.body)).toEqual([...expected].sort());
          expect(countRows(server, 'items')).toBe(before);
        }
      }),
      { numRuns: 80 },
    );
  });
});
