// The screens name a category in their language (issue 20's leftover, issue 21): English screens
// show the service's English name where the tree has one, Finnish screens (and every category
// without an English name) the Finnish title; the description's filled preview, which is what the
// marketplace gets, keeps the Finnish title. Rows and the tree come from a real core.
import { describe, expect, it } from 'vitest';
import { settingsCache } from '../../electron/core/cache/settings-cache.ts';
import { fillListingText } from '../../shared/listing-words.ts';
import type { AppLocale } from '../../shared/format/app-locale.ts';
// (Not the grid's gridText itself: its words come through react-intl, whose types would give this
// Node project React's empty DOM interfaces; the cell's name is rowCategoryName, which it calls.)
import { categoryPath, categoryTitle, rowCategoryName } from '../../renderer/src/categories/category-names.ts';
import { invokeOk, openTestCore } from '../support/test-core.ts';

async function shop() {
  const { session, bridge } = openTestCore();
  settingsCache(session.db()).replaceCategories([
    { id: 2, parentId: 0, level: 1, title: 'Koti ja puutarha', titleEn: 'Home & Garden', position: 0 },
    { id: 3, parentId: 2, level: 2, title: 'Huonekalut', titleEn: 'Furniture', position: 0 },
    { id: 4, parentId: 3, level: 3, title: 'Sohvat', titleEn: 'Sofas', position: 0 },
    { id: 5, parentId: 3, level: 3, title: 'Pöydät', position: 1 },
  ]);
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
