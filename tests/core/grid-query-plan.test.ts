// The grid at a seller's volume (issue 15): every sort a heading offers reads a page from an
// index in order, at 100,000 drafts. A structural test (SQLite's query plan), not a timing one:
// a full scan of the items or a temporary B-tree to sort them all is what made a page slow.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openAccountDb, type Db } from '../../electron/core/db/open-account-db.ts';
import { gridSearch, type GridSort } from '../../electron/core/search/grid-search.ts';
import { ALL_COLUMNS } from '../../renderer/src/drafts/columns.ts';
import { copyManyDrafts } from '../support/many-drafts-cache.ts';

const DRAFTS = 100_000;
// One cache for the whole file (the per-test helpers would write 100,000 drafts per test).
const folder = mkdtempSync(join(tmpdir(), 'grid-plan-'));
let db: Db;

beforeAll(async () => {
  // 100,000 drafts written (about 20 s on a quiet machine, minutes beside a busy one) once, then
  // copied while what writes them is unchanged (support/many-drafts-cache.ts).
  await copyManyDrafts(DRAFTS, join(folder, 'account.sqlite'));
  db = openAccountDb(join(folder, 'account.sqlite'));
}, 300_000);

afterAll(() => {
  db?.close();
  rmSync(folder, { recursive: true, force: true });
});

const headingSorts = [...new Set(ALL_COLUMNS.flatMap((c) => (c.sort ? [c.sort] : [])))];

describe('a page of the grid at 100,000 drafts', () => {
  it('offers a sort on every default heading the seller asked for', () => {
    expect(headingSorts).toEqual(expect.arrayContaining(['title', 'buyNowPrice', 'startingPrice', 'quantity', 'category', 'openDays', 'sku', 'note']));
  });

  it('reads every heading\'s sort, both ways, with and without a status filter, from an index in order', () => {
    const search = gridSearch(db);
    // categoryEn: the category heading's sort on English screens; price: the grid's price (migration 23).
    const sorts: GridSort[] = [...headingSorts, 'categoryEn', 'updated', 'status', 'price'];
    for (const sort of sorts) {
      for (const direction of ['asc', 'desc'] as const) {
        for (const status of [['draft'], ['draft', 'preview'], undefined]) {
          const plan = search.plan({ sort, direction, status, offset: 500, limit: 100 }).join(' | ');
          expect(plan, `${sort} ${direction} ${String(status)}`).not.toMatch(/TEMP B-TREE/);
          expect(plan, `${sort} ${direction} ${String(status)}`).toMatch(/USING (COVERING )?INDEX items_(grid_|status_live)/);
        }
      }
    }
  });

  it('finds text through the full-text index and pages it in the index\'s order', () => {
    const plan = gridSearch(db).plan({ text: 'oak cha', status: ['draft'], limit: 40 }).join(' | ');
    expect(plan).toMatch(/SCAN items_fts VIRTUAL TABLE/);
    expect(plan).not.toMatch(/TEMP B-TREE/);
    expect(plan).not.toMatch(/SCAN items(?!_fts)/);
  });

  // Issue 41: "l" matches 23,000 drafts ("lamp", "leather", "linen"); sorting them all cost 50 to
  // 350 ms. A page by a column walks the column's index over a set of the matches; by relevance,
  // each statement reads the full-text index in rowid order and stops at its LIMIT (no sorter over
  // the matches, no scan of the items), so bm25 scores at most the window's rows.
  it('sorts a broad search by price, title or another column from the column\'s index, not by sorting every match', () => {
    const search = gridSearch(db);
    expect(search.count({ text: 'l' })).toBeGreaterThan(DRAFTS / 5);
    for (const [sort, index] of [['price', 'items_grid_price'], ['title', 'items_grid_title_key'], ['buyNowPrice', 'items_grid_buy_now'], ['quantity', 'items_grid_quantity']] as const) {
      for (const direction of ['asc', 'desc'] as const) {
        for (const status of [['draft'], undefined]) {
          const plan = search.plan({ text: 'l', sort, direction, status, limit: 100 }).join(' | ');
          expect(plan, `${sort} ${direction} ${String(status)}`).toMatch(new RegExp(`SCAN items USING INDEX ${index}`));
          expect(plan, `${sort} ${direction} ${String(status)}`).not.toMatch(/TEMP B-TREE|items_fts/);
        }
      }
    }
  });

  it('sorts a narrow search by joining its few matches', () => {
    const search = gridSearch(db);
    expect(search.count({ text: 'no 4242' })).toBeLessThan(100);
    expect(search.plan({ text: 'no 4242', sort: 'price' }).join(' | ')).toMatch(/SCAN items_fts VIRTUAL TABLE.*SEARCH items USING INTEGER PRIMARY KEY/);
  });

  it('ranks a broad search by relevance from runs read in the full-text index\'s order, never scoring every match', () => {
    const search = gridSearch(db);
    for (const text of ['l', 'la', 'lamp', 'oak cha']) {
      const statements = search.plan({ text, sort: 'relevance', status: ['draft'], limit: 100 }).join(' | ');
      expect(statements, text).toMatch(/SCAN items_fts VIRTUAL TABLE/);
      expect(statements, text).not.toMatch(/TEMP B-TREE|SCAN items(?!_fts)/);
    }
    // The first page of "la" as the seller sees it: title hits, a page of them.
    const rows = search.search({ text: 'la', sort: 'relevance', limit: 100 });
    expect(rows).toHaveLength(100);
    for (const row of rows) expect(row.title).toMatch(/\bla/i);
  });

  it('reads the first sort after the cache is opened from an index, as every later one', () => {
    const path = db.name;
    db.close();
    db = openAccountDb(path);
    const plan = gridSearch(db).plan({ sort: 'price', direction: 'asc', limit: 100 }).join(' | ');
    expect(plan).toMatch(/USING INDEX items_grid_price/);
    expect(plan).not.toMatch(/TEMP B-TREE/);
  });

  it('counts the drafts from the status index, not from the items', () => {
    expect(db.prepare(`EXPLAIN QUERY PLAN SELECT count(*) FROM items WHERE items.deleted_at IS NULL AND items.status IN ('draft')`).all())
      .toEqual([expect.objectContaining({ detail: expect.stringMatching(/USING COVERING INDEX items_status_live/) })]);
    expect(gridSearch(db).count({ status: ['draft'] })).toBe(DRAFTS);
  });
});
