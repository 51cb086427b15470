// Migration 7 (ids never reused, in the real service's ranges), on a real database file opened as
// the service opens it (foreign keys enforced), migrated from version 6 with rows in every table.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { FIRST_IDS } from '../support/real-service-ids.ts';
import { MIGRATIONS } from '../../server/db/migrations.ts';
import { migrate, schemaVersion } from '../../server/db/open.ts';
import { stripHtml } from '../../server/domain/text.ts';
import { openSqlite } from '../../shared/sqlite/open-database.ts';

const dir = mkdtempSync(join(tmpdir(), 'market-migration-7-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const TABLES = ['users', 'tokens', 'categories', 'items', 'images', 'favorites', 'bids', 'offers', 'questions', 'trades', 'feedbacks'];
const REBUILT = ['users', 'items', 'images', 'bids', 'offers', 'questions', 'feedbacks'];

function openAt(file: string, version: number): Database.Database {
  const db = openSqlite(file);
  db.function('strip_html', { deterministic: true }, (html: unknown) => stripHtml(typeof html === 'string' ? html : ''));
  migrate(db, MIGRATIONS, version);
  return db;
}

/** One row in every table, linked the way the service links them. */
function fillVersion6(db: Database.Database): void {
  db.exec(`
    INSERT INTO users (id, username, password_hash, type, created, updated) VALUES (1, 'anna', 'x', 'private', 1, 1), (2, 'ville', 'x', 'private', 1, 1);
    INSERT INTO tokens (token_hash, user_id, start_time, expires) VALUES ('h', 2, 1, 2);
    INSERT INTO categories (id, parent_id, level, title, updated) VALUES (1, 0, 1, 'Home', 1);
    INSERT INTO items (id, seller_id, status, title, description, sale_method, category_id, starting_price, created, updated)
      VALUES (1, 1, 'published', 'Brass lamp', '<p>shiny</p>', 'auction', 1, 5, 1, 1),
             (2, 1, 'closed', 'Oak table', '<p>solid</p>', 'auction', 1, 50, 1, 1);
    UPDATE items SET hits = 3, title = 'Brass lamp, tall' WHERE id = 1;
    INSERT INTO images (id, item_id, position, sha256, format, width, height, bytes, created) VALUES (1, 1, 0, 'abc', 'jpeg', 10, 10, 100, 1);
    INSERT INTO favorites (user_id, item_id, created) VALUES (2, 1, 1);
    INSERT INTO bids (id, item_id, bidder_id, amount, max_amount, automatic, created) VALUES (1, 1, 2, 5, 9, 1, 1), (2, 2, 2, 50, 50, 0, 1);
    INSERT INTO offers (id, item_id, author_id, amount, status, created, updated, expires) VALUES (1, 1, 2, 4, 'pending', 1, 1, 9);
    INSERT INTO questions (id, item_id, author_id, question, created, updated) VALUES (1, 1, 2, 'Does it work?', 1, 1);
    INSERT INTO trades (id, item_id, seller_id, buyer_id, kind, source_id, quantity, price, created) VALUES (1, 2, 1, 2, 'auction', 2, 1, 50, 1);
    INSERT INTO feedbacks (id, trade_id, author_id, receiver_id, role, rating, text, created) VALUES (1, 1, 2, 1, 1, 1, 'Fine', 1);
  `);
}

const rowsOf = (db: Database.Database) => Object.fromEntries(TABLES.map((t) => [t, db.prepare(`SELECT * FROM ${t} ORDER BY 1, 2`).all()]));
const normal = (sql: string | null) => (sql ?? '').replace(/\s+/g, ' ').replace(/\( /g, '(').replace(/ \)/g, ')').trim();
/** Every index and trigger with its SQL, and every table's columns and foreign keys. */
function schemaOf(db: Database.Database) {
  const objects = db.prepare(`SELECT type, name, tbl_name, sql FROM sqlite_schema WHERE type IN ('index', 'trigger') ORDER BY name`).all() as Array<{
    type: string;
    name: string;
    tbl_name: string;
    sql: string | null;
  }>;
  return {
    objects: objects.map((o) => ({ ...o, sql: normal(o.sql) })),
    columns: Object.fromEntries(TABLES.map((t) => [t, db.prepare('SELECT name, type, "notnull", dflt_value, pk FROM pragma_table_info(?)').all(t)])),
    foreignKeys: Object.fromEntries(TABLES.map((t) => [t, db.prepare('SELECT "table", "from", "to", on_delete FROM pragma_foreign_key_list(?)').all(t)])),
  };
}

describe('migration 7 (ids never reused, in the real ranges)', () => {
  it('keeps every row, column, index, trigger and foreign key of a version-6 database, with enforcement back on', () => {
    const db = openAt(join(dir, 'kept.sqlite'), 6);
    fillVersion6(db);
    // As another migration before this one might: a column and an index on a rebuilt table.
    db.exec("ALTER TABLE offers ADD COLUMN note TEXT NOT NULL DEFAULT 'none'; CREATE INDEX offers_note ON offers(note, item_id);");
    const rows = rowsOf(db);
    const schema = schemaOf(db);

    migrate(db, MIGRATIONS, 7);
    expect(schemaVersion(db)).toBe(7);
    expect(db.pragma('foreign_keys', { simple: true })).toBe(1);
    expect(db.pragma('foreign_key_check')).toEqual([]);
    expect(rowsOf(db)).toEqual(rows);
    expect(schemaOf(db)).toEqual(schema);
    for (const table of REBUILT) {
      const sql = db.prepare("SELECT sql FROM sqlite_schema WHERE type = 'table' AND name = ?").pluck().get(table) as string;
      expect(sql, table).toContain('AUTOINCREMENT');
    }
    db.close();
  });

  it('leaves the triggers working: full-text index, item versions, and cascades to the new tables', () => {
    const db = openAt(join(dir, 'triggers.sqlite'), 6);
    fillVersion6(db);
    migrate(db, MIGRATIONS, 7);
    const version = () => db.prepare('SELECT version FROM items WHERE id = 1').pluck().get() as number;
    const found = (words: string) => db.prepare('SELECT rowid FROM items_fts WHERE items_fts MATCH ?').pluck().all(words);
    expect(found('shiny')).toEqual([1]);

    const before = version();
    db.prepare("UPDATE items SET title = 'Copper lamp' WHERE id = 1").run();
    expect(version()).toBe(before + 1);
    expect(found('copper')).toEqual([1]);
    db.prepare('UPDATE items SET hits = hits + 1 WHERE id = 1').run();
    expect(version()).toBe(before + 1); // hits alone are not a new version (migration 6)
    db.prepare("INSERT INTO images (item_id, position, sha256, format, width, height, bytes, created) VALUES (1, 1, 'def', 'jpeg', 10, 10, 100, 2)").run();
    expect(version()).toBe(before + 2);

    // ON DELETE CASCADE still reaches the rebuilt tables, and the index entry goes too.
    db.prepare('DELETE FROM items WHERE id = 1').run();
    for (const table of ['images', 'bids', 'offers', 'questions', 'favorites']) {
      expect(db.prepare(`SELECT count(*) FROM ${table} WHERE item_id = 1`).pluck().get(), table).toBe(0);
    }
    expect(found('copper')).toEqual([]);
    // A foreign key is still enforced against the rebuilt parent.
    expect(() => db.prepare("INSERT INTO bids (item_id, bidder_id, amount, max_amount, created) VALUES (1, 2, 1, 1, 1)").run()).toThrow(/FOREIGN KEY/);
    db.close();
  });

  it('numbers new rows from the real ranges and never hands out a deleted row\'s id again', () => {
    const db = openAt(join(dir, 'sequence.sqlite'), 6);
    fillVersion6(db);
    migrate(db, MIGRATIONS, 7);
    const insert = (sql: string, ...params: unknown[]) => Number(db.prepare(sql).run(...params).lastInsertRowid);
    const user = () => insert("INSERT INTO users (username, password_hash, type, created, updated) VALUES (?, 'x', 'private', 1, 1)", `u${Math.random()}`);
    const item = () => insert("INSERT INTO items (seller_id, status, created, updated) VALUES (1, 'draft', 1, 1)");
    const image = (itemId: number) => insert("INSERT INTO images (item_id, position, sha256, format, width, height, bytes, created) VALUES (?, 0, 'x', 'jpeg', 1, 1, 1, 1)", itemId);

    // Existing rows keep their small ids; new ones start in the real ranges.
    expect([user(), item(), image(2)]).toEqual([FIRST_IDS.users, FIRST_IDS.items, FIRST_IDS.images]);

    const reuse: Array<[string, () => number]> = [
      ['users', user],
      ['items', item],
      ['images', () => image(2)],
      ['bids', () => insert('INSERT INTO bids (item_id, bidder_id, amount, max_amount, created) VALUES (2, 2, 1, 1, 1)')],
      ['offers', () => insert("INSERT INTO offers (item_id, author_id, amount, status, created, updated, expires) VALUES (2, 2, 1, 'pending', 1, 1, 1)")],
      ['questions', () => insert("INSERT INTO questions (item_id, author_id, question, created, updated) VALUES (2, 2, 'q', 1, 1)")],
      ['feedbacks', () => insert("INSERT INTO feedbacks (trade_id, author_id, receiver_id, role, rating, text, created) VALUES (1, 1, 2, 2, 1, 't', 1)")],
    ];
    for (const [table, add] of reuse) {
      const id = add();
      db.prepare(`DELETE FROM ${table} WHERE id = ?`).run(id);
      expect(add(), table).toBeGreaterThan(id);
    }
    db.close();
  });

  it('starts a new database\'s sequences in the real ranges: users 7 digits, items 9, images 8', () => {
    const db = openAt(join(dir, 'new.sqlite'), Infinity);
    const seq = Object.fromEntries((db.prepare('SELECT name, seq FROM sqlite_sequence').all() as Array<{ name: string; seq: number }>).map((r) => [r.name, r.seq]));
    expect(seq).toMatchObject({ users: FIRST_IDS.users - 1, items: FIRST_IDS.items - 1, images: FIRST_IDS.images - 1 });
    expect(String(FIRST_IDS.users)).toMatch(/^\d{7}$/);
    expect(String(FIRST_IDS.items)).toMatch(/^\d{9}$/);
    expect(String(FIRST_IDS.images)).toMatch(/^\d{8}$/);
    db.close();
  });

  it('refuses to commit a rebuild that would leave a broken foreign key, and keeps enforcement on', () => {
    const db = openAt(join(dir, 'broken.sqlite'), 6);
    fillVersion6(db);
    const broken = [...MIGRATIONS.filter((m) => m.version <= 6), { version: 7, name: 'drops a parent', sql: 'DELETE FROM users', foreignKeysOff: true }];
    expect(() => migrate(db, broken)).toThrow(/foreign key/);
    expect(schemaVersion(db)).toBe(6);
    expect(db.prepare('SELECT count(*) FROM users').pluck().get()).toBe(2);
    expect(db.pragma('foreign_keys', { simple: true })).toBe(1);
    db.close();
  });
});
