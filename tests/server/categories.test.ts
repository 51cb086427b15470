import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { CategoryListing, ErrorBody, ItemList, SingleCategory, type CategoryNode } from '../../shared/api/index.ts';
import { DAY_MS, HOUR_MS } from '../../server/domain/time.ts';
import { insertCategoryTree, insertItem } from '../support/item-fixtures.ts';
import { call, startTestServer, type TestServer } from '../support/server.ts';

let server: TestServer;
let cat: Map<string, number>;
const item = new Map<string, number>();

beforeAll(async () => {
  server = await startTestServer();
  const db = server.service.db;
  const now = server.service.clock.now();
  const seller = await server.addUser('anna');
  cat = insertCategoryTree(
    db,
    [
      { title: 'Home', children: [{ title: 'Furniture', children: [{ title: 'Chairs' }, { title: 'Tables' }] }] },
      { title: 'Sports', children: [{ title: 'Bikes', children: [{ title: 'Road' }] }] },
    ],
    now,
  );
  const add = (key: string, fields: Omit<Parameters<typeof insertItem>[1], 'seller_id'>) =>
    item.set(key, insertItem(db, { seller_id: seller, ...fields }, now));
  add('chair', { title: 'Chair', category_id: cat.get('Chairs')!, list_time: now - 3 * DAY_MS, closing_time: now + 2 * DAY_MS, hits: 9 });
  add('table', { title: 'Table', category_id: cat.get('Tables')!, list_time: now - HOUR_MS, closing_time: now + 5 * DAY_MS, upgrades: '["category-gallery"]', hits: 1 });
  add('section', { title: 'Sofa', category_id: cat.get('Furniture')!, list_time: now - 2 * DAY_MS, closing_time: now + DAY_MS, hits: 5 });
  add('closed', { title: 'Old chair', status: 'closed', category_id: cat.get('Chairs')!, closing_time: now - DAY_MS });
  add('bike', { title: 'Bike', category_id: cat.get('Road')! });
  add('draft', { title: 'Draft chair', status: 'draft', category_id: cat.get('Chairs')! });
});
afterAll(() => server.close());

const titles = (list: ItemList) => list.items.map((i) => i.title);

describe('category listing', () => {
  it('lists the main categories at depth 1 by default, with links', async () => {
    const res = await call(server.api('/categories'));
    expect(res.status).toBe(200);
    const listing = CategoryListing.parse(res.body);
    expect(listing.id).toBe(0);
    expect(listing.categories.map((c) => c.title)).toEqual(['Home', 'Sports']);
    expect(listing.categories[0]!.categories).toBeUndefined();
    expect(listing.links.self).toBe(server.api('/categories'));
    expect(listing.categories[0]!.links.items).toBe(server.api(`/categories/${cat.get('Home')}/items`));
  });

  it('nests 2 and 3 levels with max-depth', async () => {
    const depth = async (d: number) => CategoryListing.parse((await call(server.api(`/categories?max-depth=${d}`))).body);
    const two = await depth(2);
    expect(two.categories[0]!.categories?.map((c) => c.title)).toEqual(['Furniture']);
    expect(two.categories[0]!.categories?.[0]!.categories).toBeUndefined();
    const three = await depth(3);
    const leaves = three.categories[0]!.categories?.[0]!.categories as CategoryNode[];
    expect(leaves.map((c) => c.title)).toEqual(['Chairs', 'Tables']);
    expect(leaves[0]!.categories).toBeUndefined();
  });

  it('clamps a max-depth outside 1..3 instead of failing', async () => {
    const zero = CategoryListing.parse((await call(server.api('/categories?max-depth=0'))).body);
    expect(zero.categories[0]!.categories).toBeUndefined();
    const nine = CategoryListing.parse((await call(server.api('/categories?max-depth=9'))).body);
    expect(nine.categories[0]!.categories?.[0]!.categories?.map((c) => c.title)).toEqual(['Chairs', 'Tables']);
    expect((await call(server.api('/categories?max-depth=abc'))).status).toBe(200);
  });

  it('answers a single category with its item lists, parent and children', async () => {
    const res = await call(server.api(`/categories/${cat.get('Furniture')}`));
    expect(res.status).toBe(200);
    const single = SingleCategory.parse(res.body);
    expect(single).toMatchObject({ title: 'Furniture', level: 2, parentId: cat.get('Home') });
    expect(Object.keys(single.links.items).sort()).toEqual(['closed', 'closing', 'gallery', 'open', 'recent']);
    expect(single.links.items.gallery).toBe(server.api(`/galleries/category/${cat.get('Furniture')}`));
    expect(single.categories.map((c) => c.title)).toEqual(['Chairs', 'Tables']);
  });

  it('answers id 0 as the root listing and unknown ids with 404', async () => {
    expect(CategoryListing.parse((await call(server.api('/categories/0'))).body).categories).toHaveLength(2);
    for (const path of ['/categories/99999', '/categories/99999/subcategories', '/categories/99999/items', '/galleries/category/99999', '/categories/abc']) {
      const res = await call(server.api(path));
      expect(res.status, path).toBe(404);
      ErrorBody.parse(res.body);
    }
  });

  it('describes the 404 for an unknown category as a deviation from the real service in the OpenAPI document', async () => {
    const doc = (await call(server.api('/openapi.json'))).body as { info: { description: string }; paths: Record<string, { get?: { description?: string } }> };
    expect(doc.info.description).toMatch(/Deviations from the real marketplace[\s\S]*Unknown category id: the real service answers 200 with `id` null[\s\S]*404/);
    for (const path of ['/1.1/categories/{categoryid}', '/1.1/categories/{categoryid}/subcategories', '/1.1/categories/{categoryid}/items']) {
      expect(doc.paths[path]?.get?.description, path).toContain('deviation');
    }
  });

  it('lists subcategories in the listing shape, empty for a level-3 category', async () => {
    const subs = CategoryListing.extend({ id: z.number().int() }).parse(
      (await call(server.api(`/categories/${cat.get('Home')}/subcategories?max-depth=2`))).body,
    );
    expect(subs.id).toBe(cat.get('Home'));
    expect(subs.categories[0]!.categories?.map((c) => c.title)).toEqual(['Chairs', 'Tables']);
    const leaf = (await call(server.api(`/categories/${cat.get('Road')}/subcategories`))).body as { categories: unknown[] };
    expect(leaf.categories).toEqual([]);
  });
});

describe('category item lists', () => {
  const list = async (path: string, init: Parameters<typeof call>[1] = {}) => {
    const res = await call(server.api(path), init);
    expect(res.status, res.text).toBe(200);
    return ItemList.parse(res.body);
  };

  it('answers POST and GET alike, including descendants, with gallery and hits links', async () => {
    const id = cat.get('Home')!;
    const viaGet = await list(`/categories/${id}/items`);
    const viaPost = await list(`/categories/${id}/items`, { method: 'POST' });
    expect(titles(viaGet)).toEqual(['Chair', 'Sofa', 'Table']);
    expect(titles(viaPost)).toEqual(titles(viaGet));
    expect(viaGet.links.gallery).toBe(server.api(`/galleries/category/${id}`));
    expect(viaGet.links.hits).toBe(server.api(`/items?category=${id}`));
    expect(viaGet.links.self).toBe(server.api(`/categories/${id}/items?page=1`));
  });

  it('accepts the search parameters in the query and in a form or JSON body', async () => {
    const id = cat.get('Home')!;
    expect(titles(await list(`/categories/${id}/items?sort=title`))).toEqual(['Chair', 'Sofa', 'Table']);
    expect(titles(await list(`/categories/${id}/items`, { form: { sort: 'newest' } }))).toEqual(['Table', 'Sofa', 'Chair']);
    const json = await list(`/categories/${id}/items?sort=title`, { json: { words: 'sofa' } });
    expect(titles(json)).toEqual(['Sofa']);
    expect(json.links.self).toContain('words=sofa');
    const other = await list(`/categories/${id}/items?category=${cat.get('Road')}`);
    expect(titles(other)).toEqual(['Chair', 'Sofa', 'Table']);
  });

  it('has closed, closing, recent and gallery variants', async () => {
    const id = cat.get('Home')!;
    expect(titles(await list(`/categories/${id}/items/closed`))).toEqual(['Old chair']);
    expect(titles(await list(`/categories/${id}/items/closing?sort=title`))).toEqual(['Sofa', 'Chair', 'Table']);
    expect(titles(await list(`/categories/${id}/items/recent`))).toEqual(['Table', 'Sofa', 'Chair']);
    expect(titles(await list(`/galleries/category/${id}`))).toEqual(['Table']);
    expect(titles(await list(`/galleries/category/${id}`, { method: 'POST' }))).toEqual(['Table']);
  });

  it('lists every category under id 0', async () => {
    expect(titles(await list('/categories/0/items?sort=title'))).toEqual(['Bike', 'Chair', 'Sofa', 'Table']);
  });
});
