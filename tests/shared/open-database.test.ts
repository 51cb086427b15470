// The one opener of SQLite files, used by the service and the desktop core.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { BUSY_TIMEOUT_MS, openSqlite } from '../../shared/sqlite/open-database.ts';

const dir = mkdtempSync(join(tmpdir(), 'sqlite-open-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const settings = (db: Database.Database) => ({
  journal: db.pragma('journal_mode', { simple: true }),
  synchronous: db.pragma('synchronous', { simple: true }),
  foreignKeys: db.pragma('foreign_keys', { simple: true }),
  busyTimeout: db.pragma('busy_timeout', { simple: true }),
});

describe('opening a SQLite database', () => {
  it('sets WAL, synchronous FULL, foreign keys and the busy timeout on every open of the same file', () => {
    const file = join(dir, 'reopen.sqlite');
    for (let i = 0; i < 3; i++) {
      const db = openSqlite(file);
      expect(settings(db)).toEqual({ journal: 'wal', synchronous: 2, foreignKeys: 1, busyTimeout: BUSY_TIMEOUT_MS });
      db.close();
    }
  });

  it('opens an in-memory database with the same per-connection settings', () => {
    const db = openSqlite(':memory:');
    expect(settings(db)).toEqual({ journal: 'memory', synchronous: 2, foreignKeys: 1, busyTimeout: BUSY_TIMEOUT_MS });
    db.exec('CREATE TABLE parent (id INTEGER PRIMARY KEY); CREATE TABLE child (parent_id INTEGER REFERENCES parent(id))');
    expect(() => db.prepare('INSERT INTO child (parent_id) VALUES (1)').run()).toThrow(/FOREIGN KEY/);
    db.close();
  });
});
