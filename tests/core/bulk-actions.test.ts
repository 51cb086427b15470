import { describe, expect, it } from 'vitest';
import { bulkActions } from '../../electron/core/bulk/bulk-actions.ts';
import { bulkWrites } from '../../electron/core/bulk/bulk-edit.ts';
import { settingsCache } from '../../electron/core/cache/settings-cache.ts';
import { DraftError } from '../../electron/core/drafts/draft-error.ts';
import { draftWrites } from '../../electron/core/drafts/draft-writes.ts';
import { itemReads } from '../../electron/core/drafts/item-rows.ts';
import { statusChanges } from '../../electron/core/drafts/status-changes.ts';
import { soldItems } from '../../electron/core/seller/sold-items.ts';
import { outboxReads, parseOutboxEntry, type OutboxRow } from '../../electron/core/outbox/outbox.ts';
import { completeBuyNow, openTempDb, privateSellerRules } from './support.ts';

const NOW = Date.UTC(2026, 10, 24, 8, 0, 0);
/** Helsinki wall-clock times (the service's zone), a day after NOW and a day before. */
const TOMORROW = '2026-11-25 12:00:00';
const YESTERDAY = '2026-11-23 12:00:00';

function setup() {
  const { db } = openTempDb();
  settingsCache(db).saveRules(privateSellerRules(), 1);
  const drafts = draftWrites(db);
  const make = (n: number, prefix = 'Chair') => Array.from({ length: n }, (_, i) => drafts.createDraft(completeBuyNow(`${prefix} ${i + 1}`)).localId);
  /** Makes a cached item the service's, in this status (as a pull would leave it). */
  const asRemote = (localId: number, status: string, extra = '') => {
    db.prepare(`UPDATE items SET status = ?, remote_id = ?, sync_state = 'synced' ${extra} WHERE local_id = ?`).run(status, 600000000 + localId, localId);
    db.prepare(`DELETE FROM outbox WHERE item_local_id = ?`).run(localId);
  };
  const rows = (localId: number) => outboxReads(db).forItem(localId);
  const kinds = (localId: number) => rows(localId).map((r: OutboxRow) => r.kind);
  return { db, drafts, make, asRemote, rows, kinds, actions: bulkActions(db), bulk: bulkWrites(db), reads: itemReads(db), status: statusChanges(db) };
}

describe('bulk publish from the grid', () => {
  it('the preview counts the ready drafts and groups the others by the badges\' reasons, with a few titles', async () => {
    const { drafts, make, asRemote, actions } = setup();
    const ready = make(4);
    const noPrice = Array.from({ length: 5 }, (_, i) => drafts.createDraft({ ...completeBuyNow(`Lamp ${i}`), buyNowPrice: null }).localId);
    const published = make(1, 'Sofa')[0] as number;
    asRemote(published, 'published');
    const preview = await actions.preview('publish', [...ready, ...noPrice, published, 999_999]);
    expect(preview).toMatchObject({ action: 'publish', selected: 11, ready: 4 });
    expect(preview.samples.map((s) => s.title)).toEqual(['Chair 1', 'Chair 2', 'Chair 3', 'Chair 4']);
    expect(preview.refused).toEqual([
      { reason: 'missing', field: 'buyNowPrice', status: null, count: 5, samples: [0, 1, 2].map((i) => ({ localId: noPrice[i], title: `Lamp ${i}` })) },
      { reason: 'status', field: null, status: 'published', count: 1, samples: [{ localId: published, title: 'Sofa 1' }] },
      { reason: 'gone', field: null, status: null, count: 1, samples: [{ localId: 999_999, title: null }] },
    ]);
  });

  it('the publish preview says how many of the ready drafts have a future list time and will be scheduled (issue 21)', async () => {
    const { drafts, make, actions } = setup();
    const now = make(3);
    const later = Array.from({ length: 2 }, (_, i) => drafts.createDraft({ ...completeBuyNow(`Kello ${i}`), listTime: TOMORROW }, NOW).localId);
    const passed = drafts.createDraft({ ...completeBuyNow('Lamppu'), listTime: YESTERDAY }, NOW).localId;
    const preview = await actions.preview('publish', [...now, ...later, passed], undefined, NOW);
    // A list time that has passed is listed at once (the marketplace lists it now).
    expect(preview).toMatchObject({ ready: 6, scheduled: 2 });
    expect((await actions.preview('publish', now, undefined, NOW)).scheduled).toBe(0);
    // Other actions count none.
    expect((await actions.preview('delete', later, undefined, NOW)).scheduled).toBe(0);
  });

  it('queues the same status change as the editor\'s Publish for each ready draft, as one step', async () => {
    const { drafts, make, actions, kinds, rows, status, bulk } = setup();
    const ready = make(3);
    const incomplete = drafts.createDraft({ title: 'Half done', saleMethod: 'buy-now' }).localId;
    const result = await actions.run('publish', [...ready, incomplete], undefined, NOW);
    expect(result).toEqual({ stepId: expect.any(Number), changed: 3, refused: 1 });
    for (const id of ready) {
      expect(kinds(id)).toEqual(['create', 'set-status']);
      expect(rows(id)[1]).toMatchObject({ step_id: result.stepId });
      expect(parseOutboxEntry(rows(id)[1] as OutboxRow)).toEqual({ ok: true, kind: 'set-status', payload: { status: 'published' } });
      expect(status.intendedStatus(id)).toBe('published');
    }
    expect(kinds(incomplete)).toEqual(['create']);
    expect(bulk.lastStep()).toMatchObject({ id: result.stepId, kind: 'bulk-action', action: 'publish', itemCount: 3 });
    // Queued already: a second bulk publish finds nothing to do and says why.
    expect((await actions.preview('publish', ready)).refused).toEqual([expect.objectContaining({ reason: 'queued', status: 'published', count: 3 })]);
    expect(await actions.run('publish', ready, undefined, NOW)).toEqual({ stepId: null, changed: 0, refused: 3 });
  });

  it('undo takes back a publish still queued, and says plainly which listings already went live', async () => {
    const { db, make, asRemote, actions, bulk, kinds, reads, status } = setup();
    const [local, sent, remote] = make(3) as [number, number, number];
    asRemote(remote, 'draft');
    const { stepId } = await actions.run('publish', [local, sent, remote], undefined, NOW);
    expect(reads.item(remote)!.syncState).toBe('queued');
    // The sync sent one of them: its row is gone and the service said published.
    db.prepare(`DELETE FROM outbox WHERE item_local_id = ? AND kind = 'set-status'`).run(sent);
    db.prepare(`UPDATE items SET status = 'published' WHERE local_id = ?`).run(sent);
    db.prepare(`UPDATE outbox SET state = 'parked' WHERE item_local_id = ? AND kind = 'set-status'`).run(remote);
    expect(actions.progress(stepId as number)).toEqual({ total: 3, sent: 1, failed: 1, waiting: 1 });
    db.prepare(`UPDATE outbox SET state = 'pending' WHERE item_local_id = ? AND kind = 'set-status'`).run(remote);
    const undo = bulk.undo(undefined, NOW + 1);
    expect(undo).toMatchObject({ stepId, restored: 2, action: 'publish', skipped: [{ localId: sent, code: 'live' }] });
    expect(kinds(local)).toEqual(['create']);
    expect(kinds(remote)).toEqual([]);
    expect(reads.item(remote)!.syncState).toBe('synced');
    expect(status.intendedStatus(local)).toBe('draft');
    expect(bulk.lastStep()).toBeUndefined();
  });
});

describe('selections of any size', () => {
  it('works in batches, each one transaction with the step so far; the core is free between them', async () => {
    const { make, actions, bulk, db } = setup();
    const ids = make(7);
    const seen: number[] = [];
    // Between two batches: what another caller of the core would see now.
    const pause = async () => {
      seen.push(db.prepare(`SELECT count(*) FROM outbox WHERE kind = 'set-status'`).pluck().get() as number);
    };
    const preview = await actions.preview('publish', ids, undefined, NOW, { size: 3, pause });
    expect(preview.ready).toBe(7);
    expect(seen).toEqual([0, 0]);
    const result = await actions.run('publish', ids, undefined, NOW, { size: 3, pause });
    expect(seen).toEqual([0, 0, 3, 6]);
    expect(result).toMatchObject({ changed: 7, refused: 0 });
    expect(bulk.lastStep()).toMatchObject({ id: result.stepId, kind: 'bulk-action', itemCount: 7 });
    expect(bulk.undo(undefined, NOW + 1)).toMatchObject({ restored: 7 });
  });

  it('stops queueing when its step is undone between two batches, and keeps what the undo left', async () => {
    const { make, actions, bulk, status } = setup();
    const ids = make(4);
    const undoOnce = async () => {
      if (bulk.lastStep()?.kind === 'bulk-action') bulk.undo(undefined, NOW + 1);
    };
    await expect(actions.run('publish', ids, undefined, NOW, { size: 2, pause: undoOnce })).rejects.toThrow(/undone while it ran/);
    expect(ids.map((id) => status.intendedStatus(id))).toEqual(['draft', 'draft', 'draft', 'draft']);
  });
});

describe('bulk schedule', () => {
  it('sets the list time and queues the publish; a time that has passed is refused with its field', async () => {
    const { drafts, make, actions, kinds, reads } = setup();
    const [a, b] = make(2) as [number, number];
    const closingFirst = drafts.createDraft({ ...completeBuyNow('Early close'), openDays: null, closingTime: '2026-11-25 10:00:00' }).localId;
    await expect(actions.preview('schedule', [a], YESTERDAY, NOW)).rejects.toThrow(DraftError);
    const preview = await actions.preview('schedule', [a, b, closingFirst], TOMORROW, NOW);
    expect(preview).toMatchObject({ ready: 2, refused: [{ reason: 'invalid', field: 'closingTime', count: 1 }] });
    const { changed } = await actions.run('schedule', [a, b, closingFirst], TOMORROW, NOW);
    expect(changed).toBe(2);
    expect(reads.item(a)!.fields.listTime).toBe(TOMORROW);
    expect(kinds(a)).toEqual(['create', 'edit', 'set-status']);
    expect(kinds(closingFirst)).toEqual(['create']);
  });

  it('undo while still queued puts the list time back', async () => {
    const { drafts, actions, bulk, kinds, reads } = setup();
    const id = drafts.createDraft({ ...completeBuyNow('Clock'), listTime: '2026-12-01 09:00:00' }).localId;
    await actions.run('schedule', [id], TOMORROW, NOW);
    expect(bulk.undo(undefined, NOW + 1)).toMatchObject({ restored: 1, skipped: [], action: 'schedule' });
    expect(reads.item(id)!.fields.listTime).toBe('2026-12-01 09:00:00');
    expect(kinds(id).filter((k) => k === 'set-status')).toEqual([]);
  });
});

describe('bulk close, relist and delete', () => {
  it('closes only published items, and undo takes back a close still queued', async () => {
    const { make, asRemote, actions, bulk, kinds, reads } = setup();
    const [open, draft] = make(2) as [number, number];
    asRemote(open, 'published');
    expect(await actions.preview('close', [open, draft])).toMatchObject({ ready: 1, refused: [{ reason: 'status', status: 'draft', count: 1 }] });
    await actions.run('close', [open, draft], undefined, NOW);
    expect(kinds(open)).toEqual(['set-status']);
    expect(bulk.undo(undefined, NOW + 1)).toMatchObject({ restored: 1, action: 'close' });
    expect(kinds(open)).toEqual([]);
    expect(reads.item(open)!.syncState).toBe('synced');
  });

  it('takes a buy-now item closed with its quantity bought out as sold, whatever its bidder count reads', async () => {
    const { make, asRemote, actions, db } = setup();
    const [boughtOut, boughtWithBid, unsold] = make(3, 'Untuvamakuupussi') as [number, number, number];
    // As a service that records a purchase without counting the buyer leaves them: bidderCount 0.
    asRemote(boughtOut, 'closed', `, bidder_count = 0, server_copy = json_object('quantity', 0, 'bidderCount', 0), units_left = 0`);
    asRemote(boughtWithBid, 'closed', `, bidder_count = 0, server_copy = json_object('quantity', 2, 'bidderCount', 0), units_left = 2`);
    db.prepare(`INSERT INTO bids (remote_id, item_remote_id, amount, time, bidder, record) VALUES (1, ?, 120, '2026-11-20T12:00:00+0200', 'v***e', '{}')`).run(600000000 + boughtWithBid);
    asRemote(unsold, 'closed', `, bidder_count = 0, server_copy = json_object('quantity', 1, 'bidderCount', 0), units_left = 1`);
    const { sold, closedCount } = soldItems(db).read(NOW);
    expect(sold.map((s) => [s.localId, s.price, s.kind]).sort()).toEqual([[boughtOut, 120, 'buy-now'], [boughtWithBid, 120, 'buy-now']].sort());
    expect(closedCount).toBe(3);
    expect(await actions.preview('relist', [boughtOut, boughtWithBid, unsold])).toMatchObject({ ready: 1, refused: [{ reason: 'sold', count: 2 }] });
  });

  it('relists closed unsold items as new drafts with their SKU and note, and undo removes the copies', async () => {
    const { drafts, make, asRemote, actions, bulk, kinds, reads, db } = setup();
    const unsold = Array.from({ length: 3 }, (_, i) => drafts.createDraft({ ...completeBuyNow(`Vase ${i}`), sku: `V-${i}`, note: `shelf ${i}` }).localId);
    for (const id of unsold) asRemote(id, 'closed');
    const [sold] = make(1, 'Sold lamp') as [number];
    asRemote(sold, 'closed', ', bidder_count = 1');
    const preview = await actions.preview('relist', [...unsold, sold]);
    expect(preview).toMatchObject({ ready: 3, refused: [{ reason: 'sold', count: 1, samples: [{ title: 'Sold lamp 1' }] }] });
    const before = db.prepare(`SELECT count(*) FROM items`).pluck().get() as number;
    expect(await actions.run('relist', [...unsold, sold], undefined, NOW)).toMatchObject({ changed: 3, refused: 1 });
    const copies = db.prepare(`SELECT local_id FROM items WHERE original_id IS NOT NULL ORDER BY local_id`).pluck().all() as number[];
    expect(copies).toHaveLength(3);
    copies.forEach((copy, i) => {
      expect(reads.item(copy)).toMatchObject({ status: 'draft', syncState: 'local-only', fields: { title: `Vase ${i}`, sku: `V-${i}`, note: `shelf ${i}` } });
      expect(kinds(copy)).toEqual(['copy']);
    });
    // Relisted once is enough: a second relist would put them on sale twice.
    expect(await actions.preview('relist', unsold)).toMatchObject({ ready: 0, refused: [{ reason: 'copied', count: 3 }] });
    expect(bulk.undo(undefined, NOW + 1)).toMatchObject({ restored: 3, action: 'relist' });
    expect(await actions.preview('relist', unsold)).toMatchObject({ ready: 3 });
    expect(db.prepare(`SELECT count(*) FROM items`).pluck().get()).toBe(before);
  });

  it('deletes drafts only; undo puts back a local draft with its rows and a remote one whose delete is not sent', async () => {
    const { db, drafts, make, asRemote, actions, bulk, kinds, reads, rows } = setup();
    const [local, remote, open] = make(3) as [number, number, number];
    drafts.editDraft(local, { sku: 'K-1', title: 'Chair renamed' });
    asRemote(remote, 'draft');
    asRemote(open, 'published');
    const keys = rows(local).map((r) => r.idempotency_key);
    expect(await actions.preview('delete', [local, remote, open])).toMatchObject({ ready: 2, refused: [{ reason: 'status', status: 'published', count: 1 }] });
    const { stepId } = await actions.run('delete', [local, remote, open], undefined, NOW);
    expect(reads.item(local)).toBeUndefined();
    // Only the remote draft's delete goes to the marketplace: the progress counts that one.
    expect(actions.progress(stepId as number)).toEqual({ total: 1, sent: 0, failed: 0, waiting: 1 });
    expect(reads.item(remote)!.deletedAt).toBe(NOW);
    expect(kinds(remote)).toEqual(['delete']);
    expect(bulk.undo(undefined, NOW + 1)).toMatchObject({ restored: 2, skipped: [], action: 'delete' });
    expect(reads.item(local)).toMatchObject({ syncState: 'local-only', fields: { title: 'Chair renamed', sku: 'K-1' } });
    expect(rows(local).map((r) => r.idempotency_key)).toEqual(keys);
    expect(db.prepare(`SELECT count(*) FROM items_fts WHERE items_fts MATCH 'renamed'`).pluck().get()).toBe(1);
    expect(reads.item(remote)).toMatchObject({ deletedAt: null, syncState: 'synced' });
    expect(kinds(remote)).toEqual([]);
  });

  it('a delete the service confirmed stays deleted: undo says it already went', async () => {
    const { db, make, asRemote, actions, bulk } = setup();
    const [remote] = make(1) as [number];
    asRemote(remote, 'draft');
    await actions.run('delete', [remote], undefined, NOW);
    db.prepare(`DELETE FROM outbox WHERE item_local_id = ?`).run(remote);
    db.prepare(`DELETE FROM items WHERE local_id = ?`).run(remote);
    expect(bulk.undo(undefined, NOW + 1)).toMatchObject({ restored: 0, skipped: [{ localId: remote, code: 'live' }] });
  });
});
