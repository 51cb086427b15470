// Every id a grid query matches, in grid order: select all, shift-select across pages not yet
// loaded, bulk actions and research on the grid's whole query, a saved group's members (the
// renderer sends the query, never 100,000 ids). One statement read from start to end (the page's
// own, without its limit: gridSearch().ids), never pages by OFFSET, which read 100,000 ids in
// 2.5 to 3.0 s of one block (issue 41: each page walked every row before it again).
import type { Slices } from '../db/sliced-transaction.ts';
import type { GridQuery, gridSearch } from './grid-search.ts';

type Search = ReturnType<typeof gridSearch>;
type IdsQuery = Omit<GridQuery, 'offset' | 'limit'>;

/** Ids taken between two chances to pause (a few hundred microseconds of work). */
const PIECE = 500;

/** At once: for a caller inside a transaction of its own (the rules pass's saved groups). */
export function queryIds(search: Search, query: IdsQuery): number[] {
  return [...search.ids(query)];
}

/**
 * The same in slices (db/sliced-transaction.ts runSliced): the statement stays open between them,
 * so its connection must be one nothing else reads on meanwhile, held in one read transaction for
 * a consistent answer (session/account-reads.ts).
 */
export function* queryIdsSlices(search: Search, query: IdsQuery): Slices<number[]> {
  const ids: number[] = [];
  for (const id of search.ids(query)) {
    if (ids.push(id) % PIECE === 0) yield;
  }
  return ids;
}
