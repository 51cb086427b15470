// The account cache's schema, step 19. Frozen once shipped: never edited, and it imports no
// live code (every value is written out here), so today's code cannot change what it did
// (electron/core/db/README.md).
import type { Migration } from '../../../../shared/sqlite/migrations.ts';

export const migration: Migration = {
  version: 19,
  name: 'the grid sorts English screens by the categories\' English names',
  sql: `
    -- The category's English name beside its Finnish one (its Finnish one where the service has
    -- no English), for English screens' sort by category: kept by triggers as category_title is.
    -- Migration 11's item triggers are replaced by ones that set both names in one update (an
    -- import of 100,000 rows runs them once per row).
    ALTER TABLE items ADD COLUMN category_title_en TEXT;
    UPDATE items SET category_title_en = (SELECT coalesce(title_en, title) FROM categories WHERE id = items.category_id) WHERE category_id IS NOT NULL;
    DROP TRIGGER items_category_title_insert;
    DROP TRIGGER items_category_title_update;
    CREATE TRIGGER items_category_titles_insert AFTER INSERT ON items WHEN new.category_id IS NOT NULL BEGIN
      UPDATE items SET (category_title, category_title_en) = (SELECT title, coalesce(title_en, title) FROM categories WHERE id = new.category_id)
        WHERE local_id = new.local_id;
    END;
    CREATE TRIGGER items_category_titles_update AFTER UPDATE OF category_id ON items BEGIN
      UPDATE items SET (category_title, category_title_en) = (SELECT title, coalesce(title_en, title) FROM categories WHERE id = new.category_id)
        WHERE local_id = new.local_id;
    END;
    CREATE TRIGGER categories_title_en_insert AFTER INSERT ON categories BEGIN
      UPDATE items SET category_title_en = coalesce(new.title_en, new.title) WHERE category_id = new.id;
    END;
    CREATE TRIGGER categories_title_en_update AFTER UPDATE OF title, title_en ON categories
      WHEN old.title IS NOT new.title OR old.title_en IS NOT new.title_en BEGIN
      UPDATE items SET category_title_en = coalesce(new.title_en, new.title) WHERE category_id = new.id;
    END;
    CREATE TRIGGER categories_title_en_delete AFTER DELETE ON categories BEGIN
      UPDATE items SET category_title_en = NULL WHERE category_id = old.id;
    END;
    CREATE INDEX items_grid_category_en ON items(category_title_en COLLATE NOCASE, status) WHERE deleted_at IS NULL;
  `,
};
