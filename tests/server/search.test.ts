import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Database from 'better-sqlite3';
import { migrate, schemaVersion } from '../../server/db/open.ts';
import { MIGRATIONS } from '../../server/db/migrations.ts';
import { categoryTree } from '../../server/domain/categories.ts';
import { normalizeSearch } from '../../server/domain/search/criteria.ts';
import { ftsMatchExpression } from '../../server/domain/search/fts.ts';
import { CATEGORY_WALK_THRESHOLD, searchItems } from '../../server/domain/search/item-search.ts';
import { closedWordsWalk, WORDS_WALK_THRESHOLD } from '../../server/domain/search/closed-words-walk.ts';
import { stripHtml } from '../../server/domain/text.ts';
import { ErrorBody, ItemList, SearchQuery } from '../../shared/api/index.ts';
import { DAY_MS, HOUR_MS } from '../../server/domain/time.ts';
import { insertBid, insertCategoryTree, insertFeedback, insertItem, insertItems } from '../support/item-fixtures.ts';
import { call, startTestServer, type TestServer } from '../support/server.ts';

let server: TestServer;
const id = new Map<string, number>();
const name = new Map<number, string>();
let cat: Map<string, number>;
let users: { anna: number; firma: number; ville: number };

beforeAll(async () => {
  server = await startTestServer();
  const db = server.service.db;
  const now = server.service.clock.now();
  users = {
    anna: await server.addUser('anna', ['private']),
    firma: await server.addUser('firma', ['company']),
    ville: await server.addUser('ville', ['private']),
  };
  cat = insertCategoryTree(
    db,
    [
      { title: 'Home', children: [{ title: 'Furniture', children: [{ title: 'Chairs' }, { title: 'Tables' }] }, { title: 'Lighting', children: [{ title: 'Lamps' }] }] },
      { title: 'Sports', children: [{ title: 'Bikes', children: [{ title: 'Road' }] }] },
      { title: 'Misc', children: [{ title: 'Bulk', children: [{ title: 'Boxes' }] }, { title: 'Crafts', children: [{ title: 'Handmade' }] }] },
    ],
    now,
  );
  const add = (key: string, item: Parameters<typeof insertItem>[1]) => {
    const itemId = insertItem(db, item, now);
    id.set(key, itemId);
    name.set(itemId, key);
  };
  add('a', { seller_id: users.anna, title: 'Brass lamp', category_id: cat.get('Lamps')!, starting_price: 20, hits: 5, list_time: now - 2 * DAY_MS, closing_time: now + 3 * DAY_MS, condition: 'good' });
  add('b', { seller_id: users.anna, title: 'Oak table', sale_method: 'buy-now', buy_now_price: 150, starting_price: null, category_id: cat.get('Tables')!, hits: 50, list_time: now - 3 * HOUR_MS, closing_time: now + 20 * HOUR_MS, condition: 'new', postal_code: '33100', location: 'TAMPERE', upgrades: '["category-gallery"]' });
  add('c', { seller_id: users.firma, title: 'Wooden chair', category_id: cat.get('Chairs')!, starting_price: 40, current_price: 55, bidder_count: 3, hits: 20, list_time: now - 6 * DAY_MS, closing_time: now + 6 * DAY_MS, condition: 'like-new', postal_code: '90100', location: 'OULU' });
  add('d', { seller_id: users.firma, title: 'Road bike', description: '<p>Comes with a <b>repair</b> stand &amp; tools</p>', sale_method: 'buy-now', buy_now_price: 900, category_id: cat.get('Road')!, hits: 10, list_time: now - 10 * DAY_MS, closing_time: now + 40 * HOUR_MS, condition: 'weak', postal_code: '02100', location: 'ESPOO' });
  add('closed', { seller_id: users.anna, title: 'Old lamp shade', status: 'closed', category_id: cat.get('Lamps')!, list_time: now - 9 * DAY_MS, closing_time: now - DAY_MS });
  add('expired', { seller_id: users.anna, title: 'Expired chair', category_id: cat.get('Chairs')!, list_time: now - 9 * DAY_MS, closing_time: now - HOUR_MS });
  add('unicode', { seller_id: users.anna, title: 'Käsintehty valaisin 中文', category_id: cat.get('Handmade')! });
  for (const status of ['draft', 'preview', 'waiting', 'disabled'] as const) {
    add(status, { seller_id: users.anna, title: `Hidden lamp ${status}`, status, category_id: cat.get('Lamps')! });
  }
  insertItems(db, Array.from({ length: 60 }, (_, i) => ({ seller_id: users.anna, title: `Bulk box ${i}`, category_id: cat.get('Boxes')! })), now);
  insertBid(db, { itemId: id.get('c')!, bidderId: users.ville, amount: 55 }, now);
  insertFeedback(db, { itemId: id.get('closed')!, sellerId: users.firma, buyerId: users.ville, rating: 1 }, now);
  insertFeedback(db, { itemId: id.get('closed')!, sellerId: users.firma, buyerId: users.ville, rating: 1 }, now);
  insertFeedback(db, { itemId: id.get('closed')!, sellerId: users.anna, buyerId: users.ville, rating: -1 }, now);
});
afterAll(() => server.close());

async function search(query: string): Promise<ItemList> {
  const res = await call(server.api(`/items?${query}`));
  expect(res.status, res.text).toBe(200);
  return ItemList.parse(res.body);
}

/** Names of the items found, in order, among the named fixtures (the bulk boxes left out). */
async function names(query: string): Promise<string[]> {
  const list = await search(`${query}&limit=500`);
  return list.items.map((i) => name.get(i.id)).filter((n): n is string => n !== undefined);
}
const sorted = (list: string[]) => [...list].sort();
const main4 = () => `category=${cat.get('Home')},${cat.get('Sports')}`;

describe('search filters', () => {
  it('finds open published items only by default, never drafts, previews, waiting or disabled items', async () => {
    expect(sorted(await names('words=lamp'))).toEqual(['a']);
    expect(sorted(await names(main4()))).toEqual(['a', 'b', 'c', 'd']);
  });

  it('status=closed lists closed items and published items past their closing time', async () => {
    expect(sorted(await names('status=closed'))).toEqual(['closed', 'expired']);
  });

  it('words searches title and description, every word, the last one as a prefix', async () => {
    expect(await names('words=repair')).toEqual(['d']);
    expect(await names('words=brass%20lam')).toEqual(['a']);
    expect(await names('words=lamp%20oak')).toEqual([]);
    expect(await names('words=TOOLS')).toEqual(['d']);
  });

  it('words folds diacritics and case and finds non-Latin text', async () => {
    expect(await names('words=kasintehty')).toEqual(['unicode']);
    expect(await names(`words=${encodeURIComponent('KÄSINTEHTY')}`)).toEqual(['unicode']);
    expect(await names(`words=${encodeURIComponent('中文')}`)).toEqual(['unicode']);
  });

  it('hostile words never raise an error: quotes, operators, NEAR, parentheses, columns, unicode', async () => {
    const hostile = ['"', '""lamp', 'lamp"', '*', 'lamp*', '* lamp', 'NEAR(lamp brass)', 'NEAR', '(', ')', '((lamp)', 'lamp OR oak',
      'NOT lamp', 'AND', 'title:lamp', '^lamp', '-lamp', '+lamp', "'; DROP TABLE items; --", '🙂🙂', '\u0301', 'a'.repeat(200), '{title body}: lamp'];
    for (const words of hostile) {
      const res = await call(server.api(`/items?words=${encodeURIComponent(words)}`));
      expect(res.status, `${words}: ${res.text}`).toBe(200);
      ItemList.parse(res.body);
    }
    expect(await names(`words=${encodeURIComponent('"lamp" OR "oak"')}`)).toEqual([]);
    expect(await names(`words=${encodeURIComponent('NEAR(brass lamp)')}`)).toEqual([]);
    expect(await names(`words=${encodeURIComponent('(brass) lamp*')}`)).toEqual(['a']);
  });

  it('no text at all, however hostile, makes the full-text expression fail in SQLite', () => {
    const match = server.service.db.prepare('SELECT count(*) FROM items_fts WHERE items_fts MATCH ?').pluck();
    fc.assert(
      fc.property(fc.oneof(fc.string({ unit: 'binary', maxLength: 60 }), fc.string({ unit: fc.constantFrom('"', '*', '(', ')', ':', '^', '-', '+', 'NEAR', ' AND ', ' OR ', ' NOT ', 'a', ' ', '{', '}', ',') })), (text) => {
        const expression = ftsMatchExpression(text);
        if (expression !== null) expect(() => match.get(expression)).not.toThrow();
      }),
      { numRuns: 400 },
    );
  });

  it('a words value without letters or digits is ignored and left out of the links', async () => {
    const list = await search('words=%22%2A%28%29');
    expect(list.links.self).not.toContain('words');
    expect(list.totalCount).toBeGreaterThan(4);
  });

  it('category takes several ids separated by commas or dashes and includes descendants', async () => {
    expect(sorted(await names(`category=${cat.get('Furniture')}`))).toEqual(['b', 'c']);
    expect(sorted(await names(`category=${cat.get('Lamps')}-${cat.get('Road')}`))).toEqual(['a', 'd']);
    expect(sorted(await names(`category=${cat.get('Lamps')},${cat.get('Road')}`))).toEqual(['a', 'd']);
    expect(sorted(await names(`category=${cat.get('Home')}`))).toEqual(['a', 'b', 'c']);
    expect(await names('category=999999')).toEqual([]);
  });

  it('addtime and closingtime filter by listing and closing windows', async () => {
    expect(await names(`${main4()}&addtime=past-day`)).toEqual(['b']);
    expect(sorted(await names(`${main4()}&addtime=past-2days`))).toEqual(['b']);
    expect(sorted(await names(`${main4()}&addtime=past-5days`))).toEqual(['a', 'b']);
    expect(sorted(await names(`${main4()}&addtime=past-week`))).toEqual(['a', 'b', 'c']);
    expect(await names(`${main4()}&closingtime=next-day`)).toEqual(['b']);
    expect(sorted(await names(`${main4()}&closingtime=next-2days`))).toEqual(['b', 'd']);
    expect(sorted(await names(`${main4()}&closingtime=next-5days`))).toEqual(['a', 'b', 'd']);
    expect(sorted(await names(`${main4()}&closingtime=next-week`))).toEqual(['a', 'b', 'c', 'd']);
  });

  it('area matches a town, a municipality (Finnish or Swedish) or a postal code, case-insensitively', async () => {
    expect(await names('area=tampere')).toEqual(['b']);
    expect(await names('area=33100')).toEqual(['b']);
    expect(await names('area=OULU')).toEqual(['c']);
    expect(await names('area=esbo')).toEqual(['d']);
    expect(await names('area=Vantaa')).toEqual([]);
  });

  it('biddernro, sellernro and seller_type filter by the people involved', async () => {
    expect(await names(`biddernro=${users.ville}`)).toEqual(['c']);
    expect(await names(`biddernro=${users.anna}`)).toEqual([]);
    expect(sorted(await names(`sellernro=${users.firma}`))).toEqual(['c', 'd']);
    expect(sorted(await names(`${main4()}&seller_type=company`))).toEqual(['c', 'd']);
    expect(sorted(await names(`${main4()}&seller_type=user`))).toEqual(['a', 'b']);
  });

  it('feedback_limit keeps sellers whose feedback balance reaches the value', async () => {
    expect(sorted(await names(`${main4()}&feedback_limit=2`))).toEqual(['c', 'd']);
    expect(sorted(await names(`${main4()}&feedback_limit=3`))).toEqual([]);
    expect(sorted(await names(`${main4()}&feedback_limit=-1`))).toEqual(['a', 'b', 'c', 'd']);
  });

  it('condition filters, classification is its other name, and none means any condition', async () => {
    expect(await names(`${main4()}&condition=new`)).toEqual(['b']);
    expect(await names(`${main4()}&classification=weak`)).toEqual(['d']);
    expect(await names(`${main4()}&condition=new&classification=weak`)).toEqual(['b']);
    expect(sorted(await names(`${main4()}&condition=none`))).toEqual(['a', 'b', 'c', 'd']);
    // Echoed under the name it was sent (it used to come back as condition=like-new).
    const list = await search('classification=like-new');
    expect(new URL(list.links.self).searchParams.get('classification')).toBe('like-new');
    expect(new URL(list.links.self).searchParams.has('condition')).toBe(false);
    const both = await search('condition=new&classification=weak');
    expect(Object.fromEntries(new URL(both.links.self).searchParams)).toMatchObject({ condition: 'new', classification: 'weak' });
  });

  it('price_min and price_max bound the current price, inclusive', async () => {
    expect(sorted(await names(`${main4()}&price_min=100`))).toEqual(['b', 'd']);
    expect(sorted(await names(`${main4()}&price_max=55`))).toEqual(['a', 'c']);
    expect(sorted(await names(`${main4()}&price_min=55&price_max=150`))).toEqual(['b', 'c']);
  });

  it('sellstyle filters by sale method; all means both', async () => {
    expect(sorted(await names(`${main4()}&sellstyle=auction`))).toEqual(['a', 'c']);
    expect(sorted(await names(`${main4()}&sellstyle=buy-now`))).toEqual(['b', 'd']);
    expect(sorted(await names(`${main4()}&sellstyle=all`))).toEqual(['a', 'b', 'c', 'd']);
  });
});

describe('search order and paging', () => {
  it('sorts by every order of 4.4', async () => {
    expect(await names(main4())).toEqual(['b', 'c', 'd', 'a']);
    expect(await names(`${main4()}&sort=hits`)).toEqual(['b', 'c', 'd', 'a']);
    expect(await names(`${main4()}&sort=newest`)).toEqual(['b', 'a', 'c', 'd']);
    expect(await names(`${main4()}&sort=closing`)).toEqual(['b', 'd', 'a', 'c']);
    expect(await names(`${main4()}&sort=lowprice`)).toEqual(['a', 'c', 'b', 'd']);
    expect(await names(`${main4()}&sort=highprice`)).toEqual(['d', 'b', 'c', 'a']);
    expect(await names(`${main4()}&sort=bidders`)).toEqual(['c', 'd', 'b', 'a']);
    expect(await names(`${main4()}&sort=title`)).toEqual(['a', 'b', 'd', 'c']);
  });

  it('sorts the same way without a category, walking the whole catalogue', async () => {
    const all = await names('sort=lowprice');
    expect(all.filter((n) => ['a', 'b', 'c', 'd'].includes(n))).toEqual(['a', 'c', 'b', 'd']);
    const byTitle = await names('sort=title');
    expect(byTitle.filter((n) => ['a', 'b', 'd', 'c'].includes(n))).toEqual(['a', 'b', 'd', 'c']);
  });

  it('pages 50 at a time with stable ties, totalCount, and an empty page past the last', async () => {
    const q = `category=${cat.get('Boxes')}`;
    const first = await search(q);
    const second = await search(`${q}&page=2`);
    expect(first.totalCount).toBe(60);
    expect(first.items).toHaveLength(50);
    expect(second.items).toHaveLength(10);
    const ids = new Set([...first.items, ...second.items].map((i) => i.id));
    expect(ids.size).toBe(60);
    expect(first.links.previous).toBeNull();
    expect(first.links.next).toBe(second.links.self);
    expect(second.links.next).toBeNull();
    expect(first.links.last).toBe(second.links.self);
    const beyond = await search(`${q}&page=9`);
    expect(beyond.items).toEqual([]);
    expect(beyond.totalCount).toBe(60);
    expect(beyond.links.previous).toBe(second.links.self);
    const big = await search(`${q}&limit=500`);
    expect(big.items).toHaveLength(60);
    expect(big.links.next).toBeNull();
  });

  it('the same paging holds on the full-text path', async () => {
    const first = await search('words=bulk');
    const second = await search('words=bulk&page=2');
    expect(first.totalCount).toBe(60);
    expect(new Set([...first.items, ...second.items].map((i) => i.id)).size).toBe(60);
  });

  it('links.self echoes the accepted parameters with page and leaves ignored values out', async () => {
    const list = await search(
      'words=lamp&sort=title&limit=500&status=open&sellstyle=auction&bogus=1&price_min=1&addtime=past-week&closingtime=next-week&area=helsinki&condition=good',
    );
    const self = new URL(list.links.self);
    expect(Object.fromEntries(self.searchParams)).toEqual({
      words: 'lamp', sort: 'title', limit: '500', status: 'open', sellstyle: 'auction', price_min: '1',
      addtime: 'past-week', closingtime: 'next-week', area: 'helsinki', condition: 'good', page: '1',
    });
    expect(list.items.map((i) => name.get(i.id))).toEqual(['a']);
  });

  it('echoes every parameter as an existing client sends it, page and the classification alias included', async () => {
    const sent = { addtime: 'past-5days', classification: 'new', feedback_limit: '1', limit: '500', page: '2', price_min: '1', price_max: '10', words: 'levy' };
    const list = await search(new URLSearchParams(sent).toString());
    for (const [key, value] of Object.entries(sent)) expect(list.links.self, key).toContain(`${key}=${value}`);
    expect(Object.fromEntries(new URL(list.links.self).searchParams)).toEqual(sent);
    // Category item lists run the same search and echo the same way.
    const inCategory = await call(server.api(`/categories/${cat.get('Tables')}/items?classification=new&sort=newest`));
    expect(new URL(ItemList.parse(inCategory.body).links.self).searchParams.get('classification')).toBe('new');
  });

  it('ignores values outside the allowed set instead of failing', async () => {
    const bad =
      'sort=cheapest&status=sold&limit=7&page=0&price_min=abc&price_max=-5&category=abc&sellernro=-1&biddernro=x&condition=mint&classification=mint&seller_type=robot&sellstyle=hybrid&addtime=past-year&closingtime=soon&feedback_limit=lots';
    const list = await search(bad);
    expect(list.links.self).toBe(server.api('/items?page=1'));
    expect(list.totalCount).toBe((await search('')).totalCount);
    const repeated = await call(server.api('/items?sort=title&sort=hits'));
    expect(repeated.status).toBe(200);
  });

  it('answers 403 when an invalid token is sent, so a client learns its token expired', async () => {
    const res = await call(server.api('/items'), { token: '0'.repeat(32) });
    expect(res.status).toBe(403);
    ErrorBody.parse(res.body);
  });

  it('writes its decisions into the OpenAPI document', async () => {
    const doc = (await call(server.api('/openapi.json'))).body as { paths: Record<string, { get: { description: string } }> };
    const description = doc.paths['/1.1/items']!.get.description;
    for (const word of ['classification', 'feedback_limit', 'area', 'Ties are ordered by id']) expect(description).toContain(word);
  });

  it('serialises items as summaries with the links of 2.3', async () => {
    const list = await search('words=brass');
    const item = list.items[0]!;
    expect(item).toMatchObject({ title: 'Brass lamp', category: 'Lamps', seller: 'anna', currentPrice: 20, buyNowPrice: 0 });
    expect(item.links.self).toBe(server.api(`/items/${id.get('a')}`));
    expect(item.links.alternative).toBe(`${server.url}/web/items/${id.get('a')}`);
  });
});

describe('large categories', () => {
  it('a category with more items than the walk threshold pages in the same order as a small one', async () => {
    const count = CATEGORY_WALK_THRESHOLD + 100;
    const now = server.service.clock.now();
    const crafts = insertItems(
      server.service.db,
      Array.from({ length: count }, (_, i) => ({ seller_id: users.anna, title: `Craft ${i}`, condition: 'acceptable', category_id: cat.get('Handmade')!, hits: (i * 7919) % 500, starting_price: (i * 31) % 997 })),
      now,
    );
    const hits = new Map(crafts.map((itemId, i) => [itemId, (i * 7919) % 500]));
    const expected = [...crafts].sort((a, b) => hits.get(b)! - hits.get(a)! || b - a);
    const q = `category=${cat.get('Crafts')}&condition=acceptable`;
    const first = await search(`${q}&limit=500`);
    expect(first.totalCount).toBe(count);
    expect(first.items.map((i) => i.id)).toEqual(expected.slice(0, 500));
    const third = await search(`${q}&limit=500&page=3`);
    expect(third.items.map((i) => i.id)).toEqual(expected.slice(1000, 1500));
    const cheap = await search(`${q}&sort=lowprice&price_max=3`);
    expect(cheap.items.every((i) => i.currentPrice <= 3)).toBe(true);
    expect(cheap.totalCount).toBe(crafts.filter((_, i) => (i * 31) % 997 <= 3).length);
  });
});

describe('broad closed searches by words', () => {
  it('more hits than the walk threshold: the same count and pages, in every order, as the joined plan', async () => {
    const count = WORDS_WALK_THRESHOLD + 150;
    const now = server.service.clock.now();
    // Mostly closed, some published past closing (closed too), some open, drafts and a few
    // without a closing time: every kind the count's subtraction must tell apart.
    const kind = (i: number): 'open' | 'draft' | 'expired' | 'no-closing' | 'closed' =>
      i % 20 === 0 ? 'open' : i % 20 === 1 ? 'draft' : i % 20 === 2 ? 'expired' : i % 97 === 3 ? 'no-closing' : 'closed';
    const fixtures = Array.from({ length: count }, (_, i) => {
      const k = kind(i);
      return {
        seller_id: users.firma,
        title: `${['Kuppilo', 'kuppiloita', 'KUPPILOT'][i % 3]} ${['a', 'B', 'c'][(i * 7) % 3]}`,
        category_id: cat.get('Handmade')!,
        status: k === 'draft' || k === 'closed' ? k : ('published' as const),
        sale_method: i % 4 === 0 ? ('buy-now' as const) : ('auction' as const),
        starting_price: (i * 37) % 211,
        current_price: i % 3 === 0 ? ((i * 37) % 211) + 5 : null,
        bidder_count: (i * 13) % 9,
        hits: (i * 7919) % 300,
        list_time: now - ((i * 104_729) % 500) * HOUR_MS,
        closing_time: k === 'open' ? now + DAY_MS : k === 'no-closing' ? null : now - ((i * 31) % 200) * HOUR_MS,
      };
    });
    const ids = insertItems(server.service.db, fixtures, now);
    const closed = ids.filter((_, i) => !['open', 'draft', 'no-closing'].includes(kind(i)));
    // The joined plan serves the same search narrowed by a category holding every item.
    const joined = `category=${cat.get('Misc')}`;
    const criteria = normalizeSearch({ words: 'kup', status: 'closed' }, categoryTree(server.service.db)).criteria;
    expect(closedWordsWalk(server.service.db, criteria, now)?.totalCount).toBe(closed.length);
    for (const sort of ['hits', 'newest', 'closing', 'lowprice', 'highprice', 'bidders', 'title']) {
      for (const page of [1, 4]) {
        const q = `words=kup&status=closed&sort=${sort}&limit=500&page=${page}`;
        const walked = await search(q);
        const reference = await search(`${q}&${joined}`);
        expect(walked.totalCount, `${sort} page ${page}`).toBe(closed.length);
        expect(reference.totalCount).toBe(closed.length);
        expect(walked.items.map((i) => i.id), `${sort} page ${page}`).toEqual(reference.items.map((i) => i.id));
      }
    }
    const newest = [...closed].sort((a, b) => fixtures[ids.indexOf(b)]!.list_time - fixtures[ids.indexOf(a)]!.list_time || b - a);
    expect((await search('words=kuppilo&status=closed&sort=newest')).items.map((i) => i.id)).toEqual(newest.slice(0, 50));
    // Open searches are not this plan's: they still find only the open ones.
    expect((await search('words=kup&limit=500')).totalCount).toBe(ids.filter((_, i) => kind(i) === 'open').length);
  });
});

describe('migration 4 (search indexes)', () => {
  it('adds the search indexes over existing items, which are then found by every plan', () => {
    const db = new Database(':memory:');
    db.function('strip_html', { deterministic: true }, (html: unknown) => stripHtml(typeof html === 'string' ? html : ''));
    migrate(db, MIGRATIONS, 3);
    expect(schemaVersion(db)).toBe(3);
    const now = Date.now();
    db.prepare(`INSERT INTO users (id, username, password_hash, type, created, updated) VALUES (1, 'anna', 'x', 'private', ?, ?)`).run(now, now);
    db.prepare(`INSERT INTO categories (id, parent_id, level, title, updated) VALUES (1, 0, 1, 'Home', ?)`).run(now);
    db.prepare(
      `INSERT INTO items (id, seller_id, status, title, description, sale_method, category_id, starting_price, list_time, closing_time, created, updated)
       VALUES (7, 1, 'published', 'Brass lamp', '<p>shiny</p>', 'auction', 1, 5, ?, ?, ?, ?)`,
    ).run(now - 1000, now + DAY_MS, now, now);
    migrate(db, MIGRATIONS);
    expect(schemaVersion(db)).toBe(MIGRATIONS.at(-1)!.version);
    const indexes = db.prepare(`SELECT name FROM sqlite_schema WHERE type = 'index' AND tbl_name = 'items'`).pluck().all();
    for (const index of ['items_search_by_id', 'items_search_by_category', 'items_search_by_status', 'items_status_current_price', 'items_status_bidders', 'items_status_title']) {
      expect(indexes).toContain(index);
    }
    const tree = categoryTree(db);
    for (const raw of [{ words: 'shiny' }, { category: '1' }, { sellernro: '1' }, { sort: 'lowprice' }, { status: 'closed' }]) {
      const query = SearchQuery.parse(raw);
      const { criteria } = normalizeSearch(query, tree);
      expect(searchItems(db, criteria, now).ids, JSON.stringify(query)).toEqual(raw.status === 'closed' ? [] : [7]);
    }
    db.close();
  });
});
