// The account cache's schema, step 12. Frozen once shipped: never edited, and it imports no
// live code (every value is written out here), so today's code cannot change what it did
// (electron/core/db/README.md).
import type { Migration } from '../../../../shared/sqlite/migrations.ts';

export const migration: Migration = {
  version: 12,
  name: 'items: the code of the marketplace\'s refusal beside its message',
  sql: `
    -- The service's machine code (its error body's \`code\`, or the API client's own) of the
    -- refusal that rejected the item: the app words it in the seller's language, while
    -- reject_reason keeps the service's English message for logs. Refusals from before have none.
    ALTER TABLE items ADD COLUMN reject_code TEXT;
  `,
};
