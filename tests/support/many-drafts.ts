// A seller's volume of drafts written straight into an account cache (bench:ui, the grid's
// query-plan test): one prepared INSERT in one transaction, so 100,000 drafts take seconds, not
// the minutes the validated write path would. Titles, prices, quantities, categories, SKUs and
// notes vary the way a shop's do, so every sort and search has work to do. No outbox rows: the
// grid never reads them, and these caches are never synced.
import type { Db } from '../../electron/core/db/open-account-db.ts';
import { settingsCache, type CachedCategory } from '../../electron/core/cache/settings-cache.ts';
import { demoCategoryRows as seedCategoryRows } from '../../server/seed/category-data.ts';

const ADJECTIVES = ['Vintage', 'Retro', 'Nordic', 'Oak', 'Brass', 'Leather', 'Glass', 'Wool', 'Steel', 'Linen', 'Teak', 'Copper'];
const NOUNS = ['lamp', 'chair', 'table', 'mirror', 'clock', 'vase', 'rug', 'shelf', 'bowl', 'jacket', 'camera', 'radio', 'kettle'];
const CONDITIONS = ['new', 'like-new', 'good', 'acceptable', 'weak'] as const;

/** The demo marketplace's category tree as the cache keeps it (what a pull stores). */
export function demoCategoryRows(): CachedCategory[] {
  return seedCategoryRows().map(({ id, parentId, level, title, position }) => ({ id, parentId, level, title, position }));
}

/** The title of the i-th draft (1-based), as insertManyDrafts writes it. */
export function manyDraftTitle(i: number): string {
  return `${ADJECTIVES[(i * 7) % ADJECTIVES.length]} ${NOUNS[(i * 5) % NOUNS.length]} no. ${i}`;
}

/**
 * Writes the demo category tree and `count` local drafts (every fourth an auction), the i-th
 * updated i seconds before `now`. Returns the milliseconds it took.
 */
export function insertManyDrafts(db: Db, count: number, now = Date.now()): number {
  const started = performance.now();
  const categories = demoCategoryRows();
  settingsCache(db).replaceCategories(categories);
  const leaves = categories.filter((c) => c.level === 3).map((c) => c.id);
  const insert = db.prepare(
    `INSERT INTO items (status, sync_state, title, sale_method, buy_now_price, starting_price, quantity, condition,
       category_id, open_days, postal_code, delivery_methods, payment_methods, sku, note, created, updated)
     VALUES ('draft', 'local-only', ?, ?, ?, ?, ?, ?, ?, ?, '00100', ?, '["wire-transfer"]', ?, ?, ?, ?)`,
  );
  db.transaction(() => {
    for (let i = 1; i <= count; i++) {
      const auction = i % 4 === 0;
      const price = 5 + ((i * 37) % 995) + ((i * 13) % 100) / 100;
      insert.run(
        manyDraftTitle(i), auction ? 'auction' : 'buy-now', auction ? null : price, auction ? Math.round(price / 2) : null,
        1 + ((i * 3) % 7), CONDITIONS[i % CONDITIONS.length], leaves[(i * 11) % leaves.length], 1 + ((i * 5) % 14),
        i % 2 ? '["pickup"]' : '["pickup","shipment"]', `SKU-${String((i * 7919) % 1_000_000).padStart(6, '0')}`,
        i % 10 === 0 ? `shelf ${i % 40}` : null, now - i * 1000, now - i * 1000,
      );
    }
  })();
  return performance.now() - started;
}

/**
 * `count` bare drafts (a title, nothing else) in plain SQL that every schema step has: for a cache
 * made at an older step, where today's write code (insertManyDrafts' category tree) would need
 * columns of the newest one.
 */
export function insertPlainDrafts(db: Db, count: number): void {
  const insert = db.prepare(`INSERT INTO items (title, created, updated) VALUES (?, 1, 1)`);
  db.transaction(() => {
    for (let i = 1; i <= count; i++) insert.run(`Older cache draft ${i}`);
  })();
}
