// A closed search by words alone that matches many items: research's broadest step over a market
// history of closed sales ("dvd", the prefix "ray" of every Blu-ray: 10,000 of 100,000 sales).
// The words plan joins every hit to its row, then sorts and counts them all: about 1.3 µs of CPU
// a hit, 13 ms for 10,000. This plan reads the hits once, into the set SQLite builds for `IN`:
// - the count is the hits less those of items that are not closed, found from the status index
//   (a history of closed sales has few; when there are many the plan is not taken);
// - the page walks the sort order's (status, key) index over closed items, each checked against
//   the set, and stops at the page: about 50 × closed/hits steps, a few thousand at most.
// 100,000 closed sales, 10,000 hits: 2-4 ms instead of 12-16 (CPU time, load 8-10).
import type { Db } from '../../db/open.ts';
import { ItemStatus } from '../../../shared/api/index.ts';
import type { SearchCriteria, SearchSortName } from './criteria.ts';
import { CURRENT_PRICE_SQL, SORT_INDEX } from './sort-sql.ts';

/** Fewer hits than this are cheaper to join, sort and count than to walk the sort index for. */
export const WORDS_WALK_THRESHOLD = 2000;

/** Non-closed items are walked (to count, and by the published half of the page's walk); past
 * this many per hit the join is cheaper. */
const NOT_CLOSED_PER_HIT = 4;

/** The sort key of each order as a result column, and its direction (ties by id, the same way). */
const SORT_KEY: Record<SearchSortName, { key: string; order: string }> = {
  hits: { key: 'i.hits', order: 'k DESC, id DESC' },
  newest: { key: 'i.list_time', order: 'k DESC, id DESC' },
  closing: { key: 'i.closing_time', order: 'k ASC, id ASC' },
  lowprice: { key: CURRENT_PRICE_SQL, order: 'k ASC, id ASC' },
  highprice: { key: CURRENT_PRICE_SQL, order: 'k DESC, id DESC' },
  bidders: { key: 'i.bidder_count', order: 'k DESC, id DESC' },
  title: { key: 'i.title', order: 'k COLLATE NOCASE ASC, id ASC' },
};

const HITS = 'i.id IN (SELECT rowid FROM items_fts WHERE items_fts MATCH @match)';

/** Every status but closed, written out for the status index (a published item may be either). */
const NOT_CLOSED_STATUSES = ItemStatus.options
  .filter((s) => s !== 'closed')
  .map((s) => `'${s}'`)
  .join(', ');

/** Whether words and status are the search's only filters (the count below knows no other). */
export function wordsOnly(c: SearchCriteria): boolean {
  return (
    c.match !== null &&
    c.categoryIds === null &&
    c.sellerId === null &&
    c.bidderId === null &&
    c.addedWithinMs === null &&
    c.closingWithinMs === null &&
    c.area === null &&
    c.feedbackMin === null &&
    c.condition === null &&
    c.priceMin === null &&
    c.priceMax === null &&
    c.sellerType === null &&
    c.saleMethod === null &&
    !c.galleryOnly
  );
}

function count(db: Db, sql: string, params: Record<string, string | number>): number {
  return db.prepare(sql).pluck().get(params) as number;
}

/**
 * The page and count of a closed search by words alone, or null when the plan does not pay (few
 * hits, or many items that are not closed): the caller then joins.
 */
export function closedWordsWalk(db: Db, criteria: SearchCriteria, now: number): { ids: number[]; totalCount: number } | null {
  if (criteria.status !== 'closed' || criteria.match === null || !wordsOnly(criteria)) return null;
  const match = criteria.match;
  const hits = count(db, 'SELECT count(*) FROM items_fts WHERE items_fts MATCH @match', { match });
  if (hits < WORDS_WALK_THRESHOLD) return null;
  const cap = hits * NOT_CLOSED_PER_HIT;
  const notClosed = `FROM items i INDEXED BY items_search_by_status WHERE i.status IN (${NOT_CLOSED_STATUSES})`;
  if (count(db, `SELECT count(*) FROM (SELECT 1 ${notClosed} LIMIT @cap)`, { cap }) >= cap) return null;
  // Every item has its row in items_fts (the triggers of migration 1 keep them in step), so the
  // hits less the hits not closed are the closed hits. A published item past its closing time is
  // closed (open-closed-sql.ts): coalesce keeps one without a closing time among the not closed.
  const hitsNotClosed = count(
    db,
    `SELECT count(*) ${notClosed} AND NOT coalesce(i.status = 'published' AND i.closing_time <= @now, 0) AND ${HITS}`,
    { match, now },
  );
  const totalCount = hits - hitsNotClosed;
  const offset = (criteria.page - 1) * criteria.limit;
  if (offset >= totalCount) return { ids: [], totalCount };
  // The two halves of closedItemSql, each walked in its index's order and merged by SQLite
  // (MERGE (UNION ALL)): the closing time is checked per row (`+`), so the sort index is kept.
  const { key, order } = SORT_KEY[criteria.sort];
  const arm = (where: string) => `SELECT i.id AS id, ${key} AS k FROM items i INDEXED BY ${SORT_INDEX[criteria.sort]} WHERE ${where} AND ${HITS}`;
  const sql = `${arm("i.status = 'closed'")} UNION ALL ${arm("i.status = 'published' AND +i.closing_time <= @now")} ORDER BY ${order} LIMIT @limit OFFSET @offset`;
  const rows = db.prepare(sql).pluck().all({ match, now, limit: criteria.limit, offset }) as number[];
  return { ids: rows, totalCount };
}
