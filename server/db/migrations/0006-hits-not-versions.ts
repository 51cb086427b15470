// The service's schema, step 6. Frozen once shipped: never edited, and it imports no
// live code (every value is written out here), so today's code cannot change what it did
// (server/db/README.md).
import type { Migration } from '../../../shared/sqlite/migrations.ts';

export const migration: Migration = {
  version: 6,
  name: 'items: counting hits is not a new item version',
  // Hits are flushed from memory every few seconds with an UPDATE of `hits` alone. They are not
  // part of the item's JSON (only the search sort `hits` reads them), so such an update must not
  // evict the cached response of every item viewed in the last seconds. The trigger now fires on
  // an UPDATE naming any column but `hits` (and `version` itself). A column added later must be
  // added to this list: the migration test walks every column of the table to catch it.
  sql: `
    DROP TRIGGER items_version;
    CREATE TRIGGER items_version AFTER UPDATE OF
      id, seller_id, status, title, description, sale_method, condition, category_id, main_category_id,
      section_category_id, starting_price, current_price, buy_now_price, minimum_increase, reserve_price,
      quantity, quantity_left, open_days, list_time, closing_time, list_time_requested, postal_code, location,
      is_location_abroad, delivery_methods, delivery_price, delivery_terms, payment_methods, payment_terms,
      identification_required, minimum_feedback, republish, marginal_tax, vat, offers_allowed, upgrades,
      original_id, republished_from, bidder_count, offer_count, sold_quantity, closed_at, created, updated
    ON items WHEN new.version = old.version BEGIN
      UPDATE items SET version = old.version + 1 WHERE id = new.id;
    END;
  `,
};
