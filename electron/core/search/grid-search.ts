// The grid's read path: full-text search over cached items plus filters and sorts. Each sort a
// heading offers is served by an index over live items (migrations 11 and 15), (value, status): a page
// is read in order from it and stops after its rows, the status filter checked in the index.
// User text never reaches FTS5 syntax: it is cut into word tokens that are quoted, so quotes,
// NEAR, *, ^, : and parentheses are plain characters.
import type Database from 'better-sqlite3';
import { changeStamp } from '../db/change-stamp.ts';
import type { Db } from '../db/open-account-db.ts';
import { statementCache } from '../../../shared/sqlite/statement-cache.ts';
import type { SyncState } from '../drafts/sync-state.ts';
import { keptCount, MATCH_HAS, matchSet } from './match-set.ts';
import { RANK_WINDOW, relevanceOrder, type RelevanceQuery } from './relevance.ts';

export const GRID_SORTS = {
  updated: 'items.updated',
  /** What a buyer pays now, else the asking price (the current price, buy-now or starting). */
  price: 'items.grid_price',
  /** Items without a price come last both ways (EMPTY_LAST). */
  buyNowPrice: 'items.buy_now_price',
  startingPrice: 'items.starting_price',
  quantity: 'items.quantity',
  /** The category's name (items.category_title, kept by migration 11's triggers). */
  category: 'items.category_title COLLATE NOCASE',
  /** The same by its English name, for English screens (items.category_title_en, migration 19). */
  categoryEn: 'items.category_title_en COLLATE NOCASE',
  openDays: 'items.open_days',
  /** In Finnish order with numbers by value (items.title_key, kept by migration 15's triggers). */
  title: 'items.title_key',
  /** Items without a SKU come first ascending (SQLite sorts NULL lowest). */
  sku: 'items.sku COLLATE NOCASE',
  /** The private note, the same way. */
  note: 'items.note COLLATE NOCASE',
  status: 'items.status',
  closing: 'items.closes_at',
  relevance: 'items_fts.rank',
  /** Most recently cached first: with text, the full-text index yields rows in this order and
   * stops after one page, however many items match. */
  recent: 'items.local_id',
} as const;
export type GridSort = keyof typeof GRID_SORTS;

/** The sorts read from an index (value, status) of migrations 11, 16, 19 and 23: ordered by value, status, id. */
const INDEXED_SORTS: ReadonlySet<GridSort> = new Set(['updated', 'price', 'buyNowPrice', 'startingPrice', 'quantity', 'category', 'categoryEn', 'openDays', 'title', 'sku', 'note']);
/** Sorts where an item without a value comes last in both directions. */
const EMPTY_LAST: ReadonlySet<GridSort> = new Set(['buyNowPrice', 'startingPrice']);
/** Ascending by default: text, where A comes first; numbers and times start with the highest. */
export const ASCENDING_SORTS: ReadonlySet<GridSort> = new Set(['relevance', 'title', 'sku', 'note', 'category', 'categoryEn']);

export interface GridQuery {
  text?: string;
  status?: readonly string[];
  syncState?: readonly SyncState[];
  categoryId?: number;
  saleMethod?: 'auction' | 'buy-now';
  /** Saved groups' filters (electron/core/rules/saved-groups.ts): */
  /** Items nobody has bid on. */
  noBids?: boolean;
  /** Items without a photo (neither local nor on the service). */
  noPhotos?: boolean;
  /** Kept relative in a saved group; turned into closesBefore when the group is used. */
  endingWithinHours?: number;
  /** Open items closing before this instant (epoch ms). */
  closesBefore?: number;
  /** The grid's price (what a buyer pays now, else the asking price), inclusive. */
  priceMin?: number;
  priceMax?: number;
  skuPrefix?: string;
  /** Words in the private note (a plain substring, ignoring ASCII case). */
  noteText?: string;
  /** Items a rule has acted on (the rules log names them). */
  ruleApplied?: boolean;
  /** Default: recent when there is text (constant time per page), else updated. */
  sort?: GridSort;
  direction?: 'asc' | 'desc';
  limit?: number;
  offset?: number;
}

export interface GridRow {
  localId: number;
  remoteId: number | null;
  title: string | null;
  status: string;
  syncState: SyncState;
  saleMethod: string | null;
  price: number | null;
  categoryId: number | null;
  bidderCount: number;
  closesAt: number | null;
  updated: number;
}

const MAX_TOKENS = 16;

/** The words of what the user typed (at most 16). */
function tokensOf(text: string): string[] {
  return text.normalize('NFKC').match(/[\p{L}\p{N}]+/gu)?.slice(0, MAX_TOKENS) ?? [];
}

/**
 * An FTS5 MATCH expression for what the user typed, or null when it holds no word. Every token
 * is a quoted string; the last one matches as a prefix so results follow typing.
 */
export function ftsQuery(text: string): string | null {
  const tokens = tokensOf(text);
  if (tokens.length === 0) return null;
  return tokens.map((t, i) => (i === tokens.length - 1 ? `"${t}"*` : `"${t}"`)).join(' ');
}

/**
 * With this many matches or more, a search sorted by an indexed column walks the column's index
 * and keeps the matches (match-set.ts); with fewer, joining and sorting them all is cheaper.
 */
export const WALK_FROM = 2000;
/**
 * A match joined to its item and sorted costs about ten rows walked in a sort's index (a page of
 * 100 sorted by price over "l", 72,000 of 100,000 drafts: 0.05 ms walked, 50 ms joined).
 */
const JOIN_COST = 10;

export interface GridSearchOptions {
  /** Rows bm25 scores per run of a search by relevance (relevance.ts). */
  rankWindow?: number;
  /** See WALK_FROM (tests give small data small thresholds). */
  walkFrom?: number;
  /** What a matching row joined and sorted costs against a row walked in a sort's index. */
  joinCost?: number;
}

/** How a page is read: one statement, or the runs of a search by relevance. */
type Page = { kind: 'sql'; sql: string; params: unknown[] } | { kind: 'relevance'; query: RelevanceQuery };

const COLUMNS = `items.local_id AS localId, items.remote_id AS remoteId, items.title, items.status,
  items.sync_state AS syncState, items.sale_method AS saleMethod, items.grid_price AS price,
  items.category_id AS categoryId, items.bidder_count AS bidderCount, items.closes_at AS closesAt, items.updated`;

/**
 * The MATCH of a search: the seller's words in the title and body columns only, and the item's
 * status and liveness as tokens of the tags column (migration 11), so the index alone tells a
 * match in the grid's filter.
 */
function indexMatch(words: string, status: readonly string[] | undefined, tagged = true): string {
  // Ranked by relevance, every match is scored anyway, and bm25 counts each phrase's documents
  // first: zzlive's are all of them (issue 41: 'lamp' over 12,000 drafts 27 ms with the tags,
  // 10 ms without). The item's row checks liveness and status instead (filters' where).
  if (!tagged) return `{title body} : (${words})`;
  const tags = ['zzlive', ...(status?.length ? [`(${status.map((s) => `"zzstatus${s.replace(/[^a-z]/gi, '')}"`).join(' OR ')})`] : [])];
  return `{title body} : (${words}) AND tags : (${tags.join(' AND ')})`;
}

/**
 * The seller's words alone, for a set of their matches (match-set.ts). Without a column filter
 * when no word could reach the tags column: a filter makes FTS5 read every match's positions ("l"
 * over 100,000 drafts: 16 ms against 23 ms at load 10). The tags' tokens start with "zz": only a
 * word of the letters a to y and digits once its marks are gone (ä, å, é fold as the index folds
 * them) goes without; a z or any other letter (ž, Ｚ, another script) keeps the filter.
 */
function wordsMatch(text: string): string | null {
  const words = ftsQuery(text);
  if (words === null) return null;
  const plain = tokensOf(text).every((t) => /^[a-y0-9]*$/.test(t.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase()));
  return plain ? `(${words})` : `{title body} : (${words})`;
}

/**
 * The order a page is read in: the sort asked for, by default the last updated first (with words,
 * the newest match first); relevance needs words. Both the page's plan (pageOf) and its statement
 * (build) read it from here.
 */
function sortOf(query: GridQuery, hasText: boolean): GridSort {
  const sort = query.sort ?? (hasText ? 'recent' : 'updated');
  return sort === 'relevance' && !hasText ? 'updated' : sort;
}

export function gridSearch(db: Db, options: GridSearchOptions = {}) {
  const statements = statementCache();
  const rankWindow = options.rankWindow ?? RANK_WINDOW;
  const walkFrom = options.walkFrom ?? WALK_FROM;
  const joinCost = options.joinCost ?? JOIN_COST;

  /**
   * byIndex: the page is read in the order of a sort's index, so the status filter must not use
   * the status index instead (SQLite, without statistics, takes an equality as selective and
   * would read every draft and sort them all); `+` keeps it a check on the sort index's rows.
   */
  function filters(query: GridQuery, byIndex = false, ranked = false): { from: string; where: string[]; params: unknown[]; match: string | null } {
    const where = ['items.deleted_at IS NULL'];
    const params: unknown[] = [];
    const words = query.text === undefined ? null : ftsQuery(query.text);
    const match = words === null ? null : indexMatch(words, query.status, !ranked);
    let from = 'items';
    if (match !== null) {
      // CROSS JOIN keeps the full-text index as the outer loop.
      from = 'items_fts CROSS JOIN items ON items.local_id = items_fts.rowid';
      where.push('items_fts MATCH ?');
      params.push(match);
    }
    if (query.status?.length) {
      where.push(`${byIndex && match === null ? '+' : ''}items.status IN (${query.status.map(() => '?').join(', ')})`);
      params.push(...query.status);
    }
    if (query.syncState?.length) {
      where.push(`items.sync_state IN (${query.syncState.map(() => '?').join(', ')})`);
      params.push(...query.syncState);
    }
    if (query.categoryId !== undefined) {
      where.push('items.category_id = ?');
      params.push(query.categoryId);
    }
    if (query.saleMethod !== undefined) {
      where.push('items.sale_method = ?');
      params.push(query.saleMethod);
    }
    groupFilters(query, where, params);
    return { from, where, params, match };
  }

  /**
   * The statement of a page; `walk`: the key of a match set whose items the sort's index is walked
   * for; `all`: every match's id, in the same order (query-ids.ts).
   */
  function build(query: GridQuery, walk?: number, all = false): { sql: string; params: unknown[] } {
    const sort = sortOf(query, query.text !== undefined && ftsQuery(query.text) !== null);
    const { from, where, params, match } = filters(walk === undefined ? query : { ...query, text: undefined }, sort !== 'status', sort === 'relevance');
    if (walk !== undefined) {
      where.push(`${MATCH_HAS}(?, items.local_id)`);
      params.push(walk);
    }
    const direction = query.direction === 'asc' ? 'ASC' : query.direction === 'desc' ? 'DESC' : ASCENDING_SORTS.has(sort) ? 'ASC' : 'DESC';
    // local_id breaks ties so paging is stable (after the status, in the order of the sort's
    // index); with text, ordering by the index's own rowid lets FTS5 deliver rows in order and
    // stop at the limit.
    const idOrder = match !== null ? 'items_fts.rowid' : 'items.local_id';
    const tieBreak = INDEXED_SORTS.has(sort) ? `items.status ${direction}, ${idOrder} ${direction}` : `${idOrder} ${direction}`;
    // An empty price sorts last ascending too: read from migration 15's (price IS NULL, price,
    // status) index; descending, the index of migration 11 read backwards already ends with them.
    const emptyLast = direction === 'ASC' && EMPTY_LAST.has(sort) ? `${GRID_SORTS[sort]} IS NULL ASC, ` : '';
    const order = sort === 'recent' ? `${idOrder} ${direction}` : `${emptyLast}${GRID_SORTS[sort]} ${direction}, ${tieBreak}`;
    if (all) return { sql: `SELECT items.local_id FROM ${from} WHERE ${where.join(' AND ')} ORDER BY ${order}`, params };
    params.push(clampInt(query.limit, 1, 1000, 100), clampInt(query.offset, 0, Number.MAX_SAFE_INTEGER, 0));
    return { sql: `SELECT ${COLUMNS} FROM ${from} WHERE ${where.join(' AND ')} ORDER BY ${order} LIMIT ? OFFSET ?`, params };
  }

  const atMost = (match: string, n: number) => prepared('SELECT count(*) FROM (SELECT 1 FROM items_fts WHERE items_fts MATCH ? LIMIT ?)').pluck().get(match, n) as number;

  /**
   * How a page is read. By relevance: from bounded runs (relevance.ts). By an indexed column, when
   * the words match many items: walking the column's index, keeping the matches (a set read from
   * the full-text index), when that reads fewer rows than joining and sorting every match would
   * (JOIN_COST: a page past `offset` walks offset + limit rows over the share that matches). Otherwise one statement.
   */
  function pageOf(query: GridQuery, all = false): Page {
    const tokens = query.text === undefined ? [] : tokensOf(query.text);
    const words = query.text === undefined ? null : ftsQuery(query.text);
    const sort = sortOf(query, words !== null);
    const limit = all ? Number.MAX_SAFE_INTEGER : clampInt(query.limit, 1, 1000, 100);
    const offset = all ? 0 : clampInt(query.offset, 0, Number.MAX_SAFE_INTEGER, 0);
    if (words !== null && sort === 'relevance') {
      const { where, params } = filters({ ...query, text: undefined });
      const window = tokens.length === 1 && [...tokens[0]!].length === 1 ? 0 : rankWindow;
      return { kind: 'relevance', query: { words, window, where, params, limit, offset } };
    }
    if (words !== null && INDEXED_SORTS.has(sort)) {
      const tagged = indexMatch(words, query.status);
      if (atMost(tagged, walkFrom) >= walkFrom) {
        // The walk reads live items in the filter from the sort's index: the set needs the words alone.
        const set = matchSet(db, wordsMatch(query.text ?? '') ?? tagged);
        // Every match (all): the walk reads the whole index once, the join sorts them all.
        const rows = all ? set.size : offset + limit;
        if (rows * set.span < joinCost * set.size * set.size) return { kind: 'sql', ...build(query, set.key, all) };
      }
    }
    return { kind: 'sql', ...build(query, undefined, all) };
  }

  const relevance = relevanceOrder((sql) => prepared(sql));

  function rowsOf(ids: readonly number[]): GridRow[] {
    if (ids.length === 0) return [];
    const rows = prepared(`SELECT ${COLUMNS} FROM items WHERE items.local_id IN (SELECT value FROM json_each(?))`).all(JSON.stringify(ids)) as GridRow[];
    const byId = new Map(rows.map((r) => [r.localId, r]));
    return ids.flatMap((id) => byId.get(id) ?? []);
  }

  function prepared(sql: string): Database.Statement {
    return statements(sql, () => db.prepare(sql));
  }

  // A count is asked with every page of a query: it is kept until the cache changes (a write on
  // this connection moves total_changes(), one on another connection data_version). One read inside
  // a transaction is not kept: a rollback takes its writes back, but not total_changes().
  const stamp = changeStamp(db);
  let counted = { stamp: '', key: '', n: 0 };

  /**
   * The count's query: a search filtered by status alone is counted in the full-text index
   * (its status and live tokens), without reading each matching item.
   */
  function countQuery(query: GridQuery): { sql: string; params: unknown[]; indexMatch?: string } {
    const { from, where, params, match } = filters(query);
    const indexOnly = match !== null && where.length === (query.status?.length ? 3 : 2);
    if (indexOnly) return { sql: 'SELECT count(*) AS n FROM items_fts WHERE items_fts MATCH ?', params: [match], indexMatch: match };
    return { sql: `SELECT count(*) AS n FROM ${from} WHERE ${where.join(' AND ')}`, params };
  }

  return {
    /** How many items match (the grid's scroll height); cost grows with the matches. */
    count(query: GridQuery = {}): number {
      const { sql, params, indexMatch: match } = countQuery(query);
      const key = `${sql} ${JSON.stringify(params)}`;
      const now = stamp();
      if (counted.key === key && counted.stamp === now) return counted.n;
      // A page sorted by a column may have just read the same matches into a set (pageOf).
      const words = match === undefined ? null : wordsMatch(query.text ?? '');
      const kept = words === null ? null : keptCount(db, words, query.status);
      const n = kept ?? (prepared(sql).get(...params) as { n: number }).n;
      counted = db.inTransaction ? { stamp: '', key: '', n: 0 } : { stamp: now, key, n };
      return n;
    },
    /** Never throws on user text: every character of it is data. */
    search(query: GridQuery = {}): GridRow[] {
      const page = pageOf(query);
      if (page.kind === 'relevance') return rowsOf(relevance.page(page.query));
      return prepared(page.sql).all(...page.params) as GridRow[];
    },
    /**
     * Every id the query matches, in grid order (limit and offset ignored), read as they are
     * taken: a caller may take them in slices (query-ids.ts). The connection is busy until the
     * last is taken or the generator is returned.
     */
    *ids(query: GridQuery = {}): Generator<number, void, undefined> {
      const page = pageOf(query, true);
      if (page.kind === 'relevance') yield* relevance.ids(page.query);
      else yield* prepared(page.sql).pluck().iterate(...page.params) as IterableIterator<number>;
    },
    /**
     * SQLite's plan for a page of this query, one line per step (tests, diagnostics); by relevance,
     * the plans of the statements its runs use, one after another.
     */
    plan(query: GridQuery = {}): string[] {
      const page = pageOf(query);
      const statements = page.kind === 'relevance' ? relevance.sql(page.query) : [page];
      return statements.flatMap(({ sql, params }) => (db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(...params) as Array<{ detail: string }>).map((r) => r.detail));
    },
  };
}

const likeText = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The saved groups' filters; each a check on the item's row (none has an index of its own). */
function groupFilters(query: GridQuery, where: string[], params: unknown[]): void {
  if (query.noBids) where.push('items.bidder_count = 0');
  if (query.noPhotos) {
    where.push(`NOT EXISTS (SELECT 1 FROM images WHERE images.item_local_id = items.local_id)
      AND coalesce(items.listed_photos, 0) = 0`);
  }
  // A saved group's relative "ending within" (resolved with the core's clock where one is injected).
  const closesBefore = query.closesBefore ?? (query.endingWithinHours === undefined ? undefined : Date.now() + query.endingWithinHours * 3_600_000);
  if (closesBefore !== undefined) {
    where.push(`items.status = 'published' AND items.closes_at < ?`);
    params.push(closesBefore);
  }
  if (query.priceMin !== undefined) { where.push('items.grid_price >= ?'); params.push(query.priceMin); }
  if (query.priceMax !== undefined) { where.push('items.grid_price <= ?'); params.push(query.priceMax); }
  if (query.skuPrefix) { where.push(`items.sku LIKE ? ESCAPE '\\'`); params.push(`${likeText(query.skuPrefix)}%`); }
  if (query.noteText) { where.push(`items.note LIKE ? ESCAPE '\\'`); params.push(`%${likeText(query.noteText)}%`); }
  if (query.ruleApplied) where.push('EXISTS (SELECT 1 FROM rule_log WHERE rule_log.item_local_id = items.local_id)');
}

function clampInt(value: number | undefined, min: number, max: number, fallback: number): number {
  if (value === undefined || !Number.isFinite(value)) return fallback;
  return Math.min(max, Math.max(min, Math.trunc(value)));
}
