// The account cache's schema, step 21 (issue 38: a big shop's first sync from the sales list's
// summaries). Frozen once shipped: never edited, and it imports no live code (every value is
// written out here), so today's code cannot change what it did (electron/core/db/README.md).
import type { Migration } from '../../../../shared/sqlite/migrations.ts';

export const migration: Migration = {
  version: 21,
  name: 'items read from their list summary, their full records still to read',
  sql: `
    -- 'full': the item's whole record is in the cache (every item before this step: read in full,
    -- or made here). 'summary': only what the sales list's summary says is known (title, status,
    -- prices, counts, times, category, photos); the other columns are NULL because they are
    -- unknown, not empty. 'sold': a summary of an item the marketplace lists as sold, read before
    -- the other closed ones (the Sales figures need its buyer and units). 'wanted': a summary whose
    -- record a rule needs (a relisting), read with the first ones by the next sync.
    ALTER TABLE items ADD COLUMN detail TEXT NOT NULL DEFAULT 'full' CHECK (detail IN ('full','summary','sold','wanted'));
    -- The details still to read, by status: empty once every record has been read. With the sync
    -- state, what is left is counted from the index alone (the progress bar asks often).
    CREATE INDEX items_detail_queue ON items(detail, status, sync_state) WHERE detail <> 'full';
  `,
};
