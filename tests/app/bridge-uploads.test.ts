// Photo upload progress through the bridge: the REAL sync engine sends a draft's photos to the
// real service (port 0, through the fault proxy so one upload can be refused), and every photo
// is reported as it starts and ends (images.upload), with the run's photo totals also in
// sync.progress. The engine's clock is the test's: a failed upload's backoff is passed by moving
// it, not by waiting.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { memoryCredentialStore } from '../../electron/core/api/session.ts';
import { createIpcDispatcher } from '../../electron/core/ipc/dispatcher.ts';
import { openCoreSession } from '../../electron/core/session/core-session.ts';
import { engineSync } from '../../electron/core/session/engine-sync.ts';
import { createMarketplace } from '../../electron/core/api/marketplace.ts';
import { coreHandlers } from '../../electron/core/ipc/handlers.ts';
import type { IpcEventPayload } from '../../shared/ipc/contract.ts';
import { typedBridge } from '../../renderer/src/bridge/bridge-types.ts';
import { createImagesStore, uploadProgress } from '../../renderer/src/images/images-store.ts';
import { createSyncStore } from '../../renderer/src/stores/sync-store.ts';
import { makeJpeg } from '../core/support.ts';
import { memoryTransport } from './memory-transport.ts';
import { startFaultProxy, type FaultProxy } from '../support/fault-proxy.ts';
import { call, startTestServer, TEST_PASSWORD, type TestServer } from '../support/server.ts';
import { invokeOk, tempFolder } from './support.ts';

let server: TestServer;
let proxy: FaultProxy;
beforeAll(async () => {
  server = await startTestServer();
  proxy = await startFaultProxy({ target: server.url, plan: 'off' });
});
afterAll(async () => {
  await proxy.close();
  await server.close();
});

/** A seller with a remote draft, and a core whose real engine syncs through the proxy on the test's clock. */
async function sellerWithDraft(username: string) {
  await server.addUser(username);
  const login = await call(server.api('/authentication'), { method: 'POST', json: { username, password: TEST_PASSWORD } });
  const token = (login.body as { authentication: { token: { id: string } } }).authentication.token.id;
  const created = await call(server.api('/items'), { method: 'POST', token, json: { status: 'draft', title: 'Vase' } });
  const remoteId = (created.body as { id: number }).id;
  const clock = { now: Date.now() };
  const session = openCoreSession({
    root: tempFolder(),
    sync: (db, _account, _folder, writes) => engineSync({ db, writes, marketplace: createMarketplace({ baseUrl: proxy.url, credentials: memoryCredentialStore({ username, password: TEST_PASSWORD }) }), now: () => clock.now }),
  });
  return { token, remoteId, clock, session, bridge: createIpcDispatcher(coreHandlers(session, async () => {})) };
}

describe('photo uploads during a sync', () => {
  it('report each photo as it starts and ends, a refused one with its error, and the run totals', async () => {
    const { session, bridge, remoteId, token, clock } = await sellerWithDraft('upload-seller');
    const uploads: Array<IpcEventPayload<'images.upload'>> = [];
    const progress: Array<IpcEventPayload<'sync.progress'>> = [];
    session.onEvent((name, payload) => {
      if (name === 'images.upload') uploads.push(payload as IpcEventPayload<'images.upload'>);
      if (name === 'sync.progress') progress.push(payload as IpcEventPayload<'sync.progress'>);
    });
    try {
      await invokeOk(bridge, 'sync.now');
      const localId = (await invokeOk(bridge, 'sales.list', { status: 'draft' })).rows.find((r) => r.remoteId === remoteId)?.localId ?? 0;
      expect(localId).toBeGreaterThan(0);
      const jpegs = await Promise.all([1, 2, 3].map((seed) => makeJpeg(400, 300, { seed })));
      const folder = tempFolder();
      // By path (issue 13: no bytes in IPC).
      const added = await invokeOk(bridge, 'images.add', { localId, files: jpegs.map((bytes, i) => {
        const path = join(folder, `p${i + 1}.jpg`);
        writeFileSync(path, bytes);
        return { name: `p${i + 1}.jpg`, source: { kind: 'handle' as const, id: session.files.handOver(path) } };
      }) });
      const ids = added.map((a) => a.imageId ?? 0);
      const listed = await invokeOk(bridge, 'images.list', { localId });
      const sizes = new Map(listed.map((img) => [img.id, img.bytes ?? 0]));
      const totalBytes = [...sizes.values()].reduce((a, b) => a + b, 0);
      expect(listed.map((img) => img.state)).toEqual(['ready', 'ready', 'ready']);

      // The service refuses the second upload once (503): the first is on the service, the
      // second failed and waits for its backoff, the third was not tried in this run.
      proxy.setPlan({ rules: [{ method: 'POST', path: /\/images$/, fault: { kind: 'status', status: 503 }, skip: 1, times: 1 }] });
      progress.length = 0;
      await invokeOk(bridge, 'sync.now');
      // Uploads go in the outbox's order (the order preparation finished), not the files' order.
      const [first, second] = [uploads[0]?.imageId ?? 0, uploads[2]?.imageId ?? 0];
      const third = ids.find((id) => id !== first && id !== second) ?? 0;
      expect(new Set([first, second, third])).toEqual(new Set(ids));
      expect(uploads.map((u) => [u.imageId, u.phase])).toEqual([[first, 'uploading'], [first, 'uploaded'], [second, 'uploading'], [second, 'failed']]);
      expect(uploads.every((u) => u.localId === localId)).toBe(true);
      expect(uploads[0]?.bytes).toBe(sizes.get(first));
      expect(uploads[1]?.run).toEqual({ total: 3, done: 1, failed: 0, bytesTotal: totalBytes, bytesDone: sizes.get(first) });
      expect(uploads[3]?.run).toMatchObject({ total: 3, done: 1, failed: 1 });
      expect(uploads[3]?.error).toMatch(/503|unavailable/i);
      // sync.progress knows the run's photos from its first push event, and keeps them to the end.
      const pushStart = progress.find((p) => p.phase === 'push');
      expect(pushStart?.photos).toEqual({ total: 3, done: 0, failed: 0, bytesTotal: totalBytes, bytesDone: 0 });
      expect(progress.at(-1)).toMatchObject({ running: false, photos: { total: 3, done: 1, failed: 1 } });
      const states = async () => Object.fromEntries((await invokeOk(bridge, 'images.list', { localId })).map((img) => [img.id, img.state]));
      expect(await states()).toEqual({ [first]: 'uploaded', [second]: 'ready', [third]: 'ready' });

      // After the backoff the next run sends the other two, and only those.
      proxy.setPlan('off');
      uploads.length = 0;
      clock.now += 10 * 60_000;
      await invokeOk(bridge, 'sync.now');
      expect(uploads.map((u) => [u.imageId, u.phase])).toEqual([[second, 'uploading'], [second, 'uploaded'], [third, 'uploading'], [third, 'uploaded']]);
      const secondAndThird = (sizes.get(second) ?? 0) + (sizes.get(third) ?? 0);
      expect(uploads.at(-1)?.run).toEqual({ total: 2, done: 2, failed: 0, bytesTotal: secondAndThird, bytesDone: secondAndThird });
      expect(await states()).toEqual({ [first]: 'uploaded', [second]: 'uploaded', [third]: 'uploaded' });
      const remote = await call(server.api(`/items/${remoteId}/images`), { token });
      expect((remote.body as { images: unknown[] }).images).toHaveLength(3);

      // A run with no photos to send says nothing about photos.
      progress.length = 0;
      await invokeOk(bridge, 'sync.now');
      expect(progress.some((p) => p.photos !== undefined)).toBe(false);
    } finally {
      session.close();
    }
  });

  it('drive the photos panel and the sync panel: per photo state, the overall of the draft and the totals of the run', async () => {
    const seller = await sellerWithDraft('upload-store-seller');
    const bridge = typedBridge(memoryTransport(seller.bridge, seller.session));
    const images = createImagesStore(bridge);
    const sync = createSyncStore(bridge);
    const off = images.listen();
    try {
      await sync.getState().syncNow();
      const localId = (await invokeOk(seller.bridge, 'sales.list', { status: 'draft' })).rows.find((r) => r.remoteId === seller.remoteId)?.localId ?? 0;
      await images.actions.show(localId);
      const jpegs = await Promise.all([4, 5].map((seed) => makeJpeg(320, 240, { seed })));
      const folder = tempFolder();
      await images.actions.add(jpegs.map((bytes, i) => {
        const path = join(folder, `s${i}.jpg`);
        writeFileSync(path, bytes);
        return { name: `s${i}.jpg`, stage: async () => ({ kind: 'handle' as const, id: seller.session.files.handOver(path) }), preview: async () => null };
      }));
      expect(uploadProgress(images.getState().images, images.getState().uploads)).toEqual({ uploaded: 0, uploading: 0, failed: 0, total: 2, fraction: 0 });

      // The second upload is refused once: the panel shows it failed, the other uploaded.
      proxy.setPlan({ rules: [{ method: 'POST', path: /\/images$/, fault: { kind: 'status', status: 503 }, skip: 1, times: 1 }] });
      await sync.getState().syncNow();
      await vi.waitFor(() => expect(images.getState().images.map((img) => img.state).sort()).toEqual(['ready', 'uploaded']));
      const failed = images.getState().images.find((img) => img.state === 'ready')?.id ?? 0;
      const done = images.getState().images.find((img) => img.state === 'uploaded')?.id ?? 0;
      expect(images.getState().uploads).toMatchObject({ [done]: { phase: 'uploaded' }, [failed]: { phase: 'failed', error: expect.any(String) } });
      expect(uploadProgress(images.getState().images, images.getState().uploads)).toEqual({ uploaded: 1, uploading: 0, failed: 1, total: 2, fraction: 0.5 });
      expect(sync.getState()).toMatchObject({ photos: { total: 2, done: 1, failed: 1 }, uploading: 0, progress: { running: false } });

      proxy.setPlan('off');
      seller.clock.now += 10 * 60_000;
      await sync.getState().syncNow();
      await vi.waitFor(() => expect(images.getState().images.map((img) => img.state)).toEqual(['uploaded', 'uploaded']));
      expect(uploadProgress(images.getState().images, images.getState().uploads)).toMatchObject({ uploaded: 2, failed: 0, fraction: 1 });
      expect(sync.getState().photos).toMatchObject({ total: 1, done: 1, failed: 0 });
      expect(sync.getState().photos?.bytesDone).toBe(images.getState().images.find((img) => img.id === failed)?.bytes);
    } finally {
      off();
      sync.getState().dispose();
      seller.session.close();
    }
  });
});
