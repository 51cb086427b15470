// The service's schema, step 5. Frozen once shipped: never edited, and it imports no
// live code (every value is written out here), so today's code cannot change what it did
// (server/db/README.md).
import type { Migration } from '../../../shared/sqlite/migrations.ts';

export const migration: Migration = {
  version: 5,
  name: 'items: a version bumped by every update (response cache validator)',
  // The item GET keeps its serialized response until the row changes. `updated` has millisecond
  // resolution and two writes can share a millisecond, so a counter the database itself bumps on
  // every UPDATE of the row tells the versions apart. (recursive_triggers is off: the trigger's
  // own UPDATE does not fire it again.)
  sql: `
    ALTER TABLE items ADD COLUMN version INTEGER NOT NULL DEFAULT 0;
    CREATE TRIGGER items_version AFTER UPDATE ON items WHEN new.version = old.version BEGIN
      UPDATE items SET version = old.version + 1 WHERE id = new.id;
    END;
    -- The item's images are part of its response: any change to them is a new item version.
    CREATE TRIGGER images_version_insert AFTER INSERT ON images BEGIN
      UPDATE items SET version = version + 1 WHERE id = new.item_id;
    END;
    CREATE TRIGGER images_version_update AFTER UPDATE ON images BEGIN
      UPDATE items SET version = version + 1 WHERE id IN (old.item_id, new.item_id);
    END;
    CREATE TRIGGER images_version_delete AFTER DELETE ON images BEGIN
      UPDATE items SET version = version + 1 WHERE id = old.item_id;
    END;
  `,
};
