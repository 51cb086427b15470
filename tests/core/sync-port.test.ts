// The sync through the marketplace port, with a double of the port instead of HTTP: the seam a
// second marketplace would plug into. The same behaviours against the real service over HTTP are
// in sync-push.test.ts; these show that the engine needs nothing but the port.
import { describe, expect, it } from 'vitest';
import { settingsCache } from '../../electron/core/cache/settings-cache.ts';
import { draftWrites } from '../../electron/core/drafts/draft-writes.ts';
import { statusChanges } from '../../electron/core/drafts/status-changes.ts';
import { createSyncEngine } from '../../electron/core/sync/index.ts';
import { completeBuyNow, openTempDb, privateSellerSettings } from './support.ts';
import { marketplaceDouble } from './support/marketplace-double.ts';

function sellerWithDouble() {
  const { db } = openTempDb();
  settingsCache(db).saveSettings(privateSellerSettings(), Date.now());
  settingsCache(db).replaceCategories([
    { id: 101, parentId: 0, level: 1, title: 'Furniture', position: 0 },
    { id: 1010, parentId: 101, level: 2, title: 'Tables', position: 0 },
    { id: 10102, parentId: 1010, level: 3, title: 'Dining tables', position: 0 },
  ]);
  const marketplace = marketplaceDouble();
  const engine = createSyncEngine({ db, api: marketplace.port, backoffBaseMs: 5, backoffCapMs: 50 });
  return { db, marketplace, engine, drafts: draftWrites(db), status: statusChanges(db) };
}

describe('the sync through the marketplace port (no HTTP)', () => {
  it('creates a published draft on the marketplace once and marks it synced', async () => {
    const { db, marketplace, engine, drafts, status } = sellerWithDouble();
    const { localId } = drafts.createDraft(completeBuyNow('Oak table'));
    status.publish(localId);
    const result = await engine.push();
    expect(result).toMatchObject({ applied: 2, parked: 0, pending: 0, paused: false });
    expect([...marketplace.items.values()].map((i) => [i.title, i.status])).toEqual([['Oak table', 'published']]);
    const row = db.prepare('SELECT remote_id, status, sync_state FROM items WHERE local_id = ?').get(localId);
    expect(row).toEqual({ remote_id: [...marketplace.items.keys()][0], status: 'published', sync_state: 'synced' });
    expect(marketplace.calls.filter((c) => c === 'createItem')).toHaveLength(1);
  });

  it('parks the row and rejects the item, naming the field, when the marketplace refuses it', async () => {
    const { db, marketplace, engine, drafts, status } = sellerWithDouble();
    const { localId } = drafts.createDraft(completeBuyNow('Oak table'));
    status.publish(localId);
    marketplace.refuseNextCreate('title', 'invalid', 'title: not allowed here');
    const result = await engine.push();
    expect(result).toMatchObject({ parked: 1, paused: false });
    expect(marketplace.items.size).toBe(0);
    const row = db.prepare('SELECT sync_state, reject_field, reject_code FROM items WHERE local_id = ?').get(localId);
    expect(row).toEqual({ sync_state: 'rejected', reject_field: 'title', reject_code: 'invalid' });
  });
});
