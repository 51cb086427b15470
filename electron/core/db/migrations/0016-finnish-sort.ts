// The account cache's schema, step 16. Frozen once shipped: never edited, and it imports no
// live code (every value is written out here), so today's code cannot change what it did
// (electron/core/db/README.md).
import type { Migration } from '../../../../shared/sqlite/migrations.ts';

export const migration: Migration = {
  version: 16,
  name: 'the grid sorts in Finnish: titles by a Finnish key, empty prices last',
  sql: `
    -- The title's sort key (Å, Ä, Ö after Z; numbers in their value's order): title_sort_key()
    -- is registered on the connection (electron/core/db/sort-key.ts), kept by triggers, so
    -- every writer of items keeps it; the grid reads a page in order from its index.
    ALTER TABLE items ADD COLUMN title_key TEXT;
    UPDATE items SET title_key = title_sort_key(title);
    CREATE TRIGGER items_title_key_insert AFTER INSERT ON items BEGIN
      UPDATE items SET title_key = title_sort_key(new.title) WHERE local_id = new.local_id;
    END;
    CREATE TRIGGER items_title_key_update AFTER UPDATE OF title ON items WHEN old.title IS NOT new.title BEGIN
      UPDATE items SET title_key = title_sort_key(new.title) WHERE local_id = new.local_id;
    END;
    CREATE INDEX items_grid_title_key ON items(title_key, status) WHERE deleted_at IS NULL;
    DROP INDEX items_grid_title;

    -- Prices: an item without one comes last in ascending order too (read from these); in
    -- descending order migration 11's (price, status) indexes, read backwards, end with them.
    CREATE INDEX items_grid_buy_now_set ON items(buy_now_price IS NULL, buy_now_price, status) WHERE deleted_at IS NULL;
    CREATE INDEX items_grid_starting_set ON items(starting_price IS NULL, starting_price, status) WHERE deleted_at IS NULL;
  `,
};
