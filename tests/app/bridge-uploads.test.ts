// Photo upload progress through the bridge: the REAL sync engine sends a draft's photos to the
// real service (port 0, through the fault proxy so one upload can be refused), and every photo
// is reported as it starts and ends (images.upload), with the run's photo totals also in
// sync.progress. The engine's clock is the test's: a failed upload's backoff is passed by moving
// it, not by waiting.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memoryCredentialStore } from '../../electron/core/api/session.ts';
import { createBridge, type CoreBridge } from '../../electron/core/bridge/bridge.ts';
import { openCoreSession } from '../../electron/core/bridge/core-session.ts';
import { engineSync } from '../../electron/core/bridge/engine-sync.ts';
import { coreHandlers } from '../../electron/core/bridge/handlers.ts';
import type { IpcEventPayload, IpcMethodName, IpcOutput } from '../../shared/ipc.ts';
import { makeJpeg } from '../core/support.ts';
import { startFaultProxy, type FaultProxy } from '../support/fault-proxy.ts';
import { call, startTestServer, TEST_PASSWORD, type TestServer } from '../support/server.ts';
import { tempRoot } from './support.ts';

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

async function ok<K extends IpcMethodName>(bridge: CoreBridge, name: K, input: unknown = {}): Promise<IpcOutput<K>> {
  const result = await bridge.invoke(name, input);
  if (!result.ok) throw new Error(`${name}: ${result.error.code} ${result.error.message}`);
  return result.value as IpcOutput<K>;
}

describe('photo uploads during a sync', () => {
  it('report each photo as it starts and ends, a refused one with its error, and the run totals', async () => {
    const username = 'upload-seller';
    await server.addUser(username);
    const login = await call(server.api('/authentication'), { method: 'POST', json: { username, password: TEST_PASSWORD } });
    const token = (login.body as { authentication: { token: { id: string } } }).authentication.token.id;
    const created = await call(server.api('/items'), { method: 'POST', token, json: { status: 'draft', title: 'Vase' } });
    const remoteId = (created.body as { id: number }).id;

    let clock = Date.now();
    const root = tempRoot();
    const session = openCoreSession({
      root,
      sync: (db) => engineSync({ db, baseUrl: proxy.url, credentials: memoryCredentialStore({ username, password: TEST_PASSWORD }), now: () => clock }),
    });
    const bridge = createBridge(coreHandlers(session, async () => {}));
    const uploads: Array<IpcEventPayload<'images.upload'>> = [];
    const progress: Array<IpcEventPayload<'sync.progress'>> = [];
    session.onEvent((name, payload) => {
      if (name === 'images.upload') uploads.push(payload as IpcEventPayload<'images.upload'>);
      if (name === 'sync.progress') progress.push(payload as IpcEventPayload<'sync.progress'>);
    });
    try {
      await ok(bridge, 'sync.now');
      const localId = (await ok(bridge, 'sales.list', { status: 'draft' })).rows.find((r) => r.remoteId === remoteId)?.localId ?? 0;
      expect(localId).toBeGreaterThan(0);
      const jpegs = await Promise.all([1, 2, 3].map((seed) => makeJpeg(400, 300, { seed })));
      const added = await ok(bridge, 'images.add', { localId, files: jpegs.map((b, i) => ({ name: `p${i + 1}.jpg`, base64: b.toString('base64') })) });
      const [first, second, third] = added.map((a) => a.imageId ?? 0);
      const listed = await ok(bridge, 'images.list', { localId });
      const sizes = new Map(listed.map((img) => [img.id, img.bytes ?? 0]));
      const totalBytes = [...sizes.values()].reduce((a, b) => a + b, 0);
      expect(listed.map((img) => img.state)).toEqual(['ready', 'ready', 'ready']);

      // The service refuses the second upload once (503): the first is on the service, the
      // second failed and waits for its backoff, the third was not tried in this run.
      proxy.setPlan({ rules: [{ method: 'POST', path: /\/images$/, fault: { kind: 'status', status: 503 }, skip: 1, times: 1 }] });
      progress.length = 0;
      await ok(bridge, 'sync.now');
      expect(uploads.map((u) => [u.imageId, u.phase])).toEqual([[first, 'uploading'], [first, 'uploaded'], [second, 'uploading'], [second, 'failed']]);
      expect(uploads.every((u) => u.localId === localId)).toBe(true);
      expect(uploads[0]?.bytes).toBe(sizes.get(first ?? 0));
      expect(uploads[1]?.run).toEqual({ total: 3, done: 1, failed: 0, bytesTotal: totalBytes, bytesDone: sizes.get(first ?? 0) });
      expect(uploads[3]?.run).toMatchObject({ total: 3, done: 1, failed: 1 });
      expect(uploads[3]?.error).toMatch(/503|unavailable/i);
      // sync.progress knows the run's photos from its first push event, and keeps them to the end.
      const pushStart = progress.find((p) => p.phase === 'push');
      expect(pushStart?.photos).toEqual({ total: 3, done: 0, failed: 0, bytesTotal: totalBytes, bytesDone: 0 });
      expect(progress.at(-1)).toMatchObject({ running: false, photos: { total: 3, done: 1, failed: 1 } });
      expect((await ok(bridge, 'images.list', { localId })).map((img) => img.state)).toEqual(['uploaded', 'ready', 'ready']);

      // After the backoff the next run sends the other two, and only those.
      proxy.setPlan('off');
      uploads.length = 0;
      clock += 10 * 60_000;
      await ok(bridge, 'sync.now');
      expect(uploads.map((u) => [u.imageId, u.phase])).toEqual([[second, 'uploading'], [second, 'uploaded'], [third, 'uploading'], [third, 'uploaded']]);
      const secondAndThird = (sizes.get(second ?? 0) ?? 0) + (sizes.get(third ?? 0) ?? 0);
      expect(uploads.at(-1)?.run).toEqual({ total: 2, done: 2, failed: 0, bytesTotal: secondAndThird, bytesDone: secondAndThird });
      expect((await ok(bridge, 'images.list', { localId })).map((img) => img.state)).toEqual(['uploaded', 'uploaded', 'uploaded']);
      const remote = await call(server.api(`/items/${remoteId}/images`), { token });
      expect((remote.body as { images: unknown[] }).images).toHaveLength(3);

      // A run with no photos to send says nothing about photos.
      progress.length = 0;
      await ok(bridge, 'sync.now');
      expect(progress.some((p) => p.photos !== undefined)).toBe(false);
    } finally {
      session.close();
    }
  });
});

