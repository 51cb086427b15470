// The service's schema, step 7. Frozen once shipped: never edited, and it imports no
// live code (every value is written out here), so today's code cannot change what it did
// (server/db/README.md).
//
// Ids like the real marketplace's, never reused:
// - users, items, images, bids, offers, questions and feedbacks become AUTOINCREMENT tables, so a
//   deleted row's id is never handed out again (without it SQLite reuses the highest id after a
//   delete, and a client holding the old id — a cached item, a link in a note, an image URL served
//   as immutable — would silently reach someone else's row);
// - their sequences start in the real service's ranges (`sqlite_sequence`), so the first row of a
//   new database already has one: users 7 digits, items 9 digits, images 8 digits. Existing
//   clients take a user's id from `links.user` by looking for 3 to 8 digits, and treat ids such as
//   123456 or 999999 as items that do not exist. Existing rows keep their ids (clients and desktop
//   caches hold them); only new rows are numbered from the new starts.
//
// SQLite adds AUTOINCREMENT only by rebuilding a table, with foreign key enforcement off (a DROP
// TABLE under enforcement deletes every child row through ON DELETE CASCADE): the migration is
// marked `foreignKeysOff` and the runner checks `foreign_key_check` before it commits. Each table
// is recreated from its own CREATE statement as the database holds it (so every column, constraint
// and foreign key is kept, also ones another migration before this one added),
// with AUTOINCREMENT added to its id. Its indexes, and every trigger (full-text index, the
// `version` bumps of the item response cache), are recreated from their stored SQL after the rows
// are copied, so the copy neither fires them nor changes any row's version.
import type Database from 'better-sqlite3';
import type { Migration } from '../../../shared/sqlite/migrations.ts';

/** The tables whose ids must never be reused (images have been AUTOINCREMENT since migration 3). */
const NEVER_REUSED = ['users', 'items', 'images', 'bids', 'offers', 'questions', 'feedbacks'] as const;

const ID_PRIMARY_KEY = /\bid\s+INTEGER\s+PRIMARY\s+KEY\b(?!\s+AUTOINCREMENT)/i;

interface SchemaObject {
  name: string;
  sql: string;
}

/** Rebuilds each table whose `id INTEGER PRIMARY KEY` lacks AUTOINCREMENT, keeping its rows (ids
 * included), indexes and every trigger. Runs inside the migration's transaction. */
function addAutoincrement(db: Database.Database, tables: readonly string[]): void {
  const objects = (type: 'table' | 'index' | 'trigger', table?: string) =>
    db
      .prepare(`SELECT name, sql FROM sqlite_schema WHERE type = ? AND sql IS NOT NULL ${table === undefined ? '' : 'AND tbl_name = ?'} ORDER BY name`)
      .all(...(table === undefined ? [type] : [type, table])) as SchemaObject[];
  // Every trigger goes first and comes back last: a RENAME checks the whole schema, and the image
  // triggers name the items table, which is briefly gone.
  const triggers = objects('trigger');
  for (const trigger of triggers) db.exec(`DROP TRIGGER "${trigger.name}"`);
  for (const table of tables) {
    const [create] = objects('table', table);
    if (!create) throw new Error(`no table ${table}`);
    if (!ID_PRIMARY_KEY.test(create.sql)) continue; // AUTOINCREMENT already
    const indexes = objects('index', table);
    const rebuilt = create.sql
      .replace(/^CREATE TABLE\s+("?)\w+\1/i, `CREATE TABLE "${table}_rebuilt"`)
      .replace(ID_PRIMARY_KEY, (key) => `${key} AUTOINCREMENT`);
    db.exec(rebuilt);
    db.exec(`INSERT INTO "${table}_rebuilt" SELECT * FROM "${table}"`);
    db.exec(`DROP TABLE "${table}"`);
    db.exec(`ALTER TABLE "${table}_rebuilt" RENAME TO "${table}"`);
    for (const index of indexes) db.exec(index.sql);
  }
  for (const trigger of triggers) db.exec(trigger.sql);
}

export const migration: Migration = {
  version: 7,
  name: 'ids like the real service\'s, never reused: AUTOINCREMENT tables with sequences in its ranges',
  run: (db) => addAutoincrement(db, NEVER_REUSED),
  // Sequences: never below a row that exists, never below the real service's range (the first
  // user 1,000,001, item 600,000,001, image 40,000,001).
  sql: `
    DELETE FROM sqlite_sequence WHERE name IN ('users', 'items', 'images');
    INSERT INTO sqlite_sequence (name, seq) SELECT 'users', max(coalesce((SELECT max(id) FROM users), 0), 1000000);
    INSERT INTO sqlite_sequence (name, seq) SELECT 'items', max(coalesce((SELECT max(id) FROM items), 0), 600000000);
    INSERT INTO sqlite_sequence (name, seq) SELECT 'images', max(coalesce((SELECT max(id) FROM images), 0), 40000000);
  `,
  foreignKeysOff: true,
};
