// The account cache's schema, step 25 (issue 41: imports fast again). Frozen once shipped: never
// edited, and it imports no live code (every value is written out here), so today's code cannot
// change what it did (electron/core/db/README.md).
import type { Migration } from '../../../../shared/sqlite/migrations.ts';

export const migration: Migration = {
  version: 25,
  name: 'an inserted item\'s title key is written once when its writer gave it',
  sql: `
    -- Step 16's trigger wrote every inserted item a second time to set its title key: 45% of the
    -- CPU of inserting 10,000 imported drafts (bench, load 7). It now runs only when the key the
    -- writer gave (none: NULL) is not the title's, so every writer still ends with the right key
    -- and the import, which gives it, writes each draft once.
    DROP TRIGGER items_title_key_insert;
    CREATE TRIGGER items_title_key_insert AFTER INSERT ON items WHEN new.title_key IS NOT title_sort_key(new.title) BEGIN
      UPDATE items SET title_key = title_sort_key(new.title) WHERE local_id = new.local_id;
    END;
  `,
};
