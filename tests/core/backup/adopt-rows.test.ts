// What the adoption of a file's cache (backup/adopt-rows.ts, run here on the test's thread) takes
// and refuses, beyond the attacks tried over web mode (tests/app/untrusted-files.test.ts): a
// column, a generated column or an index of the file's own, more rows than its manifest says; a
// file in WAL mode copied in (its header made a rollback journal's); and derived data made again
// by our own triggers, never taken from the file.
import Database from 'better-sqlite3';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { copyIncoming } from '../../../electron/core/backup/adopt-cache.ts';
import { adoptRows, type AdoptTask } from '../../../electron/core/backup/adopt-rows.ts';
import { craftCache, type CraftedCache } from '../../support/crafted-files.ts';
import { tempFolder } from '../support.ts';

function task(dir: string, cache: CraftedCache, counts = cache.counts): AdoptTask {
  return { source: cache.path, target: join(dir, 'cache.sqlite.restoring'), folder: dir, counts, schemaVersion: cache.schemaVersion, live: null, now: Date.now(), backupTime: 0 };
}

describe('adopting a file\'s cache', () => {
  it.each([
    ['a column of its own', 'ALTER TABLE items ADD COLUMN evil TEXT', 'items'],
    ['a generated column', `ALTER TABLE items ADD COLUMN evil TEXT GENERATED ALWAYS AS (upper(title)) VIRTUAL`, 'items'],
    ['an index of its own', 'CREATE INDEX evil ON items(lower(title))', 'evil'],
    ['a view of its own', 'CREATE VIEW evil AS SELECT * FROM items', 'evil'],
  ])('refuses %s, naming it', (_what, sql, name) => {
    const dir = tempFolder();
    // The file's schema is written with SQLite's defensive checks off, as an attacker's would be.
    const cache = craftCache(join(dir, 'file.sqlite'), (db) => {
      db.unsafeMode(true);
      db.exec(sql);
    });
    expect(() => adoptRows(task(dir, cache))).toThrow(expect.objectContaining({ refusal: 'foreign-schema', what: name }));
  });

  it('refuses more rows than the manifest says', () => {
    const dir = tempFolder();
    const cache = craftCache(join(dir, 'file.sqlite'));
    expect(() => adoptRows(task(dir, cache, { ...cache.counts, items: 0 }))).toThrow(expect.objectContaining({ refusal: 'rows-differ' }));
  });

  it('reads a file left in WAL mode once copied in, and makes the derived data again: search, sort keys, category titles', async () => {
    const dir = tempFolder();
    const cache = craftCache(join(dir, 'made.sqlite'), (db) => {
      db.prepare(`INSERT INTO categories (id, parent_id, level, title, position) VALUES (7, 0, 1, 'Huonekalut', 0)`).run();
      db.prepare(`UPDATE items SET category_id = 7, note = 'vintage'`).run();
      // Derived columns the file would like us to keep.
      db.prepare(`UPDATE items SET title_key = 'zzz-first', category_title = 'Forged'`).run();
    });
    const wal = new Database(cache.path);
    wal.pragma('journal_mode = WAL');
    wal.close();
    const incoming = join(dir, 'cache.sqlite.incoming');
    await copyIncoming(cache.path, incoming, cache.cacheBytes, 'backup');
    adoptRows({ ...task(dir, cache), source: incoming });
    const db = new Database(join(dir, 'cache.sqlite.restoring'), { readonly: true });
    try {
      const row = db.prepare(`SELECT title, title_key, category_title FROM items`).get() as { title: string; title_key: string; category_title: string };
      expect(row.title).toBe('Tammipöytä');
      expect(row.title_key).not.toBe('zzz-first');
      expect(row.category_title).toBe('Huonekalut');
      expect(db.prepare(`SELECT rowid FROM items_fts WHERE items_fts MATCH 'vintage'`).pluck().all()).toEqual([1]);
      expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
    } finally {
      db.close();
    }
  });
});
