// Research's reads and writes of the cache (migration 20): closed searches by key, each draft's
// last research, the requests of the last 24 hours and the seller's daily budget.
import type { Db } from '../db/open-account-db.ts';
import type { ClosedSalesPage } from './research-port.ts';

export const DEFAULT_DAILY_LIMIT = 2000;
const DAY = 86_400_000;

export interface StoredResearch {
  localId: number;
  researchKey: string;
  fetchedAt: number;
  median: number | null;
  sold: number;
  result: string;
}

export function researchStore(db: Db) {
  const getQuery = db.prepare('SELECT fetched_at AS fetchedAt, total, sales FROM market_queries WHERE key = ?');
  const putQuery = db.prepare('INSERT OR REPLACE INTO market_queries (key, fetched_at, total, sales) VALUES (?, ?, ?, ?)');
  const getResearch = db.prepare('SELECT local_id AS localId, research_key AS researchKey, fetched_at AS fetchedAt, median, sold, result FROM market_research WHERE local_id = ?');
  const putResearch = db.prepare(
    `INSERT INTO market_research (local_id, research_key, fetched_at, median, sold, result) VALUES (?, ?, ?, ?, ?, ?)
     ON CONFLICT (local_id) DO UPDATE SET research_key = excluded.research_key, fetched_at = excluded.fetched_at,
       median = excluded.median, sold = excluded.sold, result = excluded.result`,
  );
  const byKey = db.prepare(
    `SELECT median, json_extract(result, '$.stats.low') AS low, json_extract(result, '$.stats.high') AS high FROM market_research
      WHERE research_key = ? AND median IS NOT NULL ORDER BY fetched_at DESC LIMIT 1`,
  );
  const figures = db.prepare(
    `SELECT local_id AS localId, median, sold, fetched_at AS fetchedAt FROM market_research
      WHERE local_id IN (SELECT value FROM json_each(?))`,
  );
  const countSince = db.prepare('SELECT count(*) FROM research_requests WHERE at > ?').pluck();
  const logRequest = db.prepare('INSERT INTO research_requests (at) VALUES (?)');
  const prune = db.prepare('DELETE FROM research_requests WHERE at <= ?');
  const limit = db.prepare('SELECT daily_limit FROM research_settings WHERE id = 1').pluck();
  let written = 0;
  const setLimit = db.prepare('INSERT INTO research_settings (id, daily_limit) VALUES (1, ?) ON CONFLICT (id) DO UPDATE SET daily_limit = excluded.daily_limit');

  return {
    query(key: string): (ClosedSalesPage & { fetchedAt: number }) | null {
      const row = getQuery.get(key) as { fetchedAt: number; total: number; sales: string } | undefined;
      return row ? { fetchedAt: row.fetchedAt, total: row.total, sales: JSON.parse(row.sales) as ClosedSalesPage['sales'] } : null;
    },
    saveQuery(key: string, page: ClosedSalesPage, at: number): void {
      putQuery.run(key, at, page.total, JSON.stringify(page.sales));
    },
    research(localId: number): StoredResearch | null {
      return (getResearch.get(localId) as StoredResearch | undefined) ?? null;
    },
    saveResearch(r: StoredResearch): void {
      putResearch.run(r.localId, r.researchKey, r.fetchedAt, r.median, r.sold, r.result);
    },
    /** The sold prices' quartiles of the newest research of a key that gave them (any draft asked the same). */
    pricesOfKey(key: string): { low: number; median: number; high: number } | null {
      return (byKey.get(key) as { low: number; median: number; high: number } | undefined) ?? null;
    },
    /** The grid's market columns for a page of drafts. */
    figures(localIds: readonly number[]): Map<number, { median: number | null; sold: number; fetchedAt: number }> {
      const rows = figures.all(JSON.stringify(localIds)) as Array<{ localId: number; median: number | null; sold: number; fetchedAt: number }>;
      return new Map(rows.map((r) => [r.localId, { median: r.median, sold: r.sold, fetchedAt: r.fetchedAt }]));
    },
    /** The seller's budget and what the last 24 hours used of it. */
    budget(now: number): { dailyLimit: number; used: number } {
      return { dailyLimit: (limit.get() as number | undefined) ?? DEFAULT_DAILY_LIMIT, used: countSince.get(now - DAY) as number };
    },
    setDailyLimit(value: number): void {
      setLimit.run(value);
    },
    logRequest(at: number): void {
      logRequest.run(at);
      // Kept to a day and a bit: the budget reads only the last 24 hours.
      if (++written % 50 === 0) prune.run(at - 2 * DAY);
    },
  };
}

export type ResearchStore = ReturnType<typeof researchStore>;
