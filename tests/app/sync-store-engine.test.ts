// The sync store against the REAL engine and service: the "waiting to send" count follows the
// push as it sends, not only the end of the run (whose second pull takes a while on a big shop).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memoryCredentialStore } from '../../electron/core/api/session.ts';
import { createIpcDispatcher } from '../../electron/core/ipc/dispatcher.ts';
import { openCoreSession } from '../../electron/core/session/core-session.ts';
import { engineSync } from '../../electron/core/session/engine-sync.ts';
import { createMarketplace } from '../../electron/core/api/marketplace.ts';
import { coreHandlers } from '../../electron/core/ipc/handlers.ts';
import { call as invoke, typedBridge } from '../../renderer/src/bridge/bridge-types.ts';
import { createSyncStore } from '../../renderer/src/stores/sync-store.ts';
import { memoryTransport } from './memory-transport.ts';
import { call, startTestServer, TEST_PASSWORD, type TestServer } from '../support/server.ts';
import { tempFolder } from './support.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

describe('the sync store with the real engine', () => {
  it('shows the queue empty once the push has sent it, while the run still reads the marketplace', async () => {
    const username = 'queue-seller';
    await server.addUser(username);
    const login = await call(server.api('/authentication'), { method: 'POST', json: { username, password: TEST_PASSWORD } });
    const token = (login.body as { authentication: { token: { id: string } } }).authentication.token.id;
    const created = await call(server.api('/items'), { method: 'POST', token, json: { status: 'draft', title: 'Kettle' } });
    const remoteId = (created.body as { id: number }).id;
    const session = openCoreSession({
      root: tempFolder(),
      sync: (db, _account, _folder, writes) => engineSync({ db, writes, marketplace: createMarketplace({ baseUrl: server.url, credentials: memoryCredentialStore({ username, password: TEST_PASSWORD }) }) }),
    });
    const core = createIpcDispatcher(coreHandlers(session, async () => {}));
    const bridge = typedBridge(memoryTransport(core, session));
    const sync = createSyncStore(bridge);
    try {
      await sync.getState().syncNow();
      const sales = await invoke(bridge, 'sales.list', { status: 'draft', limit: 50 });
      const localId = sales.rows.find((r) => r.remoteId === remoteId)?.localId ?? 0;
      await invoke(bridge, 'drafts.update', { localId, changes: { title: 'Kettle, copper' } });
      await sync.getState().refresh();
      expect(sync.getState().status?.queueLength).toBe(1);

      // Every state the store shows during the next run.
      const seen: Array<{ queue: number | undefined; running: boolean | undefined }> = [];
      const off = sync.subscribe((s) => seen.push({ queue: s.status?.queueLength, running: s.status?.running }));
      await sync.getState().syncNow();
      off();
      expect(seen).toContainEqual({ queue: 0, running: true });
      expect(sync.getState().status).toMatchObject({ queueLength: 0, running: false });
      expect(((await call(server.api(`/items/${remoteId}`), { token })).body as { title: string }).title).toBe('Kettle, copper');
    } finally {
      sync.getState().dispose();
      session.close();
    }
  });
});
