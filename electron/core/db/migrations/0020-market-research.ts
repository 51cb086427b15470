// The account cache's schema, step 20 (issue 39: market research kept in the cache). Frozen once
// shipped: never edited, and it imports no live code (every value is written out here), so
// today's code cannot change what it did (electron/core/db/README.md).
import type { Migration } from '../../../../shared/sqlite/migrations.ts';

export const migration: Migration = {
  version: 20,
  name: 'market research: closed searches, each draft\'s research, the request budget',
  sql: `
    -- One closed search of the marketplace and its answer (JSON: the app's ClosedSale list), by
    -- its key (words, category, condition): the same search is asked once and read from here
    -- while it is fresh; offline, the last answer with its time.
    CREATE TABLE market_queries (
      key        TEXT PRIMARY KEY,
      fetched_at INTEGER NOT NULL,
      total      INTEGER NOT NULL,
      sales      TEXT NOT NULL
    );

    -- Each draft's last research (JSON: the IPC contract's research result), with the key of what
    -- it was asked from (title words, category, condition) and its time; median and sold count
    -- as columns for the grid's market columns. Goes with its draft.
    CREATE TABLE market_research (
      local_id     INTEGER PRIMARY KEY REFERENCES items(local_id) ON DELETE CASCADE,
      research_key TEXT NOT NULL,
      fetched_at   INTEGER NOT NULL,
      median       REAL,
      sold         INTEGER NOT NULL,
      result       TEXT NOT NULL
    );
    CREATE INDEX market_research_key ON market_research(research_key);

    -- Every request research sent (its time), for the budget of the last 24 hours; older rows
    -- are pruned as new ones are written.
    CREATE TABLE research_requests (
      id INTEGER PRIMARY KEY,
      at INTEGER NOT NULL
    );
    CREATE INDEX research_requests_at ON research_requests(at);

    -- The seller's request budget: research requests per 24 hours (one row).
    CREATE TABLE research_settings (
      id          INTEGER PRIMARY KEY CHECK (id = 1),
      daily_limit INTEGER NOT NULL CHECK (daily_limit BETWEEN 1 AND 100000)
    );
  `,
};
