// Restoring a backup keeps the outbox rules (nothing sent twice), against the real service:
// the backup was taken while a publish waited; the publish went out; the backup is restored.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addImages } from '../../../electron/core/images/add-images.ts';
import { fileCredentialVault } from '../../../electron/core/session/credential-file.ts';
import { makeCategories, type TestCategories } from '../../support/item-helpers.ts';
import { startTestServer, TEST_PASSWORD, type TestServer } from '../../support/server.ts';
import { invokeOk, openTestCore } from '../../support/test-core.ts';
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

describe('restore and the outbox', () => {
  it('restore after publishing sends nothing twice: the item and its photo are adopted from what the replaced cache knew', async () => {
    const username = 'restore-seller';
    const userId = await server.addUser(username);
    const root = tempFolder();
    const vault = fileCredentialVault(join(root, 'credentials.json'));
    const core = openTestCore({ root, credentials: vault, syncTiming: { debounceMs: 600_000, pollMs: 0 } });
    const account = core.session.registry.add('Shop', proxy.url, username);
    vault.set(account.id, { username, password: TEST_PASSWORD });
    core.session.switchAccount(account.id);
    await invokeOk(core.bridge, 'sync.now', {});

    const { localId } = await invokeOk(core.bridge, 'drafts.create', { fields: { ...completeBuyNow('Palautettu pöytä'), categoryId: cats.sub } });
    const photo = join(tempFolder(), 'table.jpg');
    writeFileSync(photo, await makeJpeg(200, 150, { seed: 5 }));
    await addImages(core.session.db(), { itemLocalId: localId, files: [photo], folder: core.session.folder() });
    await invokeOk(core.bridge, 'drafts.publish', { localId });
    // The backup thinks the publish, the create and the upload unsent.
    await invokeOk(core.bridge, 'backups.create', {});
    const [backup] = await invokeOk(core.bridge, 'backups.list', {});

    await invokeOk(core.bridge, 'sync.now', {});
    const remoteIds = () => server.service.db.prepare(`SELECT id FROM items WHERE seller_id = ? AND title = ?`).pluck().all(userId, 'Palautettu pöytä') as number[];
    expect(remoteIds()).toHaveLength(1);
    const remoteId = remoteIds()[0]!;
    const published = core.session.db().prepare(`SELECT status, remote_id FROM items WHERE local_id = ?`).get(localId);
    expect(published).toEqual({ status: 'published', remote_id: remoteId });
    const posts = proxy.count('POST', '/1.1/items');

    const carried = await invokeOk(core.bridge, 'backups.restore', { id: backup!.id });
    expect(carried.adopted).toBe(1);
    expect(carried.alreadySent).toBeGreaterThanOrEqual(3); // create, upload, publish
    await invokeOk(core.bridge, 'sync.now', {});
    await invokeOk(core.bridge, 'sync.now', {});

    expect(proxy.count('POST', '/1.1/items') - posts).toBe(0);
    expect(remoteIds()).toEqual([remoteId]);
    const images = server.service.db.prepare(`SELECT count(*) FROM images WHERE item_id = ?`).pluck().get(remoteId);
    expect(images).toBe(1);
    const db = core.session.db();
    expect(db.prepare(`SELECT count(*) FROM items WHERE title = 'Palautettu pöytä'`).pluck().get()).toBe(1);
    expect(db.prepare(`SELECT status, remote_id, sync_state FROM items WHERE local_id = ?`).get(localId)).toEqual({ status: 'published', remote_id: remoteId, sync_state: 'synced' });
    expect(db.prepare(`SELECT count(*) FROM outbox`).pluck().get()).toBe(0);
  }, 120_000);
});
