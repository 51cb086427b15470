// What the drafts grid asks for. Its own small module: the boot script sends the first page's
// request (shared/screens/grid-first-page.ts) before the rest of the app's code has loaded.
import type { AppLocale } from '../../../shared/format/app-locale.ts';
import type { GridQuery } from '../../../shared/screens/grid-first-page.ts';

export { DEFAULT_QUERY, FIRST_PAGE_SIZE, firstPageInput, launchPageInput, type GridQuery } from '../../../shared/screens/grid-first-page.ts';

/** Small enough that checking a page as it arrives fits in a frame beside a fast scroll. */
export const PAGE_SIZE = 100;
/**
 * What the core is asked for in `locale`: English screens sort by category by its English name
 * (the grid's heading and its state keep saying 'category').
 */
export function forLocale<Q extends GridQuery>(query: Q, locale: AppLocale): Q {
  return query.sort === 'category' && locale === 'en' ? { ...query, sort: 'categoryEn' } : query;
}
