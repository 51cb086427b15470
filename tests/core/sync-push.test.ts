// The push side of the sync against the real service: each kind of change, validation parking,
// the 10-draft limit, unknown outcomes without duplicates, and an expired login.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { settingsCache } from '../../electron/core/cache/settings-cache.ts';
import { addImages } from '../../electron/core/images/add-images.ts';
import { makeCategories, type TestCategories } from '../support/item-helpers.ts';
import { startTestServer, TEST_PASSWORD, type TestServer } from '../support/server.ts';
import { completeBuyNow } from './support.ts';
import { startLoopbackProxy, type LoopbackProxy } from './support/loopback-proxy.ts';
import { sellerCache, type SellerCache } from './support/sync-setup.ts';
import { describeRefusal } from '../../renderer/src/i18n/describe-error.ts';
import { translate } from '../../renderer/src/i18n/translate.ts';
import '../support/catalogs-loaded.ts';

let server: TestServer;
let proxy: LoopbackProxy;
let cats: TestCategories;
let userCount = 0;

beforeAll(async () => {
  server = await startTestServer();
  proxy = await startLoopbackProxy(server.url);
  cats = makeCategories(server);
});
afterAll(async () => {
  await proxy.close();
  await server.close();
});

/** A fresh seller with a cache that has pulled categories and settings. */
async function freshSeller(baseUrl = proxy.url): Promise<SellerCache & { userId: number; username: string }> {
  const username = `sync-seller-${++userCount}`;
  const userId = await server.addUser(username);
  const cache = await sellerCache(baseUrl, username);
  await cache.engine.pull();
  return { ...cache, userId, username };
}

const table = (title: string) => ({ ...completeBuyNow(title), categoryId: cats.sub });
const remoteDraftCount = (userId: number) =>
  server.service.db.prepare(`SELECT count(*) FROM items WHERE seller_id = ? AND status = 'draft'`).pluck().get(userId) as number;
const remoteTitles = (userId: number, title: string) =>
  server.service.db.prepare(`SELECT id FROM items WHERE seller_id = ? AND title = ?`).pluck().all(userId, title) as number[];

describe('pushing local changes', () => {
  it('keeps a draft local until its publish is queued, then creates, folds the edits in and publishes it once', async () => {
    const seller = await freshSeller();
    const { localId } = seller.drafts.createDraft(table('Oak table'));
    seller.drafts.editDraft(localId, { title: 'Oak table, six chairs' });
    let result = await seller.engine.push();
    expect(result.applied).toBe(0);
    expect(seller.row(localId)).toMatchObject({ remote_id: null, sync_state: 'local-only' });

    seller.status.publish(localId);
    const posts = proxy.count('POST', '/1.1/items');
    result = await seller.engine.push();
    expect(result).toMatchObject({ parked: 0, pending: 0 });
    const row = seller.row(localId);
    expect(row).toMatchObject({ status: 'published', sync_state: 'synced' });
    expect(proxy.count('POST', '/1.1/items') - posts).toBe(1);
    const remote = await seller.api.getItem(row.remote_id as number);
    expect(remote).toMatchObject({ status: 'published', title: 'Oak table, six chairs' });
    expect(seller.outbox.pendingCount()).toBe(0);
    const progress = seller.events.filter((e) => e.type === 'progress');
    expect(progress.at(-1)).toMatchObject({ done: 3, total: 3 });
    expect(seller.events).toContainEqual({ type: 'item-state', localId, state: 'synced', reason: null, field: null });
  });

  it('sends edits and a bulk edit of pulled remote drafts as PUTs', async () => {
    const seller = await freshSeller();
    const a = await seller.api.createItem({ status: 'draft', title: 'Chair A' });
    const b = await seller.api.createItem({ status: 'draft', title: 'Chair B' });
    await seller.engine.pull();
    const la = seller.byRemote(a.id) as number;
    const lb = seller.byRemote(b.id) as number;
    seller.drafts.editDraft(la, { title: 'Chair A, oak', condition: 'good' });
    seller.bulk.bulkEdit([la, lb], { postalCode: '00200', buyNowPrice: 15 });
    await seller.drain();
    for (const [id, title] of [[a.id, 'Chair A, oak'], [b.id, 'Chair B']] as const) {
      const remote = await seller.api.getItem(id);
      expect(remote).toMatchObject({ title, postalCode: '00200', buyNowPrice: 15 });
    }
    expect((await seller.api.getItem(a.id)).condition).toBe('good');
    expect(seller.row(la).sync_state).toBe('synced');
  });

  it('deletes a remote draft deleted locally, and forgets it once the service confirms', async () => {
    const seller = await freshSeller();
    const remote = await seller.api.createItem({ status: 'draft', title: 'Unwanted' });
    await seller.engine.pull();
    const localId = seller.byRemote(remote.id) as number;
    seller.drafts.deleteDraft(localId);
    expect(seller.row(localId).deleted_at).not.toBeNull();
    await seller.drain();
    expect(seller.row(localId)).toBeUndefined();
    expect(remoteTitles(seller.userId, 'Unwanted')).toEqual([]);
  });

  it('uploads added images, then applies removals and the new order', async () => {
    const seller = await freshSeller();
    const remote = await seller.api.createItem({ status: 'draft', title: 'Vase' });
    await seller.engine.pull();
    const localId = seller.byRemote(remote.id) as number;
    const files = [await seller.photo('a.jpg', 1), await seller.photo('b.jpg', 2), await seller.photo('c.jpg', 3)];
    const added = await addImages(seller.db, { itemLocalId: localId, files, folder: seller.folder });
    const [i1, i2, i3] = added.map((r) => r.imageId as number) as [number, number, number];
    await seller.drain();
    const remoteIds = () => seller.db.prepare(`SELECT remote_id FROM images WHERE item_local_id = ? ORDER BY position`).pluck().all(localId) as number[];
    expect((await seller.api.listImages(remote.id)).images.map((i) => i.id)).toEqual(remoteIds());

    seller.images.reorderImages(localId, [i3, i1, i2]);
    seller.images.removeImage(i1);
    await seller.drain();
    const after = (await seller.api.listImages(remote.id)).images.map((i) => i.id);
    expect(after).toEqual(remoteIds());
    expect(after).toHaveLength(2);
    expect(seller.outbox.pendingCount()).toBe(0);
  });

  it('publishes a new listing with its photos in the order the user gave them', async () => {
    const seller = await freshSeller();
    const { localId } = seller.drafts.createDraft(table('Photographed'));
    const files = await Promise.all([1, 2, 3, 4].map((i) => seller.photo(`p${i}.jpg`, 10 + i)));
    await addImages(seller.db, { itemLocalId: localId, files, folder: seller.folder, concurrency: 4 });
    seller.status.publish(localId);
    await seller.drain();
    const row = seller.row(localId);
    expect(row.status).toBe('published');
    const local = seller.db.prepare(`SELECT remote_id FROM images WHERE item_local_id = ? ORDER BY position`).pluck().all(localId);
    expect((await seller.api.getItem(row.remote_id as number)).images.map((i) => i.id)).toEqual(local);
  });

  it('publishes a draft with 3 photos with the requests a bare loop sends (create, 3 uploads, preview, publish) plus one drafts listing per run', async () => {
    const seller = await freshSeller();
    const { localId } = seller.drafts.createDraft(table('Counted'));
    const files = await Promise.all([1, 2, 3].map((i) => seller.photo(`n${i}.jpg`, 30 + i)));
    // One at a time: the upload order is the user's, so no reorder is due (that one is real work).
    await addImages(seller.db, { itemLocalId: localId, files, folder: seller.folder, concurrency: 1 });
    seller.status.publish(localId);
    const before = new Map(proxy.counts);
    const result = await seller.engine.push();
    expect(result).toMatchObject({ parked: 0, pending: 0 });
    const row = seller.row(localId);
    expect(row).toMatchObject({ status: 'published', sync_state: 'synced' });
    // Requests of this push by route (ids as {id}).
    const sent: Record<string, number> = {};
    for (const [k, n] of proxy.counts) {
      const key = k.replace(/\/\d+(?=\/|$)/g, '/{id}');
      if (n > (before.get(k) ?? 0)) sent[key] = (sent[key] ?? 0) + n - (before.get(k) ?? 0);
    }
    expect(sent).toEqual({
      // Per run, whatever the number of items: the seller's remote drafts (the 10-draft limit).
      'GET /1.1/users/{id}/sales': 1,
      // Per item: what a bare loop of the same calls sends; no read of the item or its images.
      'POST /1.1/items': 1,
      'POST /1.1/items/{id}/images': 3,
      'PUT /1.1/items/{id}': 2,
    });
    // The cache's copy is the service's answer to the last step, images included.
    const remote = await seller.api.getItem(row.remote_id as number);
    expect(JSON.parse(String(row.server_copy))).toMatchObject({ status: 'published', photos: remote.images.map((i) => ({ id: i.id })) });
    const local = seller.db.prepare(`SELECT remote_id FROM images WHERE item_local_id = ? ORDER BY position`).pluck().all(localId);
    expect(remote.images.map((i) => i.id)).toEqual(local);
  });

  it('closes a published item and confirms it by reading it back', async () => {
    const seller = await freshSeller();
    const { localId } = seller.drafts.createDraft(table('Lamp'));
    seller.status.publish(localId);
    await seller.drain();
    seller.status.close(localId);
    await seller.drain();
    const row = seller.row(localId);
    expect(row.status).toBe('closed');
    expect((await seller.api.getItem(row.remote_id as number)).status).toBe('closed');
  });

  it('answers a question and accepts one offer and refuses another', async () => {
    const seller = await freshSeller();
    const buyerName = `sync-buyer-${userCount}`;
    await server.addUser(buyerName);
    const buyer = await sellerCache(proxy.url, buyerName);
    const { localId } = seller.drafts.createDraft(table('Bike'));
    seller.status.publish(localId);
    await seller.drain();
    const remoteId = seller.row(localId).remote_id as number;
    const question = await buyer.api.askQuestion(remoteId, 'Gears?');
    const low = await buyer.api.makeOffer(remoteId, { offer: 50 });
    const pull = await seller.engine.pull();
    expect(pull.questions).toBe(1);
    seller.trading.answerQuestion(question.id, 'Seven');
    seller.trading.decideOffer(low.id, 'refused');
    await seller.drain();
    expect((await buyer.api.getQuestion(remoteId, question.id)).answer).toBe('Seven');
    expect((await seller.api.getOffer(remoteId, low.id)).status).toBe('refused');
    const high = await buyer.api.makeOffer(remoteId, { offer: 100 });
    await seller.engine.pull();
    seller.trading.decideOffer(high.id, 'accepted');
    await seller.drain();
    expect((await seller.api.getOffer(remoteId, high.id)).status).toBe('accepted');
    expect(seller.db.prepare(`SELECT status FROM offers WHERE remote_id = ?`).pluck().get(high.id)).toBe('accepted');
  });

  it('parks a change the service refuses with its message and field, and still sends the other items', async () => {
    const seller = await freshSeller();
    const bad = await seller.api.createItem({ status: 'draft', title: 'Refused' });
    await seller.engine.pull();
    const badLocal = seller.byRemote(bad.id) as number;
    // The service owns the rules: a stale cached copy of the settings lets a private seller set
    // a VAT rate locally; the service refuses it.
    const settings = settingsCache(seller.db);
    const stale = settings.rules();
    if (!stale) throw new Error('settings were pulled');
    settings.saveRules({ ...stale, vat: { allowed: true, required: false } }, Date.now());
    seller.drafts.editDraft(badLocal, { vat: 24 });
    seller.drafts.editDraft(badLocal, { title: 'Refused, then fixed' });
    const { localId: good } = seller.drafts.createDraft(table('Accepted'));
    seller.status.publish(good);
    await seller.drain();
    expect(seller.row(good)).toMatchObject({ status: 'published', sync_state: 'synced' });
    const rejected = seller.row(badLocal);
    expect(rejected).toMatchObject({ sync_state: 'rejected', reject_field: 'vat', reject_code: 'not_allowed' });
    expect(String(rejected.reject_reason)).toMatch(/vat/i);
    // The code is what the seller reads, in their language (the message stays English, for logs).
    expect(translate(describeRefusal({ code: String(rejected.reject_code), field: 'vat' }), 'fi')).toBe('ALV % ei ole tämän tilin käytettävissä kauppapaikalla.');
    const parked = seller.outbox.forItem(badLocal);
    expect(parked.map((r) => r.state)).toEqual(['parked', 'pending']);
    expect((await seller.api.getItem(bad.id)).title).toBe('Refused'); // the later edit waits in order
    await seller.drain();
    expect(seller.row(badLocal).sync_state).toBe('rejected'); // waits for the user

    // The user takes the refused value back: the item goes again, the refused field left out.
    settings.saveRules(stale, Date.now());
    seller.drafts.editDraft(badLocal, { vat: null });
    expect(seller.row(badLocal).sync_state).toBe('queued');
    await seller.drain();
    expect(seller.row(badLocal).sync_state).toBe('synced');
    expect(await seller.api.getItem(bad.id)).toMatchObject({ title: 'Refused, then fixed', vat: null });
    expect(seller.outbox.forItem(badLocal)).toEqual([]);
  });
});

describe('never a duplicate listing', () => {
  it('publishes 25 local drafts without ever holding more than 10 remote drafts', async () => {
    const seller = await freshSeller();
    // Drafts made elsewhere (the web site) already take 6 of the 10 slots.
    for (let i = 0; i < 6; i++) await seller.api.createItem({ status: 'draft', title: `web draft ${i}` });
    const ids = Array.from({ length: 25 }, (_, i) => seller.drafts.createDraft(table(`Bulk ${i}`)).localId);
    for (const id of ids) seller.status.publish(id);
    let peak = 0;
    const stop = seller.engine.events.on((e) => {
      if (e.type === 'progress') peak = Math.max(peak, remoteDraftCount(seller.userId));
    });
    const result = await seller.drain();
    stop();
    expect(result).toMatchObject({ pending: 0, parked: 0 });
    expect(peak).toBeLessThanOrEqual(10);
    for (const id of ids) expect(seller.row(id)).toMatchObject({ status: 'published', sync_state: 'synced' });
    for (let i = 0; i < 25; i++) expect(remoteTitles(seller.userId, `Bulk ${i}`)).toHaveLength(1);
  });

  it('waits instead of failing while the service is full of drafts, and goes on once slots free up', async () => {
    const seller = await freshSeller();
    const elsewhere = [];
    for (let i = 0; i < 10; i++) elsewhere.push(await seller.api.createItem({ status: 'draft', title: `full ${i}` }));
    const ids = [0, 1, 2].map((i) => seller.drafts.createDraft(table(`Waiting ${i}`)).localId);
    for (const id of ids) seller.status.publish(id);
    const first = await seller.engine.push();
    expect(first).toMatchObject({ parked: 0, pending: 6 });
    for (const id of ids) expect(seller.row(id)).toMatchObject({ remote_id: null, sync_state: 'local-only' });
    await seller.api.deleteItem((elsewhere[0] as { id: number }).id);
    const second = await seller.drain();
    expect(second).toMatchObject({ parked: 0, pending: 0 });
    for (const id of ids) expect(seller.row(id).status).toBe('published');
  });

  it('reconciles a create whose answer was lost, by its Idempotency-Key, without a duplicate', async () => {
    const seller = await freshSeller();
    const { localId } = seller.drafts.createDraft(table('Lost once'));
    seller.status.publish(localId);
    proxy.dropResponse((method, path) => method === 'POST' && path === '/1.1/items');
    const first = await seller.engine.push();
    expect(first.deferred).toBe(1);
    expect(seller.row(localId)).toMatchObject({ sync_state: 'outcome-unknown', remote_id: null });
    expect(seller.events).toContainEqual(expect.objectContaining({ type: 'item-state', localId, state: 'outcome-unknown' }));
    expect(remoteTitles(seller.userId, 'Lost once')).toHaveLength(1); // the service did create it
    await seller.drain();
    expect(remoteTitles(seller.userId, 'Lost once')).toEqual([seller.row(localId).remote_id]);
    expect(seller.row(localId)).toMatchObject({ status: 'published', sync_state: 'synced' });
  });

  it('reconciles a lost create against a service that ignores the Idempotency-Key, by matching its remote drafts', async () => {
    const keyless = await startLoopbackProxy(server.url, { stripHeaders: ['idempotency-key'] });
    try {
      const seller = await freshSeller(keyless.url);
      const { localId } = seller.drafts.createDraft(table('Lost, no key'));
      seller.status.publish(localId);
      keyless.dropResponse((method, path) => method === 'POST' && path === '/1.1/items');
      await seller.engine.push();
      expect(seller.row(localId).sync_state).toBe('outcome-unknown');
      const posts = keyless.count('POST', '/1.1/items');
      await seller.drain();
      expect(keyless.count('POST', '/1.1/items')).toBe(posts); // adopted, not sent again
      expect(remoteTitles(seller.userId, 'Lost, no key')).toEqual([seller.row(localId).remote_id]);
      expect(seller.row(localId).status).toBe('published');
    } finally {
      await keyless.close();
    }
  });

  it('after a crash while sending a create, adopts the remote draft the service made instead of creating another', async () => {
    const seller = await freshSeller();
    const { localId } = seller.drafts.createDraft(table('Crashed'));
    seller.status.publish(localId);
    const create = seller.outbox.forItem(localId)[0];
    if (!create) throw new Error('create row expected');
    // The crash: the audit entry was committed, the POST reached the service, then the process died.
    seller.db.prepare(`INSERT INTO request_log (item_local_id, outbox_id, method, path, idempotency_key, outcome, sent_at) VALUES (?, ?, 'POST', '/items', ?, 'sent', ?)`)
      .run(localId, create.id, create.idempotency_key, Date.now());
    seller.db.prepare(`UPDATE items SET sync_state = 'sending' WHERE local_id = ?`).run(localId);
    const made = await seller.api.createItem({ ...table('Crashed'), status: 'draft' }, { idempotencyKey: `elsewhere-${create.idempotency_key}` });
    await seller.drain();
    expect(seller.row(localId)).toMatchObject({ remote_id: made.id, status: 'published', sync_state: 'synced' });
    expect(remoteTitles(seller.userId, 'Crashed')).toEqual([made.id]);
  });

  it('runs one push at a time: a second call joins the first', async () => {
    const seller = await freshSeller();
    const { localId } = seller.drafts.createDraft(table('Single flight'));
    seller.status.publish(localId);
    const [a, b] = await Promise.all([seller.engine.push(), seller.engine.push()]);
    expect(a.applied + b.applied).toBe(2);
    expect(remoteTitles(seller.userId, 'Single flight')).toHaveLength(1);
  });
});

describe('an expired login', () => {
  it('pauses the push when the token is gone and the password no longer works, and resumes after new credentials', async () => {
    const seller = await freshSeller();
    const { localId } = seller.drafts.createDraft(table('Paused'));
    seller.status.publish(localId);
    server.service.db.prepare(`UPDATE tokens SET expires = 0 WHERE user_id = ?`).run(seller.userId);
    seller.credentials.set({ username: seller.username, password: 'wrong-password' });
    const paused = await seller.engine.push();
    expect(paused).toMatchObject({ paused: true, pending: 2 });
    expect(seller.events).toContainEqual(expect.objectContaining({ type: 'paused', reason: 'auth' }));
    expect(seller.outbox.forItem(localId).every((r) => r.state === 'pending')).toBe(true);
    seller.credentials.set({ username: seller.username, password: TEST_PASSWORD });
    const resumed = await seller.drain();
    expect(resumed).toMatchObject({ paused: false, pending: 0 });
    expect(seller.row(localId).status).toBe('published');
  });

  it('renews an expired token by itself and carries on', async () => {
    const seller = await freshSeller();
    const { localId } = seller.drafts.createDraft(table('Renewed'));
    seller.status.publish(localId);
    server.service.db.prepare(`UPDATE tokens SET expires = 0 WHERE user_id = ?`).run(seller.userId);
    const result = await seller.engine.push();
    expect(result).toMatchObject({ paused: false, pending: 0 });
    expect(seller.row(localId).status).toBe('published');
  });
});

describe('faults on the way', () => {
  it('reports offline while requests are cut, keeps the create queued, and creates it once when the service is back', async () => {
    const seller = await freshSeller();
    const { localId } = seller.drafts.createDraft(table('Cut off'));
    seller.status.publish(localId);
    proxy.refuseRequest((method, path) => method === 'POST' && path === '/1.1/items');
    const first = await seller.engine.push();
    expect(first).toMatchObject({ parked: 0, pending: 2 });
    expect(seller.events).toContainEqual({ type: 'connectivity', online: false });
    expect(seller.row(localId).sync_state).toBe('outcome-unknown');
    expect(remoteTitles(seller.userId, 'Cut off')).toHaveLength(0);
    await seller.drain();
    expect(seller.events.filter((e) => e.type === 'connectivity').at(-1)).toEqual({ type: 'connectivity', online: true });
    expect(remoteTitles(seller.userId, 'Cut off')).toEqual([seller.row(localId).remote_id]);
  });

  it('uploads an image once although the answer to its upload was lost', async () => {
    const seller = await freshSeller();
    const remote = await seller.api.createItem({ status: 'draft', title: 'Photo once' });
    await seller.engine.pull();
    const localId = seller.byRemote(remote.id) as number;
    await addImages(seller.db, { itemLocalId: localId, files: [await seller.photo('once.jpg', 7)], folder: seller.folder });
    proxy.dropResponse((method, path) => method === 'POST' && path === `/1.1/items/${remote.id}/images`);
    await seller.engine.push();
    await seller.drain();
    const images = (await seller.api.listImages(remote.id)).images.map((i) => i.id);
    expect(images).toHaveLength(1);
    expect(seller.db.prepare(`SELECT remote_id FROM images WHERE item_local_id = ?`).pluck().all(localId)).toEqual(images);
  });

  it('sends a change refused with 429 again only once its Retry-After has passed on the engine clock', async () => {
    const seller = await freshSeller();
    const remote = await seller.api.createItem({ status: 'draft', title: 'Busy' });
    await seller.engine.pull();
    const localId = seller.byRemote(remote.id) as number;
    seller.drafts.editDraft(localId, { title: 'Busy, edited' });
    const path = `/1.1/items/${remote.id}`;
    const puts = () => proxy.count('PUT', path);
    proxy.answerInstead((method, p) => method === 'PUT' && p === path, 429, { 'retry-after': '30' });
    const before = puts();
    const first = await seller.engine.push();
    expect(first).toMatchObject({ parked: 0, pending: 1 });
    expect(puts() - before).toBe(1);
    const due = first.nextAttemptAt as number;
    expect(due).toBeGreaterThanOrEqual(seller.clock.now() + 29_000);
    // A second before the wait ends: nothing is sent.
    seller.clock.advanceTo(due - 1000);
    expect(await seller.engine.push()).toMatchObject({ applied: 0, pending: 1 });
    expect(puts() - before).toBe(1);
    // Once it has passed, the change goes, once.
    seller.clock.advanceTo(due);
    expect(await seller.engine.push()).toMatchObject({ applied: 1, pending: 0 });
    expect(puts() - before).toBe(2);
    expect((await seller.api.getItem(remote.id)).title).toBe('Busy, edited');
  });

  it('backs a rate-limited change off for as long as Retry-After says, without parking it', async () => {
    // Per token: create 1 + pull 5 (categories, settings, sales, the item, the seller's activity
    // feed) + the push's draft list 1; the edit is the 8th request of the minute.
    const limited = await startTestServer({ rateLimitPerMinute: 7 });
    try {
      makeCategories(limited);
      await limited.addUser('limited-seller');
      const seller = await sellerCache(limited.url, 'limited-seller');
      const remote = await seller.api.createItem({ status: 'draft', title: 'Limited' });
      await seller.engine.pull();
      const localId = seller.byRemote(remote.id);
      expect(localId).not.toBeNull();
      seller.drafts.editDraft(localId as number, { title: 'Limited, edited' });
      const before = Date.now();
      const result = await seller.engine.push();
      expect(result.parked).toBe(0);
      expect(result.pending).toBe(1);
      expect(result.nextAttemptAt ?? 0).toBeGreaterThan(before + 1000);
      expect(seller.row(localId as number).sync_state).not.toBe('rejected');
    } finally {
      await limited.close();
    }
  });
});
