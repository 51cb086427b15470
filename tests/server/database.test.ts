import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DatabaseTooNewError, openDatabase, schemaVersion } from '../../server/db/open.ts';
import { MIGRATIONS } from '../../server/db/migrations.ts';

const dir = mkdtempSync(join(tmpdir(), 'market-db-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the service database', () => {
  it('keeps synchronous=FULL, WAL and foreign keys after every reopen of the same file', () => {
    const file = join(dir, 'reopen.sqlite');
    for (let i = 0; i < 3; i++) {
      const db = openDatabase(file);
      expect(db.pragma('synchronous', { simple: true })).toBe(2);
      expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
      expect(db.pragma('foreign_keys', { simple: true })).toBe(1);
      expect(schemaVersion(db)).toBe(MIGRATIONS.at(-1)!.version);
      db.close();
    }
  });

  it('refuses to open a database newer than the code', () => {
    const file = join(dir, 'newer.sqlite');
    const db = openDatabase(file);
    db.pragma(`user_version = ${MIGRATIONS.at(-1)!.version + 1}`);
    db.close();
    expect(() => openDatabase(file)).toThrow(DatabaseTooNewError);
  });

  it('hands out a cached statement with its pluck and raw modes reset', () => {
    const db = openDatabase(':memory:');
    const sql = 'SELECT 1 AS one, 2 AS two';
    expect(db.prepare(sql).pluck().get()).toBe(1);
    expect(db.prepare(sql).get()).toEqual({ one: 1, two: 2 });
    expect(db.prepare(sql).raw(true).get()).toEqual([1, 2]);
    expect(db.prepare(sql).get()).toEqual({ one: 1, two: 2 });
    expect(db.prepare(sql)).toBe(db.prepare(sql));
    db.close();
  });
});
