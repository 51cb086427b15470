// A seller's desktop cache wired to the real service: account database, API client (through a
// loopback proxy), sync engine, and the repositories the UI would call.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { createApiClient, memoryCredentialStore, type ApiClient } from '../../../electron/core/api/index.ts';
import { bulkWrites } from '../../../electron/core/bulk/bulk-edit.ts';
import { draftWrites } from '../../../electron/core/drafts/draft-writes.ts';
import { itemReads } from '../../../electron/core/drafts/item-rows.ts';
import { statusChanges } from '../../../electron/core/drafts/status-changes.ts';
import { tradingChanges } from '../../../electron/core/drafts/trading-changes.ts';
import { imageEdits } from '../../../electron/core/images/image-edits.ts';
import { outboxReads } from '../../../electron/core/outbox/outbox.ts';
import { createSyncEngine, type SyncEvent } from '../../../electron/core/sync/index.ts';
import { testClock } from '../../support/clock.ts';
import { TEST_PASSWORD } from '../../support/server.ts';
import { openTempDb } from '../support.ts';
import { marketplaceAdapter } from '../../../electron/core/api/marketplace-adapter.ts';

export async function sellerCache(baseUrl: string, username: string, options: { password?: string } = {}) {
  const { db, folder } = openTempDb();
  const credentials = memoryCredentialStore({ username, password: options.password ?? TEST_PASSWORD });
  const api: ApiClient = createApiClient({ baseUrl, credentials, backoffBaseMs: 5, maxRetryAfterMs: 0 });
  // The engine runs on the test's clock: a backoff is passed by moving the clock, not by sleeping.
  const clock = testClock();
  const engine = createSyncEngine({ db, api: marketplaceAdapter(api), backoffBaseMs: 5, backoffCapMs: 50, concurrency: 4, now: clock.now });
  const events: SyncEvent[] = [];
  engine.events.on((e) => events.push(e));
  return {
    db,
    folder,
    api,
    credentials,
    engine,
    clock,
    events,
    drafts: draftWrites(db),
    status: statusChanges(db),
    trading: tradingChanges(db),
    bulk: bulkWrites(db),
    images: imageEdits(db),
    reads: itemReads(db),
    outbox: outboxReads(db),
    row: (localId: number) => db.prepare(`SELECT * FROM items WHERE local_id = ?`).get(localId) as Record<string, unknown> & { remote_id: number | null; sync_state: string; status: string },
    byRemote: (remoteId: number) => (db.prepare(`SELECT local_id FROM items WHERE remote_id = ?`).pluck().get(remoteId) as number | undefined) ?? null,
    /** Push until nothing is ready any more, moving the clock past the backoffs in between. */
    async drain(maxRuns = 20) {
      for (let i = 0; i < maxRuns; i++) {
        const result = await engine.push();
        if (result.paused || result.pending === 0 || result.nextAttemptAt === null) return result;
        clock.advanceTo(result.nextAttemptAt);
      }
      return engine.push();
    },
    async photo(name: string, seed: number): Promise<string> {
      const path = join(folder, name);
      writeFileSync(path, await sharp({ create: { width: 80, height: 60, channels: 3, background: { r: (seed * 53) % 256, g: (seed * 101) % 256, b: 40 } } }).jpeg().toBuffer());
      return path;
    },
  };
}

export type SellerCache = Awaited<ReturnType<typeof sellerCache>>;
