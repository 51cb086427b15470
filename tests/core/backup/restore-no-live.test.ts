// A dead disk: the shop comes back on another computer from the backup in the seller's own folder,
// with no cache that knows what was sent after it. Drafts the backup holds as local or queued were
// published (and one closed) after the backup; the first sync adopts them, nothing is made twice.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addImages } from '../../../electron/core/images/add-images.ts';
import { fileCredentialVault } from '../../../electron/core/session/credential-file.ts';
import { makeCategories, type TestCategories } from '../../support/item-helpers.ts';
import { startTestServer, TEST_PASSWORD, type TestServer } from '../../support/server.ts';
import { invokeOk, openTestCore, type TestCore } from '../../support/test-core.ts';
import { completeBuyNow, makeJpeg, tempFolder } from '../support.ts';
import { startLoopbackProxy, type LoopbackProxy } from '../support/loopback-proxy.ts';

let server: TestServer;
let proxy: LoopbackProxy;
let cats: TestCategories;

beforeAll(async () => {
  server = await startTestServer();
  proxy = await startLoopbackProxy(server.url);
  cats = makeCategories(server);
});
afterAll(async () => {
  await proxy.close();
  await server.close();
});

/** A computer: its own data folder and password file, the shop's account (same name: same id), the seller's backup folder. */
async function computer(username: string, usb: string): Promise<TestCore> {
  const root = tempFolder();
  const vault = fileCredentialVault(join(root, 'credentials.json'));
  const core = openTestCore({ root, credentials: vault, syncTiming: { debounceMs: 600_000, pollMs: 0 } });
  const account = core.session.registry.add('Shop', proxy.url, username);
  vault.set(account.id, { username, password: TEST_PASSWORD });
  core.session.switchAccount(account.id);
  await invokeOk(core.bridge, 'backups.setFolder', { folder: usb });
  return core;
}

describe('restore with no live cache', () => {
  it('a dead disk: drafts published and closed after the backup are adopted on the new computer, none made or published twice', async () => {
    const username = 'dead-disk-seller';
    const userId = await server.addUser(username);
    const usb = tempFolder();
    const old = await computer(username, usb);
    await invokeOk(old.bridge, 'sync.now', {});

    const draft = (title: string, price: number) => invokeOk(old.bridge, 'drafts.create', { fields: { ...completeBuyNow(title), buyNowPrice: price, categoryId: cats.sub } });
    // Queued at the backup: create, upload, publish (the backup thinks them unsent).
    const { localId: lamp } = await draft('Kadonnut lamppu', 30);
    const photo = join(tempFolder(), 'lamp.jpg');
    writeFileSync(photo, await makeJpeg(200, 150, { seed: 9 }));
    await addImages(old.session.db(), { itemLocalId: lamp, files: [photo], folder: old.session.folder() });
    await invokeOk(old.bridge, 'drafts.publish', { localId: lamp });
    // Local only at the backup: two identical chairs (one is published later) and a shelf that stays.
    const { localId: chair } = await draft('Vanha tuoli', 12);
    await draft('Vanha tuoli', 12);
    await draft('Jäävä hylly', 40);
    await invokeOk(old.bridge, 'backups.create', {});

    // After the backup: everything queued goes out, a chair is published and then closed.
    await invokeOk(old.bridge, 'sync.now', {});
    await invokeOk(old.bridge, 'drafts.publish', { localId: chair });
    await invokeOk(old.bridge, 'sync.now', {});
    await invokeOk(old.bridge, 'drafts.close', { localId: chair });
    await invokeOk(old.bridge, 'sync.now', {});
    const remote = (title: string) => server.service.db.prepare(`SELECT id, status FROM items WHERE seller_id = ? AND title = ? ORDER BY id`).all(userId, title) as Array<{ id: number; status: string }>;
    const [lampRemote] = remote('Kadonnut lamppu');
    const [chairRemote] = remote('Vanha tuoli');
    expect(lampRemote?.status).toBe('published');
    expect(chairRemote?.status).toBe('closed');
    old.session.close(); // the disk dies

    // The new computer syncs first (its fresh cache learns both items under its own local ids),
    // then the seller restores the backup from the USB stick.
    const fresh = await computer(username, usb);
    await invokeOk(fresh.bridge, 'sync.now', {});
    const [backup] = await invokeOk(fresh.bridge, 'backups.list', {});
    expect(backup?.places).toEqual(['folder']);
    const posts = proxy.count('POST', '/1.1/items');
    const uploads = proxy.count('POST', `/1.1/items/${lampRemote!.id}/images`);
    const statusPuts = proxy.count('PUT', `/1.1/items/${lampRemote!.id}`);

    const carried = await invokeOk(fresh.bridge, 'backups.restore', { id: backup!.id });
    // The fresh cache's local ids name other items: nothing is adopted from it; the four drafts'
    // creates (a local draft's waits in the queue until its publish) and the upload are checked first.
    expect(carried).toEqual({ alreadySent: 0, toReconcile: 5, adopted: 0 });
    await invokeOk(fresh.bridge, 'sync.now', {});
    await invokeOk(fresh.bridge, 'sync.now', {});

    // Nothing made, uploaded or published twice.
    expect(proxy.count('POST', '/1.1/items') - posts).toBe(0);
    expect(proxy.count('POST', `/1.1/items/${lampRemote!.id}/images`) - uploads).toBe(0);
    expect(proxy.count('PUT', `/1.1/items/${lampRemote!.id}`) - statusPuts).toBe(0);
    expect(remote('Kadonnut lamppu')).toEqual([lampRemote]);
    expect(remote('Vanha tuoli')).toEqual([chairRemote]);
    expect(remote('Jäävä hylly')).toEqual([]);
    expect(server.service.db.prepare(`SELECT count(*) FROM images WHERE item_id = ?`).pluck().get(lampRemote!.id)).toBe(1);

    // The restored cache: each remote item once, in the local item the backup had; the second chair and the shelf stay local drafts.
    const db = fresh.session.db();
    const local = (title: string) => db.prepare(`SELECT local_id, remote_id, status, sync_state FROM items WHERE title = ? AND deleted_at IS NULL ORDER BY local_id`).all(title);
    expect(local('Kadonnut lamppu')).toEqual([{ local_id: lamp, remote_id: lampRemote!.id, status: 'published', sync_state: 'synced' }]);
    expect(local('Vanha tuoli')).toEqual([
      { local_id: chair, remote_id: chairRemote!.id, status: 'closed', sync_state: 'synced' },
      { local_id: chair + 1, remote_id: null, status: 'draft', sync_state: 'local-only' },
    ]);
    expect(local('Jäävä hylly')).toMatchObject([{ remote_id: null, status: 'draft' }]);
    expect(db.prepare(`SELECT count(*) FROM images WHERE item_local_id = ? AND remote_id IS NOT NULL`).pluck().get(lamp)).toBe(1);
    // Only the two local drafts' creates wait (kept on this computer until published), no longer "checking".
    const shelf = (local('Jäävä hylly')[0] as { local_id: number }).local_id;
    expect(db.prepare(`SELECT item_local_id, kind FROM outbox ORDER BY item_local_id`).all()).toEqual([
      { item_local_id: chair + 1, kind: 'create' },
      { item_local_id: shelf, kind: 'create' },
    ]);
    expect(db.prepare(`SELECT sync_state FROM items WHERE local_id = ?`).pluck().get(shelf)).toBe('local-only');
    expect(db.prepare(`SELECT count(*) FROM sync_marks WHERE name = 'restored'`).pluck().get()).toBe(0);
  }, 120_000);
});
