// English category names (issue 20's titleEn, shown since issue 21): the cache keeps the
// service's English name beside the Finnish title (cache migration 18), the pull brings it, and
// the core hands both to the screens (the tree, a grid row); the Finnish title stays what a
// listing's text is filled with.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { settingsCache } from '../../electron/core/cache/settings-cache.ts';
import { migrate } from '../../electron/core/db/open-account-db.ts';
import { MIGRATIONS } from '../../electron/core/db/migrations.ts';
import { insertCategory } from '../../server/domain/categories.ts';
import { startTestServer, type TestServer } from '../support/server.ts';
import { FURNITURE_TREE, HOME_TREE } from '../support/category-trees.ts';
import { invokeOk, openTestCore } from '../support/test-core.ts';
import { openTempDb } from './support.ts';
import { sellerCache } from './support/sync-setup.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

describe('English category names in the cache', () => {
  it('18: adds the English name beside the Finnish title, empty on categories cached before', () => {
    const { db } = openTempDb({ upTo: 17 });
    db.prepare(`INSERT INTO categories (id, parent_id, level, title, position) VALUES (2, 0, 1, 'Koti ja puutarha', 0)`).run();
    db.prepare(`INSERT INTO items (title, category_id, created, updated) VALUES ('Sohva', 2, 1, 1)`).run();
    migrate(db, MIGRATIONS, 18);
    expect(db.prepare(`SELECT id, title, title_en FROM categories`).all()).toEqual([{ id: 2, title: 'Koti ja puutarha', title_en: null }]);
    expect(db.prepare(`SELECT title, category_title FROM items`).all()).toEqual([{ title: 'Sohva', category_title: 'Koti ja puutarha' }]);
    db.prepare(`UPDATE categories SET title_en = 'Home & Garden' WHERE id = 2`).run();
    expect(settingsCache(db).categories()).toEqual([{ id: 2, parentId: 0, level: 1, title: 'Koti ja puutarha', titleEn: 'Home & Garden' }]);
  });

  it('keeps the English names the service gives on a pull, and none where it gives none', async () => {
    const { db, clock } = server.service;
    const main = insertCategory(db, { parentId: 0, title: 'Urheilu ja ulkoilu', titleEn: 'Sports & Outdoors' }, clock.now());
    const section = insertCategory(db, { parentId: main, title: 'Retkeily', titleEn: 'Camping' }, clock.now());
    const leaf = insertCategory(db, { parentId: section, title: 'Makuupussit' }, clock.now());
    await server.addUser('retkeilija');
    const cache = await sellerCache(server.url, 'retkeilija');
    await cache.engine.pull();
    const byId = new Map(settingsCache(cache.db).categories().map((c) => [c.id, c]));
    expect(byId.get(main)).toMatchObject({ title: 'Urheilu ja ulkoilu', titleEn: 'Sports & Outdoors' });
    expect(byId.get(section)).toMatchObject({ title: 'Retkeily', titleEn: 'Camping' });
    expect(byId.get(leaf)).toMatchObject({ title: 'Makuupussit', titleEn: null });
  });
});

describe('English category names for the screens', () => {
  it('gives the tree and a grid row both names; the grid row of a category without one has null', async () => {
    const { session, bridge } = openTestCore();
    settingsCache(session.db()).replaceCategories(FURNITURE_TREE);
    expect(await invokeOk(bridge, 'categories.list')).toEqual([
      { id: 2, parentId: 0, level: 1, title: 'Koti ja puutarha', titleEn: 'Home & Garden' },
      { id: 3, parentId: 2, level: 2, title: 'Huonekalut', titleEn: 'Furniture' },
      { id: 4, parentId: 3, level: 3, title: 'Sohvat', titleEn: 'Sofas' },
      { id: 5, parentId: 3, level: 3, title: 'Pöydät', titleEn: null },
    ]);
    await invokeOk(bridge, 'drafts.create', { fields: { title: 'Kulmasohva', categoryId: 4 } });
    await invokeOk(bridge, 'drafts.create', { fields: { title: 'Ruokapöytä', categoryId: 5 } });
    const page = await invokeOk(bridge, 'drafts.page', { sort: 'title', direction: 'asc', offset: 0, limit: 10 });
    expect(page.rows.map((r) => [r.fields.title, r.categoryName, r.categoryNameEn])).toEqual([
      ['Kulmasohva', 'Sohvat', 'Sofas'],
      ['Ruokapöytä', 'Pöydät', null],
    ]);
  });
});

describe('the grid\'s sort by category in English', () => {
  const titlesBy = async (bridge: ReturnType<typeof openTestCore>['bridge'], sort: 'category' | 'categoryEn') =>
    (await invokeOk(bridge, 'drafts.page', { sort, direction: 'asc', offset: 0, limit: 10 })).rows.map((r) => r.fields.title);

  it('19: sorts by the English names (the Finnish one where there is none), kept when the names change', async () => {
    const { session, bridge } = openTestCore();
    settingsCache(session.db()).replaceCategories(HOME_TREE);
    for (const [title, categoryId] of [['Kahvikupit', 3], ['Romaani', 4], ['Jalkalamppu', 5], ['Sohvapöytä', 6]] as const) {
      await invokeOk(bridge, 'drafts.create', { fields: { title, categoryId } });
    }
    expect(await titlesBy(bridge, 'category')).toEqual(['Kahvikupit', 'Romaani', 'Sohvapöytä', 'Jalkalamppu']);
    expect(await titlesBy(bridge, 'categoryEn')).toEqual(['Romaani', 'Kahvikupit', 'Jalkalamppu', 'Sohvapöytä']);

    // A pull renames a category in English and gives Pöydät one: the sort follows at once.
    settingsCache(session.db()).replaceCategories([
      { id: 2, parentId: 0, level: 1, title: 'Koti', titleEn: 'Home', position: 0 },
      { id: 3, parentId: 2, level: 2, title: 'Astiat', titleEn: 'Tableware', position: 0 },
      { id: 4, parentId: 2, level: 2, title: 'Kirjat', titleEn: 'Books', position: 1 },
      { id: 5, parentId: 2, level: 2, title: 'Valaisimet', titleEn: 'Lamps', position: 2 },
      { id: 6, parentId: 2, level: 2, title: 'Pöydät', titleEn: 'Coffee tables', position: 3 },
    ]);
    expect(await titlesBy(bridge, 'categoryEn')).toEqual(['Romaani', 'Sohvapöytä', 'Jalkalamppu', 'Kahvikupit']);
    // A draft moved to another category takes that one's names (equal names: the older draft first).
    const moved = (await invokeOk(bridge, 'drafts.page', { sort: 'title', direction: 'asc', offset: 0, limit: 10 })).rows.find((r) => r.fields.title === 'Romaani')!;
    await invokeOk(bridge, 'drafts.update', { localId: moved.localId, changes: { categoryId: 5 } });
    expect(await titlesBy(bridge, 'categoryEn')).toEqual(['Sohvapöytä', 'Romaani', 'Jalkalamppu', 'Kahvikupit']);
    expect(await titlesBy(bridge, 'category')).toEqual(['Kahvikupit', 'Sohvapöytä', 'Romaani', 'Jalkalamppu']);
  });

  it('19: fills the English sort names of drafts cached before it', () => {
    const { db } = openTempDb({ upTo: 18 });
    db.prepare(`INSERT INTO categories (id, parent_id, level, title, title_en, position) VALUES (2, 0, 1, 'Kirjat', 'Books', 0), (3, 0, 1, 'Pöydät', NULL, 1)`).run();
    db.prepare(`INSERT INTO items (title, category_id, created, updated) VALUES ('Romaani', 2, 1, 1), ('Sohvapöytä', 3, 1, 1), ('Ei luokkaa', NULL, 1, 1)`).run();
    migrate(db, MIGRATIONS, 19);
    expect(db.prepare(`SELECT title, category_title, category_title_en FROM items ORDER BY local_id`).all()).toEqual([
      { title: 'Romaani', category_title: 'Kirjat', category_title_en: 'Books' },
      { title: 'Sohvapöytä', category_title: 'Pöydät', category_title_en: 'Pöydät' },
      { title: 'Ei luokkaa', category_title: null, category_title_en: null },
    ]);
  });
});
