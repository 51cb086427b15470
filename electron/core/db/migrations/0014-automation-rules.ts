// The account cache's schema, step 14. Frozen once shipped: never edited, and it imports no
// live code (every value is written out here), so today's code cannot change what it did
// (electron/core/db/README.md).
import type { Migration } from '../../../../shared/sqlite/migrations.ts';

export const migration: Migration = {
  version: 14,
  name: 'automation rules: offer and relist rules, saved groups, the rules log',
  sql: `
    -- The outbox learns one kind: 'rule-offer-decision', an offer decision made by a rule (its
    -- accept reads the item back before it is sent, and an accept whose answer was lost is read
    -- back, never sent again blindly: electron/core/rules/rule-offer-op.ts). A CHECK cannot be
    -- altered in SQLite: the table is rebuilt with the same columns and rows, and its id
    -- sequence carried over (AUTOINCREMENT ids are never reused, also across this rebuild).
    CREATE TABLE outbox_next (
      id              INTEGER PRIMARY KEY AUTOINCREMENT,
      item_local_id   INTEGER NOT NULL,
      kind            TEXT NOT NULL CHECK (kind IN ('create','edit','delete','set-status','add-image','remove-image','reorder-images','answer-question','offer-decision','copy','rule-offer-decision')),
      payload         TEXT NOT NULL,
      idempotency_key TEXT NOT NULL,
      attempts        INTEGER NOT NULL DEFAULT 0,
      next_attempt_at INTEGER NOT NULL DEFAULT 0,
      state           TEXT NOT NULL DEFAULT 'pending' CHECK (state IN ('pending','parked')),
      error           TEXT,
      error_field     TEXT,
      created         INTEGER NOT NULL,
      step_id         INTEGER
    );
    INSERT INTO outbox_next (id, item_local_id, kind, payload, idempotency_key, attempts, next_attempt_at, state, error, error_field, created, step_id)
      SELECT id, item_local_id, kind, payload, idempotency_key, attempts, next_attempt_at, state, error, error_field, created, step_id FROM outbox;
    INSERT INTO sqlite_sequence (name, seq)
      SELECT 'outbox_next', 0 WHERE NOT EXISTS (SELECT 1 FROM sqlite_sequence WHERE name = 'outbox_next');
    UPDATE sqlite_sequence SET seq = max(seq, coalesce((SELECT seq FROM sqlite_sequence WHERE name = 'outbox'), 0))
      WHERE name = 'outbox_next';
    DROP TABLE outbox;
    ALTER TABLE outbox_next RENAME TO outbox;
    CREATE INDEX outbox_item ON outbox(item_local_id, id);

    -- Offer rules: the shop's default (scope 'shop', scope_id 0), a saved group's, an item's
    -- (scope_id: the item's local id). The most specific rule decides: item, then group, then
    -- shop. Thresholds: an amount in euros or a percentage of the buy-now price; an offer at or
    -- above the accept threshold is accepted, one below the refuse threshold refused, the rest
    -- left to the seller. Quiet hours (minutes after midnight, service zone): no decision is
    -- sent between quiet_from and quiet_to; the offers wait until the hours end.
    CREATE TABLE offer_rules (
      id             INTEGER PRIMARY KEY AUTOINCREMENT,
      scope          TEXT NOT NULL CHECK (scope IN ('shop','group','item')),
      scope_id       INTEGER NOT NULL,
      accept_amount  REAL,
      accept_percent REAL,
      refuse_amount  REAL,
      refuse_percent REAL,
      quiet_from     INTEGER CHECK (quiet_from BETWEEN 0 AND 1439),
      quiet_to       INTEGER CHECK (quiet_to BETWEEN 0 AND 1439),
      enabled        INTEGER NOT NULL DEFAULT 1 CHECK (enabled IN (0,1)),
      created        INTEGER NOT NULL,
      updated        INTEGER NOT NULL
    );
    CREATE UNIQUE INDEX offer_rules_scope ON offer_rules(scope, scope_id);

    -- Relist rules: an unsold item that closed after the rule was saved is copied (POST with
    -- originalId: SKU, note and photos kept), its price lowered by a step (euros or percent)
    -- down to a floor, and published at the chosen hour (list time), up to max_times times.
    CREATE TABLE relist_rules (
      id           INTEGER PRIMARY KEY AUTOINCREMENT,
      scope        TEXT NOT NULL CHECK (scope IN ('shop','group','item')),
      scope_id     INTEGER NOT NULL,
      max_times    INTEGER NOT NULL CHECK (max_times BETWEEN 1 AND 50),
      step_amount  REAL,
      step_percent REAL,
      floor_price  REAL,
      hour         INTEGER CHECK (hour BETWEEN 0 AND 23),
      enabled      INTEGER NOT NULL DEFAULT 1 CHECK (enabled IN (0,1)),
      created      INTEGER NOT NULL,
      updated      INTEGER NOT NULL
    );
    CREATE UNIQUE INDEX relist_rules_scope ON relist_rules(scope, scope_id);

    -- Which relisted copy came from which item, and how many relists its line has had (the
    -- first listing is generation 0). root_local_id: the item the line started from.
    CREATE TABLE rule_relists (
      copy_local_id     INTEGER PRIMARY KEY,
      original_local_id INTEGER NOT NULL UNIQUE,
      root_local_id     INTEGER NOT NULL,
      generation        INTEGER NOT NULL,
      rule_id           INTEGER NOT NULL,
      created           INTEGER NOT NULL
    );

    -- Saved groups: a grid query (JSON, the grid's filters and search) under a name.
    CREATE TABLE saved_groups (
      id       INTEGER PRIMARY KEY AUTOINCREMENT,
      name     TEXT NOT NULL,
      query    TEXT NOT NULL,
      position INTEGER NOT NULL,
      created  INTEGER NOT NULL,
      updated  INTEGER NOT NULL
    );
    CREATE UNIQUE INDEX saved_groups_name ON saved_groups(name COLLATE NOCASE);

    -- Every decision a rule made: which rule, which item and offer, what it did and what was
    -- sent (detail JSON), and how it ended. An offer is accepted or refused by a rule at most
    -- once, an item relisted by a rule at most once: the partial unique indexes say so.
    CREATE TABLE rule_log (
      id             INTEGER PRIMARY KEY AUTOINCREMENT,
      at             INTEGER NOT NULL,
      rule_kind      TEXT NOT NULL CHECK (rule_kind IN ('offer','relist','schedule')),
      rule_id        INTEGER,
      rule_version   INTEGER,
      item_local_id  INTEGER,
      item_remote_id INTEGER,
      offer_id       INTEGER,
      action         TEXT NOT NULL CHECK (action IN ('accept','refuse','leave','hold','relist','skip','schedule')),
      outcome        TEXT NOT NULL CHECK (outcome IN ('queued','done','moot','failed','none')),
      detail         TEXT NOT NULL,
      outbox_id      INTEGER
    );
    CREATE UNIQUE INDEX rule_log_offer_once ON rule_log(offer_id) WHERE action IN ('accept','refuse');
    CREATE UNIQUE INDEX rule_log_relist_once ON rule_log(item_local_id) WHERE action = 'relist';
    CREATE INDEX rule_log_at ON rule_log(at);
    CREATE INDEX rule_log_item ON rule_log(item_local_id);

    -- The switch that pauses every rule of this account (one row; none: running).
    CREATE TABLE rule_settings (
      id     INTEGER PRIMARY KEY CHECK (id = 1),
      paused INTEGER NOT NULL CHECK (paused IN (0,1)),
      updated INTEGER NOT NULL
    );
  `,
};
