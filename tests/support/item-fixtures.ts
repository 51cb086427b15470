// Rows straight into SQLite for tests and the benchmark: items, categories, bids and feedback,
// without going through the item API (which has its own tests). This is the one way tests write
// item rows. Every row is one the service could have written itself: main and section category
// ids follow the category tree, units left start at the units listed, and the full-text index is
// filled by the items table's triggers.
import type { Db } from '../../server/db/open.ts';
import { categoryTree, insertCategory } from '../../server/domain/categories.ts';
import { emptyData } from '../../server/domain/items/item-data.ts';
import type { ItemRow } from '../../server/domain/items/item-row.ts';
import { DAY_MS } from '../../server/domain/time.ts';

/** Any columns of an item row; the rest come from itemDefaults(). */
export type ItemFixture = Partial<Omit<ItemRow, 'id'>> & { seller_id: number; id?: number };

/**
 * A published auction listed a day ago, closing in a week, in Helsinki. The data columns start
 * from the service's own empty item (emptyData, made from the item-field registry), so a new
 * field needs nothing here.
 */
export function itemDefaults(now: number): Omit<ItemRow, 'id' | 'seller_id'> {
  return {
    ...emptyData(),
    status: 'published',
    title: 'Test item',
    description: '<p>A test item.</p>',
    sale_method: 'auction',
    condition: 'good',
    starting_price: 10,
    current_price: null,
    minimum_increase: 1,
    quantity: 1,
    quantity_left: 1,
    open_days: 8,
    list_time: now - DAY_MS,
    closing_time: now + 7 * DAY_MS,
    postal_code: '00100',
    location: 'HELSINKI',
    delivery_methods: '["pickup"]',
    payment_methods: '["cash"]',
    upgrades: '[]',
    original_id: null,
    republished_from: null,
    bidder_count: 0,
    offer_count: 0,
    hits: 0,
    sold_quantity: 0,
    closed_at: null,
    created: now,
    updated: now,
  };
}

/**
 * Inserts items in one transaction; returns their ids in order. Unless the fixture says
 * otherwise: the category path fills main and section category, `quantity_left` is `quantity`,
 * and a buy-now item's price is its starting price.
 */
export function insertItems(db: Db, items: readonly ItemFixture[], now: number): number[] {
  const defaults = itemDefaults(now);
  const columns = ['id', 'seller_id', ...Object.keys(defaults)];
  const statement = db.prepare(`INSERT INTO items (${columns.join(', ')}) VALUES (${columns.map((c) => `@${c}`).join(', ')})`);
  // Read only when a fixture has a category: a database migrated part way may have no tree yet.
  let tree: ReturnType<typeof categoryTree> | undefined;
  return db.transaction(() =>
    items.map((fixture) => {
      const row: Record<string, unknown> = { ...defaults, id: null, ...fixture };
      const categoryId = row.category_id as number | null;
      if (categoryId !== null && fixture.main_category_id === undefined) {
        tree ??= categoryTree(db);
        const path = tree.path(categoryId);
        row.main_category_id = path[0]?.id ?? null;
        row.section_category_id = path[1]?.id ?? null;
      }
      if (fixture.quantity !== undefined && fixture.quantity_left === undefined) row.quantity_left = fixture.quantity;
      if (row.sale_method === 'buy-now' && fixture.buy_now_price === undefined) row.buy_now_price = row.starting_price;
      return Number(statement.run(Object.fromEntries(columns.map((c) => [c, row[c] ?? null]))).lastInsertRowid);
    }),
  )();
}

export function insertItem(db: Db, item: ItemFixture, now: number): number {
  const [id] = insertItems(db, [item], now);
  return id!;
}

export interface CategorySpec {
  title: string;
  children?: CategorySpec[];
}

/** Inserts a category tree; returns the ids by title (titles are unique in fixtures). */
export function insertCategoryTree(db: Db, specs: readonly CategorySpec[], now: number): Map<string, number> {
  const ids = new Map<string, number>();
  const add = (spec: CategorySpec, parentId: number, position: number) => {
    const id = insertCategory(db, { parentId, title: spec.title, position }, now);
    ids.set(spec.title, id);
    spec.children?.forEach((child, i) => add(child, id, i));
  };
  db.transaction(() => specs.forEach((spec, i) => add(spec, 0, i)))();
  return ids;
}

export function insertBid(db: Db, bid: { itemId: number; bidderId: number; amount: number }, now: number): number {
  return Number(
    db
      .prepare('INSERT INTO bids (item_id, bidder_id, amount, max_amount, created) VALUES (?, ?, ?, ?, ?)')
      .run(bid.itemId, bid.bidderId, bid.amount, bid.amount, now).lastInsertRowid,
  );
}

/** Feedback from a buyer to a seller, with the trade it belongs to. */
export function insertFeedback(
  db: Db,
  feedback: { itemId: number; sellerId: number; buyerId: number; rating: -1 | 0 | 1 },
  now: number,
): number {
  return db.transaction(() => {
    const trade = db
      .prepare(
        `INSERT INTO trades (item_id, seller_id, buyer_id, kind, source_id, quantity, price, created)
         VALUES (?, ?, ?, 'offer', (SELECT coalesce(max(source_id), 0) + 1 FROM trades WHERE kind = 'offer'), 1, 10, ?)`,
      )
      .run(feedback.itemId, feedback.sellerId, feedback.buyerId, now);
    return Number(
      db
        .prepare(
          `INSERT INTO feedbacks (trade_id, author_id, receiver_id, role, rating, text, created)
           VALUES (?, ?, ?, 1, ?, 'fixture feedback', ?)`,
        )
        .run(trade.lastInsertRowid, feedback.buyerId, feedback.sellerId, feedback.rating, now).lastInsertRowid,
    );
  })();
}
