// The grid's order by relevance, from a bounded set of scored rows (issue 41). bm25 over every
// match cost 200 to 350 ms for a broad prefix at 100,000 drafts ("l" matches 72,000); a seller
// who sorts by relevance looks at the first pages. The order, in four runs:
//   1. items whose title holds the words: the `window` most recent (after the filters), best
//      bm25 first (ties: newest first);
//   2. the other title hits, newest first;
//   3. and 4. the same for items that hold the words only in the description, SKU or note.
// A query of one letter scores nothing (window 0): every title has some word starting with it, so
// title hits come first, newest first. Each run is read from the full-text index in rowid order and
// stops after its rows; a run's count is asked only when a page starts beyond it.
import type Database from 'better-sqlite3';

/**
 * How many of a run's most recent matches bm25 scores: five pages of the grid. At 100,000 drafts,
 * load 17-20, a first page by relevance over the bench's 34 texts: p95 7.3 ms with 500, 14.6 ms
 * with 1,000 (7.9 ms with 250).
 */
export const RANK_WINDOW = 500;

export interface RelevanceQuery {
  /** The seller's words as an FTS5 expression (ftsQuery). */
  words: string;
  /** Rows scored per run; 0: newest first throughout. */
  window: number;
  /** The item row's checks (the grid's filters) and their parameters. */
  where: readonly string[];
  params: readonly unknown[];
  limit: number;
  offset: number;
}

interface Run {
  rows(limit: number, offset: number): number[];
  count(): number;
  /** Every row of the run, in order, read as they are taken. */
  all(): Iterable<number>;
}

export interface RelevanceStatements {
  /** The statements a page may run, for EXPLAIN QUERY PLAN (tests). */
  sql(query: RelevanceQuery): Array<{ sql: string; params: unknown[] }>;
  /** The page's item ids, in order. */
  page(query: RelevanceQuery): number[];
  /** Every match's id in the same order (limit and offset ignored), read as they are taken. */
  ids(query: RelevanceQuery): Generator<number, void, undefined>;
}

const FROM = 'items_fts CROSS JOIN items ON items.local_id = items_fts.rowid';

export function relevanceOrder(prepare: (sql: string) => Database.Statement): RelevanceStatements {
  const windowSql = (where: string) => `SELECT items_fts.rowid AS id, bm25(items_fts) AS score FROM ${FROM}
    WHERE items_fts MATCH ? AND ${where} ORDER BY items_fts.rowid DESC LIMIT ?`;
  const restSql = (where: string) => `SELECT items_fts.rowid FROM ${FROM}
    WHERE items_fts MATCH ? AND items_fts.rowid < ? AND ${where} ORDER BY items_fts.rowid DESC LIMIT ? OFFSET ?`;
  const countSql = (where: string) => `SELECT count(*) FROM ${FROM} WHERE items_fts MATCH ? AND items_fts.rowid < ? AND ${where}`;

  /** A run: the matches of `match`, the first `window` of them by score, then the rest newest first. */
  function run(match: string, query: RelevanceQuery): Run[] {
    const where = query.where.join(' AND ');
    const params = query.params;
    let scored: Array<{ id: number; score: number }> | null = null;
    const ranked = () => {
      scored ??= (prepare(windowSql(where)).all(match, ...params, query.window) as Array<{ id: number; score: number }>)
        .sort((a, b) => a.score - b.score || b.id - a.id);
      return scored;
    };
    // The rest starts below the oldest scored row; with no window, at the top.
    const below = () => {
      if (query.window === 0) return Number.MAX_SAFE_INTEGER;
      const rows = ranked();
      return rows.length < query.window ? -1 : Math.min(...rows.map((r) => r.id));
    };
    const runs: Run[] = [];
    if (query.window > 0) {
      runs.push({ rows: (limit, offset) => ranked().slice(offset, offset + limit).map((r) => r.id), count: () => ranked().length, all: () => ranked().map((r) => r.id) });
    }
    runs.push({
      rows: (limit, offset) => {
        const from = below();
        return from < 0 ? [] : (prepare(restSql(where)).pluck().all(match, from, ...params, limit, offset) as number[]);
      },
      count: () => {
        const from = below();
        return from < 0 ? 0 : (prepare(countSql(where)).pluck().get(match, from, ...params) as number);
      },
      all: () => {
        const from = below();
        return from < 0 ? [] : (prepare(restSql(where)).pluck().iterate(match, from, ...params, -1, 0) as IterableIterator<number>);
      },
    });
    return runs;
  }

  const matches = (words: string) => ({ title: `title : (${words})`, rest: `({title body} : (${words})) NOT (title : (${words}))` });

  return {
    sql(query) {
      const where = query.where.join(' AND ');
      const { title } = matches(query.words);
      return [
        ...(query.window > 0 ? [{ sql: windowSql(where), params: [title, ...query.params, query.window] }] : []),
        { sql: restSql(where), params: [title, 0, ...query.params, query.limit, query.offset] },
        { sql: countSql(where), params: [title, 0, ...query.params] },
      ];
    },
    page(query) {
      const { title, rest } = matches(query.words);
      return pageOfRuns([...run(title, query), ...run(rest, query)], query.limit, query.offset);
    },
    *ids(query) {
      const { title, rest } = matches(query.words);
      // One run at a time: a run's statements are read once the one before is done.
      for (const r of run(title, query)) yield* r.all();
      for (const r of run(rest, query)) yield* r.all();
    },
  };
}

/** A page across runs in order: a run's count is read only when the page starts beyond it. */
export function pageOfRuns(runs: readonly Run[], limit: number, offset: number): number[] {
  const ids: number[] = [];
  let skip = offset;
  for (const r of runs) {
    if (ids.length >= limit) break;
    const rows = r.rows(limit - ids.length, skip);
    ids.push(...rows);
    if (rows.length > 0) skip = 0;
    else if (skip > 0) skip = Math.max(0, skip - r.count());
  }
  return ids;
}
