// The account cache's schema, step 17. Frozen once shipped: never edited, and it imports no
// live code (every value is written out here), so today's code cannot change what it did
// (electron/core/db/README.md).
import type { Migration } from '../../../../shared/sqlite/migrations.ts';

export const migration: Migration = {
  version: 17,
  name: 'per-template rules: each item remembers its template; rules may be scoped to a template',
  sql: `
    -- The template a draft was made from or last had applied (electron/core/templates/): its
    -- rules decide the item when the item has none of its own (rules/rule-scope.ts). No foreign
    -- key (the column is added to a table that exists); the trigger below clears it.
    ALTER TABLE items ADD COLUMN template_id INTEGER;
    CREATE INDEX items_template ON items(template_id) WHERE template_id IS NOT NULL;

    -- Offer and relist rules learn the scope 'template' (scope_id: the template's id). A CHECK
    -- cannot be altered in SQLite: each table is rebuilt with the same columns and rows, its id
    -- sequence carried over (AUTOINCREMENT ids are never reused, also across this rebuild).
    CREATE TABLE offer_rules_next (
      id             INTEGER PRIMARY KEY AUTOINCREMENT,
      scope          TEXT NOT NULL CHECK (scope IN ('shop','group','template','item')),
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
    INSERT INTO offer_rules_next (id, scope, scope_id, accept_amount, accept_percent, refuse_amount, refuse_percent, quiet_from, quiet_to, enabled, created, updated)
      SELECT id, scope, scope_id, accept_amount, accept_percent, refuse_amount, refuse_percent, quiet_from, quiet_to, enabled, created, updated FROM offer_rules;
    INSERT INTO sqlite_sequence (name, seq)
      SELECT 'offer_rules_next', 0 WHERE NOT EXISTS (SELECT 1 FROM sqlite_sequence WHERE name = 'offer_rules_next');
    UPDATE sqlite_sequence SET seq = max(seq, coalesce((SELECT seq FROM sqlite_sequence WHERE name = 'offer_rules'), 0))
      WHERE name = 'offer_rules_next';
    DROP TABLE offer_rules;
    ALTER TABLE offer_rules_next RENAME TO offer_rules;
    CREATE UNIQUE INDEX offer_rules_scope ON offer_rules(scope, scope_id);

    CREATE TABLE relist_rules_next (
      id           INTEGER PRIMARY KEY AUTOINCREMENT,
      scope        TEXT NOT NULL CHECK (scope IN ('shop','group','template','item')),
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
    INSERT INTO relist_rules_next (id, scope, scope_id, max_times, step_amount, step_percent, floor_price, hour, enabled, created, updated)
      SELECT id, scope, scope_id, max_times, step_amount, step_percent, floor_price, hour, enabled, created, updated FROM relist_rules;
    INSERT INTO sqlite_sequence (name, seq)
      SELECT 'relist_rules_next', 0 WHERE NOT EXISTS (SELECT 1 FROM sqlite_sequence WHERE name = 'relist_rules_next');
    UPDATE sqlite_sequence SET seq = max(seq, coalesce((SELECT seq FROM sqlite_sequence WHERE name = 'relist_rules'), 0))
      WHERE name = 'relist_rules_next';
    DROP TABLE relist_rules;
    ALTER TABLE relist_rules_next RENAME TO relist_rules;
    CREATE UNIQUE INDEX relist_rules_scope ON relist_rules(scope, scope_id);

    -- What a template's application did to the links, per undo step (bulk_steps.id): undo puts
    -- back each item's previous template where the item still has the step's.
    CREATE TABLE template_link_steps (
      step_id              INTEGER NOT NULL,
      local_id             INTEGER NOT NULL,
      template_id          INTEGER NOT NULL,
      previous_template_id INTEGER,
      PRIMARY KEY (step_id, local_id)
    );

    -- A deleted template takes its rules and its items' links with it, whoever deletes it.
    CREATE TRIGGER listing_templates_delete_rules AFTER DELETE ON listing_templates BEGIN
      UPDATE items SET template_id = NULL WHERE template_id = old.id;
      DELETE FROM template_link_steps WHERE template_id = old.id;
      UPDATE template_link_steps SET previous_template_id = NULL WHERE previous_template_id = old.id;
      DELETE FROM offer_rules WHERE scope = 'template' AND scope_id = old.id;
      DELETE FROM relist_rules WHERE scope = 'template' AND scope_id = old.id;
    END;
  `,
};
