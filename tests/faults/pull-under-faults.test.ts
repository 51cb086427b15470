// The pull side under faults and changes made elsewhere: an interrupted pull resumes at its saved
// cursor, and a cached item the service no longer lists is kept and marked, never deleted silently.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { REMOVED_REMOTELY } from '../../electron/core/sync/pull.ts';
import { sellerCache } from '../core/support/sync-setup.ts';
import { startFaultProxy, type FaultProxy } from '../support/fault-proxy.ts';
import { insertItems } from '../support/item-fixtures.ts';
import { makeCategories, type TestCategories } from '../support/item-helpers.ts';
import { startTestServer, type TestServer } from '../support/server.ts';

let server: TestServer;
let proxy: FaultProxy;
let cats: TestCategories;
let sellers = 0;

beforeAll(async () => {
  server = await startTestServer();
  cats = makeCategories(server);
  proxy = await startFaultProxy({ target: server.url, seed: 9, plan: 'off' });
});
afterEach(() => {
  proxy.setPlan('off');
  proxy.resetStats();
});
afterAll(async () => {
  await proxy.close();
  await server.close();
});

async function seller() {
  const username = `pull-fault-seller-${++sellers}`;
  const userId = await server.addUser(username);
  return { username, userId, cache: await sellerCache(proxy.url, username) };
}

const salesPath = /^\/1\.1\/users\/\d+\/sales$/;
const cursor = (cache: { db: { prepare(sql: string): { pluck(): { get(): unknown } } } }) =>
  cache.db.prepare(`SELECT value FROM sync_cursors WHERE name = 'sales'`).pluck().get() ?? null;

describe('an interrupted pull', () => {
  it('resumes at the page after the last one it committed, and reads no committed page again', async () => {
    const { userId, cache } = await seller();
    // 520 listings: two pages of the seller's sales (500 a page).
    const now = server.service.clock.now();
    insertItems(server.service.db, Array.from({ length: 520 }, (_, i) => ({ seller_id: userId, title: `Pulled ${i}`, category_id: cats.sub })), now);
    // Page 2 cannot be read: every attempt (the client repeats a GET) loses its connection.
    proxy.setPlan({ rules: [{ method: 'GET', path: salesPath, when: (r) => r.url.includes('page=2'), fault: { kind: 'drop-before' } }] });
    await expect(cache.engine.pull()).rejects.toThrow();
    expect(cursor(cache)).toBe('2');
    expect(cache.db.prepare(`SELECT count(*) FROM items`).pluck().get()).toBe(500);

    proxy.setPlan('off');
    proxy.resetStats();
    const resumed = await cache.engine.pull();
    expect(resumed).toMatchObject({ items: 20, inserted: 20, removedRemotely: 0 });
    const log = proxy.stats().log;
    const salesPages = log.filter((e) => salesPath.test(e.url.split('?')[0] ?? '')).map((e) => new URL(e.url, 'http://x').searchParams.get('page'));
    expect(salesPages).toEqual(['2']);
    // The listing keeps each listing from its summary (issue 38): the cut pull read no record, and
    // the resumed one reads every open listing's record once, page 1's as well as page 2's.
    const reads = log.filter((e) => e.method === 'GET' && /^\/1\.1\/items\/\d+$/.test(e.url)).map((e) => e.url);
    expect(reads.length).toBe(520);
    expect(new Set(reads).size).toBe(520);
    expect(cursor(cache)).toBeNull();
    expect(cache.db.prepare(`SELECT count(DISTINCT remote_id) FROM items`).pluck().get()).toBe(520);

    // The next pull starts from the first page again and finds nothing new.
    expect(await cache.engine.pull()).toMatchObject({ items: 520, inserted: 0, conflicts: 0, removedRemotely: 0 });
  });
});

describe('an item removed elsewhere', () => {
  it('is kept with its local edits, marked removed remotely, and its queued change is not sent', async () => {
    const { cache } = await seller();
    const kept = await cache.api.createItem({ status: 'draft', title: 'Edited here' });
    const other = await cache.api.createItem({ status: 'draft', title: 'Untouched' });
    await cache.engine.pull();
    const keptLocal = cache.byRemote(kept.id) as number;
    const otherLocal = cache.byRemote(other.id) as number;
    cache.drafts.editDraft(keptLocal, { title: 'Edited here, not yet sent' });
    // Another device deletes both remote drafts.
    await cache.api.deleteItem(kept.id);
    await cache.api.deleteItem(other.id);

    const result = await cache.engine.pull();
    expect(result.removedRemotely).toBe(2);
    for (const localId of [keptLocal, otherLocal]) {
      expect(cache.row(localId)).toMatchObject({ sync_state: 'rejected', reject_reason: REMOVED_REMOTELY, deleted_at: null });
    }
    expect(cache.row(keptLocal).title).toBe('Edited here, not yet sent');
    expect(cache.outbox.forItem(keptLocal).map((r) => [r.kind, r.state, r.error])).toEqual([['edit', 'parked', REMOVED_REMOTELY]]);
    expect(cache.events).toContainEqual({ type: 'item-state', localId: keptLocal, state: 'rejected', reason: REMOVED_REMOTELY, field: null });

    proxy.resetStats();
    await cache.engine.push();
    expect(proxy.stats().log.filter((e) => e.method === 'PUT')).toEqual([]);
    // A second pull does not count them again.
    expect((await cache.engine.pull()).removedRemotely).toBe(0);
  });

  it('is forgotten once the user deletes it here too', async () => {
    const { cache } = await seller();
    const remote = await cache.api.createItem({ status: 'draft', title: 'Gone elsewhere' });
    await cache.engine.pull();
    const localId = cache.byRemote(remote.id) as number;
    cache.drafts.editDraft(localId, { title: 'Gone elsewhere, edited' });
    await cache.api.deleteItem(remote.id);
    await cache.engine.pull();
    cache.drafts.deleteDraft(localId);
    await cache.drain();
    expect(cache.row(localId)).toBeUndefined();
    expect(cache.outbox.pendingCount()).toBe(0);
    expect(cache.db.prepare(`SELECT count(*) FROM outbox`).pluck().get()).toBe(0);
  });
});
