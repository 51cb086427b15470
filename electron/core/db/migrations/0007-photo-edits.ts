// The account cache's schema, step 7. Frozen once shipped: never edited, and it imports no
// live code (every value is written out here), so today's code cannot change what it did
// (electron/core/db/README.md).
import type { Migration } from '../../../../shared/sqlite/migrations.ts';

export const migration: Migration = {
  version: 7,
  name: 'photo edits',
  sql: `
    -- The seller's rotation and crop of a photo, JSON {rotate, crop} (shared/ipc/contract.ts
    -- ImageEditsSchema); NULL: none. Non-destructive: the prepared photo of the source stays
    -- (images/<source sha>.jpg) and file_path/thumb_path name the edited copy made from it.
    ALTER TABLE images ADD COLUMN edits TEXT;
  `,
};
