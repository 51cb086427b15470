// A draft published with a future list time is `waiting` on the service: the app shows it as
// scheduled, with its time, in a list of scheduled items; never under "Refused by the
// marketplace". And the queue counts what the sync will send: a local draft's changes stay on
// this computer until it is published.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queueCounts } from '../../electron/core/outbox/outbox.ts';
import { sellerReads } from '../../electron/core/seller/seller-reads.ts';
import { DAY_MS } from '../../server/domain/time.ts';
import { makeCategories, requestTime } from '../support/item-helpers.ts';
import { startTestServer, type TestServer } from '../support/server.ts';
import { completeBuyNow } from './support.ts';
import { sellerCache } from './support/sync-setup.ts';

let server: TestServer;
let category: number;

beforeAll(async () => {
  server = await startTestServer();
  category = makeCategories(server).sub;
});
afterAll(async () => {
  await server.close();
});

describe('a draft published with a future list time', () => {
  it('is shown as scheduled with its time, never as refused', async () => {
    await server.addUser('scheduling-seller', ['private', 'powerseller']);
    const cache = await sellerCache(server.url, 'scheduling-seller');
    await cache.engine.pull();
    const listTime = requestTime(server, server.service.clock.now() + 2 * DAY_MS);
    const { localId } = cache.drafts.createDraft({ ...completeBuyNow('Scheduled lamp'), categoryId: category, listTime });
    const counts = queueCounts(cache.db);
    // A local draft: kept here, nothing for the sync to send yet.
    expect(counts()).toMatchObject({ toSend: 0, keptLocal: 1 });
    cache.status.publish(localId);
    expect(counts()).toMatchObject({ keptLocal: 0 });
    expect(counts().toSend).toBeGreaterThan(0);

    const result = await cache.drain();
    expect(result).toMatchObject({ pending: 0, parked: 0 });
    expect(cache.row(localId)).toMatchObject({ status: 'waiting', sync_state: 'synced' });
    const problems = sellerReads(cache.db).problems(() => null);
    expect(problems.rejected).toEqual([]);
    expect(problems.scheduled).toEqual([{ localId, title: 'Scheduled lamp', listTime: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/) }]);
    const remote = server.service.db.prepare(`SELECT status, list_time FROM items WHERE id = ?`).get(cache.row(localId).remote_id) as { status: string; list_time: number };
    expect(remote.status).toBe('waiting');
    expect(server.service.tz.format(remote.list_time)).toBe(problems.scheduled[0]?.listTime);

    // Pulled again, it stays scheduled.
    await cache.engine.pull();
    expect(cache.row(localId)).toMatchObject({ status: 'waiting', sync_state: 'synced' });
    expect(counts()).toMatchObject({ toSend: 0, keptLocal: 0, pending: 0 });
  });
});
