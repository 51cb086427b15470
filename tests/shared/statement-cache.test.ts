// The one statement cache (shared/sqlite/statement-cache.ts): the service's connection, its search
// and bid path, and the core's bulk edit, grid search, item rows and draft writes all keep their
// prepared statements in it.
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../server/db/open.ts';
import { statementCache } from '../../shared/sqlite/statement-cache.ts';

describe('the statement cache', () => {
  it('prepares a statement once per key and hands the same one out again', () => {
    const db = new Database(':memory:');
    const cache = statementCache();
    let made = 0;
    const make = () => { made += 1; return db.prepare('SELECT 1'); };
    const first = cache('one', make);
    expect(cache('one', make)).toBe(first);
    expect(made).toBe(1);
    expect(cache('two', make)).not.toBe(first);
    expect(made).toBe(2);
    db.close();
  });

  it('starts again empty when full, so SQL built from a query\'s shape cannot grow it without end', () => {
    const db = new Database(':memory:');
    const cache = statementCache(3);
    const statements = [0, 1, 2].map((i) => cache(`k${i}`, () => db.prepare(`SELECT ${i}`)));
    expect(cache('k0', () => db.prepare('SELECT 0'))).toBe(statements[0]);
    cache('k3', () => db.prepare('SELECT 3'));
    expect(cache('k0', () => db.prepare('SELECT 0'))).not.toBe(statements[0]);
    db.close();
  });

  it('keeps the service connection\'s statements by their text, with their modes reset each time one is handed out', () => {
    const db = openDatabase(':memory:');
    const sql = 'SELECT count(*) AS n FROM users';
    const plucked = db.prepare(sql).pluck();
    expect(plucked.get()).toBe(0);
    const again = db.prepare(sql);
    expect(again).toBe(plucked);
    expect(again.get()).toEqual({ n: 0 });
    db.close();
  });
});
