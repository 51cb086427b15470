// The sync engine of real caches against the real service THROUGH the fault-injecting proxy:
// over 1,000 queued operations of mixed kinds, sync runs with connections dropped before and after
// the service committed, 5xx and 429 with Retry-After, delays and truncated answers; then the
// faults stop and the queues drain. Every change is applied exactly once, no listing is created
// twice, no edit is lost. The figures are printed as one JSON line.
import { Item } from '../../shared/api/items.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sameValue, DRAFT_FIELDS } from '../../electron/core/drafts/fields.ts';
import { addImages } from '../../electron/core/images/add-images.ts';
import { fieldsOfServerItem } from '../../electron/core/sync/server-fields.ts';
import { listingOf } from '../../electron/core/api/listing-mapping.ts';
import { syncRepository } from '../../electron/core/sync/sync-repository.ts';
import { completeBuyNow } from '../core/support.ts';
import { sellerCache, type SellerCache } from '../core/support/sync-setup.ts';
import { startFaultProxy, type FaultPlan, type FaultProxy } from '../support/fault-proxy.ts';
import { makeCategories, type TestCategories } from '../support/item-helpers.ts';
import { startTestServer, type TestServer } from '../support/server.ts';

const SELLERS = Number(process.env.FAULT_SELLERS ?? 7);
/** Remote drafts each seller has on the service before going offline (the service keeps 10). */
const REMOTE_DRAFTS = 5;
/** New local drafts per seller, each created, edited, given a photo and published. */
const NEW_DRAFTS = 22;
const FAULTED_RUNS = 4;
/**
 * Runs allowed to drain once faults stop (2 drain it here): counted in runs, on the test clock,
 * so a slow machine takes longer but never fails for it.
 */
const DRAIN_RUNS_LIMIT = 20;

const plan: FaultPlan = {
  // 429 and one 503 in ten carry a Retry-After the engine must wait out (1 s, whole seconds only).
  rules: [
    { fault: { kind: 'status', status: 429, retryAfterSeconds: 1 }, probability: 0.02 },
    { fault: { kind: 'status', status: 503, retryAfterSeconds: 1 }, probability: 0.005 },
  ],
  random: {
    rates: { 'drop-before': 0.04, 'drop-after': 0.05, status: 0.04, delay: 0.05, truncate: 0.04 },
    statuses: [500, 502, 503],
    delayMs: { min: 5, max: 60 },
  },
};

let server: TestServer;
let proxy: FaultProxy;
let cats: TestCategories;

beforeAll(async () => {
  server = await startTestServer();
  cats = makeCategories(server);
  proxy = await startFaultProxy({ target: server.url, seed: 4, plan: 'off' });
});
afterAll(async () => {
  await proxy.close();
  await server.close();
});

interface Seller {
  cache: SellerCache;
  userId: number;
  token: string;
  /** What each local item must end as: the fields the user set last, its status, its photos. */
  expected: Map<number, { fields: Record<string, unknown>; status: string; images: number }>;
  deleted: number[];
}

/** A seller with remote drafts pulled, then offline work queued: creates, edits, photos, publishes, closes, deletes. */
async function prepareSeller(s: number): Promise<Seller> {
  const username = `fault-seller-${s}`;
  const userId = await server.addUser(username);
  const cache = await sellerCache(proxy.url, username);
  for (let i = 0; i < REMOTE_DRAFTS; i++) await cache.api.createItem({ status: 'draft', title: `Remote ${s}-${i}` });
  await cache.engine.pull();
  const expected: Seller['expected'] = new Map();
  const deleted: number[] = [];
  const photos = await Promise.all([0, 1, 2].map((p) => cache.photo(`p${p}.jpg`, s * 3 + p)));
  const remoteLocals = cache.db.prepare(`SELECT local_id FROM items WHERE remote_id IS NOT NULL ORDER BY local_id`).pluck().all() as number[];

  // Pulled remote drafts: single-field edits, one bulk edit, a photo each, one deleted.
  for (const [i, localId] of remoteLocals.entries()) {
    cache.drafts.editDraft(localId, { title: `Remote ${s}-${i}, edited` });
    cache.drafts.editDraft(localId, { condition: i % 2 ? 'good' : 'new' });
    await addImages(cache.db, { itemLocalId: localId, files: [photos[i % 3] as string], folder: cache.folder });
    expected.set(localId, { fields: { title: `Remote ${s}-${i}, edited`, condition: i % 2 ? 'good' : 'new' }, status: 'draft', images: 1 });
  }
  cache.bulk.bulkEdit(remoteLocals, { buyNowPrice: 40 + s, postalCode: '00200' });
  for (const localId of remoteLocals) Object.assign(expected.get(localId)?.fields ?? {}, { buyNowPrice: 40 + s, postalCode: '00200' });
  const gone = remoteLocals.at(-1) as number;
  cache.drafts.deleteDraft(gone);
  expected.delete(gone);
  deleted.push(gone);

  // New local drafts: create, edits (one field, then two), a bulk edit, a photo, publish, and every third closed.
  const fresh: number[] = [];
  for (let i = 0; i < NEW_DRAFTS; i++) {
    const title = `Listing ${s}-${i}`;
    const { localId } = cache.drafts.createDraft({ ...completeBuyNow(title), categoryId: cats.sub });
    cache.drafts.editDraft(localId, { title: `${title}, boxed` });
    cache.drafts.editDraft(localId, { buyNowPrice: 100 + i, condition: 'new' });
    await addImages(cache.db, { itemLocalId: localId, files: [photos[i % 3] as string], folder: cache.folder });
    expected.set(localId, { fields: { title: `${title}, boxed`, buyNowPrice: 100 + i, condition: 'new' }, status: 'published', images: 1 });
    fresh.push(localId);
  }
  cache.bulk.bulkEdit(fresh, { description: `<p>Batch ${s}</p>` });
  for (const [i, localId] of fresh.entries()) {
    cache.status.publish(localId);
    const e = expected.get(localId);
    if (e) e.fields.description = `<p>Batch ${s}</p>`;
    if (i % 3 === 0) {
      cache.status.close(localId);
      if (e) e.status = 'closed';
    }
  }
  const { token } = await server.login(username);
  return { cache, userId, token, expected, deleted };
}

/** One push run, then the engine's clock moved to its earliest retry (capped). */
async function runOnce(seller: Seller): Promise<{ pending: number; stuck: boolean }> {
  const result = await seller.cache.engine.push();
  const clock = seller.cache.clock;
  if (result.pending > 0 && result.nextAttemptAt !== null) clock.advanceTo(Math.min(clock.now() + 2_000, result.nextAttemptAt));
  return { pending: result.pending, stuck: result.pending > 0 && result.nextAttemptAt === null };
}

describe('the sync engine under faults', () => {
  it('applies over 1,000 queued operations exactly once, with no duplicate and no lost edit, and drains once faults stop', async () => {
    const started = Date.now();
    const sellers = await Promise.all(Array.from({ length: SELLERS }, (_, s) => prepareSeller(s)));
    const queuedByKind: Record<string, number> = {};
    let queued = 0;
    for (const { cache } of sellers) {
      for (const { kind, n } of cache.db.prepare(`SELECT kind, count(*) AS n FROM outbox GROUP BY kind`).all() as Array<{ kind: string; n: number }>) {
        queuedByKind[kind] = (queuedByKind[kind] ?? 0) + n;
        queued += n;
      }
    }
    expect(queued).toBeGreaterThanOrEqual(1000);

    proxy.resetStats();
    proxy.setPlan(plan);
    for (let run = 0; run < FAULTED_RUNS; run++) await Promise.all(sellers.map(runOnce));
    const faulted = proxy.stats();
    const pendingAfterFaults = sellers.reduce((n, { cache }) => n + cache.outbox.pendingCount(), 0);

    proxy.setPlan('off');
    const drainStart = Date.now();
    let drainRuns = 0;
    for (;;) {
      const results = await Promise.all(sellers.map(runOnce));
      drainRuns += 1;
      if (results.every((r) => r.pending === 0) || results.some((r) => r.stuck) || drainRuns >= DRAIN_RUNS_LIMIT) break;
    }
    const drainMs = Date.now() - drainStart;
    const total = proxy.stats();
    // Creates whose answer was lost (reconciled before any repeat), and how many POSTs the audit log saw.
    const audit = { createOutcomesUnknown: 0, createPosts: 0, uploadPosts: 0 };
    for (const { cache } of sellers) {
      const a = cache.db.prepare(
        `SELECT sum(method = 'POST' AND path = '/items') AS createPosts, sum(method = 'POST' AND path LIKE '%/images') AS uploadPosts FROM request_log`,
      ).get() as { createPosts: number; uploadPosts: number };
      audit.createPosts += a.createPosts;
      audit.uploadPosts += a.uploadPosts;
      audit.createOutcomesUnknown += cache.events.filter((e) => e.type === 'progress' && e.op.outcome === 'outcome-unknown').length;
    }
    // A pull afterwards finds nothing the cache does not know (a duplicate would be inserted) and no conflict.
    const pulls = await Promise.all(sellers.map(({ cache }) => cache.engine.pull()));
    const pulledInserted = pulls.reduce((n, p) => n + p.inserted, 0);
    const pulledConflicts = pulls.reduce((n, p) => n + p.conflicts, 0);

    // Check every seller's cache against the service (directly, not through the proxy).
    let duplicates = 0;
    let lostEdits = 0;
    let fieldMismatches = 0;
    let imageMismatches = 0;
    let statusMismatches = 0;
    let notDeleted = 0;
    let pending = 0;
    let parked = 0;
    const problems: string[] = [];
    for (const [s, { cache, userId, token, expected, deleted }] of sellers.entries()) {
      pending += cache.outbox.pendingCount();
      const parkedRows = cache.db.prepare(`SELECT kind, payload, error, error_field FROM outbox WHERE state = 'parked'`).all() as Array<Record<string, unknown>>;
      parked += parkedRows.length;
      for (const row of parkedRows) problems.push(`seller ${s}: parked ${JSON.stringify(row)}`);
      const remote = server.service.db.prepare(`SELECT id FROM items WHERE seller_id = ? ORDER BY id`).pluck().all(userId) as number[];
      const local = cache.db.prepare(`SELECT local_id, remote_id FROM items ORDER BY local_id`).all() as Array<{ local_id: number; remote_id: number | null }>;
      const claimed = new Set(local.map((l) => l.remote_id));
      // Zero duplicates: every remote item is one local item's, and no two local items share one.
      duplicates += remote.filter((id) => !claimed.has(id)).length + (local.length - claimed.size);
      for (const localId of deleted) if (local.some((l) => l.local_id === localId)) notDeleted += 1;
      const store = syncRepository(cache.db);
      for (const { local_id: localId, remote_id: remoteId } of local) {
        const want = expected.get(localId);
        if (!want || remoteId === null) {
          problems.push(`seller ${s}: local ${localId} is unexpected or unsent`);
          continue;
        }
        const item = await fetchItem(remoteId, token);
        const remoteFields = fieldsOfServerItem(listingOf(item)) as Record<string, unknown>;
        const localFields = store.currentFields(localId);
        for (const [field, value] of Object.entries(want.fields)) {
          if (!sameValue(value, remoteFields[field])) {
            lostEdits += 1;
            problems.push(`seller ${s}: ${field} of ${remoteId} is ${JSON.stringify(remoteFields[field])}, not ${JSON.stringify(value)}`);
          }
        }
        // Every value the cache holds is the service's (fields the cache leaves unset may hold the
        // service's defaults, e.g. offersAllowed).
        for (const field of DRAFT_FIELDS) {
          if (localFields[field] === undefined) continue;
          if (!sameValue(localFields[field], remoteFields[field] ?? null)) {
            fieldMismatches += 1;
            problems.push(`seller ${s}: ${field} of ${remoteId}: local ${JSON.stringify(localFields[field])}, remote ${JSON.stringify(remoteFields[field])}`);
          }
        }
        if (item.status !== want.status || cache.row(localId).status !== want.status) {
          statusMismatches += 1;
          problems.push(`seller ${s}: ${remoteId} is ${item.status} (cached ${cache.row(localId).status}), not ${want.status}`);
        }
        const localImages = cache.db.prepare(`SELECT remote_id FROM images WHERE item_local_id = ? ORDER BY position`).pluck().all(localId);
        const remoteImages = item.images.map((i) => i.id);
        if (remoteImages.length !== want.images || localImages.join() !== remoteImages.join()) {
          imageMismatches += 1;
          problems.push(`seller ${s}: images of ${remoteId}: local ${localImages.join()}, remote ${remoteImages.join()}`);
        }
      }
    }
    const figures = {
      syncUnderFaults: {
        sellers: SELLERS,
        operationsQueued: queued,
        queuedByKind,
        faultedRuns: FAULTED_RUNS,
        requestsDuringFaults: faulted.requests,
        faultsByKind: faulted.faults,
        statusFaults: countStatuses(faulted.log),
        pendingAfterFaults,
        drainRuns,
        drainMs,
        requests: total.requests,
        ...audit,
        pulledInserted,
        pulledConflicts,
        duplicates,
        lostEdits,
        fieldMismatches,
        imageMismatches,
        statusMismatches,
        notDeleted,
        queueLeft: pending,
        parked,
        ms: Date.now() - started,
      },
    };
    process.stdout.write(`${JSON.stringify(figures)}\n`);
    expect(problems).toEqual([]);
    expect({ duplicates, lostEdits, fieldMismatches, imageMismatches, statusMismatches, notDeleted, pending, parked, pulledInserted, pulledConflicts }).toEqual({
      duplicates: 0, lostEdits: 0, fieldMismatches: 0, imageMismatches: 0, statusMismatches: 0, notDeleted: 0, pending: 0, parked: 0, pulledInserted: 0, pulledConflicts: 0,
    });
    // The faults really happened, of every kind.
    for (const kind of ['drop-before', 'drop-after', 'status', 'delay', 'truncate'] as const) expect(faulted.faults[kind]).toBeGreaterThan(0);
  }, 150_000);
});

describe('a status step whose answer was lost', () => {
  it('publishes once when the connection drops after the service published the item', async () => {
    const username = 'fault-step-seller';
    const userId = await server.addUser(username);
    const cache = await sellerCache(proxy.url, username);
    await cache.engine.pull();
    const { localId } = cache.drafts.createDraft({ ...completeBuyNow('Dropped step'), categoryId: cats.sub });
    cache.status.publish(localId);
    // The preview step passes; the publish step is committed by the service and its answer lost.
    // The HTTP layer repeats the PUT, which the service refuses: "published to published".
    proxy.setPlan({ rules: [{ method: 'PUT', path: /^\/1\.1\/items\/\d+$/, fault: { kind: 'drop-after' }, skip: 1, times: 1 }] });
    try {
      await cache.drain();
    } finally {
      proxy.setPlan('off');
    }
    expect(cache.row(localId)).toMatchObject({ status: 'published', sync_state: 'synced' });
    expect(cache.outbox.pendingCount()).toBe(0);
    const remote = server.service.db.prepare(`SELECT status FROM items WHERE seller_id = ?`).pluck().all(userId);
    expect(remote).toEqual(['published']);
  });
});

function countStatuses(log: ReadonlyArray<{ injectedStatus: number | null }>): Record<string, number> {
  const out: Record<string, number> = {};
  for (const { injectedStatus } of log) if (injectedStatus !== null) out[injectedStatus] = (out[injectedStatus] ?? 0) + 1;
  return out;
}

/** The service's copy of an item, read straight from the service (not through the proxy). */
async function fetchItem(id: number, token: string): Promise<Item> {
  const res = await fetch(server.api(`/items/${id}`), { headers: { 'x-marketapitoken': token } });
  if (res.status !== 200) throw new Error(`item ${id}: ${res.status}`);
  return Item.parse(await res.json());
}
