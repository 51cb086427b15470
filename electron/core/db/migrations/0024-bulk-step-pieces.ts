// The account cache's schema, step 24 (issue 41: a bulk step's undo record in pieces). Frozen once
// shipped: never edited, and it imports no live code (every value is written out here), so
// today's code cannot change what it did (electron/core/db/README.md).
import type { Migration } from '../../../../shared/sqlite/migrations.ts';

export const migration: Migration = {
  version: 24,
  name: 'a bulk step\'s undo record in pieces',
  sql: `
    -- A bulk step's undo record, one row per piece of drafts its long write wrote (a few hundred
    -- to a few thousand): previous is JSON {localId: {field: value}} of the piece's values before
    -- the step, applied (NULL when the step set the same values on every draft, kept in
    -- bulk_steps.applied) JSON {localId: {field: value}} of what each got. A step of 100,000
    -- drafts wrote and read its record as two strings of ~7 MB each, in one piece each on the
    -- core's thread; steps before this one keep theirs in bulk_steps.previous and .applied.
    CREATE TABLE bulk_step_pieces (
      step_id  INTEGER NOT NULL REFERENCES bulk_steps(id) ON DELETE CASCADE,
      piece    INTEGER NOT NULL,
      previous TEXT NOT NULL,
      applied  TEXT,
      PRIMARY KEY (step_id, piece)
    );
  `,
};
