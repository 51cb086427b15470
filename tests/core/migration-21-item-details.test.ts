// Migration 21 (electron/core/db/migrations/0021-item-details.ts): every item cached before it
// was read in full; an item read from its list summary says so.
import { describe, expect, it } from 'vitest';
import { migrate } from '../../electron/core/db/open-account-db.ts';
import { MIGRATIONS } from '../../electron/core/db/migrations.ts';
import { openTempDb } from './support.ts';

describe('migration 21', () => {
  it('marks every item cached before it as read in full, and takes only the known detail states', () => {
    const { db } = openTempDb({ upTo: 20 });
    const add = db.prepare(`INSERT INTO items (remote_id, status, title, description, created, updated) VALUES (?, ?, ?, ?, 1, 1)`);
    add.run(null, 'draft', 'Local lamp', '<p>Mine</p>');
    add.run(71, 'closed', 'Sold sofa', '<p>Read in full</p>');
    const before = db.prepare(`SELECT * FROM items ORDER BY local_id`).all();
    migrate(db, MIGRATIONS, 21);
    const after = db.prepare(`SELECT * FROM items ORDER BY local_id`).all() as Array<Record<string, unknown>>;
    expect(after.map(({ detail: _detail, ...rest }) => rest)).toEqual(before);
    expect(after.map((r) => r.detail)).toEqual(['full', 'full']);
    const insert = db.prepare(`INSERT INTO items (remote_id, status, title, detail, created, updated) VALUES (?, 'closed', 'From a summary', ?, 1, 1)`);
    insert.run(72, 'summary');
    insert.run(73, 'sold');
    insert.run(75, 'wanted');
    expect(() => insert.run(74, 'half')).toThrow(/CHECK/);
    // The details still to read have an index of their own (empty once every record is read).
    expect(db.prepare(`SELECT sql FROM sqlite_master WHERE name = 'items_detail_queue'`).pluck().get()).toContain(`WHERE detail <> 'full'`);
  });
});
