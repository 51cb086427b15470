// The account cache's schema, step 13. Frozen once shipped: never edited, and it imports no
// live code (every value is written out here), so today's code cannot change what it did
// (electron/core/db/README.md).
import type { Migration } from '../../../../shared/sqlite/migrations.ts';

export const migration: Migration = {
  version: 13,
  name: 'listing templates of this account',
  sql: `
    -- The seller's listing templates: saved defaults for new drafts and for a selection (any
    -- field of shared/items/item-fields.ts, the description HTML with the placeholders of
    -- shared/items/listing-templates.ts). fields is JSON {field: value}, parsed field by field with the
    -- draft rules on every read. Names are unique ignoring case (ASCII, as NOCASE compares;
    -- the core also compares with toLocaleLowerCase before it writes).
    CREATE TABLE listing_templates (
      id      INTEGER PRIMARY KEY AUTOINCREMENT,
      name    TEXT NOT NULL,
      fields  TEXT NOT NULL,
      created INTEGER NOT NULL,
      updated INTEGER NOT NULL
    );
    CREATE UNIQUE INDEX listing_templates_name ON listing_templates(name COLLATE NOCASE);
  `,
};
