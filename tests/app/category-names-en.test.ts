// The screens name a category in their language (issue 20's leftover, issue 21): English screens
// show the service's English name where the tree has one, Finnish screens (and every category
// without an English name) the Finnish title; the description's filled preview, which is what the
// marketplace gets, keeps the Finnish title. Rows and the tree come from a real core.
import { describe, expect, it, vi } from 'vitest';
import { settingsCache } from '../../electron/core/cache/settings-cache.ts';
import { fillListingText } from '../../shared/items/listing-words.ts';
import type { AppLocale } from '../../shared/format/app-locale.ts';
// (Not the grid's gridText itself: its words come through react-intl, whose types would give this
// Node project React's empty DOM interfaces; the cell's name is rowCategoryName, which it calls.)
import { categoryPath, categoryTitle, rowCategoryName } from '../../renderer/src/categories/category-names.ts';
import { typedBridge } from '../../renderer/src/bridge/bridge-types.ts';
import { createDraftsStore } from '../../renderer/src/drafts/drafts-store.ts';
import { localeStore } from '../../renderer/src/i18n/locale-store.ts';
import { FURNITURE_TREE, HOME_TREE } from '../support/category-trees.ts';
import { invokeOk, openTestCore } from '../support/test-core.ts';
import { memoryTransport } from './memory-transport.ts';

async function shop() {
  const { session, bridge } = openTestCore();
  settingsCache(session.db()).replaceCategories(FURNITURE_TREE);
  await invokeOk(bridge, 'drafts.create', { fields: { title: 'Kulmasohva', categoryId: 4, description: '<p>Osasto: {category}</p>' } });
  await invokeOk(bridge, 'drafts.create', { fields: { title: 'Ruokapöytä', categoryId: 5 } });
  const { rows } = await invokeOk(bridge, 'drafts.page', { sort: 'title', direction: 'asc', offset: 0, limit: 10 });
  const tree = await invokeOk(bridge, 'categories.list');
  return { rows, tree };
}

const cellsIn = (locale: AppLocale, rows: Awaited<ReturnType<typeof shop>>['rows']) => rows.map((r) => rowCategoryName(r, locale));

describe('category names on screen', () => {
  it('shows the English name in English screens where there is one, the Finnish title otherwise', async () => {
    const { rows, tree } = await shop();
    expect(cellsIn('en', rows)).toEqual(['Sofas', 'Pöydät']);
    expect(cellsIn('fi', rows)).toEqual(['Sohvat', 'Pöydät']);
    expect(categoryPath(tree, 4, 'en')).toBe('Home & Garden › Furniture › Sofas');
    expect(categoryPath(tree, 5, 'en')).toBe('Home & Garden › Furniture › Pöydät');
    expect(categoryPath(tree, 4, 'fi')).toBe('Koti ja puutarha › Huonekalut › Sohvat');
    expect(tree.map((c) => categoryTitle(c, 'en'))).toEqual(['Home & Garden', 'Furniture', 'Sofas', 'Pöydät']);
  });

  it('fills a listing\'s {category} with the Finnish title whatever the screens show', async () => {
    const { rows, tree } = await shop();
    const sofa = rows[0]!;
    // As the editor's preview fills it (renderer/src/draft-editor/field-input.tsx) and the publish does.
    expect(fillListingText(String(sofa.fields.description), sofa.fields, (id) => tree.find((c) => c.id === id)?.title)).toBe('<p>Osasto: Sohvat</p>');
  });
});

describe('the grid\'s sort by category follows the language', () => {
  it('asks the core for the English names\' order on English screens and sorts again when the language changes', async () => {
    const core = openTestCore();
    settingsCache(core.session.db()).replaceCategories(HOME_TREE);
    await invokeOk(core.bridge, 'drafts.create', { fields: { title: 'Kahvikupit', categoryId: 3 } });
    await invokeOk(core.bridge, 'drafts.create', { fields: { title: 'Romaani', categoryId: 4 } });
    localeStore.getState().choose('en');
    const drafts = createDraftsStore(typedBridge(memoryTransport(core.bridge, core.session)), { pageSize: 20, columns: 10 });
    const titles = () => drafts.getState().rows.map((r) => r?.fields.title);
    try {
      await drafts.getState().setQuery({ sort: 'category', direction: 'asc' });
      expect(drafts.getState().query.sort).toBe('category');
      expect(titles()).toEqual(['Romaani', 'Kahvikupit']);
      localeStore.getState().choose('fi');
      await vi.waitFor(() => expect(titles()).toEqual(['Kahvikupit', 'Romaani']));
    } finally {
      localeStore.getState().choose('system');
      drafts.getState().dispose();
    }
  });
});
