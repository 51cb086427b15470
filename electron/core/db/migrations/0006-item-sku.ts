// The account cache's schema, step 6. Frozen once shipped: never edited, and it imports no
// live code (every value is written out here), so today's code cannot change what it did
// (electron/core/db/README.md).
import type { Migration } from '../../../../shared/sqlite/migrations.ts';

export const migration: Migration = {
  version: 6,
  name: 'items: the seller\'s own SKU (local only), sortable and found by search',
  sql: `
    -- The seller's own stock code or label: never sent to the marketplace (shared/items/item-fields.ts).
    ALTER TABLE items ADD COLUMN sku TEXT;
    CREATE INDEX items_sku ON items(sku COLLATE NOCASE);  -- the grid's sort by SKU
    -- Search finds an item by its SKU too: the SKU goes into the body column, so the FTS table
    -- keeps its shape and no existing row needs reindexing (every SKU is NULL until now).
    DROP TRIGGER items_fts_insert;
    DROP TRIGGER items_fts_update;
    CREATE TRIGGER items_fts_insert AFTER INSERT ON items BEGIN
      INSERT INTO items_fts(rowid, title, body)
        VALUES (new.local_id, coalesce(new.title, ''), html_text(new.description) || ' ' || coalesce(new.sku, ''));
    END;
    CREATE TRIGGER items_fts_update AFTER UPDATE OF title, description, sku ON items BEGIN
      DELETE FROM items_fts WHERE rowid = old.local_id;
      INSERT INTO items_fts(rowid, title, body)
        VALUES (new.local_id, coalesce(new.title, ''), html_text(new.description) || ' ' || coalesce(new.sku, ''));
    END;
  `,
};
