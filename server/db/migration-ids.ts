// Migration 7: ids like the real marketplace's, never reused.
//
// - users, items, images, bids, offers, questions and feedbacks become AUTOINCREMENT tables, so a
//   deleted row's id is never handed out again (without it SQLite reuses the highest id after a
//   delete, and a client holding the old id — a cached item, a link in a note, an image URL served
//   as immutable — would silently reach someone else's row);
// - their sequences start in the real service's ranges (`sqlite_sequence`), so the first row of a
//   new database already has one: users 7 digits, items 9 digits, images 8 digits. Existing
//   clients take a user's id from `links.user` by looking for 3 to 8 digits, and treat ids such as
//   123456 or 999999 as items that do not exist. Existing rows keep their ids (clients and desktop
//   caches hold them); only new rows are numbered from the new starts.
//
// SQLite adds AUTOINCREMENT only by rebuilding a table, with foreign key enforcement off (a DROP
// TABLE under enforcement deletes every child row through ON DELETE CASCADE): the migration is
// marked `foreignKeysOff` and the runner checks `foreign_key_check` before it commits. Each table
// is recreated with exactly its columns, constraints and foreign keys; its indexes, and every
// trigger (full-text index, the `version` bumps of the item response cache) are recreated after
// the rows are copied, so the copy neither fires them nor changes any row's version.

/** The first id of each table in a new database (the sequence starts one below). */
export const FIRST_IDS = {
  users: 1_000_001,
  items: 600_000_001,
  images: 40_000_001,
} as const;

const sequenceStart = (table: keyof typeof FIRST_IDS) =>
  `INSERT INTO sqlite_sequence (name, seq) SELECT '${table}', max(coalesce((SELECT max(id) FROM ${table}), 0), ${FIRST_IDS[table] - 1});`;

export const IDS_MIGRATION_SQL = `
  -- Triggers first: a RENAME checks the whole schema, and the image triggers name the items
  -- table, which is briefly gone. All seven are recreated at the end.
  DROP TRIGGER items_fts_insert;
  DROP TRIGGER items_fts_update;
  DROP TRIGGER items_fts_delete;
  DROP TRIGGER items_version;
  DROP TRIGGER images_version_insert;
  DROP TRIGGER images_version_update;
  DROP TRIGGER images_version_delete;

  CREATE TABLE users_v7 (
    id            INTEGER PRIMARY KEY AUTOINCREMENT,
    username      TEXT NOT NULL UNIQUE COLLATE NOCASE,
    password_hash TEXT NOT NULL,
    type          TEXT NOT NULL CHECK (type IN ('private', 'company')),
    roles         TEXT NOT NULL DEFAULT '[]',
    description   TEXT,
    email         TEXT NOT NULL DEFAULT '',
    full_name     TEXT NOT NULL DEFAULT '',
    mobile        TEXT NOT NULL DEFAULT '',
    telephone     TEXT,
    street        TEXT NOT NULL DEFAULT '',
    town          TEXT NOT NULL DEFAULT '',
    zip           TEXT NOT NULL DEFAULT '',
    last_login    INTEGER,
    created       INTEGER NOT NULL,
    updated       INTEGER NOT NULL
  );
  INSERT INTO users_v7 SELECT * FROM users;
  DROP TABLE users;
  ALTER TABLE users_v7 RENAME TO users;

  CREATE TABLE items_v7 (
    id                      INTEGER PRIMARY KEY AUTOINCREMENT,
    seller_id               INTEGER NOT NULL REFERENCES users(id),
    status                  TEXT NOT NULL CHECK (status IN ('draft','preview','published','closed','disabled','waiting')),
    title                   TEXT,
    description             TEXT,
    sale_method             TEXT CHECK (sale_method IN ('auction','buy-now')),
    condition               TEXT,
    category_id             INTEGER REFERENCES categories(id),
    main_category_id        INTEGER,
    section_category_id     INTEGER,
    starting_price          REAL,
    current_price           REAL,
    buy_now_price           REAL,
    minimum_increase        REAL,
    reserve_price           REAL,
    quantity                INTEGER,
    quantity_left           INTEGER,
    open_days               INTEGER,
    list_time               INTEGER,
    closing_time            INTEGER,
    list_time_requested     INTEGER NOT NULL DEFAULT 0,
    postal_code             TEXT NOT NULL DEFAULT '',
    location                TEXT,
    is_location_abroad      INTEGER NOT NULL DEFAULT 0,
    delivery_methods        TEXT NOT NULL DEFAULT '[]',
    delivery_price          REAL,
    delivery_terms          TEXT,
    payment_methods         TEXT NOT NULL DEFAULT '[]',
    payment_terms           TEXT,
    identification_required INTEGER NOT NULL DEFAULT 0,
    minimum_feedback        INTEGER NOT NULL DEFAULT 0,
    republish               INTEGER NOT NULL DEFAULT 0,
    marginal_tax            INTEGER NOT NULL DEFAULT 0,
    vat                     INTEGER,
    offers_allowed          INTEGER NOT NULL DEFAULT 1,
    upgrades                TEXT NOT NULL DEFAULT '[]',
    original_id             INTEGER,
    republished_from        INTEGER,
    bidder_count            INTEGER NOT NULL DEFAULT 0,
    offer_count             INTEGER NOT NULL DEFAULT 0,
    hits                    INTEGER NOT NULL DEFAULT 0,
    sold_quantity           INTEGER NOT NULL DEFAULT 0,
    closed_at               INTEGER,
    created                 INTEGER NOT NULL,
    updated                 INTEGER NOT NULL,
    version                 INTEGER NOT NULL DEFAULT 0
  );
  INSERT INTO items_v7 SELECT * FROM items;
  DROP TABLE items;
  ALTER TABLE items_v7 RENAME TO items;
  CREATE INDEX items_seller_status ON items(seller_id, status);
  CREATE INDEX items_status_closing ON items(status, closing_time);
  CREATE INDEX items_status_list ON items(status, list_time);
  CREATE INDEX items_category ON items(category_id, status);
  CREATE INDEX items_section ON items(section_category_id, status);
  CREATE INDEX items_main ON items(main_category_id, status);
  CREATE INDEX items_status_hits ON items(status, hits);
  CREATE INDEX items_status_price ON items(status, current_price);
  CREATE INDEX items_republished ON items(republished_from);
  CREATE INDEX items_search_by_id ON items(
    id, status, closing_time, category_id, list_time, sale_method, condition, seller_id,
    bidder_count, current_price, starting_price, buy_now_price);
  CREATE INDEX items_search_by_category ON items(
    category_id, status, closing_time, list_time, sale_method, condition, seller_id,
    bidder_count, current_price, starting_price, buy_now_price);
  CREATE INDEX items_search_by_status ON items(
    status, closing_time, category_id, list_time, sale_method, condition, seller_id,
    bidder_count, current_price, starting_price, buy_now_price);
  CREATE INDEX items_status_current_price ON items(status,
    (CASE WHEN sale_method = 'buy-now' THEN buy_now_price ELSE coalesce(current_price, starting_price) END));
  CREATE INDEX items_status_bidders ON items(status, bidder_count);
  CREATE INDEX items_status_title ON items(status, title COLLATE NOCASE);

  CREATE TABLE images_v7 (
    id         INTEGER PRIMARY KEY AUTOINCREMENT,
    item_id    INTEGER NOT NULL REFERENCES items(id) ON DELETE CASCADE,
    position   INTEGER NOT NULL,
    sha256     TEXT NOT NULL,
    format     TEXT NOT NULL,
    width      INTEGER NOT NULL,
    height     INTEGER NOT NULL,
    bytes      INTEGER NOT NULL,
    created    INTEGER NOT NULL
  );
  INSERT INTO images_v7 SELECT * FROM images;
  DROP TABLE images;
  ALTER TABLE images_v7 RENAME TO images;
  CREATE INDEX images_item ON images(item_id, position);
  CREATE INDEX images_sha ON images(sha256);

  CREATE TABLE bids_v7 (
    id          INTEGER PRIMARY KEY AUTOINCREMENT,
    item_id     INTEGER NOT NULL REFERENCES items(id) ON DELETE CASCADE,
    bidder_id   INTEGER NOT NULL REFERENCES users(id),
    amount      REAL NOT NULL,
    max_amount  REAL NOT NULL,
    automatic   INTEGER NOT NULL DEFAULT 0,
    quantity    INTEGER NOT NULL DEFAULT 1,
    created     INTEGER NOT NULL
  );
  INSERT INTO bids_v7 SELECT * FROM bids;
  DROP TABLE bids;
  ALTER TABLE bids_v7 RENAME TO bids;
  CREATE INDEX bids_item ON bids(item_id, id);
  CREATE INDEX bids_bidder ON bids(bidder_id, item_id);

  CREATE TABLE offers_v7 (
    id        INTEGER PRIMARY KEY AUTOINCREMENT,
    item_id   INTEGER NOT NULL REFERENCES items(id) ON DELETE CASCADE,
    author_id INTEGER NOT NULL REFERENCES users(id),
    amount    REAL NOT NULL,
    message   TEXT,
    status    TEXT NOT NULL CHECK (status IN ('pending','accepted','refused','cancelled','expired')),
    created   INTEGER NOT NULL,
    updated   INTEGER NOT NULL,
    expires   INTEGER NOT NULL
  );
  INSERT INTO offers_v7 SELECT * FROM offers;
  DROP TABLE offers;
  ALTER TABLE offers_v7 RENAME TO offers;
  CREATE INDEX offers_item ON offers(item_id, status);
  CREATE INDEX offers_author ON offers(author_id);
  CREATE INDEX offers_pending_expiry ON offers(status, expires);

  CREATE TABLE questions_v7 (
    id        INTEGER PRIMARY KEY AUTOINCREMENT,
    item_id   INTEGER NOT NULL REFERENCES items(id) ON DELETE CASCADE,
    author_id INTEGER NOT NULL REFERENCES users(id),
    question  TEXT NOT NULL,
    answer    TEXT,
    created   INTEGER NOT NULL,
    answered  INTEGER,
    updated   INTEGER NOT NULL
  );
  INSERT INTO questions_v7 SELECT * FROM questions;
  DROP TABLE questions;
  ALTER TABLE questions_v7 RENAME TO questions;
  CREATE INDEX questions_item ON questions(item_id, id);

  CREATE TABLE feedbacks_v7 (
    id          INTEGER PRIMARY KEY AUTOINCREMENT,
    trade_id    INTEGER NOT NULL REFERENCES trades(id),
    author_id   INTEGER NOT NULL REFERENCES users(id),
    receiver_id INTEGER NOT NULL REFERENCES users(id),
    role        INTEGER NOT NULL,
    rating      INTEGER NOT NULL CHECK (rating IN (-1, 0, 1)),
    text        TEXT NOT NULL,
    answer      TEXT,
    created     INTEGER NOT NULL,
    answered    INTEGER,
    UNIQUE (trade_id, author_id)
  );
  INSERT INTO feedbacks_v7 SELECT * FROM feedbacks;
  DROP TABLE feedbacks;
  ALTER TABLE feedbacks_v7 RENAME TO feedbacks;
  CREATE INDEX feedbacks_receiver ON feedbacks(receiver_id, created);

  -- The same triggers again (migrations 1, 5 and 6).
  CREATE TRIGGER items_fts_insert AFTER INSERT ON items BEGIN
    INSERT INTO items_fts(rowid, title, body) VALUES (new.id, coalesce(new.title, ''), strip_html(new.description));
  END;
  CREATE TRIGGER items_fts_update AFTER UPDATE OF title, description ON items BEGIN
    DELETE FROM items_fts WHERE rowid = old.id;
    INSERT INTO items_fts(rowid, title, body) VALUES (new.id, coalesce(new.title, ''), strip_html(new.description));
  END;
  CREATE TRIGGER items_fts_delete AFTER DELETE ON items BEGIN
    DELETE FROM items_fts WHERE rowid = old.id;
  END;
  CREATE TRIGGER items_version AFTER UPDATE OF
    id, seller_id, status, title, description, sale_method, condition, category_id, main_category_id,
    section_category_id, starting_price, current_price, buy_now_price, minimum_increase, reserve_price,
    quantity, quantity_left, open_days, list_time, closing_time, list_time_requested, postal_code, location,
    is_location_abroad, delivery_methods, delivery_price, delivery_terms, payment_methods, payment_terms,
    identification_required, minimum_feedback, republish, marginal_tax, vat, offers_allowed, upgrades,
    original_id, republished_from, bidder_count, offer_count, sold_quantity, closed_at, created, updated
  ON items WHEN new.version = old.version BEGIN
    UPDATE items SET version = old.version + 1 WHERE id = new.id;
  END;
  CREATE TRIGGER images_version_insert AFTER INSERT ON images BEGIN
    UPDATE items SET version = version + 1 WHERE id = new.item_id;
  END;
  CREATE TRIGGER images_version_update AFTER UPDATE ON images BEGIN
    UPDATE items SET version = version + 1 WHERE id IN (old.item_id, new.item_id);
  END;
  CREATE TRIGGER images_version_delete AFTER DELETE ON images BEGIN
    UPDATE items SET version = version + 1 WHERE id = old.item_id;
  END;

  -- Sequences: never below a row that exists, never below the real service's range.
  DELETE FROM sqlite_sequence WHERE name IN ('users', 'items', 'images');
  ${sequenceStart('users')}
  ${sequenceStart('items')}
  ${sequenceStart('images')}
`;
