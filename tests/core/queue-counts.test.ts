// The sync status's counts of the queue (queueCounts) read from the pending rows, not from every
// local draft: the same counts as their definition, for every kind of row, with 2,000 local drafts
// that have no rows at all.
import { describe, expect, it } from 'vitest';
import { queueCounts } from '../../electron/core/outbox/outbox.ts';
import { insertManyDrafts } from '../support/many-drafts.ts';
import { openTempDb } from './support.ts';

describe('queueCounts', () => {
  it('counts what is to send and what stays local as their definition does', () => {
    const { db } = openTempDb();
    try {
      insertManyDrafts(db, 2000);
      const ids = (db.prepare('SELECT local_id FROM items ORDER BY local_id LIMIT 8').pluck().all() as number[]);
      const [held, publishing, onService, deleted, parkedOne, heldTwice, onServiceParked] = ids as [number, number, number, number, number, number, number];
      db.prepare('UPDATE items SET remote_id = 900 + local_id WHERE local_id IN (?, ?)').run(onService, onServiceParked);
      db.prepare('UPDATE items SET deleted_at = 1 WHERE local_id = ?').run(deleted);
      const queue = db.prepare(`INSERT INTO outbox (item_local_id, kind, payload, idempotency_key, state, created) VALUES (?, ?, '{}', ?, ?, 0)`);
      let key = 0;
      const add = (item: number, kind: string, state = 'pending') => queue.run(item, kind, `k${++key}`, state);
      add(held, 'create');
      add(held, 'edit');
      add(heldTwice, 'create');
      add(publishing, 'create');
      add(publishing, 'set-status');
      add(onService, 'edit');
      add(deleted, 'delete');
      add(parkedOne, 'create', 'parked');
      add(onServiceParked, 'edit', 'parked');

      // The definition: a local draft (no remote id, not deleted) with no publish queued is held.
      const isHeld = (item: number) => {
        const row = db.prepare('SELECT remote_id, deleted_at FROM items WHERE local_id = ?').get(item) as { remote_id: number | null; deleted_at: number | null };
        const publish = db.prepare(`SELECT 1 FROM outbox WHERE item_local_id = ? AND kind = 'set-status'`).get(item);
        return row.remote_id === null && row.deleted_at === null && publish === undefined;
      };
      const pending = (db.prepare(`SELECT item_local_id FROM outbox WHERE state = 'pending'`).pluck().all() as number[]);
      const expected = {
        pending: pending.length,
        parked: 2,
        toSend: pending.filter((item) => !isHeld(item)).length,
        keptLocal: new Set(pending.filter(isHeld)).size,
      };
      expect(expected).toEqual({ pending: 7, parked: 2, toSend: 4, keptLocal: 2 });
      expect(queueCounts(db)()).toEqual(expected);
    } finally {
      db.close();
    }
  });
});
