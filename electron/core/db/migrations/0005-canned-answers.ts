// The account cache's schema, step 5. Frozen once shipped: never edited, and it imports no
// live code (every value is written out here), so today's code cannot change what it did
// (electron/core/db/README.md).
import type { Migration } from '../../../../shared/sqlite/migrations.ts';

export const migration: Migration = {
  version: 5,
  name: 'canned answers',
  sql: `
    -- The seller's canned answers of this account: one row holding the whole list (JSON
    -- [{name, text}], parsed with shared/canned-answers/canned-answers.ts on every read), replaced at once
    -- when the seller saves. No row: the defaults are used (the list was never changed).
    CREATE TABLE canned_answers (
      id      INTEGER PRIMARY KEY CHECK (id = 1),
      json    TEXT NOT NULL,
      updated INTEGER NOT NULL
    );
  `,
};
