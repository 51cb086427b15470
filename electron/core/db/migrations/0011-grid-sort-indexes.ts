// The account cache's schema, step 11. Frozen once shipped: never edited, and it imports no
// live code (every value is written out here), so today's code cannot change what it did
// (electron/core/db/README.md).
import type { Migration } from '../../../../shared/sqlite/migrations.ts';

export const migration: Migration = {
  version: 11,
  name: 'the grid at a seller\'s volume: an index per sort over live items, category names',
  sql: `
    -- The category's name beside its id, for the grid's cells and its sort by name: kept by
    -- triggers, so every writer of items (drafts, import, pull) and of the tree (a pull) keeps it.
    ALTER TABLE items ADD COLUMN category_title TEXT;
    UPDATE items SET category_title = (SELECT title FROM categories WHERE id = items.category_id) WHERE category_id IS NOT NULL;
    CREATE TRIGGER items_category_title_insert AFTER INSERT ON items WHEN new.category_id IS NOT NULL BEGIN
      UPDATE items SET category_title = (SELECT title FROM categories WHERE id = new.category_id) WHERE local_id = new.local_id;
    END;
    CREATE TRIGGER items_category_title_update AFTER UPDATE OF category_id ON items BEGIN
      UPDATE items SET category_title = (SELECT title FROM categories WHERE id = new.category_id) WHERE local_id = new.local_id;
    END;
    CREATE TRIGGER categories_title_insert AFTER INSERT ON categories BEGIN
      UPDATE items SET category_title = new.title WHERE category_id = new.id;
    END;
    CREATE TRIGGER categories_title_update AFTER UPDATE OF title ON categories WHEN old.title IS NOT new.title BEGIN
      UPDATE items SET category_title = new.title WHERE category_id = new.id;
    END;
    CREATE TRIGGER categories_title_delete AFTER DELETE ON categories BEGIN
      UPDATE items SET category_title = NULL WHERE category_id = old.id;
    END;

    -- One index per grid sort, over live items only (the grid never shows tombstones), with the
    -- status beside the sorted value: a page in any sort and status filter is read from the
    -- index in order and stops after its rows (no scan of every item and no sort of all of
    -- them), and the status filter is checked without reading the item.
    CREATE INDEX items_grid_updated ON items(updated, status) WHERE deleted_at IS NULL;
    CREATE INDEX items_grid_title ON items(title COLLATE NOCASE, status) WHERE deleted_at IS NULL;
    CREATE INDEX items_grid_buy_now ON items(buy_now_price, status) WHERE deleted_at IS NULL;
    CREATE INDEX items_grid_starting ON items(starting_price, status) WHERE deleted_at IS NULL;
    CREATE INDEX items_grid_quantity ON items(quantity, status) WHERE deleted_at IS NULL;
    CREATE INDEX items_grid_category ON items(category_title COLLATE NOCASE, status) WHERE deleted_at IS NULL;
    CREATE INDEX items_grid_open_days ON items(open_days, status) WHERE deleted_at IS NULL;
    CREATE INDEX items_grid_sku ON items(sku COLLATE NOCASE, status) WHERE deleted_at IS NULL;
    CREATE INDEX items_grid_note ON items(note COLLATE NOCASE, status) WHERE deleted_at IS NULL;
    CREATE INDEX items_grid_status ON items(status) WHERE deleted_at IS NULL;
    -- The count of a status filter reads only this index (SQLite reads each item for deleted_at
    -- through a partial one); it serves every query items_status served.
    CREATE INDEX items_status_live ON items(status, deleted_at);
    -- Search as the seller types, counted in the full-text index alone: its rows carry the item's
    -- status and whether it is live as tokens of a third column (zzstatus<status>, zzlive), so
    -- the count of a search in a status filter needs no read of each matching item (the grid
    -- asks for it on every keystroke). One-letter prefixes are indexed too: the first keystroke.
    DROP TRIGGER items_fts_insert;
    DROP TRIGGER items_fts_update;
    DROP TRIGGER items_fts_delete;
    DROP TABLE items_fts;
    CREATE VIRTUAL TABLE items_fts USING fts5(
      title, body, tags, content='', contentless_delete=1, tokenize='unicode61 remove_diacritics 2', prefix='1 2 3'
    );
    INSERT INTO items_fts(rowid, title, body, tags)
      SELECT local_id, coalesce(title, ''), html_text(description) || ' ' || coalesce(sku, '') || ' ' || coalesce(note, ''),
        'zzstatus' || status || CASE WHEN deleted_at IS NULL THEN ' zzlive' ELSE '' END
      FROM items;
    CREATE TRIGGER items_fts_insert AFTER INSERT ON items BEGIN
      INSERT INTO items_fts(rowid, title, body, tags)
        VALUES (new.local_id, coalesce(new.title, ''), html_text(new.description) || ' ' || coalesce(new.sku, '') || ' ' || coalesce(new.note, ''),
          'zzstatus' || new.status || CASE WHEN new.deleted_at IS NULL THEN ' zzlive' ELSE '' END);
    END;
    CREATE TRIGGER items_fts_update AFTER UPDATE OF title, description, sku, note, status, deleted_at ON items BEGIN
      DELETE FROM items_fts WHERE rowid = old.local_id;
      INSERT INTO items_fts(rowid, title, body, tags)
        VALUES (new.local_id, coalesce(new.title, ''), html_text(new.description) || ' ' || coalesce(new.sku, '') || ' ' || coalesce(new.note, ''),
          'zzstatus' || new.status || CASE WHEN new.deleted_at IS NULL THEN ' zzlive' ELSE '' END);
    END;
    CREATE TRIGGER items_fts_delete AFTER DELETE ON items BEGIN
      DELETE FROM items_fts WHERE rowid = old.local_id;
    END;

    -- Superseded by the grid's indexes above.
    DROP INDEX items_status;
    DROP INDEX items_title;
    DROP INDEX items_sku;
    DROP INDEX items_note;
  `,
};
