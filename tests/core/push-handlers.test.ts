// The push engine's table (electron/core/sync/push-handlers.ts): one handler per outbox kind, each
// run here alone on a row the repositories wrote, against a double of the marketplace port (no
// engine, no HTTP). The engine around them is tested with the real service in sync-push.test.ts.
import { describe, expect, it } from 'vitest';
import { settingsCache } from '../../electron/core/cache/settings-cache.ts';
import { draftWrites } from '../../electron/core/drafts/draft-writes.ts';
import { statusChanges } from '../../electron/core/drafts/status-changes.ts';
import { OUTBOX_PAYLOADS, parseOutboxEntry, type OutboxEntry, type OutboxRow } from '../../electron/core/outbox/outbox.ts';
import type { OpContext } from '../../electron/core/sync/operations.ts';
import { handleEntry, isPublish, PUSH_HANDLERS } from '../../electron/core/sync/push-handlers.ts';
import { syncRepository } from '../../electron/core/sync/sync-repository.ts';
import { completeBuyNow, openTempDb, privateSellerRules } from './support.ts';
import { marketplaceDouble } from './support/marketplace-double.ts';

function setup() {
  const { db } = openTempDb();
  settingsCache(db).saveRules(privateSellerRules(), Date.now());
  const marketplace = marketplaceDouble();
  const store = syncRepository(db);
  const ctx: OpContext = { api: marketplace.port, store, db, userId: 1_000_001, now: Date.now, leftDraft: () => undefined, upload: () => undefined, remoteImages: null };
  /** The item's next row, parsed as the engine parses it. */
  const next = (localId: number): { row: OutboxRow; entry: OutboxEntry } => {
    const row = store.nextRow(localId);
    if (!row) throw new Error(`no row for ${localId}`);
    const parsed = parseOutboxEntry(row);
    if (!parsed.ok) throw new Error(parsed.message);
    return { row, entry: parsed };
  };
  return { db, marketplace, store, ctx, next, drafts: draftWrites(db), status: statusChanges(db) };
}

describe('the push handlers, one per outbox kind', () => {
  it('have a handler for every outbox kind, and nothing else', () => {
    expect(Object.keys(PUSH_HANDLERS).sort()).toEqual(Object.keys(OUTBOX_PAYLOADS).sort());
  });

  it('tell a publish by the parsed payload, not by a word inside its JSON', () => {
    const entry = (kind: string, payload: unknown) => {
      const parsed = parseOutboxEntry({ kind, payload: JSON.stringify(payload) });
      if (!parsed.ok) throw new Error(parsed.message);
      return parsed;
    };
    expect(isPublish(entry('set-status', { status: 'published' }))).toBe(true);
    expect(isPublish(entry('set-status', { status: 'closed' }))).toBe(false);
    // The JSON of this edit holds "published"; the old string match took it for a publish.
    expect(isPublish(entry('edit', { fields: { title: 'published' } }))).toBe(false);
  });

  it('create: makes the remote draft and records its id', async () => {
    const { marketplace, ctx, next, drafts, status, store } = setup();
    const { localId } = drafts.createDraft(completeBuyNow('Oak table'));
    status.publish(localId);
    const { row, entry } = next(localId);
    expect(entry.kind).toBe('create');
    expect(await handleEntry(ctx, row, entry)).toBe('applied');
    const [remote] = [...marketplace.listings.values()];
    expect(remote).toMatchObject({ fields: { title: 'Oak table' }, status: 'draft' });
    expect(store.item(localId)?.remote_id).toBe(remote?.id);
  });

  it('set-status: publishes the remote draft', async () => {
    const { marketplace, ctx, next, drafts, status } = setup();
    const { localId } = drafts.createDraft(completeBuyNow('Oak table'));
    status.publish(localId);
    const create = next(localId);
    await handleEntry(ctx, create.row, create.entry);
    const publish = next(localId);
    expect(publish.entry).toMatchObject({ kind: 'set-status', payload: { status: 'published' } });
    expect(await handleEntry(ctx, publish.row, publish.entry)).toBe('applied');
    expect([...marketplace.listings.values()].map((i) => i.status)).toEqual(['published']);
  });

  it('edit: sends the changed fields of an item the marketplace has', async () => {
    const { marketplace, ctx, next, drafts, status, store } = setup();
    const { localId } = drafts.createDraft(completeBuyNow('Oak table'));
    status.publish(localId);
    const create = next(localId);
    await handleEntry(ctx, create.row, create.entry);
    // Edited while its publish waits: the edit row follows the set-status row; run it alone.
    drafts.editDraft(localId, { buyNowPrice: 99 });
    const row = store.rowsOf(localId).find((r) => r.kind === 'edit');
    const entry = row ? parseOutboxEntry(row) : null;
    if (!row || !entry?.ok) throw new Error('no edit row');
    expect(entry.kind).toBe('edit');
    expect(await handleEntry(ctx, row, entry)).toBe('applied');
    expect([...marketplace.listings.values()].map((i) => i.fields.buyNowPrice)).toEqual([99]);
    expect(marketplace.calls).toContain('editListing');
  });
});
