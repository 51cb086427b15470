// The account cache's schema, step 4. Frozen once shipped: never edited, and it imports no
// live code (every value is written out here), so today's code cannot change what it did
// (electron/core/db/README.md).
import type { Migration } from '../../../../shared/sqlite/migrations.ts';

export const migration: Migration = {
  version: 4,
  name: 'undo journal for bulk work',
  sql: `
    -- One row per bulk step (bulk edit, CSV import). previous: JSON {localId: {field: value}}
    -- of the values before the step; applied: JSON of what the step set. Undo is one step.
    CREATE TABLE bulk_steps (
      id         INTEGER PRIMARY KEY AUTOINCREMENT,
      kind       TEXT NOT NULL CHECK (kind IN ('bulk-edit','csv-import')),
      item_count INTEGER NOT NULL,
      previous   TEXT NOT NULL,
      applied    TEXT NOT NULL,
      created    INTEGER NOT NULL,
      undone_at  INTEGER
    );
    -- Which step wrote an outbox row: the check that a step's changes and its outbox rows
    -- were committed together. No foreign key: the check would cost a lookup per row of a
    -- 10,000-row bulk edit, and steps are only ever inserted by the same transaction.
    ALTER TABLE outbox ADD COLUMN step_id INTEGER;
  `,
};
