// The account cache's schema, step 15. Frozen once shipped: never edited, and it imports no
// live code (every value is written out here), so today's code cannot change what it did
// (electron/core/db/README.md).
import type { Migration } from '../../../../shared/sqlite/migrations.ts';

export const migration: Migration = {
  version: 15,
  name: 'imports written in batches: the rows of an import not yet made visible',
  sql: `
    -- An import in progress, one row each (its id names its pending rows).
    CREATE TABLE import_runs (
      id      INTEGER PRIMARY KEY AUTOINCREMENT,
      started INTEGER NOT NULL
    );
    -- A draft an import has written but not yet shown: the item is a tombstone (deleted_at set,
    -- no outbox row) until the import's last short transaction makes every one of them a draft
    -- and queues its 'create' row with this payload. Pending rows of an import that did not end
    -- (the app stopped) are removed with their items when the account is opened.
    CREATE TABLE import_pending (
      local_id  INTEGER PRIMARY KEY,
      import_id INTEGER NOT NULL,
      payload   TEXT NOT NULL
    );
    CREATE INDEX import_pending_import ON import_pending(import_id);
  `,
};
