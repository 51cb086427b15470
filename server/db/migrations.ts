// Numbered schema steps. Each runs in its own transaction and bumps PRAGMA user_version; they are
// bundled here statically. Times are integer milliseconds since the epoch (UTC); the HTTP layer
// formats them in the service's time zone. Money is stored in euros as REAL rounded to cents.
import type { Migration } from '../../shared/sqlite/migrations.ts';
import { addAutoincrement, ID_SEQUENCES_SQL, NEVER_REUSED } from './migration-ids.ts';

export type { Migration };

export const MIGRATIONS: readonly Migration[] = [
  {
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
  },
  {
    version: 2,
    name: 'trading: bids, offers, questions, trades, feedbacks; idempotency keys',
    sql: `
      -- One row per accepted bid request. max_amount is the bidder's secret maximum (equal to
      -- amount for plain bids); amount is the price the bid stood at when placed.
      CREATE TABLE bids (
        id          INTEGER PRIMARY KEY,
        item_id     INTEGER NOT NULL REFERENCES items(id) ON DELETE CASCADE,
        bidder_id   INTEGER NOT NULL REFERENCES users(id),
        amount      REAL NOT NULL,
        max_amount  REAL NOT NULL,
        automatic   INTEGER NOT NULL DEFAULT 0,
        quantity    INTEGER NOT NULL DEFAULT 1,
        created     INTEGER NOT NULL
      );
      CREATE INDEX bids_item ON bids(item_id, id);
      CREATE INDEX bids_bidder ON bids(bidder_id, item_id);

      CREATE TABLE offers (
        id        INTEGER PRIMARY KEY,
        item_id   INTEGER NOT NULL REFERENCES items(id) ON DELETE CASCADE,
        author_id INTEGER NOT NULL REFERENCES users(id),
        amount    REAL NOT NULL,
        message   TEXT,
        status    TEXT NOT NULL CHECK (status IN ('pending','accepted','refused','cancelled','expired')),
        created   INTEGER NOT NULL,
        updated   INTEGER NOT NULL,
        expires   INTEGER NOT NULL
      );
      CREATE INDEX offers_item ON offers(item_id, status);
      CREATE INDEX offers_author ON offers(author_id);
      CREATE INDEX offers_pending_expiry ON offers(status, expires);

      CREATE TABLE questions (
        id        INTEGER PRIMARY KEY,
        item_id   INTEGER NOT NULL REFERENCES items(id) ON DELETE CASCADE,
        author_id INTEGER NOT NULL REFERENCES users(id),
        question  TEXT NOT NULL,
        answer    TEXT,
        created   INTEGER NOT NULL,
        answered  INTEGER,
        updated   INTEGER NOT NULL
      );
      CREATE INDEX questions_item ON questions(item_id, id);

      -- A completed sale: an auction win, a buy-now purchase or an accepted offer. The unique key
      -- makes recording a trade idempotent (closing twice records nothing twice).
      CREATE TABLE trades (
        id         INTEGER PRIMARY KEY,
        item_id    INTEGER NOT NULL REFERENCES items(id),
        seller_id  INTEGER NOT NULL REFERENCES users(id),
        buyer_id   INTEGER NOT NULL REFERENCES users(id),
        kind       TEXT NOT NULL CHECK (kind IN ('auction','buy-now','offer')),
        source_id  INTEGER NOT NULL,                 -- the winning bid, buying bid or accepted offer
        quantity   INTEGER NOT NULL,
        price      REAL NOT NULL,                    -- per unit
        created    INTEGER NOT NULL,
        UNIQUE (kind, source_id)
      );
      CREATE INDEX trades_item ON trades(item_id);
      CREATE INDEX trades_buyer ON trades(buyer_id);
      CREATE INDEX trades_seller ON trades(seller_id);
      CREATE INDEX trades_pair ON trades(seller_id, buyer_id);

      CREATE TABLE feedbacks (
        id          INTEGER PRIMARY KEY,
        trade_id    INTEGER NOT NULL REFERENCES trades(id),
        author_id   INTEGER NOT NULL REFERENCES users(id),
        receiver_id INTEGER NOT NULL REFERENCES users(id),
        role        INTEGER NOT NULL,                -- 1: author was the buyer, 2: the seller
        rating      INTEGER NOT NULL CHECK (rating IN (-1, 0, 1)),
        text        TEXT NOT NULL,
        answer      TEXT,
        created     INTEGER NOT NULL,
        answered    INTEGER,
        UNIQUE (trade_id, author_id)
      );
      CREATE INDEX feedbacks_receiver ON feedbacks(receiver_id, created);

      -- Idempotency-Key (extension): a repeated POST with the same key from the same user gets the
      -- first response again instead of a second effect.
      CREATE TABLE idempotency_keys (
        user_key    TEXT NOT NULL,                   -- user id, or the token-less client marker
        key         TEXT NOT NULL,
        method      TEXT NOT NULL,
        path        TEXT NOT NULL,
        status      INTEGER NOT NULL,
        body        TEXT NOT NULL,
        created     INTEGER NOT NULL,
        PRIMARY KEY (user_key, key)
      ) WITHOUT ROWID;
    `,
  },
  {
    version: 3,
    name: 'images: ids never reused',
    // Media URLs are /media/images/<id>/<rendition> served as immutable for a year. Without
    // AUTOINCREMENT SQLite hands the id of a just-deleted last image to the next upload, and
    // caches would keep showing the old picture under the new image's URL.
    sql: `
      CREATE TABLE images_v3 (
        id         INTEGER PRIMARY KEY AUTOINCREMENT,
        item_id    INTEGER NOT NULL REFERENCES items(id) ON DELETE CASCADE,
        position   INTEGER NOT NULL,
        sha256     TEXT NOT NULL,
        format     TEXT NOT NULL,                   -- jpeg, png, webp, gif, avif
        width      INTEGER NOT NULL,                -- as displayed (EXIF orientation applied)
        height     INTEGER NOT NULL,
        bytes      INTEGER NOT NULL,
        created    INTEGER NOT NULL
      );
      INSERT INTO images_v3 (id, item_id, position, sha256, format, width, height, bytes, created)
        SELECT id, item_id, position, sha256, format, width, height, bytes, created FROM images;
      DROP TABLE images;
      ALTER TABLE images_v3 RENAME TO images;
      CREATE INDEX images_item ON images(item_id, position);
      CREATE INDEX images_sha ON images(sha256);
    `,
  },
  {
    version: 4,
    name: 'search: covering indexes for full-text, category and sorted item lists',
    sql: `
      -- Full-text searches run the FTS match first and then look each hit up by id: this index
      -- answers those lookups with the columns filters and sorts need, without reading the wide
      -- table rows (descriptions).
      CREATE INDEX items_search_by_id ON items(
        id, status, closing_time, category_id, list_time, sale_method, condition, seller_id,
        bidder_count, current_price, starting_price, buy_now_price);
      -- Category lists and category searches without words start from the category ids.
      CREATE INDEX items_search_by_category ON items(
        category_id, status, closing_time, list_time, sale_method, condition, seller_id,
        bidder_count, current_price, starting_price, buy_now_price);
      -- Counting open (or closed) items under filters other than words and categories.
      CREATE INDEX items_search_by_status ON items(
        status, closing_time, category_id, list_time, sale_method, condition, seller_id,
        bidder_count, current_price, starting_price, buy_now_price);
      -- Sorted lists without a selective filter walk an index in sort order and stop at the page.
      -- The price expression is the same as CURRENT_PRICE_SQL in server/domain/search/item-search.ts.
      CREATE INDEX items_status_current_price ON items(status,
        (CASE WHEN sale_method = 'buy-now' THEN buy_now_price ELSE coalesce(current_price, starting_price) END));
      CREATE INDEX items_status_bidders ON items(status, bidder_count);
      CREATE INDEX items_status_title ON items(status, title COLLATE NOCASE);
    `,
  },
  {
    version: 5,
    name: 'items: a version bumped by every update (response cache validator)',
    // The item GET keeps its serialized response until the row changes. `updated` has millisecond
    // resolution and two writes can share a millisecond, so a counter the database itself bumps on
    // every UPDATE of the row tells the versions apart. (recursive_triggers is off: the trigger's
    // own UPDATE does not fire it again.)
    sql: `
      ALTER TABLE items ADD COLUMN version INTEGER NOT NULL DEFAULT 0;
      CREATE TRIGGER items_version AFTER UPDATE ON items WHEN new.version = old.version BEGIN
        UPDATE items SET version = old.version + 1 WHERE id = new.id;
      END;
      -- The item's images are part of its response: any change to them is a new item version.
      CREATE TRIGGER images_version_insert AFTER INSERT ON images BEGIN
        UPDATE items SET version = version + 1 WHERE id = new.item_id;
      END;
      CREATE TRIGGER images_version_update AFTER UPDATE ON images BEGIN
        UPDATE items SET version = version + 1 WHERE id IN (old.item_id, new.item_id);
      END;
      CREATE TRIGGER images_version_delete AFTER DELETE ON images BEGIN
        UPDATE items SET version = version + 1 WHERE id = old.item_id;
      END;
    `,
  },
  {
    version: 6,
    name: 'items: counting hits is not a new item version',
    // Hits are flushed from memory every few seconds with an UPDATE of `hits` alone. They are not
    // part of the item's JSON (only the search sort `hits` reads them), so such an update must not
    // evict the cached response of every item viewed in the last seconds. The trigger now fires on
    // an UPDATE naming any column but `hits` (and `version` itself). A column added later must be
    // added to this list: the migration test walks every column of the table to catch it.
    sql: `
      DROP TRIGGER items_version;
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
    `,
  },
  {
    version: 7,
    name: 'ids like the real service\'s, never reused: AUTOINCREMENT tables with sequences in its ranges',
    run: (db) => addAutoincrement(db, NEVER_REUSED),
    sql: ID_SEQUENCES_SQL,
    foreignKeysOff: true,
  },
  {
    version: 8,
    name: 'categories: an English name beside the Finnish title',
    // The demo tree is now numbered as the real service numbers its categories (one global
    // sequence, 4 digits at most: seed/category-data.ts). A database seeded before keeps its
    // categories and ids exactly as they are (items, clients' caches, spreadsheets and links hold
    // those ids, and the service never renumbers a category); it only gains the column, empty.
    sql: `
      ALTER TABLE categories ADD COLUMN title_en TEXT;
    `,
  },
];
