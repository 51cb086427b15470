// The account cache's schema, step 3. Frozen once shipped: never edited, and it imports no
// live code (every value is written out here), so today's code cannot change what it did
// (electron/core/db/README.md).
import type { Migration } from '../../../../shared/sqlite/migrations.ts';

export const migration: Migration = {
  version: 3,
  name: 'full-text search and grid indexes',
  sql: `
    -- Contentless index: the text lives in items; rowid = items.local_id. html_text() is a
    -- function registered on every connection by open-account-db.ts.
    CREATE VIRTUAL TABLE items_fts USING fts5(
      title, body, content='', contentless_delete=1, tokenize='unicode61 remove_diacritics 2',
      prefix='2 3'  -- the grid searches as the user types: short prefixes must be cheap
    );
    INSERT INTO items_fts(rowid, title, body)
      SELECT local_id, coalesce(title, ''), html_text(description) FROM items;
    CREATE TRIGGER items_fts_insert AFTER INSERT ON items BEGIN
      INSERT INTO items_fts(rowid, title, body) VALUES (new.local_id, coalesce(new.title, ''), html_text(new.description));
    END;
    CREATE TRIGGER items_fts_update AFTER UPDATE OF title, description ON items BEGIN
      DELETE FROM items_fts WHERE rowid = old.local_id;
      INSERT INTO items_fts(rowid, title, body) VALUES (new.local_id, coalesce(new.title, ''), html_text(new.description));
    END;
    CREATE TRIGGER items_fts_delete AFTER DELETE ON items BEGIN
      DELETE FROM items_fts WHERE rowid = old.local_id;
    END;

    -- The grid's price: what a buyer pays now, else the asking price.
    ALTER TABLE items ADD COLUMN grid_price REAL
      GENERATED ALWAYS AS (coalesce(current_price, buy_now_price, starting_price)) VIRTUAL;
    -- One index on updated serves the default sort with or without a status filter (few
    -- statuses): a second, (status, updated), would double the index work of every edit.
    CREATE INDEX items_updated ON items(updated);
    CREATE INDEX items_status ON items(status);
    CREATE INDEX items_price ON items(grid_price);
    CREATE INDEX items_category ON items(category_id, updated);
    CREATE INDEX items_title ON items(title COLLATE NOCASE);
    CREATE INDEX items_sync_state ON items(sync_state) WHERE sync_state <> 'synced';
  `,
};
