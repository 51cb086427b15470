// The service's schema, step 2. Frozen once shipped: never edited, and it imports no
// live code (every value is written out here), so today's code cannot change what it did
// (server/db/README.md).
import type { Migration } from '../../../shared/sqlite/migrations.ts';

export const migration: Migration = {
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
};
