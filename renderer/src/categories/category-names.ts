// A category's name as a screen shows it, in the language in use. DOM-free (no bridge): the
// stores, the grid's words and the tests use it as they are.
import type { AppLocale } from '../../../shared/format/app-locale.ts';
import type { IpcOutput } from '../../../shared/ipc/contract.ts';
import { localeStore } from '../i18n/locale-store.ts';

type Category = IpcOutput<'categories.list'>[number];

/**
 * A category's name on screen: with English screens its English name where the service gives
 * one, the Finnish title otherwise. Never for a listing's text (that is always the Finnish title).
 */
export function categoryTitle(category: { title: string; titleEn?: string | null }, locale: AppLocale = localeStore.getState().locale): string {
  return (locale === 'en' ? category.titleEn : null) || category.title;
}

/** "Huonekalut › Pöydät" for a subcategory's id (in English screens' names where the tree has them); null for an id not in the cached tree. */
export function categoryPath(categories: readonly Category[], id: number, locale: AppLocale = localeStore.getState().locale): string | null {
  const byId = new Map(categories.map((c) => [c.id, c]));
  const names: string[] = [];
  for (let c = byId.get(id); c; c = byId.get(c.parentId)) names.unshift(categoryTitle(c, locale));
  return names.length > 0 ? names.join(' › ') : null;
}

/** A grid row's category as its cell shows it: the English name in English screens where the tree has one; null without a name. */
export function rowCategoryName(row: { categoryName: string | null; categoryNameEn?: string | null | undefined }, locale: AppLocale): string | null {
  return (locale === 'en' ? row.categoryNameEn : null) || row.categoryName;
}
