// One test per step of the service's schema, like the cache's (tests/core/migrations.test.ts):
// migrate to N-1, write rows, migrate to N, check them. Steps 3 (image ids never reused), 4
// (search indexes) and 6 (hits are not an item version) have theirs beside the behaviour they
// serve: tests/server/images.test.ts, search.test.ts and item-response-cache.test.ts.
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { MIGRATIONS } from '../../server/db/migrations.ts';
import { migrate, schemaVersion } from '../../server/db/open.ts';
import { stripHtml } from '../../server/domain/text.ts';

function emptyDb() {
  const db = new Database(':memory:');
  db.pragma('foreign_keys = ON');
  db.function('strip_html', { deterministic: true }, (html: unknown) => stripHtml(typeof html === 'string' ? html : ''));
  return db;
}

const user = `INSERT INTO users (id, username, password_hash, type, created, updated) VALUES (1, 'anna', 'x', 'private', 1, 1)`;
const item = `INSERT INTO items (id, seller_id, status, title, description, created, updated) VALUES (7, 1, 'published', 'Brass lamp', '<p>old <b>brass</b></p>', 1, 1)`;

describe('each step of the service schema keeps the rows written before it', () => {
  it('numbers its steps 1, 2, 3 ... without gaps', () => {
    expect(MIGRATIONS.map((m) => m.version)).toEqual(MIGRATIONS.map((_, i) => i + 1));
  });

  it('1: creates users, items with their full-text index, images and favorites', () => {
    const db = emptyDb();
    migrate(db, MIGRATIONS, 1);
    expect(schemaVersion(db)).toBe(1);
    db.prepare(user).run();
    db.prepare(item).run();
    expect(db.prepare(`SELECT rowid FROM items_fts WHERE items_fts MATCH 'brass'`).pluck().all()).toEqual([7]);
    expect(() => db.prepare(`INSERT INTO items (seller_id, status, created, updated) VALUES (1, 'lost', 1, 1)`).run()).toThrow(/CHECK/);
    db.prepare(`INSERT INTO favorites (user_id, item_id, created) VALUES (1, 7, 1)`).run();
    db.prepare(`DELETE FROM items WHERE id = 7`).run();
    expect(db.prepare(`SELECT count(*) FROM favorites`).pluck().get()).toBe(0);
    db.close();
  });

  it('2: adds trading and idempotency keys without touching users or items', () => {
    const db = emptyDb();
    migrate(db, MIGRATIONS, 1);
    db.prepare(user).run();
    db.prepare(item).run();
    migrate(db, MIGRATIONS, 2);
    expect(db.prepare(`SELECT id, title FROM items`).get()).toEqual({ id: 7, title: 'Brass lamp' });
    db.prepare(`INSERT INTO bids (item_id, bidder_id, amount, max_amount, created) VALUES (7, 1, 5, 9, 2)`).run();
    expect(() => db.prepare(`INSERT INTO feedbacks (trade_id, author_id, receiver_id, role, rating, text, created) VALUES (1, 1, 1, 1, 2, 'x', 1)`).run()).toThrow();
    db.close();
  });

  it('5: starts every item at version 0 and bumps it on an update and on an image change', () => {
    const db = emptyDb();
    migrate(db, MIGRATIONS, 4);
    db.prepare(user).run();
    db.prepare(item).run();
    migrate(db, MIGRATIONS, 5);
    const version = () => db.prepare('SELECT version FROM items WHERE id = 7').pluck().get();
    expect(version()).toBe(0);
    db.prepare(`UPDATE items SET title = 'Copper lamp' WHERE id = 7`).run();
    expect(version()).toBe(1);
    db.prepare(`INSERT INTO images (item_id, position, sha256, format, width, height, bytes, created) VALUES (7, 0, 'x', 'jpeg', 1, 1, 1, 1)`).run();
    expect(version()).toBe(2);
    db.close();
  });

  it('8: keeps an old tree\'s categories and ids as they are and gives them an empty English name', () => {
    const db = emptyDb();
    migrate(db, MIGRATIONS, 7);
    db.prepare(user).run();
    db.prepare(`INSERT INTO categories (id, parent_id, level, title, position, updated) VALUES (1, 0, 1, 'Home & Garden', 0, 1), (101, 1, 2, 'Furniture', 0, 1), (10101, 101, 3, 'Sofas', 0, 1)`).run();
    db.prepare(`INSERT INTO items (id, seller_id, status, title, category_id, created, updated) VALUES (7, 1, 'published', 'Sofa', 10101, 1, 1)`).run();
    migrate(db, MIGRATIONS, 8);
    expect(db.prepare(`SELECT id, parent_id, level, title, title_en FROM categories ORDER BY id`).all()).toEqual([
      { id: 1, parent_id: 0, level: 1, title: 'Home & Garden', title_en: null },
      { id: 101, parent_id: 1, level: 2, title: 'Furniture', title_en: null },
      { id: 10101, parent_id: 101, level: 3, title: 'Sofas', title_en: null },
    ]);
    expect(db.prepare(`SELECT category_id FROM items WHERE id = 7`).pluck().get()).toBe(10101);
    db.close();
  });
});
