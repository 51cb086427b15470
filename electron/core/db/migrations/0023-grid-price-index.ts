// The account cache's schema, step 23. Frozen once shipped: never edited, and it imports no
// live code (every value is written out here), so today's code cannot change what it did
// (electron/core/db/README.md).
import type { Migration } from '../../../../shared/sqlite/migrations.ts';

export const migration: Migration = {
  version: 23,
  name: 'the grid\'s price sort from an index over live items, as every other sort',
  sql: `
    -- The grid's price (what a buyer pays now, else the asking price) beside the status, over
    -- live items (issue 41): a page sorted by price, with or without a status filter, is read in
    -- order from the index and stops after its rows, and a search sorted by price walks it too.
    -- It serves the price filters' ranges as items_price did, which only sorted whole tables.
    CREATE INDEX items_grid_price ON items(grid_price, status) WHERE deleted_at IS NULL;
    DROP INDEX items_price;
  `,
};
