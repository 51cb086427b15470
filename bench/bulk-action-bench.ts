// bench:core's bulk publish: N complete drafts (a seller's cached settings) validated and queued
// for publishing from the grid (preview, then the run: the editor's publish per draft, one
// transaction, one undo step), nothing sent. Against a bare loop of the same writes (one UPDATE
// and one outbox INSERT per draft, one transaction) without the checks.
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { bulkActions } from '../electron/core/bulk/bulk-actions.ts';
import { bulkWrites } from '../electron/core/bulk/bulk-edit.ts';
import { settingsCache } from '../electron/core/cache/settings-cache.ts';
import { openAccountDb } from '../electron/core/db/open-account-db.ts';
import { draftWrites } from '../electron/core/drafts/draft-writes.ts';
import { completeBuyNow, privateSellerRules } from '../tests/core/fixtures/sellers.ts';

const ROUNDS = 5;

export async function benchBulkPublish(root: string, drafts: number) {
  const db = openAccountDb(join(root, 'bulk-publish.sqlite'));
  settingsCache(db).saveRules(privateSellerRules(), Date.now());
  const writes = draftWrites(db);
  const ids = db.transaction(() => Array.from({ length: drafts }, (_, i) => writes.createDraft(completeBuyNow(`Oak table no. ${i + 1}`)).localId))();
  const actions = bulkActions(db);
  const bulk = bulkWrites(db);
  const touch = db.prepare(`UPDATE items SET updated = ?, sync_state = sync_state WHERE local_id = ?`);
  const enqueue = db.prepare(`INSERT INTO outbox (item_local_id, kind, payload, idempotency_key, created) VALUES (?, 'set-status', '{"status":"published"}', lower(hex(randomblob(16))), ?)`);
  const dropBare = db.prepare(`DELETE FROM outbox WHERE kind = 'set-status' AND step_id IS NULL`);
  const bareRun = db.transaction(() => {
    const now = Date.now();
    for (const id of ids) {
      touch.run(now, id);
      enqueue.run(id, now);
    }
  });
  const ours: number[] = [];
  const previews: number[] = [];
  const bare: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    let t = performance.now();
    bareRun();
    bare.push(performance.now() - t);
    dropBare.run();
    t = performance.now();
    const preview = await actions.preview('publish', ids);
    previews.push(performance.now() - t);
    t = performance.now();
    const result = await actions.run('publish', ids);
    ours.push(performance.now() - t);
    if (preview.ready !== drafts || result.changed !== drafts) throw new Error(`bulk publish queued ${result.changed} of ${drafts}`);
    // Undo while queued takes the step back: the next round publishes the same drafts again.
    bulk.undo();
  }
  db.close();
  const best = (xs: number[]) => Math.min(...xs);
  return {
    drafts,
    ms: Number(best(ours).toFixed(1)),
    previewMs: Number(best(previews).toFixed(1)),
    bareQueueMs: Number(best(bare).toFixed(1)),
    ratio: Number((best(ours) / best(bare)).toFixed(2)),
    note: 'ms = the run: each draft judged (status, queued status, the badges\' validation with its photo count) and queued through the editor\'s publish with its undo step (one transaction per 2,000); previewMs = the dialog\'s preview; bare = UPDATE + outbox INSERT per draft; best of 5, undone between rounds',
  };
}
