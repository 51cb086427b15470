// The account cache's schema, step 9. Frozen once shipped: never edited, and it imports no
// live code (every value is written out here), so today's code cannot change what it did
// (electron/core/db/README.md).
import type { Migration } from '../../../../shared/sqlite/migrations.ts';

export const migration: Migration = {
  version: 9,
  name: 'items: the seller\'s private note (local only), sortable and found by search',
  sql: `
    -- The seller's private note: never sent to the marketplace (shared/items/item-fields.ts).
    ALTER TABLE items ADD COLUMN note TEXT;
    CREATE INDEX items_note ON items(note COLLATE NOCASE);  -- the grid's sort by note
    -- Search finds an item by its note too, in the body column beside the SKU (as in step 6:
    -- every note is NULL until now, so no row needs reindexing).
    DROP TRIGGER items_fts_insert;
    DROP TRIGGER items_fts_update;
    CREATE TRIGGER items_fts_insert AFTER INSERT ON items BEGIN
      INSERT INTO items_fts(rowid, title, body)
        VALUES (new.local_id, coalesce(new.title, ''), html_text(new.description) || ' ' || coalesce(new.sku, '') || ' ' || coalesce(new.note, ''));
    END;
    CREATE TRIGGER items_fts_update AFTER UPDATE OF title, description, sku, note ON items BEGIN
      DELETE FROM items_fts WHERE rowid = old.local_id;
      INSERT INTO items_fts(rowid, title, body)
        VALUES (new.local_id, coalesce(new.title, ''), html_text(new.description) || ' ' || coalesce(new.sku, '') || ' ' || coalesce(new.note, ''));
    END;
  `,
};
