// The service's schema, step 8. Frozen once shipped: never edited, and it imports no
// live code (every value is written out here), so today's code cannot change what it did
// (server/db/README.md).
import type { Migration } from '../../../shared/sqlite/migrations.ts';

export const migration: Migration = {
  version: 8,
  name: 'categories: an English name beside the Finnish title',
  // The demo tree is now numbered as the real service numbers its categories (one global
  // sequence, 4 digits at most: seed/category-data.ts). A database seeded before keeps its
  // categories and ids exactly as they are (items, clients' caches, spreadsheets and links hold
  // those ids, and the service never renumbers a category); it only gains the column, empty.
  sql: `
    ALTER TABLE categories ADD COLUMN title_en TEXT;
  `,
};
