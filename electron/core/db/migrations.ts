// The desktop cache's schema as numbered steps, bundled statically. Each step runs in its own
// transaction and bumps PRAGMA user_version (see open-account-db.ts). Never edit a shipped step:
// add a new one at the end. Times are epoch milliseconds unless a column says otherwise.
import type { Migration } from '../../../shared/sqlite/migrations.ts';
import { itemDetailsMigration } from './steps/020-item-details.ts';

export type { Migration };

const SYNC_STATES = `'local-only','queued','sending','outcome-unknown','synced','rejected','conflict'`;
const ITEM_STATUSES = `'draft','preview','published','closed','disabled','waiting'`;
const OUTBOX_KINDS = `'create','edit','delete','set-status','add-image','remove-image','reorder-images','answer-question','offer-decision','copy'`;

export const MIGRATIONS: readonly Migration[] = [
  {
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
  },
  {
    version: 2,
    name: 'trading caches, categories, settings, cursors, audit log',
    sql: `
      CREATE TABLE questions (
        remote_id      INTEGER PRIMARY KEY,
        item_remote_id INTEGER NOT NULL,
        question       TEXT NOT NULL,
        answer         TEXT,
        author         TEXT NOT NULL,
        created        TEXT NOT NULL,
        answered       TEXT,
        pending_answer TEXT,                 -- typed locally, queued in the outbox
        record         TEXT NOT NULL         -- the server's JSON
      );
      CREATE INDEX questions_item ON questions(item_remote_id);

      CREATE TABLE offers (
        remote_id        INTEGER PRIMARY KEY,
        item_remote_id   INTEGER NOT NULL,
        amount           REAL NOT NULL,
        message          TEXT,
        status           TEXT NOT NULL,
        author           TEXT NOT NULL,
        expires          TEXT NOT NULL,
        pending_decision TEXT CHECK (pending_decision IN ('accepted','refused')),
        record           TEXT NOT NULL
      );
      CREATE INDEX offers_item ON offers(item_remote_id);

      CREATE TABLE bids (
        remote_id      INTEGER PRIMARY KEY,
        item_remote_id INTEGER NOT NULL,
        amount         REAL NOT NULL,
        time           TEXT NOT NULL,
        bidder         TEXT NOT NULL,
        record         TEXT NOT NULL
      );
      CREATE INDEX bids_item ON bids(item_remote_id, amount);

      CREATE TABLE categories (
        id        INTEGER PRIMARY KEY,
        parent_id INTEGER NOT NULL,          -- 0: a main category
        level     INTEGER NOT NULL CHECK (level BETWEEN 1 AND 3),
        title     TEXT NOT NULL,
        position  INTEGER NOT NULL
      );
      CREATE INDEX categories_parent ON categories(parent_id, position);

      -- The user's settings (GET /users/{id}/settings) as the service last sent them; one row.
      CREATE TABLE user_settings (
        id         INTEGER PRIMARY KEY CHECK (id = 1),
        json       TEXT NOT NULL,
        fetched_at INTEGER NOT NULL
      );

      -- Pull cursors, committed in the same transaction as the page they follow.
      CREATE TABLE sync_cursors (name TEXT PRIMARY KEY, value TEXT NOT NULL, updated INTEGER NOT NULL);

      -- Every request sent for an item: what, with which key, and how it ended.
      CREATE TABLE request_log (
        id              INTEGER PRIMARY KEY,
        item_local_id   INTEGER,
        outbox_id       INTEGER,
        method          TEXT NOT NULL,
        path            TEXT NOT NULL,
        idempotency_key TEXT,
        status          INTEGER,             -- null: no response (timeout, connection lost)
        outcome         TEXT NOT NULL CHECK (outcome IN ('sent','ok','rejected','failed','unknown')),
        error           TEXT,
        sent_at         INTEGER NOT NULL,
        finished_at     INTEGER
      );
      CREATE INDEX request_log_item ON request_log(item_local_id, id);
    `,
  },
  {
    version: 3,
    name: 'full-text search and grid indexes',
    sql: `
      -- Contentless index: the text lives in items; rowid = items.local_id. html_text() is a
      -- function registered on every connection by open-account-db.ts.
      CREATE VIRTUAL TABLE items_fts USING fts5(
        title, body, content='', contentless_delete=1, tokenize='unicode61 remove_diacritics 2',
        prefix='2 3'  -- the grid searches as the user types: short prefixes must be cheap
      );
      INSERT INTO items_fts(rowid, title, body)
        SELECT local_id, coalesce(title, ''), html_text(description) FROM items;
      CREATE TRIGGER items_fts_insert AFTER INSERT ON items BEGIN
        INSERT INTO items_fts(rowid, title, body) VALUES (new.local_id, coalesce(new.title, ''), html_text(new.description));
      END;
      CREATE TRIGGER items_fts_update AFTER UPDATE OF title, description ON items BEGIN
        DELETE FROM items_fts WHERE rowid = old.local_id;
        INSERT INTO items_fts(rowid, title, body) VALUES (new.local_id, coalesce(new.title, ''), html_text(new.description));
      END;
      CREATE TRIGGER items_fts_delete AFTER DELETE ON items BEGIN
        DELETE FROM items_fts WHERE rowid = old.local_id;
      END;

      -- The grid's price: what a buyer pays now, else the asking price.
      ALTER TABLE items ADD COLUMN grid_price REAL
        GENERATED ALWAYS AS (coalesce(current_price, buy_now_price, starting_price)) VIRTUAL;
      -- One index on updated serves the default sort with or without a status filter (few
      -- statuses): a second, (status, updated), would double the index work of every edit.
      CREATE INDEX items_updated ON items(updated);
      CREATE INDEX items_status ON items(status);
      CREATE INDEX items_price ON items(grid_price);
      CREATE INDEX items_category ON items(category_id, updated);
      CREATE INDEX items_title ON items(title COLLATE NOCASE);
      CREATE INDEX items_sync_state ON items(sync_state) WHERE sync_state <> 'synced';
    `,
  },
  {
    version: 4,
    name: 'undo journal for bulk work',
    sql: `
      -- One row per bulk step (bulk edit, CSV import). previous: JSON {localId: {field: value}}
      -- of the values before the step; applied: JSON of what the step set. Undo is one step.
      CREATE TABLE bulk_steps (
        id         INTEGER PRIMARY KEY AUTOINCREMENT,
        kind       TEXT NOT NULL CHECK (kind IN ('bulk-edit','csv-import')),
        item_count INTEGER NOT NULL,
        previous   TEXT NOT NULL,
        applied    TEXT NOT NULL,
        created    INTEGER NOT NULL,
        undone_at  INTEGER
      );
      -- Which step wrote an outbox row: the check that a step's changes and its outbox rows
      -- were committed together. No foreign key: the check would cost a lookup per row of a
      -- 10,000-row bulk edit, and steps are only ever inserted by the same transaction.
      ALTER TABLE outbox ADD COLUMN step_id INTEGER;
    `,
  },
  {
    version: 5,
    name: 'canned answers',
    sql: `
      -- The seller's canned answers of this account: one row holding the whole list (JSON
      -- [{name, text}], parsed with shared/canned-answers.ts on every read), replaced at once
      -- when the seller saves. No row: the defaults are used (the list was never changed).
      CREATE TABLE canned_answers (
        id      INTEGER PRIMARY KEY CHECK (id = 1),
        json    TEXT NOT NULL,
        updated INTEGER NOT NULL
      );
    `,
  },
  {
    version: 6,
    name: 'items: the seller\'s own SKU (local only), sortable and found by search',
    sql: `
      -- The seller's own stock code or label: never sent to the marketplace (shared/item-fields.ts).
      ALTER TABLE items ADD COLUMN sku TEXT;
      CREATE INDEX items_sku ON items(sku COLLATE NOCASE);  -- the grid's sort by SKU
      -- Search finds an item by its SKU too: the SKU goes into the body column, so the FTS table
      -- keeps its shape and no existing row needs reindexing (every SKU is NULL until now).
      DROP TRIGGER items_fts_insert;
      DROP TRIGGER items_fts_update;
      CREATE TRIGGER items_fts_insert AFTER INSERT ON items BEGIN
        INSERT INTO items_fts(rowid, title, body)
          VALUES (new.local_id, coalesce(new.title, ''), html_text(new.description) || ' ' || coalesce(new.sku, ''));
      END;
      CREATE TRIGGER items_fts_update AFTER UPDATE OF title, description, sku ON items BEGIN
        DELETE FROM items_fts WHERE rowid = old.local_id;
        INSERT INTO items_fts(rowid, title, body)
          VALUES (new.local_id, coalesce(new.title, ''), html_text(new.description) || ' ' || coalesce(new.sku, ''));
      END;
    `,
  },
  {
    version: 7,
    name: 'photo edits',
    sql: `
      -- The seller's rotation and crop of a photo, JSON {rotate, crop} (shared/ipc.ts
      -- ImageEditsSchema); NULL: none. Non-destructive: the prepared photo of the source stays
      -- (images/<source sha>.jpg) and file_path/thumb_path name the edited copy made from it.
      ALTER TABLE images ADD COLUMN edits TEXT;
    `,
  },
  {
    version: 8,
    name: 'spreadsheet column mappings remembered per header set',
    sql: `
      -- How the seller mapped the headings of a spreadsheet to fields, keyed by the file's whole
      -- header (headings trimmed, lower case, joined with a tab): the next export of the same
      -- sheet maps itself. mapping is JSON {heading: field | null}.
      CREATE TABLE import_mappings (
        header_key TEXT PRIMARY KEY,
        mapping    TEXT NOT NULL,
        updated    INTEGER NOT NULL
      );
    `,
  },
  {
    version: 9,
    name: 'items: the seller\'s private note (local only), sortable and found by search',
    sql: `
      -- The seller's private note: never sent to the marketplace (shared/item-fields.ts).
      ALTER TABLE items ADD COLUMN note TEXT;
      CREATE INDEX items_note ON items(note COLLATE NOCASE);  -- the grid's sort by note
      -- Search finds an item by its note too, in the body column beside the SKU (as in step 6:
      -- every note is NULL until now, so no row needs reindexing).
      DROP TRIGGER items_fts_insert;
      DROP TRIGGER items_fts_update;
      CREATE TRIGGER items_fts_insert AFTER INSERT ON items BEGIN
        INSERT INTO items_fts(rowid, title, body)
          VALUES (new.local_id, coalesce(new.title, ''), html_text(new.description) || ' ' || coalesce(new.sku, '') || ' ' || coalesce(new.note, ''));
      END;
      CREATE TRIGGER items_fts_update AFTER UPDATE OF title, description, sku, note ON items BEGIN
        DELETE FROM items_fts WHERE rowid = old.local_id;
        INSERT INTO items_fts(rowid, title, body)
          VALUES (new.local_id, coalesce(new.title, ''), html_text(new.description) || ' ' || coalesce(new.sku, '') || ' ' || coalesce(new.note, ''));
      END;
    `,
  },
  {
    version: 10,
    name: 'sync marks: where the last complete pull of each kind got to, in the service\'s time',
    sql: `
      -- An incremental pull asks the service only for what changed since its mark (the \`updated\`
      -- of the service's answer when that pull began, so the service's clock, never ours). Kept
      -- apart from sync_cursors: a cursor is an unfinished pull and goes when the pull ends; a
      -- mark stays. A mark is written only once the pull it ends has committed everything it read.
      CREATE TABLE sync_marks (name TEXT PRIMARY KEY, value TEXT NOT NULL, updated INTEGER NOT NULL);
    `,
  },
  {
    version: 11,
    name: 'the grid at a seller\'s volume: an index per sort over live items, category names',
    sql: `
      -- The category's name beside its id, for the grid's cells and its sort by name: kept by
      -- triggers, so every writer of items (drafts, import, pull) and of the tree (a pull) keeps it.
      ALTER TABLE items ADD COLUMN category_title TEXT;
      UPDATE items SET category_title = (SELECT title FROM categories WHERE id = items.category_id) WHERE category_id IS NOT NULL;
      CREATE TRIGGER items_category_title_insert AFTER INSERT ON items WHEN new.category_id IS NOT NULL BEGIN
        UPDATE items SET category_title = (SELECT title FROM categories WHERE id = new.category_id) WHERE local_id = new.local_id;
      END;
      CREATE TRIGGER items_category_title_update AFTER UPDATE OF category_id ON items BEGIN
        UPDATE items SET category_title = (SELECT title FROM categories WHERE id = new.category_id) WHERE local_id = new.local_id;
      END;
      CREATE TRIGGER categories_title_insert AFTER INSERT ON categories BEGIN
        UPDATE items SET category_title = new.title WHERE category_id = new.id;
      END;
      CREATE TRIGGER categories_title_update AFTER UPDATE OF title ON categories WHEN old.title IS NOT new.title BEGIN
        UPDATE items SET category_title = new.title WHERE category_id = new.id;
      END;
      CREATE TRIGGER categories_title_delete AFTER DELETE ON categories BEGIN
        UPDATE items SET category_title = NULL WHERE category_id = old.id;
      END;

      -- One index per grid sort, over live items only (the grid never shows tombstones), with the
      -- status beside the sorted value: a page in any sort and status filter is read from the
      -- index in order and stops after its rows (no scan of every item and no sort of all of
      -- them), and the status filter is checked without reading the item.
      CREATE INDEX items_grid_updated ON items(updated, status) WHERE deleted_at IS NULL;
      CREATE INDEX items_grid_title ON items(title COLLATE NOCASE, status) WHERE deleted_at IS NULL;
      CREATE INDEX items_grid_buy_now ON items(buy_now_price, status) WHERE deleted_at IS NULL;
      CREATE INDEX items_grid_starting ON items(starting_price, status) WHERE deleted_at IS NULL;
      CREATE INDEX items_grid_quantity ON items(quantity, status) WHERE deleted_at IS NULL;
      CREATE INDEX items_grid_category ON items(category_title COLLATE NOCASE, status) WHERE deleted_at IS NULL;
      CREATE INDEX items_grid_open_days ON items(open_days, status) WHERE deleted_at IS NULL;
      CREATE INDEX items_grid_sku ON items(sku COLLATE NOCASE, status) WHERE deleted_at IS NULL;
      CREATE INDEX items_grid_note ON items(note COLLATE NOCASE, status) WHERE deleted_at IS NULL;
      CREATE INDEX items_grid_status ON items(status) WHERE deleted_at IS NULL;
      -- The count of a status filter reads only this index (SQLite reads each item for deleted_at
      -- through a partial one); it serves every query items_status served.
      CREATE INDEX items_status_live ON items(status, deleted_at);
      -- Search as the seller types, counted in the full-text index alone: its rows carry the item's
      -- status and whether it is live as tokens of a third column (zzstatus<status>, zzlive), so
      -- the count of a search in a status filter needs no read of each matching item (the grid
      -- asks for it on every keystroke). One-letter prefixes are indexed too: the first keystroke.
      DROP TRIGGER items_fts_insert;
      DROP TRIGGER items_fts_update;
      DROP TRIGGER items_fts_delete;
      DROP TABLE items_fts;
      CREATE VIRTUAL TABLE items_fts USING fts5(
        title, body, tags, content='', contentless_delete=1, tokenize='unicode61 remove_diacritics 2', prefix='1 2 3'
      );
      INSERT INTO items_fts(rowid, title, body, tags)
        SELECT local_id, coalesce(title, ''), html_text(description) || ' ' || coalesce(sku, '') || ' ' || coalesce(note, ''),
          'zzstatus' || status || CASE WHEN deleted_at IS NULL THEN ' zzlive' ELSE '' END
        FROM items;
      CREATE TRIGGER items_fts_insert AFTER INSERT ON items BEGIN
        INSERT INTO items_fts(rowid, title, body, tags)
          VALUES (new.local_id, coalesce(new.title, ''), html_text(new.description) || ' ' || coalesce(new.sku, '') || ' ' || coalesce(new.note, ''),
            'zzstatus' || new.status || CASE WHEN new.deleted_at IS NULL THEN ' zzlive' ELSE '' END);
      END;
      CREATE TRIGGER items_fts_update AFTER UPDATE OF title, description, sku, note, status, deleted_at ON items BEGIN
        DELETE FROM items_fts WHERE rowid = old.local_id;
        INSERT INTO items_fts(rowid, title, body, tags)
          VALUES (new.local_id, coalesce(new.title, ''), html_text(new.description) || ' ' || coalesce(new.sku, '') || ' ' || coalesce(new.note, ''),
            'zzstatus' || new.status || CASE WHEN new.deleted_at IS NULL THEN ' zzlive' ELSE '' END);
      END;
      CREATE TRIGGER items_fts_delete AFTER DELETE ON items BEGIN
        DELETE FROM items_fts WHERE rowid = old.local_id;
      END;

      -- Superseded by the grid's indexes above.
      DROP INDEX items_status;
      DROP INDEX items_title;
      DROP INDEX items_sku;
      DROP INDEX items_note;
    `,
  },
  {
    version: 12,
    name: 'items: the code of the marketplace\'s refusal beside its message',
    sql: `
      -- The service's machine code (its error body's \`code\`, or the API client's own) of the
      -- refusal that rejected the item: the app words it in the seller's language, while
      -- reject_reason keeps the service's English message for logs. Refusals from before have none.
      ALTER TABLE items ADD COLUMN reject_code TEXT;
    `,
  },
  {
    version: 13,
    name: 'listing templates of this account',
    sql: `
      -- The seller's listing templates: saved defaults for new drafts and for a selection (any
      -- field of shared/item-fields.ts, the description HTML with the placeholders of
      -- shared/listing-templates.ts). fields is JSON {field: value}, parsed field by field with the
      -- draft rules on every read. Names are unique ignoring case (ASCII, as NOCASE compares;
      -- the core also compares with toLocaleLowerCase before it writes).
      CREATE TABLE listing_templates (
        id      INTEGER PRIMARY KEY AUTOINCREMENT,
        name    TEXT NOT NULL,
        fields  TEXT NOT NULL,
        created INTEGER NOT NULL,
        updated INTEGER NOT NULL
      );
      CREATE UNIQUE INDEX listing_templates_name ON listing_templates(name COLLATE NOCASE);
    `,
  },
  {
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
  },
  {
    version: 15,
    name: 'imports written in batches: the rows of an import not yet made visible',
    sql: `
      -- An import in progress, one row each (its id names its pending rows).
      CREATE TABLE import_runs (
        id      INTEGER PRIMARY KEY AUTOINCREMENT,
        started INTEGER NOT NULL
      );
      -- A draft an import has written but not yet shown: the item is a tombstone (deleted_at set,
      -- no outbox row) until the import's last short transaction makes every one of them a draft
      -- and queues its 'create' row with this payload. Pending rows of an import that did not end
      -- (the app stopped) are removed with their items when the account is opened.
      CREATE TABLE import_pending (
        local_id  INTEGER PRIMARY KEY,
        import_id INTEGER NOT NULL,
        payload   TEXT NOT NULL
      );
      CREATE INDEX import_pending_import ON import_pending(import_id);
    `,
  },
  {
    version: 16,
    name: 'the grid sorts in Finnish: titles by a Finnish key, empty prices last',
    sql: `
      -- The title's sort key (Å, Ä, Ö after Z; numbers in their value's order): title_sort_key()
      -- is registered on the connection (electron/core/db/sort-key.ts), kept by triggers, so
      -- every writer of items keeps it; the grid reads a page in order from its index.
      ALTER TABLE items ADD COLUMN title_key TEXT;
      UPDATE items SET title_key = title_sort_key(title);
      CREATE TRIGGER items_title_key_insert AFTER INSERT ON items BEGIN
        UPDATE items SET title_key = title_sort_key(new.title) WHERE local_id = new.local_id;
      END;
      CREATE TRIGGER items_title_key_update AFTER UPDATE OF title ON items WHEN old.title IS NOT new.title BEGIN
        UPDATE items SET title_key = title_sort_key(new.title) WHERE local_id = new.local_id;
      END;
      CREATE INDEX items_grid_title_key ON items(title_key, status) WHERE deleted_at IS NULL;
      DROP INDEX items_grid_title;

      -- Prices: an item without one comes last in ascending order too (read from these); in
      -- descending order migration 11's (price, status) indexes, read backwards, end with them.
      CREATE INDEX items_grid_buy_now_set ON items(buy_now_price IS NULL, buy_now_price, status) WHERE deleted_at IS NULL;
      CREATE INDEX items_grid_starting_set ON items(starting_price IS NULL, starting_price, status) WHERE deleted_at IS NULL;
    `,
  },
  {
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
  },
  {
    version: 18,
    name: 'category names in English beside the Finnish ones',
    sql: `
      -- The service's English name of a category (titleEn, its migration 8), kept beside the
      -- Finnish title for English screens; NULL where the service has none. Only screens read it:
      -- what goes to the marketplace (a template's {category}) keeps the Finnish title.
      ALTER TABLE categories ADD COLUMN title_en TEXT;
    `,
  },
  {
    version: 19,
    name: 'the grid sorts English screens by the categories\' English names',
    sql: `
      -- The category's English name beside its Finnish one (its Finnish one where the service has
      -- no English), for English screens' sort by category: kept by triggers as category_title is.
      -- Migration 11's item triggers are replaced by ones that set both names in one update (an
      -- import of 100,000 rows runs them once per row).
      ALTER TABLE items ADD COLUMN category_title_en TEXT;
      UPDATE items SET category_title_en = (SELECT coalesce(title_en, title) FROM categories WHERE id = items.category_id) WHERE category_id IS NOT NULL;
      DROP TRIGGER items_category_title_insert;
      DROP TRIGGER items_category_title_update;
      CREATE TRIGGER items_category_titles_insert AFTER INSERT ON items WHEN new.category_id IS NOT NULL BEGIN
        UPDATE items SET (category_title, category_title_en) = (SELECT title, coalesce(title_en, title) FROM categories WHERE id = new.category_id)
          WHERE local_id = new.local_id;
      END;
      CREATE TRIGGER items_category_titles_update AFTER UPDATE OF category_id ON items BEGIN
        UPDATE items SET (category_title, category_title_en) = (SELECT title, coalesce(title_en, title) FROM categories WHERE id = new.category_id)
          WHERE local_id = new.local_id;
      END;
      CREATE TRIGGER categories_title_en_insert AFTER INSERT ON categories BEGIN
        UPDATE items SET category_title_en = coalesce(new.title_en, new.title) WHERE category_id = new.id;
      END;
      CREATE TRIGGER categories_title_en_update AFTER UPDATE OF title, title_en ON categories
        WHEN old.title IS NOT new.title OR old.title_en IS NOT new.title_en BEGIN
        UPDATE items SET category_title_en = coalesce(new.title_en, new.title) WHERE category_id = new.id;
      END;
      CREATE TRIGGER categories_title_en_delete AFTER DELETE ON categories BEGIN
        UPDATE items SET category_title_en = NULL WHERE category_id = old.id;
      END;
      CREATE INDEX items_grid_category_en ON items(category_title_en COLLATE NOCASE, status) WHERE deleted_at IS NULL;
    `,
  },
  // From 20 on, one file per step (steps/).
  itemDetailsMigration,
];
