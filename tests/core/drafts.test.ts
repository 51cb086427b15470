import { describe, expect, it } from 'vitest';
import { settingsCache } from '../../electron/core/cache/settings-cache.ts';
import { DraftError } from '../../electron/core/drafts/draft-error.ts';
import { draftWrites } from '../../electron/core/drafts/draft-writes.ts';
import { itemReads } from '../../electron/core/drafts/item-rows.ts';
import { outboxReads, parseOutboxEntry } from '../../electron/core/outbox/outbox.ts';
import { completeBuyNow, openTempDb, privateSellerRules } from './support.ts';

function setup() {
  const { db } = openTempDb();
  settingsCache(db).saveRules(privateSellerRules(), 1);
  return { db, drafts: draftWrites(db), reads: itemReads(db), outbox: outboxReads(db) };
}

function thrown(f: () => unknown): DraftError {
  try {
    f();
  } catch (error) {
    if (error instanceof DraftError) return error;
    throw error;
  }
  throw new Error('expected a DraftError');
}

describe('drafts', () => {
  it('a new draft is stored with its create row in the outbox and stays local only', () => {
    const { drafts, reads, outbox } = setup();
    const { localId, problems } = drafts.createDraft({ title: 'Lamp', saleMethod: 'buy-now' }, 100);
    const item = reads.item(localId)!;
    expect(item).toMatchObject({ status: 'draft', syncState: 'local-only', remoteId: null, created: 100 });
    expect(item.fields).toEqual({ title: 'Lamp', saleMethod: 'buy-now' });
    const rows = outbox.forItem(localId);
    expect(rows).toHaveLength(1);
    expect(parseOutboxEntry(rows[0]!)).toEqual({ ok: true, kind: 'create', payload: { fields: { title: 'Lamp', saleMethod: 'buy-now' } } });
    expect(rows[0]!.idempotency_key).toMatch(/^[0-9a-f]{32}$/);
    // Incomplete is fine for a draft; the missing fields are reported for publishing.
    expect(problems.map((p) => `${p.field}:${p.code}`)).toEqual(expect.arrayContaining(['buyNowPrice:required', 'condition:required', 'postalCode:required']));
  });

  it('drafts are unlimited locally: the 10-draft limit is the service\'s, not the cache\'s', () => {
    const { drafts, reads } = setup();
    for (let i = 0; i < 25; i++) drafts.createDraft({ title: `Item ${i}` });
    expect(reads.drafts()).toHaveLength(25);
  });

  it('an edit of one field or many writes the changed fields and one outbox row', () => {
    const { drafts, reads, outbox } = setup();
    const { localId } = drafts.createDraft(completeBuyNow());
    const one = drafts.editDraft(localId, { buyNowPrice: '135.5' }, 200);
    expect(one.changed).toEqual({ buyNowPrice: 135.5 });
    expect(one.problems).toEqual([]);
    const many = drafts.editDraft(localId, { title: 'Oak table, extendable', condition: 'like-new', quantity: 1 }, 300);
    expect(many.changed).toEqual({ title: 'Oak table, extendable', condition: 'like-new' });
    const rows = outbox.forItem(localId).map((r) => parseOutboxEntry(r));
    expect(rows.slice(1)).toEqual([
      { ok: true, kind: 'edit', payload: { fields: { buyNowPrice: 135.5 } } },
      { ok: true, kind: 'edit', payload: { fields: { title: 'Oak table, extendable', condition: 'like-new' } } },
    ]);
    expect(reads.item(localId)!.updated).toBe(300);
  });

  it('saving the same values again queues nothing', () => {
    const { drafts, outbox } = setup();
    const { localId } = drafts.createDraft(completeBuyNow());
    expect(drafts.editDraft(localId, { title: 'Oak table', buyNowPrice: 120 }).changed).toEqual({});
    expect(outbox.forItem(localId)).toHaveLength(1);
  });

  it('a value over the limits of part 8 is refused and nothing is written', () => {
    const { drafts, reads, outbox } = setup();
    const { localId } = drafts.createDraft(completeBuyNow());
    const error = thrown(() => drafts.editDraft(localId, { title: 'x'.repeat(61), buyNowPrice: 99 }));
    expect(error.code).toBe('validation');
    expect(error.items[0]!.problems).toEqual([{ field: 'title', code: 'invalid', rule: 'max-length', params: { max: 60 }, message: 'title: at most 60 characters' }]);
    expect(reads.item(localId)!.fields.title).toBe('Oak table');
    expect(reads.item(localId)!.fields.buyNowPrice).toBe(120);
    expect(outbox.forItem(localId)).toHaveLength(1);
  });

  it('a field the cached settings do not allow this seller is refused', () => {
    const { drafts } = setup();
    const { localId } = drafts.createDraft({ ...completeBuyNow(), saleMethod: 'auction', startingPrice: 10, buyNowPrice: null, quantity: null });
    const error = thrown(() => drafts.editDraft(localId, { reservePrice: 50 }));
    expect(error.items[0]!.problems).toEqual([{ field: 'reservePrice', code: 'not-allowed', rule: 'not-allowed', message: 'reservePrice: not available to this account' }]);
    expect(() => drafts.createDraft({ republish: 1 })).toThrow(DraftError);
  });

  it('item data of a published item cannot be edited (part 3, rule 2)', () => {
    const { db, drafts } = setup();
    const { localId } = drafts.createDraft(completeBuyNow());
    db.prepare(`UPDATE items SET status = 'published', remote_id = 600000007, sync_state = 'synced' WHERE local_id = ?`).run(localId);
    expect(thrown(() => drafts.editDraft(localId, { buyNowPrice: 1 })).code).toBe('state');
    expect(thrown(() => drafts.deleteDraft(localId)).code).toBe('state');
  });

  it('an unknown field name refuses the whole change', () => {
    const { drafts } = setup();
    const { localId } = drafts.createDraft(completeBuyNow());
    expect(thrown(() => drafts.editDraft(localId, { titel: 'typo' })).code).toBe('unknown-field');
  });

  it('if the outbox row cannot be written the local change is not kept either', () => {
    const { db, drafts, reads, outbox } = setup();
    const { localId } = drafts.createDraft(completeBuyNow());
    db.exec(`CREATE TEMP TRIGGER outbox_fails BEFORE INSERT ON outbox BEGIN SELECT RAISE(ABORT, 'disk full'); END`);
    expect(() => drafts.editDraft(localId, { buyNowPrice: 150 })).toThrow(/disk full/);
    expect(() => drafts.createDraft({ title: 'Never' })).toThrow(/disk full/);
    db.exec(`DROP TRIGGER outbox_fails`);
    expect(reads.item(localId)!.fields.buyNowPrice).toBe(120);
    expect(outbox.forItem(localId)).toHaveLength(1);
    expect(reads.drafts()).toHaveLength(1);
  });

  it('a synced item edited locally is queued; a rejected one is queued again with its rejection cleared', () => {
    const { db, drafts, reads } = setup();
    const a = drafts.createDraft(completeBuyNow('A')).localId;
    const b = drafts.createDraft(completeBuyNow('B')).localId;
    db.prepare(`UPDATE items SET remote_id = local_id + 100, sync_state = 'synced' WHERE local_id = ?`).run(a);
    db.prepare(`UPDATE items SET remote_id = local_id + 100, sync_state = 'rejected', reject_reason = 'too cheap', reject_field = 'buyNowPrice' WHERE local_id = ?`).run(b);
    drafts.editDraft(a, { buyNowPrice: 10 });
    drafts.editDraft(b, { buyNowPrice: 200 });
    expect(reads.item(a)!.syncState).toBe('queued');
    expect(reads.item(b)).toMatchObject({ syncState: 'queued', rejectReason: null, rejectField: null });
  });

  it('deleting a draft that never left this machine removes it; one the service knows becomes a tombstone with a delete row', () => {
    const { db, drafts, reads, outbox } = setup();
    const local = drafts.createDraft(completeBuyNow('Local')).localId;
    const remote = drafts.createDraft(completeBuyNow('Remote')).localId;
    db.prepare(`UPDATE items SET remote_id = 600000055, sync_state = 'synced' WHERE local_id = ?`).run(remote);
    drafts.deleteDraft(local);
    drafts.deleteDraft(remote, 500);
    expect(reads.item(local)).toBeUndefined();
    expect(outbox.forItem(local)).toEqual([]);
    expect(reads.item(remote)).toMatchObject({ deletedAt: 500, syncState: 'queued' });
    expect(outbox.forItem(remote).map((r) => r.kind)).toEqual(['create', 'delete']);
    expect(thrown(() => drafts.editDraft(remote, { title: 'x' })).code).toBe('not-found');
  });
});

describe('stored outbox payloads', () => {
  it('a row that cannot be parsed is reported, not thrown', () => {
    expect(parseOutboxEntry({ kind: 'edit', payload: '{not json' })).toMatchObject({ ok: false });
    expect(parseOutboxEntry({ kind: 'teleport', payload: '{}' })).toMatchObject({ ok: false });
    expect(parseOutboxEntry({ kind: 'set-status', payload: '{"status":"sold"}' })).toMatchObject({ ok: false });
    expect(parseOutboxEntry({ kind: 'set-status', payload: '{"status":"published"}' })).toEqual({ ok: true, kind: 'set-status', payload: { status: 'published' } });
  });
});
