// The service's schema, step 4. Frozen once shipped: never edited, and it imports no
// live code (every value is written out here), so today's code cannot change what it did
// (server/db/README.md).
import type { Migration } from '../../../shared/sqlite/migrations.ts';

export const migration: Migration = {
  version: 4,
  name: 'search: covering indexes for full-text, category and sorted item lists',
  sql: `
    -- Full-text searches run the FTS match first and then look each hit up by id: this index
    -- answers those lookups with the columns filters and sorts need, without reading the wide
    -- table rows (descriptions).
    CREATE INDEX items_search_by_id ON items(
      id, status, closing_time, category_id, list_time, sale_method, condition, seller_id,
      bidder_count, current_price, starting_price, buy_now_price);
    -- Category lists and category searches without words start from the category ids.
    CREATE INDEX items_search_by_category ON items(
      category_id, status, closing_time, list_time, sale_method, condition, seller_id,
      bidder_count, current_price, starting_price, buy_now_price);
    -- Counting open (or closed) items under filters other than words and categories.
    CREATE INDEX items_search_by_status ON items(
      status, closing_time, category_id, list_time, sale_method, condition, seller_id,
      bidder_count, current_price, starting_price, buy_now_price);
    -- Sorted lists without a selective filter walk an index in sort order and stop at the page.
    -- The price expression is the same as CURRENT_PRICE_SQL in server/domain/search/item-search.ts.
    CREATE INDEX items_status_current_price ON items(status,
      (CASE WHEN sale_method = 'buy-now' THEN buy_now_price ELSE coalesce(current_price, starting_price) END));
    CREATE INDEX items_status_bidders ON items(status, bidder_count);
    CREATE INDEX items_status_title ON items(status, title COLLATE NOCASE);
  `,
};
