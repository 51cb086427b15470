// The ids of a grid query for the window's calls (select all, bulk actions and research on the
// whole query, a saved group's members): read in slices over one snapshot on the long reads'
// connection (issue 41), so the core answers the grid's pages meanwhile.
import { perConnection } from '../db/per-connection.ts';
import { gridSearch, type GridQuery } from '../search/grid-search.ts';
import { queryIdsSlices } from '../search/query-ids.ts';
import type { CoreSession } from '../session/core-session.ts';

const searchOf = perConnection((db) => gridSearch(db));

export function gridIds(session: CoreSession, query: Omit<GridQuery, 'offset' | 'limit'>): Promise<number[]> {
  return session.reads().long((db) => queryIdsSlices(searchOf(db), query));
}
