// The service's schema, step 1. Frozen once shipped: never edited, and it imports no
// live code (every value is written out here), so today's code cannot change what it did
// (server/db/README.md).
import type { Migration } from '../../../shared/sqlite/migrations.ts';

export const migration: Migration = {
  version: 1,
  name: 'users, tokens, categories, items, images, favorites',
  sql: `
    CREATE TABLE users (
      id            INTEGER PRIMARY KEY,
      username      TEXT NOT NULL UNIQUE COLLATE NOCASE,
      password_hash TEXT NOT NULL,
      type          TEXT NOT NULL CHECK (type IN ('private', 'company')),
      roles         TEXT NOT NULL DEFAULT '[]',   -- JSON array of role names
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

    -- Only a hash of each token is stored: a copied database file grants no sessions.
    CREATE TABLE tokens (
      token_hash TEXT PRIMARY KEY,
      user_id    INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      start_time INTEGER NOT NULL,
      expires    INTEGER NOT NULL
    );
    CREATE INDEX tokens_expires ON tokens(expires);

    CREATE TABLE categories (
      id        INTEGER PRIMARY KEY,
      parent_id INTEGER NOT NULL DEFAULT 0,          -- 0: a main category
      level     INTEGER NOT NULL CHECK (level BETWEEN 1 AND 3),
      title     TEXT NOT NULL,
      position  INTEGER NOT NULL DEFAULT 0,
      updated   INTEGER NOT NULL
    );
    CREATE INDEX categories_parent ON categories(parent_id, position);

    CREATE TABLE items (
      id                      INTEGER PRIMARY KEY,
      seller_id               INTEGER NOT NULL REFERENCES users(id),
      status                  TEXT NOT NULL CHECK (status IN ('draft','preview','published','closed','disabled','waiting')),
      title                   TEXT,
      description             TEXT,
      sale_method             TEXT CHECK (sale_method IN ('auction','buy-now')),
      condition               TEXT,
      category_id             INTEGER REFERENCES categories(id),
      main_category_id        INTEGER,               -- denormalised for search by category
      section_category_id     INTEGER,
      starting_price          REAL,
      current_price           REAL,
      buy_now_price           REAL,
      minimum_increase        REAL,
      reserve_price           REAL,
      quantity                INTEGER,               -- units listed
      quantity_left           INTEGER,               -- units not yet sold (buy-now)
      open_days               INTEGER,
      list_time               INTEGER,               -- requested or actual start
      closing_time            INTEGER,
      list_time_requested     INTEGER NOT NULL DEFAULT 0, -- 1: listTime/closingTime were given explicitly
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
      updated                 INTEGER NOT NULL
    );
    CREATE INDEX items_seller_status ON items(seller_id, status);
    CREATE INDEX items_status_closing ON items(status, closing_time);
    CREATE INDEX items_status_list ON items(status, list_time);
    CREATE INDEX items_category ON items(category_id, status);
    CREATE INDEX items_section ON items(section_category_id, status);
    CREATE INDEX items_main ON items(main_category_id, status);
    CREATE INDEX items_status_hits ON items(status, hits);
    CREATE INDEX items_status_price ON items(status, current_price);
    CREATE INDEX items_republished ON items(republished_from);

    -- Full-text search over title and description (HTML stripped by strip_html(), a function
    -- registered on every connection). External content: the rows live in items.
    CREATE VIRTUAL TABLE items_fts USING fts5(
      title, body, content='', contentless_delete=1, tokenize='unicode61 remove_diacritics 2'
    );
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

    CREATE TABLE images (
      id         INTEGER PRIMARY KEY,
      item_id    INTEGER NOT NULL REFERENCES items(id) ON DELETE CASCADE,
      position   INTEGER NOT NULL,
      sha256     TEXT NOT NULL,
      format     TEXT NOT NULL,                   -- jpeg, png, webp, gif, avif...
      width      INTEGER NOT NULL,
      height     INTEGER NOT NULL,
      bytes      INTEGER NOT NULL,
      created    INTEGER NOT NULL
    );
    CREATE INDEX images_item ON images(item_id, position);
    CREATE INDEX images_sha ON images(sha256);

    CREATE TABLE favorites (
      user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      item_id INTEGER NOT NULL REFERENCES items(id) ON DELETE CASCADE,
      created INTEGER NOT NULL,
      PRIMARY KEY (user_id, item_id)
    ) WITHOUT ROWID;
  `,
};
