// Migration 20 (issue 39), in a file of its own beside tests/core/migrations.test.ts so the step
// can be renumbered at a merge without touching the others: the research tables, each draft's
// research going with its draft, the budget's one row.
import { describe, expect, it } from 'vitest';
import { migrate } from '../../electron/core/db/open-account-db.ts';
import { MIGRATIONS } from '../../electron/core/db/migrations.ts';
import { migration as MIGRATION_20 } from '../../electron/core/db/migrations/0020-market-research.ts';
import { openTempDb } from './support.ts';

describe('cache migration 20', () => {
  it('adds the research tables, keeps the drafts, and a draft\'s research goes with it', () => {
    const { db } = openTempDb({ upTo: MIGRATION_20.version - 1 });
    const item = Number(db.prepare(`INSERT INTO items (title, created, updated) VALUES ('Arabia Paratiisi kahvikuppi', 1, 1)`).run().lastInsertRowid);
    migrate(db, MIGRATIONS, MIGRATION_20.version);
    expect(db.prepare('SELECT title FROM items WHERE local_id = ?').pluck().get(item)).toBe('Arabia Paratiisi kahvikuppi');
    for (const table of ['market_queries', 'market_research', 'research_requests', 'research_settings']) {
      expect(db.prepare(`SELECT count(*) FROM ${table}`).pluck().get()).toBe(0);
    }
    db.prepare(`INSERT INTO market_research (local_id, research_key, fetched_at, median, sold, result) VALUES (?, 'k', 1, 22, 20, '{}')`).run(item);
    db.prepare('DELETE FROM items WHERE local_id = ?').run(item);
    expect(db.prepare('SELECT count(*) FROM market_research').pluck().get()).toBe(0);
    db.prepare('INSERT INTO research_settings (id, daily_limit) VALUES (1, 500)').run();
    expect(() => db.prepare('INSERT INTO research_settings (id, daily_limit) VALUES (2, 500)').run()).toThrow(/CHECK/);
    expect(() => db.prepare('UPDATE research_settings SET daily_limit = 0').run()).toThrow(/CHECK/);
  });
});
