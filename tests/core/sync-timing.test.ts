// The app's sync port on time: a deferred change goes at its `nextAttemptAt` by itself (no poll,
// no local edit), and the marketplace's return after an outage is noticed within 5 s by a cheap
// probe, "Online" at once and the old connection error gone.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memoryCredentialStore } from '../../electron/core/api/index.ts';
import { draftWrites } from '../../electron/core/drafts/draft-writes.ts';
import { engineSync } from '../../electron/core/session/engine-sync.ts';
import type { SyncEvent } from '../../electron/core/session/sync-port.ts';
import { insertItems } from '../support/item-fixtures.ts';
import { makeCategories } from '../support/item-helpers.ts';
import { startTestServer, TEST_PASSWORD, type TestServer } from '../support/server.ts';
import { openTempDb } from './support.ts';
import { startLoopbackProxy, type LoopbackProxy } from './support/loopback-proxy.ts';

let server: TestServer;
let proxy: LoopbackProxy;
let category: number;
let n = 0;

beforeAll(async () => {
  server = await startTestServer();
  category = makeCategories(server).sub;
  proxy = await startLoopbackProxy(server.url);
});
afterAll(async () => {
  await proxy.close();
  await server.close();
});

/** Resolves once `check` holds, checking on every event of the port and every 20 ms. */
function until(check: () => boolean, timeoutMs: number): Promise<number> {
  const started = Date.now();
  return new Promise((resolve, reject) => {
    const timer = setInterval(() => {
      if (check()) {
        clearInterval(timer);
        resolve(Date.now() - started);
      } else if (Date.now() - started > timeoutMs) {
        clearInterval(timer);
        reject(new Error(`not within ${timeoutMs} ms`));
      }
    }, 20);
  });
}

async function seller() {
  const username = `timing-seller-${++n}`;
  const userId = await server.addUser(username);
  const [remoteId] = insertItems(server.service.db, [{ seller_id: userId, title: 'Lamp', category_id: category, status: 'draft', sale_method: 'buy-now', list_time: null, closing_time: null }], server.service.clock.now()) as [number];
  const { db } = openTempDb();
  // No poll and no debounce: only the port's own timers can start a run.
  const port = engineSync({ db, baseUrl: proxy.url, credentials: memoryCredentialStore({ username, password: TEST_PASSWORD }), pollMs: 0, debounceMs: 0 });
  const events: SyncEvent[] = [];
  port.subscribe((e) => events.push(e));
  return { db, port, events, remoteId };
}

describe('the sync port on time', () => {
  it('sends a change deferred by a transient failure again at its nextAttemptAt, without a poll', async () => {
    const { db, port, remoteId } = await seller();
    try {
      await port.syncNow();
      const localId = db.prepare(`SELECT local_id FROM items WHERE remote_id = ?`).pluck().get(remoteId) as number;
      draftWrites(db).editDraft(localId, { title: 'Brass lamp' });
      const path = `/1.1/items/${remoteId}`;
      proxy.answerInstead((method, p) => method === 'PUT' && p === path, 503);
      const before = proxy.count('PUT', path);
      await port.syncNow();
      // Deferred by the outbox, not repeated by the HTTP layer.
      expect(proxy.count('PUT', path)).toBe(before + 1);
      const next = db.prepare(`SELECT next_attempt_at FROM outbox WHERE item_local_id = ?`).pluck().get(localId) as number;
      expect(next).toBeGreaterThan(Date.now() - 1000);
      await until(() => (db.prepare(`SELECT count(*) FROM outbox`).pluck().get() as number) === 0, 10_000);
      expect(Date.now()).toBeGreaterThanOrEqual(next);
      expect(proxy.count('PUT', path)).toBe(before + 2);
      expect((await server.service.db.prepare(`SELECT title FROM items WHERE id = ?`).pluck().get(remoteId))).toBe('Brass lamp');
    } finally {
      port.close();
    }
  });

  it('notices an outage, and the marketplace\'s return within 5 s, saying Online at once', async () => {
    const { port, events } = await seller();
    try {
      expect((await port.syncNow()).online).toBe(true);
      proxy.refuseRequest(() => true, 1_000_000);
      const during = await port.syncNow();
      expect(during.online).toBe(false);
      expect(during.message).toMatch(/Sync failed/);
      // The probe keeps trying while the marketplace is away.
      const probes = () => proxy.counts.get('GET /1.1/') ?? 0;
      const probesBefore = probes();
      await until(() => probes() >= probesBefore + 3, 10_000);
      proxy.refuseRequest(() => false, 0);
      const seen = events.length;
      const back = await until(() => events.slice(seen).some((e) => e.name === 'sync.online' && e.payload.online) && port.status().online, 5_000);
      expect(back).toBeLessThan(5_000);
      expect(port.status().message).toBeNull();
    } finally {
      port.close();
    }
  });
});
