// Every id a grid query matches, in grid order, read a page at a time: select all, shift-select
// across pages not yet loaded, and bulk actions on the grid's whole query (the renderer sends
// the query, never 100,000 ids).
import type { GridQuery, gridSearch } from './grid-search.ts';

const PAGE = 1000;

export function queryIds(search: ReturnType<typeof gridSearch>, query: Omit<GridQuery, 'offset' | 'limit'>): number[] {
  const ids: number[] = [];
  for (let offset = 0; ; offset += PAGE) {
    const page = search.search({ ...query, offset, limit: PAGE });
    for (const row of page) ids.push(row.localId);
    if (page.length < PAGE) return ids;
  }
}
