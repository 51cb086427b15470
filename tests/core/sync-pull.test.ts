// The pull side and two caches against one service: every status pulled, conflicts per field,
// remote-only changes taken, nothing overwritten silently.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeCategories, type TestCategories } from '../support/item-helpers.ts';
import { startTestServer, type TestServer } from '../support/server.ts';
import { completeBuyNow } from './support.ts';
import { sellerCache } from './support/sync-setup.ts';

let server: TestServer;
let cats: TestCategories;
let n = 0;

beforeAll(async () => {
  server = await startTestServer();
  cats = makeCategories(server);
});
afterAll(async () => {
  await server.close();
});

const table = (title: string) => ({ ...completeBuyNow(title), categoryId: cats.sub });

async function seller() {
  const username = `pull-seller-${++n}`;
  const userId = await server.addUser(username);
  return { username, userId };
}

describe('pulling', () => {
  it('caches categories, settings and the sales of every status, and leaves no cursor behind', async () => {
    const { username } = await seller();
    const cache = await sellerCache(server.url, username);
    const draft = await cache.api.createItem({ status: 'draft', title: 'Pulled draft' });
    const open = await cache.api.createItem({ ...table('Pulled open'), status: 'draft' });
    await cache.api.setStatus(open.id, 'preview');
    await cache.api.setStatus(open.id, 'published');
    const closed = await cache.api.createItem({ ...table('Pulled closed'), status: 'draft' });
    await cache.api.setStatus(closed.id, 'preview');
    await cache.api.setStatus(closed.id, 'published');
    await cache.api.setStatus(closed.id, 'closed');
    const result = await cache.engine.pull();
    expect(result).toMatchObject({ items: 3, inserted: 3 });
    for (const [id, status] of [[draft.id, 'draft'], [open.id, 'published'], [closed.id, 'closed']] as const) {
      expect(cache.row(cache.byRemote(id) as number)).toMatchObject({ status, sync_state: 'synced' });
    }
    expect(cache.db.prepare(`SELECT count(*) FROM categories`).pluck().get()).toBe(3);
    expect(cache.db.prepare(`SELECT count(*) FROM user_settings`).pluck().get()).toBe(1);
    expect(cache.db.prepare(`SELECT count(*) FROM sync_cursors`).pluck().get()).toBe(0);
    const again = await cache.engine.pull();
    expect(again).toMatchObject({ items: 3, inserted: 0, taken: 0, conflicts: 0 });
  });

  it('copies a closed item into a new listing once its publish is queued', async () => {
    const { username, userId } = await seller();
    const cache = await sellerCache(server.url, username);
    const original = await cache.api.createItem({ ...table('Copied chair'), status: 'draft' });
    for (const s of ['preview', 'published', 'closed'] as const) await cache.api.setStatus(original.id, s);
    await cache.engine.pull();
    // An unsold closed item is kept from its list summary (issue 38): the copy reads its record first.
    const local = cache.byRemote(original.id) as number;
    expect(cache.row(local).detail).toBe('summary');
    expect(await cache.engine.readDetails([local])).toEqual([]);
    const copy = cache.status.copyClosed(local);
    cache.drafts.editDraft(copy, { buyNowPrice: 80 });
    cache.status.publish(copy);
    await cache.drain();
    const row = cache.row(copy);
    expect(row).toMatchObject({ status: 'published', sync_state: 'synced' });
    const remote = await cache.api.getItem(row.remote_id as number);
    expect(remote).toMatchObject({ originalId: original.id, title: 'Copied chair', buyNowPrice: 80 });
    const copies = server.service.db.prepare(`SELECT count(*) FROM items WHERE seller_id = ? AND original_id = ?`).pluck().get(userId, original.id);
    expect(copies).toBe(1);
  });
});

describe('two caches against one service', () => {
  it('finds a field edited on both sides as a conflict with both values, takes remote-only changes, and loses nothing', async () => {
    const { username } = await seller();
    const a = await sellerCache(server.url, username);
    const b = await sellerCache(server.url, username);
    const remote = await a.api.createItem({ ...table('Shared sofa'), status: 'draft' });
    await a.engine.pull();
    await b.engine.pull();
    const la = a.byRemote(remote.id) as number;
    const lb = b.byRemote(remote.id) as number;

    a.drafts.editDraft(la, { title: 'Sofa from A', buyNowPrice: 99 });
    await a.drain();
    b.drafts.editDraft(lb, { title: 'Sofa from B', description: '<p>Edited on B.</p>' });

    const pulled = await b.engine.pull();
    expect(pulled.conflicts).toBe(1);
    const row = b.row(lb);
    expect(row.sync_state).toBe('conflict');
    expect(JSON.parse(String(row.conflicts))).toEqual({ title: { local: 'Sofa from B', remote: 'Sofa from A' } });
    expect(row).toMatchObject({ buy_now_price: 99, title: 'Sofa from B', description: '<p>Edited on B.</p>' });

    // In conflict the item is not pushed: nothing is overwritten before the user chooses.
    await b.engine.push();
    expect((await b.api.getItem(remote.id)).title).toBe('Sofa from A');

    b.engine.resolveConflicts(lb, { title: 'local' });
    await b.drain();
    const final = await b.api.getItem(remote.id);
    expect(final).toMatchObject({ title: 'Sofa from B', description: '<p>Edited on B.</p>', buyNowPrice: 99 });
    expect(b.row(lb).sync_state).toBe('synced');

    await a.engine.pull();
    expect(a.row(la)).toMatchObject({ title: 'Sofa from B', description: '<p>Edited on B.</p>', buy_now_price: 99, sync_state: 'synced' });
  });

  it('takes the remote value when the user chooses it, and drops the local edit of that field only', async () => {
    const { username } = await seller();
    const a = await sellerCache(server.url, username);
    const b = await sellerCache(server.url, username);
    const remote = await a.api.createItem({ ...table('Shared lamp'), status: 'draft' });
    await a.engine.pull();
    await b.engine.pull();
    a.drafts.editDraft(a.byRemote(remote.id) as number, { title: 'Lamp A' });
    await a.drain();
    const lb = b.byRemote(remote.id) as number;
    b.drafts.editDraft(lb, { title: 'Lamp B', postalCode: '00300' });
    await b.engine.pull();
    b.engine.resolveConflicts(lb, { title: 'remote' });
    expect(b.row(lb)).toMatchObject({ title: 'Lamp A', sync_state: 'queued' });
    await b.drain();
    expect(await b.api.getItem(remote.id)).toMatchObject({ title: 'Lamp A', postalCode: '00300' });
  });
});
