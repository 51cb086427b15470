// Runs a search: one cheap COUNT and one page query over the same WHERE clause, both with bound
// parameters only. Only published and closed items are ever searchable; drafts, previews,
// waiting and disabled items never appear, whatever the parameters.
import type { Statement } from 'better-sqlite3';
import type { Db } from '../../db/open.ts';
import type { SearchCriteria } from './criteria.ts';
import { closedItemSql, openItemSql } from '../items/open-closed-sql.ts';
import { closedWordsWalk } from './closed-words-walk.ts';
import { CURRENT_PRICE_SQL, ORDER_BY, SORT_INDEX } from './sort-sql.ts';

export { CURRENT_PRICE_SQL };

type Params = Record<string, string | number>;

/**
 * How a query reads the items. SQLite has no statistics on a fresh database and then scans the
 * open-items index for every search, so the plan is chosen here:
 * - `words`: the full-text match drives; each hit is looked up in a covering index by id;
 * - `category`: the category ids drive, through a covering index by category;
 * - `seller`, `bidder`: that user's items drive;
 * - `walk` (open items only): an index in the sort order is walked and the walk stops at the
 *   page; best when the other filters keep many items (a large category, or none);
 * - `any`: left to SQLite (closed lists without a driving filter).
 * A closed search by words alone with many hits is read apart, by closed-words-walk.ts.
 */
export type Plan = 'words' | 'category' | 'seller' | 'bidder' | 'walk' | 'any';

/** A category with more matching items than this is read by walking the sort index instead. */
export const CATEGORY_WALK_THRESHOLD = 2000;

export function drivingPlan(criteria: SearchCriteria): Plan {
  if (criteria.match !== null) return 'words';
  if (criteria.categoryIds !== null) return 'category';
  if (criteria.sellerId !== null) return 'seller';
  if (criteria.bidderId !== null) return 'bidder';
  return criteria.status === 'open' ? 'walk' : 'any';
}

interface Query {
  from: string;
  where: string;
  params: Params;
}

export function buildQuery(criteria: SearchCriteria, now: number, plan: Plan): Query {
  const clauses: string[] = [];
  const params: Params = { now };
  const from: Record<Plan, string> = {
    words: 'items_fts CROSS JOIN items i INDEXED BY items_search_by_id ON i.id = items_fts.rowid',
    category: 'json_each(@categories) c CROSS JOIN items i INDEXED BY items_search_by_category ON i.category_id = c.value',
    seller: 'items i INDEXED BY items_seller_status',
    bidder: '(SELECT DISTINCT item_id FROM bids WHERE bidder_id = @bidder) b CROSS JOIN items i ON i.id = b.item_id',
    walk: `items i INDEXED BY ${SORT_INDEX[criteria.sort]}`,
    any: 'items i',
  };
  // In a walk the closing-time term is written `+column`, so it is checked per row instead of
  // steering SQLite to the closing-time index.
  const closing = plan === 'walk' ? '+i.closing_time' : 'i.closing_time';
  clauses.push(criteria.status === 'open' ? openItemSql(closing) : closedItemSql(closing));
  if (criteria.match !== null) {
    clauses.push('items_fts MATCH @match');
    params.match = criteria.match;
  }
  if (criteria.categoryIds !== null) {
    params.categories = JSON.stringify(criteria.categoryIds);
    if (plan !== 'category') clauses.push('i.category_id IN (SELECT value FROM json_each(@categories))');
  }
  if (criteria.sellerId !== null) {
    params.seller = criteria.sellerId;
    clauses.push('i.seller_id = @seller');
  }
  if (criteria.bidderId !== null) {
    params.bidder = criteria.bidderId;
    if (plan !== 'bidder') clauses.push('i.id IN (SELECT item_id FROM bids WHERE bidder_id = @bidder)');
  }
  if (criteria.addedWithinMs !== null) {
    clauses.push('i.list_time >= @addedAfter');
    params.addedAfter = now - criteria.addedWithinMs;
  }
  if (criteria.closingWithinMs !== null) {
    clauses.push('i.closing_time <= @closingBefore');
    params.closingBefore = now + criteria.closingWithinMs;
  }
  if (criteria.area !== null) {
    clauses.push('(i.postal_code IN (SELECT value FROM json_each(@areaCodes)) OR upper(i.location) = @areaName)');
    params.areaCodes = JSON.stringify(criteria.area.postalCodes);
    params.areaName = criteria.area.location;
  }
  if (criteria.feedbackMin !== null) {
    // Balance = the sum of ratings (+1, 0, -1) the seller has received; no feedback is 0.
    clauses.push(`i.seller_id IN (
      SELECT u.id FROM users u
       WHERE (SELECT coalesce(sum(f.rating), 0) FROM feedbacks f WHERE f.receiver_id = u.id) >= @feedbackMin)`);
    params.feedbackMin = criteria.feedbackMin;
  }
  if (criteria.condition !== null) {
    clauses.push('i.condition = @condition');
    params.condition = criteria.condition;
  }
  if (criteria.priceMin !== null) {
    clauses.push(`${CURRENT_PRICE_SQL} >= @priceMin`);
    params.priceMin = criteria.priceMin;
  }
  if (criteria.priceMax !== null) {
    clauses.push(`${CURRENT_PRICE_SQL} <= @priceMax`);
    params.priceMax = criteria.priceMax;
  }
  if (criteria.sellerType !== null) {
    clauses.push('i.seller_id IN (SELECT id FROM users WHERE type = @sellerType)');
    params.sellerType = criteria.sellerType;
  }
  if (criteria.saleMethod !== null) {
    clauses.push('i.sale_method = @saleMethod');
    params.saleMethod = criteria.saleMethod;
  }
  if (criteria.galleryOnly) {
    clauses.push(`EXISTS (SELECT 1 FROM json_each(i.upgrades) WHERE value = 'category-gallery')`);
  }
  return { from: from[plan], where: clauses.join('\n   AND '), params };
}

/** The WHERE shape repeats across requests: the service's connection keeps each statement by its
 * text (StatementCachingDatabase in db/open.ts, the one statement cache). */
function prepared(db: Db, sql: string): Statement {
  return db.prepare(sql);
}

export interface SearchPage {
  ids: number[];
  totalCount: number;
}

function countOf(db: Db, query: Query): number {
  return (prepared(db, `SELECT count(*) AS n FROM ${query.from} WHERE ${query.where}`).get(query.params) as { n: number }).n;
}

function pageOf(db: Db, query: Query, criteria: SearchCriteria, withCount: boolean): { id: number; n?: number }[] {
  const columns = withCount ? 'i.id AS id, count(*) OVER () AS n' : 'i.id AS id';
  const sql = `SELECT ${columns} FROM ${query.from} WHERE ${query.where} ORDER BY ${ORDER_BY[criteria.sort]} LIMIT @limit OFFSET @offset`;
  const offset = (criteria.page - 1) * criteria.limit;
  return prepared(db, sql).all({ ...query.params, limit: criteria.limit, offset }) as { id: number; n?: number }[];
}

export function searchItems(db: Db, criteria: SearchCriteria, now: number): SearchPage {
  const plan = drivingPlan(criteria);
  // Broad closed searches by words alone (market research over closed sales): closed-words-walk.ts.
  const walked = plan === 'words' ? closedWordsWalk(db, criteria, now) : null;
  if (walked !== null) return walked;
  const offset = (criteria.page - 1) * criteria.limit;
  if (plan === 'words' || plan === 'seller' || plan === 'bidder') {
    // The driving set is bounded: one pass sorts and counts it.
    const rows = pageOf(db, buildQuery(criteria, now, plan), criteria, true);
    if (rows.length > 0) return { ids: rows.map((r) => r.id), totalCount: rows[0]!.n ?? 0 };
    return { ids: [], totalCount: offset === 0 ? 0 : countOf(db, buildQuery(criteria, now, plan)) };
  }
  // Count first (a covering index for categories and open items), then read the page the
  // cheaper way: walking the sort index when many items match, sorting the few otherwise.
  const countPlan: Plan = plan === 'walk' ? 'any' : plan;
  const totalCount = countOf(db, buildQuery(criteria, now, countPlan));
  if (offset >= totalCount) return { ids: [], totalCount };
  const walkable = criteria.status === 'open' && (plan === 'walk' || totalCount > CATEGORY_WALK_THRESHOLD);
  const rows = pageOf(db, buildQuery(criteria, now, walkable ? 'walk' : plan), criteria, false);
  return { ids: rows.map((r) => r.id), totalCount };
}
