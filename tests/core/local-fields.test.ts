// The seller's SKU: a field of the item-field registry kept only in the cache (the proof that a
// field is a registry entry and a migration).
import { describe, expect, it } from 'vitest';
import { bulkWrites } from '../../electron/core/bulk/bulk-edit.ts';
import { settingsCache } from '../../electron/core/cache/settings-cache.ts';
import { exportDraftsCsv, importDraftsCsv } from '../../electron/core/csv/drafts-csv.ts';
import { DraftError } from '../../electron/core/drafts/draft-error.ts';
import { draftWrites } from '../../electron/core/drafts/draft-writes.ts';
import { itemReads } from '../../electron/core/drafts/item-rows.ts';
import { statusChanges } from '../../electron/core/drafts/status-changes.ts';
import { outboxReads, parseOutboxEntry } from '../../electron/core/outbox/outbox.ts';
import { gridSearch } from '../../electron/core/search/grid-search.ts';
import { inputOf } from '../../electron/core/sync/server-fields.ts';
import { completeBuyNow, openTempDb, privateSellerRules } from './support.ts';

function setup() {
  const { db } = openTempDb();
  settingsCache(db).saveRules(privateSellerRules(), 1);
  return { db, drafts: draftWrites(db), reads: itemReads(db), outbox: outboxReads(db), search: gridSearch(db) };
}

describe('the local-only SKU field', () => {
  it('is saved with a draft and checked against its limit, but never put in what is sent', () => {
    const { drafts, reads, outbox } = setup();
    const id = drafts.createDraft({ ...completeBuyNow(), sku: 'SHELF-7' }).localId;
    expect(reads.item(id)?.fields.sku).toBe('SHELF-7');
    const create = outbox.forItem(id)[0]!;
    expect(create.kind).toBe('create');
    expect(JSON.parse(create.payload).fields).not.toHaveProperty('sku');
    expect(inputOf(reads.item(id)!.fields)).not.toHaveProperty('sku');
    expect(() => drafts.editDraft(id, { sku: 'x'.repeat(65) })).toThrow(DraftError);
  });

  it('changed alone queues nothing for the service and leaves the sync state as it was', () => {
    const { db, drafts, reads, outbox } = setup();
    const id = drafts.createDraft(completeBuyNow()).localId;
    db.prepare(`DELETE FROM outbox`).run();
    db.prepare(`UPDATE items SET sync_state = 'synced', remote_id = 600000009 WHERE local_id = ?`).run(id);
    expect(drafts.editDraft(id, { sku: 'BOX-1' }).changed).toEqual({ sku: 'BOX-1' });
    expect(outbox.forItem(id)).toEqual([]);
    expect(reads.item(id)?.syncState).toBe('synced');
    bulkWrites(db).bulkEdit([id], { sku: 'BOX-2' });
    expect(outbox.forItem(id)).toEqual([]);
    expect(reads.item(id)?.fields.sku).toBe('BOX-2');
    drafts.editDraft(id, { sku: 'BOX-3', title: 'Pine table' });
    const edit = parseOutboxEntry(outbox.forItem(id)[0]!);
    expect(edit).toEqual({ ok: true, kind: 'edit', payload: { fields: { title: 'Pine table' } } });
    expect(reads.item(id)?.syncState).toBe('queued');
  });

  it('is found by search, sorts the grid, and travels through CSV', () => {
    const { db, drafts, search } = setup();
    const b = drafts.createDraft({ title: 'Lamp', sku: 'b-200' }).localId;
    const a = drafts.createDraft({ title: 'Chair', sku: 'A-100' }).localId;
    const none = drafts.createDraft({ title: 'Rug' }).localId;
    expect(search.search({ text: 'a-100' }).map((r) => r.localId)).toEqual([a]);
    expect(search.search({ sort: 'sku' }).map((r) => r.localId)).toEqual([none, a, b]);
    expect(search.search({ sort: 'sku', direction: 'desc' }).map((r) => r.localId)).toEqual([b, a, none]);
    const csv = exportDraftsCsv(db, [a]);
    expect(csv.split('\r\n')[0]).toMatch(/,sku$/);
    const report = importDraftsCsv(db, csv);
    expect(report.errors).toEqual([]);
    expect(itemReads(db).item(report.imported[0]!)?.fields.sku).toBe('A-100');
  });

  it('is carried into a copy of a closed item', () => {
    const { db, drafts, reads } = setup();
    const id = drafts.createDraft({ ...completeBuyNow(), sku: 'OAK-6' }).localId;
    db.prepare(`UPDATE items SET status = 'closed', remote_id = 600000031, sync_state = 'synced' WHERE local_id = ?`).run(id);
    const copy = statusChanges(db).copyClosed(id);
    expect(reads.item(copy)?.fields.sku).toBe('OAK-6');
  });

  it('keeps a private note the same way: saved, never sent, searched, sorted, in CSV and carried into a copy', () => {
    const { db, drafts, reads, outbox, search } = setup();
    const id = drafts.createDraft({ ...completeBuyNow(), note: 'Ostettu kirpputorilta 5 €, hylly 3' }).localId;
    expect(JSON.parse(outbox.forItem(id)[0]!.payload).fields).not.toHaveProperty('note');
    expect(inputOf(reads.item(id)!.fields)).not.toHaveProperty('note');
    expect(() => drafts.editDraft(id, { note: 'x'.repeat(2001) })).toThrow(DraftError);
    db.prepare(`DELETE FROM outbox`).run();
    db.prepare(`UPDATE items SET sync_state = 'synced', remote_id = 600000077 WHERE local_id = ?`).run(id);
    drafts.editDraft(id, { note: 'hylly 4' });
    expect(outbox.forItem(id)).toEqual([]);
    expect(reads.item(id)?.syncState).toBe('synced');
    const other = drafts.createDraft({ title: 'Rug', note: 'Aula' }).localId;
    expect(search.search({ text: 'hylly' }).map((r) => r.localId)).toEqual([id]);
    expect(search.search({ sort: 'note' }).map((r) => r.localId)).toEqual([other, id]);
    const csv = exportDraftsCsv(db, [id]);
    expect(csv.split('\r\n')[0]).toMatch(/,note,sku$/);
    const imported = importDraftsCsv(db, csv);
    expect(reads.item(imported.imported[0]!)?.fields.note).toBe('hylly 4');
    db.prepare(`UPDATE items SET status = 'closed' WHERE local_id = ?`).run(id);
    expect(reads.item(statusChanges(db).copyClosed(id))?.fields.note).toBe('hylly 4');
  });
});
