// The account cache's schema, step 10. Frozen once shipped: never edited, and it imports no
// live code (every value is written out here), so today's code cannot change what it did
// (electron/core/db/README.md).
import type { Migration } from '../../../../shared/sqlite/migrations.ts';

export const migration: Migration = {
  version: 10,
  name: 'sync marks: where the last complete pull of each kind got to, in the service\'s time',
  sql: `
    -- An incremental pull asks the service only for what changed since its mark (the \`updated\`
    -- of the service's answer when that pull began, so the service's clock, never ours). Kept
    -- apart from sync_cursors: a cursor is an unfinished pull and goes when the pull ends; a
    -- mark stays. A mark is written only once the pull it ends has committed everything it read.
    CREATE TABLE sync_marks (name TEXT PRIMARY KEY, value TEXT NOT NULL, updated INTEGER NOT NULL);
  `,
};
