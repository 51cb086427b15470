// The account cache's schema, step 8. Frozen once shipped: never edited, and it imports no
// live code (every value is written out here), so today's code cannot change what it did
// (electron/core/db/README.md).
import type { Migration } from '../../../../shared/sqlite/migrations.ts';

export const migration: Migration = {
  version: 8,
  name: 'spreadsheet column mappings remembered per header set',
  sql: `
    -- How the seller mapped the headings of a spreadsheet to fields, keyed by the file's whole
    -- header (headings trimmed, lower case, joined with a tab): the next export of the same
    -- sheet maps itself. mapping is JSON {heading: field | null}.
    CREATE TABLE import_mappings (
      header_key TEXT PRIMARY KEY,
      mapping    TEXT NOT NULL,
      updated    INTEGER NOT NULL
    );
  `,
};
