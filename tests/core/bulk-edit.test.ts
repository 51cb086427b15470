import { describe, expect, it } from 'vitest';
import { bulkWrites } from '../../electron/core/bulk/bulk-edit.ts';
import { settingsCache } from '../../electron/core/cache/settings-cache.ts';
import { DraftError } from '../../electron/core/drafts/draft-error.ts';
import { draftWrites } from '../../electron/core/drafts/draft-writes.ts';
import { itemReads } from '../../electron/core/drafts/item-rows.ts';
import { parseOutboxEntry } from '../../electron/core/outbox/outbox.ts';
import { completeBuyNow, openTempDb, privateSellerRules } from './support.ts';

function setup(count = 5) {
  const { db } = openTempDb();
  settingsCache(db).saveRules(privateSellerRules(), 1);
  const drafts = draftWrites(db);
  const ids = Array.from({ length: count }, (_, i) => drafts.createDraft({ ...completeBuyNow(`Item ${i}`), buyNowPrice: 10 + i }).localId);
  const outboxCount = () => db.prepare(`SELECT count(*) FROM outbox`).pluck().get() as number;
  return { db, drafts, bulk: bulkWrites(db), reads: itemReads(db), ids, outboxCount };
}

function snapshot(db: ReturnType<typeof setup>['db']) {
  return {
    items: db.prepare(`SELECT * FROM items ORDER BY local_id`).all(),
    outbox: db.prepare(`SELECT id, item_local_id, kind, payload, step_id FROM outbox ORDER BY id`).all(),
    steps: db.prepare(`SELECT * FROM bulk_steps`).all(),
    pieces: db.prepare(`SELECT * FROM bulk_step_pieces ORDER BY step_id, piece`).all(),
  };
}

describe('bulk edit', () => {
  it('sets the fields on every selected draft with one outbox row each, as one step', () => {
    const { db, bulk, reads, ids } = setup();
    const { stepId, changed } = bulk.bulkEdit(ids, { condition: 'like-new', deliveryMethods: ['pickup', 'shipment'] }, 900);
    expect(changed).toBe(5);
    for (const id of ids) {
      expect(reads.item(id)!.fields).toMatchObject({ condition: 'like-new', deliveryMethods: ['pickup', 'shipment'] });
      expect(reads.item(id)!.updated).toBe(900);
    }
    const rows = db.prepare(`SELECT * FROM outbox WHERE step_id = ? ORDER BY item_local_id`).all(stepId) as Array<{ kind: string; payload: string; item_local_id: number; idempotency_key: string }>;
    expect(rows.map((r) => r.item_local_id)).toEqual(ids);
    expect(rows.map((r) => parseOutboxEntry(r))).toEqual(ids.map(() => ({ ok: true, kind: 'edit', payload: { fields: { condition: 'like-new', deliveryMethods: ['pickup', 'shipment'] } } })));
    expect(new Set(rows.map((r) => r.idempotency_key)).size).toBe(5);
  });

  it('refuses the whole selection when one draft cannot take the values, and names it', () => {
    const { db, drafts, bulk, ids } = setup();
    drafts.editDraft(ids[2]!, { saleMethod: 'auction', startingPrice: 5, buyNowPrice: null, quantity: 1 });
    const before = snapshot(db);
    let error: DraftError | undefined;
    try {
      bulk.bulkEdit(ids, { quantity: 3 });
    } catch (e) {
      error = e as DraftError;
    }
    expect(error?.code).toBe('validation');
    expect(error?.items).toEqual([{ localId: ids[2], problems: [{ field: 'quantity', code: 'invalid', rule: 'quantity-auction', message: 'quantity: only buy-now items can have a quantity above one' }] }]);
    expect(snapshot(db)).toEqual(before);
  });

  it('refuses published items, deleted items and unknown ids, writing nothing', () => {
    const { db, drafts, bulk, ids } = setup();
    db.prepare(`UPDATE items SET status = 'published' WHERE local_id = ?`).run(ids[0]);
    db.prepare(`UPDATE items SET remote_id = 600000070, sync_state = 'synced' WHERE local_id = ?`).run(ids[1]);
    drafts.deleteDraft(ids[1]!);
    const before = snapshot(db);
    let error: DraftError | undefined;
    try {
      bulk.bulkEdit([999, ...ids], { condition: 'new' });
    } catch (e) {
      error = e as DraftError;
    }
    expect(error).toBeInstanceOf(DraftError);
    expect(error?.items).toEqual([
      { localId: ids[0], problems: [], reason: `item ${ids[0]} is published: item data can be edited only in draft or preview`, detail: { reason: 'edit-status', params: { status: 'published' } } },
      { localId: ids[1], problems: [], reason: `item ${ids[1]} does not exist`, detail: { reason: 'item-not-found', params: { id: ids[1] } } },
      { localId: 999, problems: [], reason: 'item 999 does not exist', detail: { reason: 'item-not-found', params: { id: 999 } } },
    ]);
    expect(snapshot(db)).toEqual(before);
  });

  it('a statement failing half-way through leaves nothing changed', () => {
    const { db, bulk, ids } = setup(50);
    const before = snapshot(db);
    // The outbox insert fails after the items were already updated inside the transaction.
    db.exec(`CREATE TEMP TRIGGER fail_late BEFORE INSERT ON outbox WHEN new.item_local_id = ${ids[30]} BEGIN SELECT RAISE(ABORT, 'disk I/O error'); END`);
    expect(() => bulk.bulkEdit(ids, { buyNowPrice: 77, condition: 'new' })).toThrow(/disk I\/O error/);
    db.exec(`DROP TRIGGER fail_late`);
    expect(snapshot(db)).toEqual(before);
  });

  it('items that already hold the values are left alone', () => {
    const { bulk, ids, outboxCount } = setup();
    const first = bulk.bulkEdit(ids.slice(0, 2), { condition: 'new' });
    expect(first.changed).toBe(2);
    const before = outboxCount();
    expect(bulk.bulkEdit(ids, { condition: 'new' }).changed).toBe(3);
    expect(outboxCount()).toBe(before + 3);
    expect(bulk.bulkEdit(ids, { condition: 'new' })).toEqual({ stepId: null, changed: 0 });
  });

  it('undo restores every item of the step in one go and queues the restoring edits', () => {
    const { db, bulk, reads, ids } = setup();
    const pricesBefore = ids.map((id) => reads.item(id)!.fields.buyNowPrice);
    const { stepId } = bulk.bulkEdit(ids, { buyNowPrice: 99, condition: 'weak' });
    const result = bulk.undo(undefined, 1000);
    expect(result).toEqual({ stepId, restored: 5, skipped: [] });
    expect(ids.map((id) => reads.item(id)!.fields.buyNowPrice)).toEqual(pricesBefore);
    expect(ids.map((id) => reads.item(id)!.fields.condition)).toEqual(ids.map(() => 'good'));
    const restoring = db.prepare(`SELECT payload FROM outbox WHERE created = 1000 ORDER BY id`).pluck().all() as string[];
    expect(restoring.map((p) => JSON.parse(p))).toEqual(pricesBefore.map((price) => ({ fields: { buyNowPrice: price, condition: 'good' } })));
    expect(() => bulk.undo(stepId!)).toThrow(/no step to undo/);
  });

  it('undo keeps a value changed again after the step and says so', () => {
    const { drafts, bulk, reads, ids } = setup(2);
    bulk.bulkEdit(ids, { buyNowPrice: 50 });
    drafts.editDraft(ids[0]!, { buyNowPrice: 60 });
    const result = bulk.undo();
    expect(result.restored).toBe(1);
    expect(result.skipped).toEqual([{ localId: ids[0], field: 'buyNowPrice', reason: 'changed again since this step' }]);
    expect(reads.item(ids[0]!)!.fields.buyNowPrice).toBe(60);
    expect(reads.item(ids[1]!)!.fields.buyNowPrice).toBe(11);
  });
});
