// The account cache's schema, step 1. Frozen once shipped: never edited, and it imports no
// live code (every value is written out here), so today's code cannot change what it did
// (electron/core/db/README.md).
import type { Migration } from '../../../../shared/sqlite/migrations.ts';

const SYNC_STATES = `'local-only','queued','sending','outcome-unknown','synced','rejected','conflict'`;
const ITEM_STATUSES = `'draft','preview','published','closed','disabled','waiting'`;
const OUTBOX_KINDS = `'create','edit','delete','set-status','add-image','remove-image','reorder-images','answer-question','offer-decision','copy'`;

export const migration: Migration = {
  version: 1,
  name: 'items, images, outbox',
  sql: `
    -- Local drafts and the seller's items of every status. The editable columns hold the LOCAL
    -- value of each field of ItemInput; base holds the server's values at the last pull (JSON,
    -- for three-way conflict detection) and server_copy the whole last server Item (JSON).
    CREATE TABLE items (
      local_id                INTEGER PRIMARY KEY,
      remote_id               INTEGER UNIQUE,
      status                  TEXT NOT NULL DEFAULT 'draft' CHECK (status IN (${ITEM_STATUSES})),
      sync_state              TEXT NOT NULL DEFAULT 'local-only' CHECK (sync_state IN (${SYNC_STATES})),
      reject_reason           TEXT,
      reject_field            TEXT,
      conflicts               TEXT,        -- JSON {field: {local, remote}} while sync_state = 'conflict'
      title                   TEXT,
      description             TEXT,
      sale_method             TEXT CHECK (sale_method IN ('auction','buy-now')),
      category_id             INTEGER,
      condition               TEXT,
      buy_now_price           REAL,
      starting_price          REAL,
      minimum_increase        REAL,
      quantity                INTEGER,
      open_days               INTEGER,
      list_time               TEXT,        -- request format YYYY-MM-DD HH:MM:SS
      closing_time            TEXT,
      postal_code             TEXT,
      is_location_abroad      INTEGER,
      delivery_methods        TEXT,        -- JSON array
      delivery_price          REAL,
      delivery_terms          TEXT,
      payment_methods         TEXT,        -- JSON array
      payment_terms           TEXT,
      identification_required INTEGER,
      minimum_feedback        INTEGER,
      republish               INTEGER,
      marginal_tax            INTEGER,
      vat                     INTEGER,
      offers_allowed          INTEGER,
      reserve_price           REAL,
      original_id             INTEGER,
      -- Values only the service knows, copied from server_copy for the grid.
      current_price           REAL,
      bidder_count            INTEGER NOT NULL DEFAULT 0,
      offer_count             INTEGER NOT NULL DEFAULT 0,
      closes_at               INTEGER,
      server_copy             TEXT,
      base                    TEXT,
      created                 INTEGER NOT NULL,
      updated                 INTEGER NOT NULL,
      deleted_at              INTEGER      -- tombstone until the service confirms a delete
    );

    -- Images of an item in the user's order. Prepared files are content-addressed by the
    -- sha256 of the SOURCE bytes, so the same photo is stored (and prepared) once.
    CREATE TABLE images (
      id            INTEGER PRIMARY KEY,
      item_local_id INTEGER NOT NULL REFERENCES items(local_id) ON DELETE CASCADE,
      position      INTEGER NOT NULL,
      source_path   TEXT NOT NULL,
      source_sha256 TEXT,
      sha256        TEXT,                  -- of the prepared bytes that are uploaded
      file_path     TEXT,
      thumb_path    TEXT,
      width         INTEGER,
      height        INTEGER,
      bytes         INTEGER,
      prep_state    TEXT NOT NULL CHECK (prep_state IN ('preparing','ready','failed')),
      error         TEXT,
      remote_id     INTEGER,
      created       INTEGER NOT NULL,
      UNIQUE (item_local_id, source_sha256)
    );
    CREATE INDEX images_item ON images(item_local_id, position);
    CREATE INDEX images_source ON images(source_sha256);

    -- Changes not yet sent, in order per item. The row is written in the SAME transaction as
    -- the local change it describes. AUTOINCREMENT: ids are never reused, so an id seen in the
    -- audit log always means the same change. item_local_id has no foreign key on purpose: its
    -- check is a lookup per row, a third of the cost of writing the outbox rows of a
    -- 10,000-item bulk edit. Rows are written only by the repositories, in the transaction of
    -- a change to that item, and deleted with it (draft-writes.ts).
    CREATE TABLE outbox (
      id              INTEGER PRIMARY KEY AUTOINCREMENT,
      item_local_id   INTEGER NOT NULL,
      kind            TEXT NOT NULL CHECK (kind IN (${OUTBOX_KINDS})),
      payload         TEXT NOT NULL,
      idempotency_key TEXT NOT NULL,
      attempts        INTEGER NOT NULL DEFAULT 0,
      next_attempt_at INTEGER NOT NULL DEFAULT 0,
      state           TEXT NOT NULL DEFAULT 'pending' CHECK (state IN ('pending','parked')),
      error           TEXT,
      error_field     TEXT,
      created         INTEGER NOT NULL
    );
    -- Per-item order. No index on (state, next_attempt_at): the queue is short once synced, a
    -- scan in id order is what the engine wants, and every index slows bulk writes.
    CREATE INDEX outbox_item ON outbox(item_local_id, id);
  `,
};
