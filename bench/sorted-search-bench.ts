// Sorted searches over a seller's drafts (issue 41, point 4): a page of 100 of a search sorted by
// relevance, by price both ways and by title, for Finnish queries as a seller types them (one,
// two and three letters, whole words, two words, no hit), with and without a status filter, at
// 100,000 drafts whose titles are the demo market's (server/seed/market-catalog.ts). Each text is
// asked cold, as a keystroke asks it (no set of its matches kept), then once more warm (the next
// page, or the sort changed). Baselines in the same run, on the same cache: SQLite sorting every
// match in one statement (the grid before issue 41), and counting the matches (the floor: the grid
// shows the count with every page). Also the first sort by price after the cache is opened against
// the later ones. `npm run bench:core -- --only sorted [--sorted-drafts N]`.
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { openAccountDb, type Db } from '../electron/core/db/open-account-db.ts';
import { ftsQuery, gridSearch, type GridQuery, type GridSort } from '../electron/core/search/grid-search.ts';
import { catalogLeaves, marketTitle } from '../server/seed/market-history.ts';
import { seededRandom } from '../server/seed/random.ts';
import { percentile } from './core-probes.ts';
import { runSliced } from '../electron/core/db/sliced-transaction.ts';
import { queryIdsSlices } from '../electron/core/search/query-ids.ts';
import { forgetSets } from '../electron/core/search/match-set.ts';

const round = (x: number, digits = 2) => Number(x.toFixed(digits));
const load = () => round(loadavg()[0] ?? 0);

/** What a seller types: by length, as the grid asks for each keystroke. */
export const SORTED_QUERIES: Readonly<Record<string, readonly string[]>> = {
  oneLetter: ['l', 'k', 's', 'a', 'p', 't'],
  twoLetters: ['la', 'ka', 'ar', 'ta', 'pö', 'so'],
  threeLetters: ['lam', 'kah', 'tuo', 'art', 'iit', 'sii'],
  wholeWord: ['valaisin', 'kahvikuppi', 'tuoli', 'arabia', 'iittala', 'nouto'],
  twoWords: ['arabia kahvi', 'iittala teema', 'artek tuoli', 'sohva harmaa', 'hyvä kunto', 'moccamaster musta'],
  noHit: ['xqzv', 'zzzzz', 'qwerty', 'öööö'],
};

const FILLER = ['Hyvässä kunnossa', 'normaalit käytön jäljet', 'Nouto Helsingistä', 'Postitus onnistuu', 'Kysy lisää', 'Savuton koti',
  'Toimiva', 'Mitat kuvissa', 'Alkuperäinen laatikko', 'Maksu tilisiirrolla', 'Lähetän Matkahuollon kautta', 'Kuin uusi', 'Vähän käytetty'];
const STATUSES = ['draft', 'draft', 'draft', 'published', 'closed', 'preview'];

/** `count` drafts with the demo market's Finnish titles, short descriptions, prices and statuses. */
export function insertFinnishDrafts(db: Db, count: number): void {
  const r = seededRandom(41);
  const leaves = catalogLeaves();
  const insert = db.prepare(`INSERT INTO items (status, sync_state, title, description, sale_method, buy_now_price, starting_price, quantity,
      condition, open_days, sku, created, updated) VALUES (?, 'local-only', ?, ?, ?, ?, ?, 1, 'good', 7, ?, ?, ?)`);
  db.transaction(() => {
    for (let i = 1; i <= count; i++) {
      const leaf = r.pick(leaves);
      const title = marketTitle(r, leaf, r.int(0, leaf.nouns.length - 1), r.pick(leaf.makers));
      const auction = r.chance(0.3);
      const price = Math.round((leaf.price[0] + r.next() * (leaf.price[1] - leaf.price[0])) * 100) / 100;
      insert.run(STATUSES[i % STATUSES.length], title, `<p>${title}. ${r.sample(FILLER, 3).join('. ')}.</p>`, auction ? 'auction' : 'buy-now',
        auction ? null : price, auction ? Math.round(price / 2) : null, `SKU-${i}`, i * 1000, i * 1000);
    }
  })();
}

interface Figures { p50Ms: number; p95Ms: number; maxMs: number; loadAverage1m: number }

function figures(times: readonly number[]): Figures {
  return { p50Ms: round(percentile(times, 0.5)), p95Ms: round(percentile(times, 0.95)), maxMs: round(Math.max(...times)), loadAverage1m: load() };
}

const SORTS: ReadonlyArray<{ name: string; sort: GridSort; direction?: 'asc' | 'desc' }> = [
  { name: 'relevance', sort: 'relevance' }, { name: 'priceAscending', sort: 'price', direction: 'asc' },
  { name: 'priceDescending', sort: 'price', direction: 'desc' }, { name: 'title', sort: 'title' },
];

/** The grid before issue 41: every match joined and sorted by SQLite in one statement. */
function sortedWhole(db: Db, query: GridQuery): unknown[] {
  const words = ftsQuery(query.text!)!;
  const status = query.status ? `AND items.status IN (${query.status.map((s) => `'${s}'`).join(', ')})` : '';
  const order = query.sort === 'relevance' ? 'items_fts.rank, items_fts.rowid' : query.sort === 'price'
    ? `items.grid_price ${query.direction}, items.local_id ${query.direction}` : 'items.title_key, items.local_id';
  return db.prepare(`SELECT items.local_id, items.title, items.grid_price FROM items_fts CROSS JOIN items ON items.local_id = items_fts.rowid
    WHERE items_fts MATCH ? AND items.deleted_at IS NULL ${status} ORDER BY ${order} LIMIT 100`).all(`{title body} : (${words})`);
}

/**
 * Select all (issue 41): every id of a query read in slices inside one read transaction (what
 * drafts.ids does on the long reads' connection), its longest slice and its whole time, against
 * the same ids read by pages of 1,000 by OFFSET, each page one block (the code before).
 */
async function benchSelectAll(db: Db): Promise<Record<string, unknown>> {
  const queries: Record<string, GridQuery> = { everything: {}, nouto: { text: 'nouto', sort: 'price', direction: 'asc' }, l: { text: 'l', sort: 'title' } };
  const out: Record<string, unknown> = {};
  for (const [name, query] of Object.entries(queries)) {
    const search = gridSearch(db);
    const slices: number[] = [];
    let started = performance.now();
    let sliceStart = started;
    db.exec('BEGIN');
    const ids = await runSliced(queryIdsSlices(search, query), {
      pause: () => {
        slices.push(performance.now() - sliceStart);
        return new Promise<void>((resolve) => setImmediate(() => {
          sliceStart = performance.now();
          resolve();
        }));
      },
    });
    slices.push(performance.now() - sliceStart);
    db.exec('COMMIT');
    const slicedMs = performance.now() - started;
    const pages: number[] = [];
    const old: number[] = [];
    started = performance.now();
    for (let offset = 0; ; offset += 1000) {
      const s = performance.now();
      const page = search.search({ ...query, offset, limit: 1000 });
      pages.push(performance.now() - s);
      for (const row of page) old.push(row.localId);
      if (page.length < 1000) break;
    }
    const offsetMs = performance.now() - started;
    out[name] = {
      ids: ids.length, sameAsOffsetPaging: JSON.stringify(ids) === JSON.stringify(old), slices: slices.length,
      longestSliceMs: round(Math.max(...slices)), wholeMs: round(slicedMs),
      offsetPagingBaseline: { wholeMs: round(offsetMs), longestPageMs: round(Math.max(...pages)) }, loadAverage1m: load(),
    };
  }
  return out;
}

export async function benchSortedSearch(root: string, drafts: number): Promise<Record<string, unknown>> {
  const path = join(root, 'sorted-search.sqlite');
  let db = openAccountDb(path);
  let t = performance.now();
  insertFinnishDrafts(db, drafts);
  const seedMs = performance.now() - t;
  db.close();

  // The first sort after opening, then the same sort again and again.
  db = openAccountDb(path);
  let search = gridSearch(db);
  t = performance.now();
  search.search({ sort: 'price', direction: 'asc', limit: 100 });
  const firstSortMs = performance.now() - t;
  const laterSorts = Array.from({ length: 20 }, (_, i) => {
    const s = performance.now();
    search.search({ sort: 'price', direction: i % 2 ? 'asc' : 'desc', limit: 100, offset: 100 * (i % 5) });
    return performance.now() - s;
  });

  const texts = Object.values(SORTED_QUERIES).flat();
  const queries = texts.flatMap((text) => [{ text }, { text, status: ['draft'] }]);
  const counts = Object.fromEntries(texts.map((text) => [text, search.count({ text })]));
  const bySort: Record<string, unknown> = {};
  for (const { name, sort, direction } of SORTS) {
    const cold: number[] = [];
    const withCount: number[] = [];
    const warm: number[] = [];
    const whole: number[] = [];
    const perKind: Record<string, number[]> = {};
    for (const q of queries) {
      const query: GridQuery = { ...q, sort, ...(direction ? { direction } : {}), limit: 100 };
      // A new search object and no sets kept: the keystroke's first ask (the sets are kept per
      // connection, and one set now serves a text with and without a status filter). The map of
      // live items' statuses (the count's) stays: it is read once per cache state.
      search = gridSearch(db);
      forgetSets(db);
      let s = performance.now();
      search.search(query);
      const ms = performance.now() - s;
      cold.push(ms);
      search.count(query);
      withCount.push(performance.now() - s);
      const kind = Object.entries(SORTED_QUERIES).find(([, list]) => list.includes(q.text))![0];
      (perKind[kind] ??= []).push(ms);
      s = performance.now();
      search.search({ ...query, offset: 100 });
      search.count(query);
      warm.push(performance.now() - s);
      s = performance.now();
      sortedWhole(db, query);
      whole.push(performance.now() - s);
    }
    const ours = figures(cold);
    const before = figures(whole);
    bySort[name] = {
      firstPage: ours, firstPageWithCount: figures(withCount), nextPageWithCount: figures(warm), sortedWholeBaseline: before,
      p95RatioToSortedWhole: round(ours.p95Ms / before.p95Ms), byQueryKind: Object.fromEntries(Object.entries(perKind).map(([k, v]) => [k, figures(v)])),
    };
  }
  // The floor: counting the matches in the full-text index, as every page's total needs.
  const countTimes = queries.map((q) => {
    const words = ftsQuery(q.text)!;
    const s = performance.now();
    db.prepare('SELECT count(*) FROM items_fts WHERE items_fts MATCH ?').get(`{title body} : (${words}) AND tags : (zzlive)`);
    return performance.now() - s;
  });
  const selectAll = await benchSelectAll(db);
  db.close();
  return {
    selectAll,
    drafts, seedMs: Math.round(seedMs), queries: queries.length, matches: counts,
    firstPriceSortAfterOpenMs: round(firstSortMs), laterPriceSorts: figures(laterSorts),
    sorted: bySort, countBaseline: figures(countTimes),
    target: 'p95 < 20 ms by relevance and by price; the first sort as fast as the later ones',
    note: 'firstPage: a page of 100 of a text not asked before (the target); withCount: and its total, as drafts.page asks; nextPage: the next page and the total; half of the queries filter by status; byQueryKind: firstPage',
  };
}
