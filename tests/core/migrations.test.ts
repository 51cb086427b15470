import { join } from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { DatabaseTooNewError, latestVersion, migrate, openAccountDb, schemaVersion } from '../../electron/core/db/open-account-db.ts';
import { MIGRATIONS } from '../../electron/core/db/migrations.ts';
import { gridSearch } from '../../electron/core/search/grid-search.ts';
import { openTempDb, tempFolder } from './support.ts';

describe('opening an account cache', () => {
  it('sets WAL, synchronous FULL, foreign keys and a busy timeout on every open', () => {
    const { db, path } = openTempDb();
    db.close();
    for (let i = 0; i < 2; i++) {
      const again = openAccountDb(path);
      expect(again.pragma('journal_mode', { simple: true })).toBe('wal');
      expect(again.pragma('synchronous', { simple: true })).toBe(2);
      expect(again.pragma('foreign_keys', { simple: true })).toBe(1);
      expect(again.pragma('busy_timeout', { simple: true })).toBe(5000);
      expect(schemaVersion(again)).toBe(latestVersion());
      again.close();
    }
  });

  it('refuses a file written by a newer app and leaves it as it was', () => {
    const path = join(tempFolder(), 'newer.sqlite');
    const raw = new Database(path);
    raw.pragma(`user_version = ${latestVersion() + 1}`);
    raw.close();
    expect(() => openAccountDb(path)).toThrow(DatabaseTooNewError);
    const check = new Database(path);
    expect(check.pragma('user_version', { simple: true })).toBe(latestVersion() + 1);
    check.close();
  });

  it('keeps the previous version when a migration fails half-way', () => {
    const path = join(tempFolder(), 'broken.sqlite');
    const broken = [MIGRATIONS[0]!, { version: 2, name: 'broken', sql: 'CREATE TABLE half (x); INSERT INTO nowhere VALUES (1);' }];
    expect(() => openAccountDb(path, { migrations: broken })).toThrow(/nowhere/);
    const db = openAccountDb(path, { upTo: 1 });
    expect(schemaVersion(db)).toBe(1);
    expect(db.prepare(`SELECT count(*) FROM sqlite_master WHERE name = 'half'`).pluck().get()).toBe(0);
    db.close();
  });

  it('numbers its migrations 1, 2, 3 ... without gaps', () => {
    expect(MIGRATIONS.map((m) => m.version)).toEqual(MIGRATIONS.map((_, i) => i + 1));
  });
});

describe('each migration keeps the rows written before it', () => {
  it('1: creates items, images and the outbox; images go with their item', () => {
    const { db } = openTempDb({ upTo: 0 });
    expect(schemaVersion(db)).toBe(0);
    migrate(db, MIGRATIONS, 1);
    const id = db.prepare(`INSERT INTO items (title, created, updated) VALUES ('Lamp', 1, 1)`).run().lastInsertRowid;
    db.prepare(`INSERT INTO outbox (item_local_id, kind, payload, idempotency_key, created) VALUES (?, 'create', '{}', 'k', 1)`).run(id);
    db.prepare(`INSERT INTO images (item_local_id, position, source_path, prep_state, created) VALUES (?, 0, '/x.jpg', 'preparing', 1)`).run(id);
    expect(() => db.prepare(`INSERT INTO items (sync_state, created, updated) VALUES ('lost', 1, 1)`).run()).toThrow(/CHECK/);
    db.prepare(`DELETE FROM items WHERE local_id = ?`).run(id);
    expect(db.prepare(`SELECT count(*) FROM images`).pluck().get()).toBe(0);
  });

  it('2: adds the trading caches, settings, cursors and audit log without touching items or the outbox', () => {
    const { db } = openTempDb({ upTo: 1 });
    const id = db.prepare(`INSERT INTO items (title, status, remote_id, created, updated) VALUES ('Chair', 'published', 600000044, 1, 2)`).run().lastInsertRowid;
    db.prepare(`INSERT INTO outbox (item_local_id, kind, payload, idempotency_key, created) VALUES (?, 'edit', '{"fields":{}}', 'k1', 3)`).run(id);
    migrate(db, MIGRATIONS, 2);
    expect(db.prepare(`SELECT title, status, remote_id FROM items`).get()).toEqual({ title: 'Chair', status: 'published', remote_id: 600000044 });
    expect(db.prepare(`SELECT kind, idempotency_key FROM outbox`).get()).toEqual({ kind: 'edit', idempotency_key: 'k1' });
    db.prepare(`INSERT INTO questions (remote_id, item_remote_id, question, author, created, record) VALUES (1, 600000044, 'Size?', 'b', 't', '{}')`).run();
    db.prepare(`INSERT INTO request_log (item_local_id, method, path, outcome, sent_at) VALUES (?, 'POST', '/1.1/items', 'sent', 5)`).run(id);
    expect(db.prepare(`SELECT count(*) FROM questions WHERE item_remote_id = 600000044`).pluck().get()).toBe(1);
  });

  it('3: indexes the text of items cached before it and keeps indexing new ones', () => {
    const { db } = openTempDb({ upTo: 2 });
    db.prepare(`INSERT INTO items (title, description, buy_now_price, created, updated) VALUES ('Old bicycle', '<p>Red &amp; <b>rusty</b> frame</p>', 30, 1, 1)`).run();
    migrate(db, MIGRATIONS, 3);
    const find = db.prepare(`SELECT rowid FROM items_fts WHERE items_fts MATCH ?`).pluck();
    expect(find.all('rusty')).toEqual([1]);
    expect(find.all('bicycle')).toEqual([1]);
    expect(find.all('amp')).toEqual([]); // entities are decoded, tags dropped
    db.prepare(`INSERT INTO items (title, created, updated) VALUES ('Rusty anchor', 2, 2)`).run();
    expect(find.all('rusty')).toEqual([1, 2]);
    db.prepare(`UPDATE items SET description = 'shiny' WHERE local_id = 1`).run();
    expect(find.all('rusty')).toEqual([2]);
    expect(db.prepare(`SELECT grid_price FROM items WHERE local_id = 1`).pluck().get()).toBe(30);
  });

  it('4: adds the undo journal; outbox rows from before belong to no step', () => {
    const { db } = openTempDb({ upTo: 3 });
    const id = db.prepare(`INSERT INTO items (title, created, updated) VALUES ('Desk', 1, 1)`).run().lastInsertRowid;
    db.prepare(`INSERT INTO outbox (item_local_id, kind, payload, idempotency_key, created) VALUES (?, 'create', '{"fields":{}}', 'k', 1)`).run(id);
    migrate(db, MIGRATIONS, 4);
    expect(db.prepare(`SELECT step_id FROM outbox`).pluck().get()).toBeNull();
    const step = db.prepare(`INSERT INTO bulk_steps (kind, item_count, previous, applied, created) VALUES ('bulk-edit', 1, '{}', '{}', 1)`).run().lastInsertRowid;
    db.prepare(`INSERT INTO outbox (item_local_id, kind, payload, idempotency_key, created, step_id) VALUES (?, 'edit', '{"fields":{}}', 'k2', 1, ?)`).run(id, step);
    expect(db.prepare(`SELECT step_id, count(*) AS n FROM outbox GROUP BY step_id ORDER BY step_id`).all()).toEqual([{ step_id: null, n: 1 }, { step_id: step, n: 1 }]);
  });

  it('5: adds the canned answers row, absent (the defaults) until the seller saves a list', () => {
    const { db } = openTempDb({ upTo: 4 });
    db.prepare(`INSERT INTO items (title, created, updated) VALUES ('Vase', 1, 1)`).run();
    migrate(db, MIGRATIONS, 5);
    expect(db.prepare(`SELECT title FROM items`).pluck().all()).toEqual(['Vase']);
    expect(db.prepare(`SELECT count(*) FROM canned_answers`).pluck().get()).toBe(0);
    db.prepare(`INSERT INTO canned_answers (id, json, updated) VALUES (1, '[]', 1)`).run();
    expect(() => db.prepare(`INSERT INTO canned_answers (id, json, updated) VALUES (2, '[]', 1)`).run()).toThrow(/CHECK/);
  });

  it('6: adds the SKU column, empty on items from before; search finds an item by its SKU', () => {
    const { db } = openTempDb({ upTo: 5 });
    db.prepare(`INSERT INTO items (title, description, created, updated) VALUES ('Lamp', '<p>brass</p>', 1, 1)`).run();
    migrate(db, MIGRATIONS, 6);
    expect(db.prepare(`SELECT title, sku FROM items`).get()).toEqual({ title: 'Lamp', sku: null });
    const find = db.prepare(`SELECT rowid FROM items_fts WHERE items_fts MATCH ?`).pluck();
    expect(find.all('brass')).toEqual([1]);
    db.prepare(`UPDATE items SET sku = 'SHELF-7' WHERE local_id = 1`).run();
    expect(find.all('"shelf" "7"')).toEqual([1]);
    expect(find.all('brass')).toEqual([1]);
    db.prepare(`INSERT INTO items (title, sku, created, updated) VALUES ('Chair', 'BOX-12', 2, 2)`).run();
    expect(find.all('box')).toEqual([2]);
  });

  it('7: adds photo edits; photos from before have none and keep their files', () => {
    const { db } = openTempDb({ upTo: 6 });
    const id = db.prepare(`INSERT INTO items (title, created, updated) VALUES ('Lamp', 1, 1)`).run().lastInsertRowid;
    db.prepare(`INSERT INTO images (item_local_id, position, source_path, source_sha256, file_path, thumb_path, prep_state, created) VALUES (?, 0, '/p.jpg', 'abc', '/m/images/abc.jpg', '/m/thumbs/abc.jpg', 'ready', 1)`).run(id);
    migrate(db, MIGRATIONS, 7);
    expect(db.prepare(`SELECT edits, file_path FROM images`).get()).toEqual({ edits: null, file_path: '/m/images/abc.jpg' });
    db.prepare(`UPDATE images SET edits = '{"rotate":90,"crop":null}'`).run();
    expect(JSON.parse(db.prepare(`SELECT edits FROM images`).pluck().get() as string)).toEqual({ rotate: 90, crop: null });
  });

  it('8: adds the remembered column mappings, one per header set, leaving items as they were', () => {
    const { db } = openTempDb({ upTo: 7 });
    db.prepare(`INSERT INTO items (title, sku, created, updated) VALUES ('Lamp', 'L-1', 1, 1)`).run();
    migrate(db, MIGRATIONS, 8);
    expect(db.prepare(`SELECT title, sku FROM items`).get()).toEqual({ title: 'Lamp', sku: 'L-1' });
    db.prepare(`INSERT INTO import_mappings (header_key, mapping, updated) VALUES ('otsikko', '{}', 1)`).run();
    expect(() => db.prepare(`INSERT INTO import_mappings (header_key, mapping, updated) VALUES ('otsikko', '{}', 2)`).run()).toThrow(/UNIQUE/);
  });

  it('9: adds the private note column, empty on items from before; search finds an item by its note, SKU and title still', () => {
    const { db } = openTempDb({ upTo: 8 });
    db.prepare(`INSERT INTO items (title, description, sku, created, updated) VALUES ('Lamp', '<p>brass</p>', 'L-9', 1, 1)`).run();
    migrate(db, MIGRATIONS, 9);
    expect(db.prepare(`SELECT title, sku, note FROM items`).get()).toEqual({ title: 'Lamp', sku: 'L-9', note: null });
    const find = db.prepare(`SELECT rowid FROM items_fts WHERE items_fts MATCH ?`).pluck();
    db.prepare(`UPDATE items SET note = 'varasto hylly kolme' WHERE local_id = 1`).run();
    expect(find.all('hylly')).toEqual([1]);
    expect(find.all('"l" "9"')).toEqual([1]);
    expect(find.all('brass')).toEqual([1]);
    db.prepare(`INSERT INTO items (title, note, created, updated) VALUES ('Chair', 'kellari', 2, 2)`).run();
    expect(find.all('kellari')).toEqual([2]);
  });

  it('10: adds the sync marks, empty: the first pull after it reads everything once', () => {
    const { db } = openTempDb({ upTo: 9 });
    db.prepare(`INSERT INTO items (title, remote_id, created, updated) VALUES ('Lamp', 41, 1, 1)`).run();
    db.prepare(`INSERT INTO sync_cursors (name, value, updated) VALUES ('sales', '2', 1)`).run();
    migrate(db, MIGRATIONS, 10);
    expect(db.prepare(`SELECT title, remote_id FROM items`).get()).toEqual({ title: 'Lamp', remote_id: 41 });
    expect(db.prepare(`SELECT value FROM sync_cursors WHERE name = 'sales'`).pluck().get()).toBe('2');
    expect(db.prepare(`SELECT count(*) FROM sync_marks`).pluck().get()).toBe(0);
    db.prepare(`INSERT INTO sync_marks (name, value, updated) VALUES ('sales', '2026-11-24T08:00:00+0200', 1)`).run();
    expect(() => db.prepare(`INSERT INTO sync_marks (name, value, updated) VALUES ('sales', 'x', 2)`).run()).toThrow(/UNIQUE/);
  });

  it('11: gives every item its category\'s name and keeps it as items and the tree change', () => {
    const { db } = openTempDb({ upTo: 10 });
    db.prepare(`INSERT INTO categories (id, parent_id, level, title, position) VALUES (101, 1, 2, 'Lamps', 0), (102, 1, 2, 'Chairs', 1)`).run();
    db.prepare(`INSERT INTO items (title, category_id, created, updated) VALUES ('Lamp', 101, 1, 1), ('None', NULL, 1, 1)`).run();
    migrate(db, MIGRATIONS, 11);
    const names = () => db.prepare(`SELECT title, category_title FROM items ORDER BY local_id`).all();
    expect(names()).toEqual([{ title: 'Lamp', category_title: 'Lamps' }, { title: 'None', category_title: null }]);
    // The full-text index was rebuilt with the status tokens: the rows written before are found.
    expect(gridSearch(db).search({ text: 'la', status: ['draft'] }).map((r) => r.title)).toEqual(['Lamp']);
    expect(gridSearch(db).count({ text: 'la', status: ['draft'] })).toBe(1);
    expect(gridSearch(db).count({ text: 'la', status: ['closed'] })).toBe(0);
    db.prepare(`INSERT INTO items (title, category_id, created, updated) VALUES ('Chair', 102, 1, 1)`).run();
    db.prepare(`UPDATE items SET category_id = 102 WHERE title = 'None'`).run();
    db.prepare(`UPDATE categories SET title = 'Table lamps' WHERE id = 101`).run();
    expect(names()).toEqual([{ title: 'Lamp', category_title: 'Table lamps' }, { title: 'None', category_title: 'Chairs' }, { title: 'Chair', category_title: 'Chairs' }]);
    db.prepare(`DELETE FROM categories WHERE id = 102`).run();
    expect(names()).toEqual([{ title: 'Lamp', category_title: 'Table lamps' }, { title: 'None', category_title: null }, { title: 'Chair', category_title: null }]);
  });

  it('12: adds the refusal code beside the refusal message, empty on items refused before', () => {
    const { db } = openTempDb({ upTo: 11 });
    db.prepare(`INSERT INTO items (title, sync_state, reject_reason, reject_field, created, updated) VALUES ('Lamp', 'rejected', 'title: too long', 'title', 1, 1)`).run();
    migrate(db, MIGRATIONS, 12);
    expect(db.prepare(`SELECT title, sync_state, reject_reason, reject_field, reject_code FROM items`).get())
      .toEqual({ title: 'Lamp', sync_state: 'rejected', reject_reason: 'title: too long', reject_field: 'title', reject_code: null });
    db.prepare(`UPDATE items SET reject_code = 'too_long_or_large' WHERE local_id = 1`).run();
    expect(db.prepare(`SELECT reject_code FROM items`).pluck().get()).toBe('too_long_or_large');
  });

  it('13: adds the listing templates, none at first, names unique ignoring case, leaving items as they were', () => {
    const { db } = openTempDb({ upTo: 12 });
    db.prepare(`INSERT INTO items (title, sku, note, created, updated) VALUES ('Lamp', 'L-1', 'hylly', 1, 1)`).run();
    migrate(db, MIGRATIONS, 13);
    expect(db.prepare(`SELECT title, sku, note FROM items`).get()).toEqual({ title: 'Lamp', sku: 'L-1', note: 'hylly' });
    expect(db.prepare(`SELECT count(*) FROM listing_templates`).pluck().get()).toBe(0);
    db.prepare(`INSERT INTO listing_templates (name, fields, created, updated) VALUES ('Tables', '{}', 1, 1)`).run();
    expect(() => db.prepare(`INSERT INTO listing_templates (name, fields, created, updated) VALUES ('TABLES', '{}', 2, 2)`).run()).toThrow(/UNIQUE/);
  });

  it('14: keeps every queued row and its id sequence through the outbox rebuild, takes rule decisions, and adds the rules tables', () => {
    const { db } = openTempDb({ upTo: 13 });
    const item = Number(db.prepare(`INSERT INTO items (title, created, updated) VALUES ('Lamp', 1, 1)`).run().lastInsertRowid);
    const add = db.prepare(`INSERT INTO outbox (item_local_id, kind, payload, idempotency_key, created, step_id) VALUES (?, ?, ?, ?, 1, ?)`);
    add.run(item, 'edit', '{"fields":{"title":"Lamp"}}', 'k1', null);
    add.run(item, 'set-status', '{"status":"published"}', 'k2', 7);
    const gone = Number(add.run(item, 'offer-decision', '{"offerId":5,"decision":"accepted"}', 'k3', null).lastInsertRowid);
    db.prepare(`DELETE FROM outbox WHERE id = ?`).run(gone);
    const rows = db.prepare(`SELECT * FROM outbox ORDER BY id`).all();
    expect(() => add.run(item, 'rule-offer-decision', '{}', 'k4', null)).toThrow(/CHECK/);
    migrate(db, MIGRATIONS, 14);
    expect(db.prepare(`SELECT * FROM outbox ORDER BY id`).all()).toEqual(rows);
    // AUTOINCREMENT: the id of the deleted row is never given again.
    expect(Number(add.run(item, 'rule-offer-decision', '{"offerId":5,"decision":"accepted","logId":1}', 'k4', null).lastInsertRowid)).toBe(gone + 1);
    expect(db.prepare(`SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'outbox'`).pluck().all()).toEqual(['outbox_item']);
    for (const table of ['offer_rules', 'relist_rules', 'rule_relists', 'saved_groups', 'rule_log', 'rule_settings']) {
      expect(db.prepare(`SELECT count(*) FROM ${table}`).pluck().get()).toBe(0);
    }
    // An offer is accepted or refused by a rule at most once.
    const log = db.prepare(`INSERT INTO rule_log (at, rule_kind, offer_id, action, outcome, detail) VALUES (1, 'offer', 5, ?, 'queued', '{}')`);
    log.run('leave');
    log.run('accept');
    expect(() => log.run('refuse')).toThrow(/UNIQUE/);
  });
  it('16: gives every item its Finnish title key and keeps it as titles change', () => {
    const { db } = openTempDb({ upTo: 15 });
    const add = db.prepare(`INSERT INTO items (title, created, updated) VALUES (?, 1, 1)`);
    for (const title of ['Äänilevy', 'Åbo', 'erä 1023', 'erä 103', null]) add.run(title);
    migrate(db, MIGRATIONS, 16);
    const titles = () => gridSearch(db).search({ sort: 'title', direction: 'asc' }).map((r) => r.title);
    expect(titles()).toEqual([null, 'erä 103', 'erä 1023', 'Åbo', 'Äänilevy']);
    add.run('Zeppeliini');
    db.prepare(`UPDATE items SET title = 'Öljy' WHERE title = 'erä 103'`).run();
    expect(titles()).toEqual([null, 'erä 1023', 'Zeppeliini', 'Åbo', 'Äänilevy', 'Öljy']);
  });

  it('17: keeps every rule and its id sequence through the rebuild, takes template rules, and a deleted template takes its rules and links', () => {
    const { db } = openTempDb({ upTo: 16 });
    const item = Number(db.prepare(`INSERT INTO items (title, created, updated) VALUES ('Lamp', 1, 1)`).run().lastInsertRowid);
    const template = Number(db.prepare(`INSERT INTO listing_templates (name, fields, created, updated) VALUES ('LPs', '{}', 1, 1)`).run().lastInsertRowid);
    const offer = db.prepare(`INSERT INTO offer_rules (scope, scope_id, accept_percent, created, updated) VALUES (?, ?, 90, 1, 1)`);
    const relist = db.prepare(`INSERT INTO relist_rules (scope, scope_id, max_times, created, updated) VALUES (?, ?, 2, 1, 1)`);
    offer.run('shop', 0);
    const gone = Number(offer.run('item', item).lastInsertRowid);
    db.prepare(`DELETE FROM offer_rules WHERE id = ?`).run(gone);
    relist.run('group', 3);
    expect(() => offer.run('template', template)).toThrow(/CHECK/);
    const offers = db.prepare(`SELECT * FROM offer_rules ORDER BY id`).all();
    const relists = db.prepare(`SELECT * FROM relist_rules ORDER BY id`).all();
    migrate(db, MIGRATIONS, 17);
    expect(db.prepare(`SELECT * FROM offer_rules ORDER BY id`).all()).toEqual(offers);
    expect(db.prepare(`SELECT * FROM relist_rules ORDER BY id`).all()).toEqual(relists);
    expect(db.prepare(`SELECT template_id FROM items`).pluck().get()).toBeNull();
    // AUTOINCREMENT: the id of the deleted rule is never given again.
    expect(Number(offer.run('template', template).lastInsertRowid)).toBe(gone + 1);
    relist.run('template', template);
    expect(() => offer.run('template', template)).toThrow(/UNIQUE/);
    db.prepare(`UPDATE items SET template_id = ? WHERE local_id = ?`).run(template, item);
    db.prepare(`DELETE FROM listing_templates WHERE id = ?`).run(template);
    expect(db.prepare(`SELECT count(*) FROM offer_rules WHERE scope = 'template'`).pluck().get()).toBe(0);
    expect(db.prepare(`SELECT count(*) FROM relist_rules WHERE scope = 'template'`).pluck().get()).toBe(0);
    expect(db.prepare(`SELECT template_id FROM items`).pluck().get()).toBeNull();
    expect(db.prepare(`SELECT count(*) FROM template_link_steps`).pluck().get()).toBe(0);
  });

  it('22: copies the listing facts of every cached row into their columns; what a summary does not tell stays unknown', () => {
    const { db } = openTempDb({ upTo: 21 });
    const add = db.prepare(`INSERT INTO items (remote_id, status, sync_state, title, detail, server_copy, created, updated) VALUES (?, ?, 'synced', ?, ?, ?, 1, 1)`);
    const full = {
      id: 7, status: 'closed', closingTime: '2026-11-20T12:00:00+0200', listTime: '2026-11-13T12:00:00+0200', quantity: 0,
      hasReservePrice: true, hasReservePriceExceeded: false, republish: true, republishedFrom: 6, images: [{ id: 1 }, { id: 2 }],
    };
    add.run(7, 'closed', 'Lamp', 'full', JSON.stringify(full));
    // A summary tells times, reserve and photos; not units, republish or what it relists.
    add.run(8, 'published', 'Chair', 'summary', JSON.stringify({ id: 8, status: 'published', closingTime: '2026-12-01T10:00:00+0200', listTime: null, hasReservePrice: false, hasReservePriceExceeded: false, images: [] }));
    db.prepare(`INSERT INTO items (title, sync_state, created, updated) VALUES ('Draft', 'local-only', 1, 1)`).run();
    db.prepare(`INSERT INTO offers (remote_id, item_remote_id, amount, status, author, expires, record) VALUES (1, 7, 90, 'accepted', 'maija', '2026-11-22T12:00:00+0200', ?)`).run(JSON.stringify({ id: 1, updated: '2026-11-19T08:00:00+0200' }));
    db.prepare(`INSERT INTO bids (remote_id, item_remote_id, amount, time, bidder, record) VALUES (?, 7, 20, '2026-11-18T08:00:00+0200', 'j***i', ?)`).run(1, JSON.stringify({ id: 1, quantity: 2 }));
    db.prepare(`INSERT INTO bids (remote_id, item_remote_id, amount, time, bidder, record) VALUES (2, 7, 20, '2026-11-18T09:00:00+0200', 'j***i', '{}')`).run();
    migrate(db, MIGRATIONS, 22);
    expect(db.prepare(`SELECT remote_id, changed_at FROM offers`).all()).toEqual([{ remote_id: 1, changed_at: '2026-11-19T08:00:00+0200' }]);
    expect(db.prepare(`SELECT remote_id, units FROM bids ORDER BY remote_id`).all()).toEqual([{ remote_id: 1, units: 2 }, { remote_id: 2, units: null }]);
    const facts = db.prepare(`SELECT title, closes_at, listed_at, units_left, has_reserve, reserve_met, relists_unsold, relist_of, listed_photos FROM items ORDER BY local_id`).all();
    expect(facts).toEqual([
      { title: 'Lamp', closes_at: Date.parse('2026-11-20T12:00:00+02:00'), listed_at: '2026-11-13T12:00:00+0200', units_left: 0, has_reserve: 1, reserve_met: 0, relists_unsold: 1, relist_of: 6, listed_photos: 2 },
      { title: 'Chair', closes_at: Date.parse('2026-12-01T10:00:00+02:00'), listed_at: null, units_left: null, has_reserve: 0, reserve_met: 0, relists_unsold: null, relist_of: null, listed_photos: 0 },
      { title: 'Draft', closes_at: null, listed_at: null, units_left: null, has_reserve: null, reserve_met: null, relists_unsold: null, relist_of: null, listed_photos: null },
    ]);
  });
});
