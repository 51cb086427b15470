// What the drafts grid asks for first. Its own small module: the boot script sends the first
// page's request from these before the rest of the app's code has loaded.
import type { AppLocale } from '../../../shared/format/app-locale.ts';
import type { GridQueryInput } from '../../../shared/ipc.ts';

export type GridQuery = Omit<GridQueryInput, 'offset' | 'limit'>;

/** Small enough that checking a page as it arrives fits in a frame beside a fast scroll. */
export const PAGE_SIZE = 100;
/**
 * The first request of an empty grid or a new query (a keystroke in the search, a sort): a
 * screenful and a little more, so it comes back fast (the core checks every row it sends).
 */
export const FIRST_PAGE_SIZE = 40;
/**
 * No sort until the seller picks one: the core then lists the latest updated first, and with text
 * the most recently cached first, which the full-text index serves in its own order and stops
 * after a page (a sort by a column would sort every match of each keystroke).
 */
export const DEFAULT_QUERY: GridQuery = { status: ['draft'] };

/** The first page's input, built in one place: the boot script's early request must match it exactly. */
export function firstPageInput(query: GridQuery, limit: number): GridQueryInput {
  return { ...query, offset: 0, limit };
}

/**
 * What the core is asked for in `locale`: English screens sort by category by its English name
 * (the grid's heading and its state keep saying 'category').
 */
export function forLocale<Q extends GridQuery>(query: Q, locale: AppLocale): Q {
  return query.sort === 'category' && locale === 'en' ? { ...query, sort: 'categoryEn' } : query;
}
