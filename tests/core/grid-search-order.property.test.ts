// The order of a search's pages (issue 41): by relevance from bounded runs, by a column walking
// the column's index over a set of the matches. Both are checked against a naive reading on small
// data: every match read at once, scored by bm25 and sorted (relevance.ts's four runs, written out
// here), or sorted whole by SQLite. Small thresholds put small data on every path.
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { ftsQuery, gridSearch, type GridQuery, type GridSort } from '../../electron/core/search/grid-search.ts';
import { openTempDb } from './support.ts';

const { db } = openTempDb();
afterAll(() => db.close());

const WORDS = ['lamppu', 'lasi', 'laatikko', 'kahvikuppi', 'kattila', 'tuoli', 'taulu', 'sohva', 'äes', 'öljylamppu', 'arabia', 'iittala', 'lautanen', 'pizzauuni', 'zippo'];
const STATUSES = ['draft', 'published', 'closed'] as const;

const draft = fc.record({
  title: fc.array(fc.constantFrom(...WORDS), { minLength: 1, maxLength: 3 }),
  body: fc.array(fc.constantFrom(...WORDS), { maxLength: 3 }),
  price: fc.option(fc.integer({ min: 1, max: 6 }), { nil: null }),
  status: fc.constantFrom(...STATUSES),
  deleted: fc.boolean(),
});
const text = fc.oneof(
  fc.constantFrom(...WORDS).chain((w) => fc.integer({ min: 1, max: w.length }).map((n) => w.slice(0, n))),
  fc.tuple(fc.constantFrom(...WORDS), fc.constantFrom(...WORDS)).map(([a, b]) => `${a} ${b.slice(0, 2)}`),
  // The index's own tokens (status and liveness, in a column the seller's words never match).
  fc.constantFrom('z', 'zz', 'zzlive', 'ZZSTATUSDRAFT', 'žž', 'lasi zz'),
);
const query = fc.record({
  text,
  sort: fc.constantFrom<GridSort>('relevance', 'price', 'title', 'buyNowPrice', 'updated'),
  direction: fc.constantFrom('asc', 'desc', undefined),
  status: fc.option(fc.subarray([...STATUSES], { minLength: 1 }), { nil: undefined }),
  offset: fc.integer({ min: 0, max: 12 }),
  limit: fc.integer({ min: 1, max: 12 }),
});

type Draft = typeof draft extends fc.Arbitrary<infer T> ? T : never;

function write(drafts: readonly Draft[]): void {
  const insert = db.prepare(`INSERT INTO items (status, sync_state, title, description, buy_now_price, created, updated, deleted_at)
    VALUES (?, 'local-only', ?, ?, ?, 1, ?, ?)`);
  db.transaction(() => {
    db.exec('DELETE FROM items');
    // Equal update times and prices on purpose: ties are broken by status, then id.
    drafts.forEach((d, i) => insert.run(d.status, d.title.join(' '), `<p>${d.body.join(' ')}</p>`, d.price, i % 3, d.deleted ? 5 : null));
  })();
}

const filterSql = (q: GridQuery) => (q.status ? `AND items.status IN (${q.status.map((s) => `'${s}'`).join(', ')})` : '');

/**
 * Relevance read naively: every match of each run scored at once; the `window` newest of a run by
 * score (ties newest first), the rest newest first; title hits, then the others. One letter: no
 * scores.
 */
function naiveRelevance(q: GridQuery, window: number): number[] {
  const words = ftsQuery(q.text!)!;
  const scoredRows = [...q.text!.trim()].length === 1 ? 0 : window;
  const run = (match: string) => {
    const rows = db.prepare(`SELECT items_fts.rowid AS id, bm25(items_fts) AS score FROM items_fts JOIN items ON items.local_id = items_fts.rowid
      WHERE items_fts MATCH ? AND items.deleted_at IS NULL ${filterSql(q)}`).all(match) as Array<{ id: number; score: number }>;
    const newestFirst = rows.sort((a, b) => b.id - a.id);
    const scored = newestFirst.slice(0, scoredRows).sort((a, b) => a.score - b.score || b.id - a.id);
    return [...scored, ...newestFirst.slice(scoredRows)].map((r) => r.id);
  };
  return [...run(`title : (${words})`), ...run(`({title body} : (${words})) NOT (title : (${words}))`)];
}

/** Every match sorted at once by SQLite, as the grid sorted searches before the walk. */
function naiveSorted(q: GridQuery): number[] {
  const key = { price: 'items.grid_price', title: 'items.title_key', buyNowPrice: 'items.buy_now_price', updated: 'items.updated' }[q.sort as 'price'];
  const dir = q.direction === 'asc' || (q.direction === undefined && q.sort === 'title') ? 'ASC' : 'DESC';
  const emptyLast = q.sort === 'buyNowPrice' && dir === 'ASC' ? `${key} IS NULL, ` : '';
  return db.prepare(`SELECT items.local_id FROM items_fts JOIN items ON items.local_id = items_fts.rowid
    WHERE items_fts MATCH ? AND items.deleted_at IS NULL ${filterSql(q)}
    ORDER BY ${emptyLast}${key} ${dir}, items.status ${dir}, items.local_id ${dir}`).pluck().all(`{title body} : (${ftsQuery(q.text!)})`) as number[];
}

describe('the order of a search\'s pages against a naive reading of every match', () => {
  it('pages by relevance and by a column as the naive order does, on every path', () => {
    const paths = new Set<string>();
    fc.assert(fc.property(fc.array(draft, { minLength: 20, maxLength: 60 }), query, fc.integer({ min: 0, max: 6 }), fc.integer({ min: 1, max: 4 }), fc.constantFrom(10, 1000),
      (drafts, q, window, walkFrom, joinCost) => {
        write(drafts);
        const search = gridSearch(db, { rankWindow: window, walkFrom, joinCost });
        const expected = q.sort === 'relevance' ? naiveRelevance(q, window) : naiveSorted(q);
        const page = search.search(q).map((r) => r.localId);
        expect(page).toEqual(expected.slice(q.offset, q.offset + q.limit));
        expect(search.count(q)).toBe(expected.length);
        // Select all (query-ids.ts): every match in the same order, one statement read to its end.
        expect([...search.ids(q)]).toEqual(expected);
        const plan = search.plan(q).join(' | ');
        paths.add(q.sort === 'relevance' ? 'relevance' : /items_fts/.test(plan) ? 'joined' : 'walked');
      }), { numRuns: 200 });
    expect([...paths].sort()).toEqual(['joined', 'relevance', 'walked']);
  });
});
