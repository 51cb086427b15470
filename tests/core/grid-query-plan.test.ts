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
import { insertManyDrafts } from '../support/many-drafts.ts';

const DRAFTS = 100_000;
// One cache for the whole file (the per-test helpers would write 100,000 drafts per test).
const folder = mkdtempSync(join(tmpdir(), 'grid-plan-'));
let db: Db;

beforeAll(() => {
  db = openAccountDb(join(folder, 'account.sqlite'));
  insertManyDrafts(db, DRAFTS);
  // 100,000 drafts written: about 20 s on a quiet machine, minutes beside a busy one.
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
    // categoryEn: the category heading's sort on English screens.
    const sorts: GridSort[] = [...headingSorts, 'categoryEn', 'updated', 'status'];
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

  it('counts the drafts from the status index, not from the items', () => {
    expect(db.prepare(`EXPLAIN QUERY PLAN SELECT count(*) FROM items WHERE items.deleted_at IS NULL AND items.status IN ('draft')`).all())
      .toEqual([expect.objectContaining({ detail: expect.stringMatching(/USING COVERING INDEX items_status_live/) })]);
    expect(gridSearch(db).count({ status: ['draft'] })).toBe(DRAFTS);
  });
});
