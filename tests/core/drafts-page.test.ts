// A page of the drafts grid (issue 19): its items, their image counts and their categories are
// read a few statements per page, and the settings and the category tree are kept by the cache
// until it changes. These tests pin the rows a page gives for a mixed cache, and that a change of
// the settings or the tree, on this connection or another, shows on the very next page.
import { describe, expect, it } from 'vitest';
import { settingsCache, type CachedCategory } from '../../electron/core/cache/settings-cache.ts';
import { openAccountDb } from '../../electron/core/db/open-account-db.ts';
import { FURNITURE_TREE } from '../support/category-trees.ts';
import { afterThisTest } from '../support/temp-folder.ts';
import { invokeOk, openTestCore, type TestCore } from '../support/test-core.ts';
import { completeBuyNow, privateSellerRules } from './support.ts';

const BY_TITLE = { sort: 'title', direction: 'asc', offset: 0, limit: 10 } as const;

/** The cache of the tests: a private seller's settings, the furniture tree, five drafts. */
async function mixedCache(): Promise<TestCore & { ids: Record<string, number> }> {
  const core = openTestCore();
  const db = core.session.db();
  settingsCache(db).saveRules(privateSellerRules(), 1);
  settingsCache(db).replaceCategories(FURNITURE_TREE);
  const create = async (fields: Record<string, unknown>) => (await invokeOk(core.bridge, 'drafts.create', { fields })).localId;
  const ids = {
    // A leaf with an English name; two photos ready and one that failed (not counted).
    sofa: await create({ ...completeBuyNow('Kulmasohva'), categoryId: 4 }),
    // A leaf without an English name; most fields missing.
    table: await create({ title: 'Ruokapöytä', categoryId: 5 }),
    // A section (second level), complete.
    furniture: await create({ ...completeBuyNow('Huonekalupaketti'), categoryId: 3 }),
    // No category at all.
    empty: await create({ title: 'Tyhjä luonnos' }),
    // A category the cache does not hold (the tree changed on the service since).
    unknown: await create({ ...completeBuyNow('Vanha lipasto'), categoryId: 999 }),
  };
  const image = db.prepare(`INSERT INTO images (item_local_id, position, source_path, source_sha256, prep_state, created) VALUES (?, ?, ?, ?, ?, 1)`);
  image.run(ids.sofa, 0, '/a.jpg', 'a', 'ready');
  image.run(ids.sofa, 1, '/b.jpg', 'b', 'ready');
  image.run(ids.sofa, 2, '/c.jpg', 'c', 'failed');
  image.run(ids.table, 0, '/d.jpg', 'd', 'failed');
  return { ...core, ids };
}

type Page = Awaited<ReturnType<typeof invokeOk<'drafts.page'>>>;

/** What a row shows beside its fields: the category's names, the photos, the rules it breaks. */
const summary = (page: Page) => page.rows.map((r) => [r.fields.title, r.categoryName, r.categoryNameEn, r.imageCount, r.problems.map((p) => `${p.field} ${p.rule}`).sort()]);

/** Each row of a page as drafts.get gives it, one draft at a time. */
const oneByOne = (core: TestCore, page: Page) => Promise.all(page.rows.map((r) => invokeOk(core.bridge, 'drafts.get', { localId: r.localId })));

const renamed = (changes: Record<number, Partial<CachedCategory>>): CachedCategory[] => FURNITURE_TREE.map((c) => ({ ...c, ...changes[c.id] }));

/** What a private seller's draft with only a title (and a category) lacks. */
const REQUIRED_OF_A_BARE_DRAFT = ['condition required', 'openDays duration-missing', 'postalCode required', 'saleMethod required'];

describe('a page of the drafts grid', () => {
  it('gives each row its categories\' names, its photos and its problems, in the order of the search', async () => {
    const core = await mixedCache();
    const page = await invokeOk(core.bridge, 'drafts.page', BY_TITLE);
    expect(page.total).toBe(5);
    expect(summary(page)).toEqual([
      ['Huonekalupaketti', 'Huonekalut', 'Furniture', 0, []],
      ['Kulmasohva', 'Sohvat', 'Sofas', 2, []],
      ['Ruokapöytä', 'Pöydät', null, 0, REQUIRED_OF_A_BARE_DRAFT],
      ['Tyhjä luonnos', null, null, 0, ['categoryId required', ...REQUIRED_OF_A_BARE_DRAFT]],
      ['Vanha lipasto', null, null, 0, []],
    ]);
    expect(page.rows.map((r) => r.localId)).toEqual([core.ids.furniture, core.ids.sofa, core.ids.table, core.ids.empty, core.ids.unknown]);
    // The rows read a page at a time are the rows read one at a time, every field of them.
    expect(page.rows).toEqual(await oneByOne(core, page));
    // A page that starts further on keeps the same order.
    const rest = await invokeOk(core.bridge, 'drafts.page', { ...BY_TITLE, offset: 3 });
    expect(rest.rows).toEqual(page.rows.slice(3));
  });

  it('shows a category renamed between two pages, and new settings, on the very next page', async () => {
    const core = await mixedCache();
    const db = core.session.db();
    await invokeOk(core.bridge, 'drafts.page', BY_TITLE);
    // A pull brings a renamed leaf, an English name for the one without, and stricter rules.
    settingsCache(db).replaceCategories(renamed({ 4: { title: 'Sohvat ja nojatuolit', titleEn: 'Sofas & armchairs' }, 5: { titleEn: 'Tables' } }));
    const strict = privateSellerRules();
    strict.subCategory = { allowed: true, required: true };
    strict.images = { ...strict.images, max: 1 };
    settingsCache(db).saveRules(strict, 2);
    const page = await invokeOk(core.bridge, 'drafts.page', BY_TITLE);
    expect(summary(page)).toEqual([
      ['Huonekalupaketti', 'Huonekalut', 'Furniture', 0, ['categoryId category-level-3']],
      ['Kulmasohva', 'Sohvat ja nojatuolit', 'Sofas & armchairs', 2, ['images images-max']],
      ['Ruokapöytä', 'Pöydät', 'Tables', 0, REQUIRED_OF_A_BARE_DRAFT],
      ['Tyhjä luonnos', null, null, 0, ['categoryId required', ...REQUIRED_OF_A_BARE_DRAFT]],
      ['Vanha lipasto', null, null, 0, []],
    ]);
    expect(page.rows).toEqual(await oneByOne(core, page));
  });

  it('reads its rows and its count in two turns: a call that came meanwhile is answered between them (issue 41)', async () => {
    // A broad search's count over 100,000 drafts is 22 to 26 ms of the core's thread: with its
    // page's rows that was the longest stretch left. The count now waits one turn.
    const core = await mixedCache();
    const answered: string[] = [];
    const page = invokeOk(core.bridge, 'drafts.page', BY_TITLE).then((shown) => (answered.push('page'), shown));
    const step = invokeOk(core.bridge, 'drafts.lastStep', {}).then(() => answered.push('lastStep'));
    const [shown] = await Promise.all([page, step]);
    expect(answered).toEqual(['lastStep', 'page']);
    expect(shown.total).toBe(5);
    expect(shown.rows).toHaveLength(5);
  });

  it('shows a change written by another connection to the same file on the next page', async () => {
    const core = await mixedCache();
    const db = core.session.db();
    await invokeOk(core.bridge, 'drafts.page', BY_TITLE);
    const other = openAccountDb(db.name);
    afterThisTest(() => other.open && other.close());
    settingsCache(other).replaceCategories(renamed({ 3: { level: 3, title: 'Huonekalusarjat', titleEn: null } }));
    const strict = privateSellerRules();
    strict.sectionCategory = { allowed: true, required: true };
    settingsCache(other).saveRules(strict, 2);
    const page = await invokeOk(core.bridge, 'drafts.page', BY_TITLE);
    expect(summary(page).slice(0, 2)).toEqual([
      // Now a leaf: no problem with the section rule, and the new name without an English one.
      ['Huonekalupaketti', 'Huonekalusarjat', null, 0, []],
      ['Kulmasohva', 'Sohvat', 'Sofas', 2, []],
    ]);
  });
});

describe('the settings cache of a connection', () => {
  it('is one per connection, and gives the same settings until they change', async () => {
    const { session } = await mixedCache();
    const db = session.db();
    expect(settingsCache(db)).toBe(settingsCache(db));
    const before = settingsCache(db).rules();
    expect(settingsCache(db).rules()).toBe(before);
    // Shared by every caller: nobody can change what the next one reads.
    expect(Object.isFrozen(before?.images)).toBe(true);
    settingsCache(db).saveRules({ ...privateSellerRules(), vat: { allowed: true, required: true } }, 2);
    expect(settingsCache(db).rules()?.vat).toEqual({ allowed: true, required: true });
  });

  it('keeps nothing it read in a transaction that was rolled back', async () => {
    const { session } = await mixedCache();
    const db = session.db();
    const cache = settingsCache(db);
    expect(cache.categoryIndex().get(4)?.title).toBe('Sohvat');
    expect(() => db.transaction(() => {
      cache.replaceCategories(renamed({ 4: { title: 'Ei koskaan' } }));
      expect(cache.categoryIndex().get(4)?.title).toBe('Ei koskaan');
      expect(cache.categoryLevel(4)).toBe(3);
      throw new Error('rolled back');
    })()).toThrow('rolled back');
    expect(cache.categoryIndex().get(4)?.title).toBe('Sohvat');
  });
});
