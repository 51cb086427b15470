// The account cache's schema, step 2. Frozen once shipped: never edited, and it imports no
// live code (every value is written out here), so today's code cannot change what it did
// (electron/core/db/README.md).
import type { Migration } from '../../../../shared/sqlite/migrations.ts';

export const migration: Migration = {
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
};
