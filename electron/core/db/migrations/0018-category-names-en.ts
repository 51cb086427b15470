// The account cache's schema, step 18. Frozen once shipped: never edited, and it imports no
// live code (every value is written out here), so today's code cannot change what it did
// (electron/core/db/README.md).
import type { Migration } from '../../../../shared/sqlite/migrations.ts';

export const migration: Migration = {
  version: 18,
  name: 'category names in English beside the Finnish ones',
  sql: `
    -- The service's English name of a category (titleEn, its migration 8), kept beside the
    -- Finnish title for English screens; NULL where the service has none. Only screens read it:
    -- what goes to the marketplace (a template's {category}) keeps the Finnish title.
    ALTER TABLE categories ADD COLUMN title_en TEXT;
  `,
};
