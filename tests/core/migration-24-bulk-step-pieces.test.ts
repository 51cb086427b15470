// Migration 24 (electron/core/db/migrations/0024-bulk-step-pieces.ts): a bulk step's undo record is
// kept in pieces; a step recorded before it (its record in its own row) is still undone.
import { describe, expect, it } from 'vitest';
import { bulkWrites } from '../../electron/core/bulk/bulk-edit.ts';
import { migrate } from '../../electron/core/db/open-account-db.ts';
import { MIGRATIONS } from '../../electron/core/db/migrations.ts';
import { openTempDb } from './support.ts';

describe('migration 24', () => {
  it('keeps the steps recorded before it, which undo as before; pieces go with their step', () => {
    const { db } = openTempDb({ upTo: 23 });
    const add = db.prepare(`INSERT INTO items (title, buy_now_price, created, updated) VALUES (?, ?, 1, 1)`);
    const a = Number(add.run('Lamp', 10).lastInsertRowid);
    const b = Number(add.run('Chair', 20).lastInsertRowid);
    // A price rule's step as the code before step 24 kept it: every draft's record in its row.
    db.prepare(`UPDATE items SET buy_now_price = buy_now_price + 1`).run();
    const step = Number(db.prepare(`INSERT INTO bulk_steps (kind, item_count, previous, applied, created) VALUES ('bulk-edit', 2, ?, ?, 1)`).run(
      JSON.stringify({ [a]: { buyNowPrice: 10 }, [b]: { buyNowPrice: 20 } }),
      JSON.stringify({ perItem: { [a]: { buyNowPrice: 11 }, [b]: { buyNowPrice: 21 } } }),
    ).lastInsertRowid);
    migrate(db, MIGRATIONS, 24);
    expect(db.prepare(`SELECT count(*) FROM bulk_step_pieces`).pluck().get()).toBe(0);
    expect(bulkWrites(db).undo(step)).toMatchObject({ stepId: step, restored: 2, skipped: [] });
    expect(db.prepare(`SELECT buy_now_price FROM items ORDER BY local_id`).pluck().all()).toEqual([10, 20]);
    // A step of today records pieces, deleted with it.
    const { stepId } = bulkWrites(db).bulkEditEach([a, b], ['buyNowPrice'], (current) => ({ buyNowPrice: (current.buyNowPrice as number) * 2 }));
    expect(db.prepare(`SELECT count(*) FROM bulk_step_pieces WHERE step_id = ?`).pluck().get(stepId)).toBeGreaterThan(0);
    db.prepare(`DELETE FROM bulk_steps WHERE id = ?`).run(stepId);
    expect(db.prepare(`SELECT count(*) FROM bulk_step_pieces`).pluck().get()).toBe(0);
  });
});
