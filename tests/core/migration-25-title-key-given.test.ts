// Migration 25 (electron/core/db/migrations/0025-title-key-given.ts): an inserted item's title key
// is written by its trigger only when the writer did not give the title's own key, so an import
// (which gives it) writes each draft once, and every other writer still ends with the right key.
import { describe, expect, it } from 'vitest';
import { migrate } from '../../electron/core/db/open-account-db.ts';
import { MIGRATIONS } from '../../electron/core/db/migrations.ts';
import { draftWrites } from '../../electron/core/drafts/draft-writes.ts';
import { openTempDb } from './support.ts';

describe('migration 25', () => {
  it('keeps the keys of items from before, and gives every inserted item its title key, written once when given', () => {
    const { db } = openTempDb({ upTo: 24 });
    const add = db.prepare(`INSERT INTO items (title, created, updated) VALUES (?, 1, 1)`);
    add.run('Äänilevy');
    migrate(db, MIGRATIONS, 25);
    const keys = () => db.prepare(`SELECT title, title_key FROM items ORDER BY local_id`).all();
    // A writer that gives no key, or a wrong one, still ends with the title's key; no title, no key.
    add.run('erä 103');
    db.prepare(`INSERT INTO items (title, title_key, created, updated) VALUES ('Åbo', 'zzz', 1, 1)`).run();
    add.run(null);
    expect(keys()).toEqual([
      { title: 'Äänilevy', title_key: '||nilevy' },
      { title: 'erä 103', title_key: 'er| 00000000000000000103' },
      { title: 'Åbo', title_key: '{bo' },
      { title: null, title_key: null },
    ]);
    // An import's piece gives the key: each draft is written once. The step-16 trigger's UPDATE
    // was one more change a draft (total_changes() counts what triggers and the index write).
    const piece = (at: typeof db) => {
      const changes = at.prepare(`SELECT total_changes()`).pluck();
      return at.transaction(() => {
        const before = changes.get() as number;
        const ids = draftWrites(at).insertValidatedMany([{ title: 'Öljylamppu 2' }, { title: 'Tammipöytä' }], 1);
        return { ids, changes: (changes.get() as number) - before };
      })();
    };
    const { db: before25 } = openTempDb({ upTo: 24 });
    const now = piece(db);
    expect(now.changes).toBe(piece(before25).changes - 2);
    expect(db.prepare(`SELECT title_key FROM items WHERE local_id IN (${now.ids.join(', ')}) ORDER BY local_id`).pluck().all()).toEqual(['}ljylamppu 00000000000000000002', 'tammip}yt|']);
  });
});
