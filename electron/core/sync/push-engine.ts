// The push side of the sync: sends the outbox. One run at a time (single-flight); one item's
// rows strictly in order; items in parallel under a cap; retryable failures back off
// (exponential with jitter, capped, Retry-After honoured); a validation failure parks the row
// with the service's message and field and rejects the item without blocking other items; a
// refused login pauses the engine until credentials work again.
// Remote drafts are created just in time: a local draft is created on the service only when a
// publish (a status change) is queued for it, and never more at once than the service's
// 10-draft limit leaves free (409 draft_limit means "wait", never "fail").
import { LIMITS } from '../../../shared/api/items.ts';
import { ApiError } from '../api/api-error.ts';
import type { MarketplacePort } from './marketplace-port.ts';
import type { Db } from '../db/open-account-db.ts';
import type { SyncState } from '../drafts/sync-state.ts';
import { parseOutboxEntry, type OutboxRow, type ParsedOutboxEntry } from '../outbox/outbox.ts';
import { createDraftSlots, type DraftSlots } from './draft-slots.ts';
import type { OpOutcome, PhotoRun, SyncEvents, UploadPhase } from './events.ts';
import * as ops from './operations.ts';
import { handleEntry, isPublish } from './push-handlers.ts';
import { listRemoteDrafts } from './reconcile.ts';
import { syncRepository, type SyncRepository } from './sync-repository.ts';

export interface PushOptions {
  db: Db;
  api: MarketplacePort;
  events: SyncEvents;
  /** Items worked on at once. */
  concurrency?: number;
  backoffBaseMs?: number;
  backoffCapMs?: number;
  now?: () => number;
  random?: () => number;
}

export interface PushResult {
  applied: number;
  parked: number;
  deferred: number;
  /** Rows still waiting; nextAttemptAt is when the earliest may go (null: none waiting on time). */
  pending: number;
  nextAttemptAt: number | null;
  paused: boolean;
}

type ItemEnd = 'done' | 'stopped';

export function createPushEngine(options: PushOptions) {
  const { db, api, events } = options;
  const store: SyncRepository = syncRepository(db);
  const now = options.now ?? Date.now;
  const random = options.random ?? Math.random;
  const concurrency = options.concurrency ?? 4;
  const backoffBase = options.backoffBaseMs ?? 1000;
  const backoffCap = options.backoffCapMs ?? 5 * 60_000;
  let running: Promise<PushResult> | null = null;
  let paused = false;
  // The photos this run will upload: queued uploads of the run's items whose image is prepared
  // and not on the service yet (the same test addImage applies before it sends).
  const photoRun = db.prepare(
    `SELECT count(*) AS total, 0 AS done, 0 AS failed, coalesce(sum(i.bytes), 0) AS bytesTotal, 0 AS bytesDone
     FROM outbox o JOIN images i ON i.id = json_extract(o.payload, '$.imageId')
     WHERE o.kind = 'add-image' AND o.item_local_id IN (SELECT value FROM json_each(?))
       AND i.remote_id IS NULL AND i.prep_state = 'ready' AND i.file_path IS NOT NULL`,
  );

  const setState = (localId: number, state: SyncState, reason: string | null = null, field: string | null = null) => {
    store.setState(localId, state, reason, field);
    events.emit({ type: 'item-state', localId, state, reason, field });
  };

  const backoff = (attempts: number, retryAfterMs: number | null) =>
    Math.max(retryAfterMs ?? 0, Math.round(Math.min(backoffCap, backoffBase * 2 ** attempts) * (0.5 + random() / 2)));

  async function runOnce(): Promise<PushResult> {
    const result: PushResult = { applied: 0, parked: 0, deferred: 0, pending: 0, nextAttemptAt: null, paused: false };
    if (paused) {
      try {
        await api.login();
        paused = false;
      } catch (error) {
        return { ...result, ...pauseIfAuth(error), pending: store.counts().pending };
      }
    }
    let userId: number;
    let remoteDrafts: number;
    try {
      userId = await api.me();
      remoteDrafts = (await listRemoteDrafts(api, userId)).length;
      events.emit({ type: 'connectivity', online: true });
    } catch (error) {
      if (error instanceof ApiError && error.isNetwork) events.emit({ type: 'connectivity', online: false });
      const p = pauseIfAuth(error);
      return { ...result, ...p, pending: store.counts().pending, nextAttemptAt: p.paused ? null : now() + backoff(0, null) };
    }
    store.recoverSending();
    const slots = createDraftSlots(LIMITS.draftsPerUser - remoteDrafts);
    const candidates = store.pendingItems().filter((c) => eligible(c.item_local_id));
    const total = candidates.reduce((n, c) => n + c.rows, 0);
    let done = 0;
    // done = rows of this run that left the queue (a create also takes the edits it folded in).
    const maxId = (db.prepare(`SELECT coalesce(max(id), 0) FROM outbox`).pluck().get() as number);
    const remainingOf = db.prepare(
      `SELECT count(*) FROM outbox WHERE id <= ? AND state = 'pending' AND item_local_id IN (SELECT value FROM json_each(?))`,
    ).pluck();
    const candidateIds = JSON.stringify(candidates.map((c) => c.item_local_id));
    const photos = photoRun.get(candidateIds) as PhotoRun;
    const upload = (localId: number) => (imageId: number, phase: UploadPhase, bytes: number, error?: string) => {
      if (phase === 'uploaded') {
        photos.done += 1;
        photos.bytesDone += bytes;
      } else if (phase === 'failed') photos.failed += 1;
      // A photo added while the run goes (not counted at the start) still counts.
      photos.total = Math.max(photos.total, photos.done + photos.failed);
      photos.bytesTotal = Math.max(photos.bytesTotal, photos.bytesDone);
      events.emit({ type: 'image-upload', localId, imageId, phase, bytes, error: error ?? null, run: { ...photos } });
    };

    events.emit({ type: 'run-started', total, photos: { ...photos } });

    const progress = (row: OutboxRow, outcome: OpOutcome) => {
      done = total - (remainingOf.get(maxId, candidateIds) as number);
      if (outcome === 'applied' || outcome === 'dropped') result.applied += 1;
      if (outcome === 'parked') result.parked += 1;
      if (outcome === 'deferred' || outcome === 'outcome-unknown') result.deferred += 1;
      events.emit({ type: 'progress', done, total, op: { outboxId: row.id, itemLocalId: row.item_local_id, kind: row.kind, outcome } });
    };

    let next = 0;
    const worker = async () => {
      while (!paused && next < candidates.length) {
        const candidate = candidates[next++];
        if (candidate) await pushItem(candidate.item_local_id, userId, slots, progress, upload(candidate.item_local_id));
      }
    };
    await Promise.all(Array.from({ length: Math.min(concurrency, candidates.length) }, worker));

    const counts = store.counts();
    const earliest = nextAttemptAt();
    events.emit({ type: 'run-finished', done, total, pending: counts.pending, parked: counts.parked });
    return { ...result, pending: counts.pending, nextAttemptAt: earliest, paused };
  }

  function pauseIfAuth(error: unknown): { paused: boolean } {
    const isAuth = error instanceof ApiError && (error.isTokenProblem || error.code === 'login_refused' || error.code === 'no_credentials');
    if (!isAuth) return { paused: false };
    if (!paused) events.emit({ type: 'paused', reason: 'auth', message: error.message, code: error.code });
    paused = true;
    return { paused: true };
  }

  /**
   * When the next run has something to do: the earliest first row waiting on time, or now when
   * an item is ready already (changed during this run); null when nothing will become ready by
   * itself (only drafts kept local, rejected items, conflicts).
   */
  function nextAttemptAt(): number | null {
    let earliest: number | null = null;
    for (const { item_local_id: localId } of store.pendingItems()) {
      const item = store.item(localId);
      const first = store.nextRow(localId);
      if (!first || (item && item.sync_state === 'conflict')) continue;
      const creates = first.kind === 'create' || first.kind === 'copy';
      if (creates && item && item.remote_id === null && !store.hasStatusRow(localId)) continue;
      const at = Math.max(first.next_attempt_at, now());
      earliest = earliest === null ? at : Math.min(earliest, at);
    }
    return earliest;
  }

  /** Ready to go now: not waiting on a backoff, not in conflict, not a draft kept local. */
  function eligible(localId: number): boolean {
    const item = store.item(localId);
    const first = store.nextRow(localId);
    if (!first || first.next_attempt_at > now() || (item && item.sync_state === 'conflict')) return false;
    const creates = first.kind === 'create' || first.kind === 'copy';
    // Just in time: a local draft goes to the service only when its publish is queued.
    return !(creates && item && item.remote_id === null && !store.hasStatusRow(localId));
  }

  /** One item's rows in order until done, a stop (retry later, parked) or a pause. */
  async function pushItem(
    localId: number, userId: number, slots: DraftSlots, progress: (row: OutboxRow, outcome: OpOutcome) => void, upload: ops.OpContext['upload'],
  ): Promise<ItemEnd> {
    const item = store.item(localId);
    const first = store.nextRow(localId);
    if (!first || !eligible(localId)) return 'stopped';
    const creates = first.kind === 'create' || first.kind === 'copy';

    let holdsSlot = false;
    if (creates && item && item.remote_id === null) {
      if (!(await slots.acquire())) {
        // No slot will come this run: wait (a backoff, not an attempt), never fail.
        store.defer(first, now() + backoff(0, null), false);
        return 'stopped';
      }
      holdsSlot = true;
    }
    const ctx: ops.OpContext = {
      api,
      store,
      db,
      userId,
      now,
      leftDraft: () => {
        if (holdsSlot) {
          holdsSlot = false;
          slots.release();
        }
      },
      upload,
      remoteImages: null,
    };
    setState(localId, 'sending');
    let uploaded = false;
    try {
      for (;;) {
        if (paused) return 'stopped';
        const row = store.nextRow(localId);
        if (!row) {
          // Order is applied after all uploads of the item (they finish in any order).
          const remoteId = store.item(localId)?.remote_id ?? null;
          if (uploaded && remoteId !== null) {
            try {
              await ops.applyLocalOrder(ctx, localId, remoteId);
            } catch (error) {
              if (!(error instanceof ApiError && error.retryable)) throw error;
              // Next run: a later reorder row or upload applies the order again.
            }
          }
          if (store.item(localId)) setState(localId, 'synced');
          return 'done';
        }
        // Only reached when the user changed the rejected item since: try again.
        if (row.state === 'parked') store.unpark(row);
        // Images can be reordered only before publishing: settle the order first.
        const parsed = parseOutboxEntry(row);
        if (parsed.ok && isPublish(parsed) && store.imagesOf(localId).length > 0) uploaded = true;
        if (uploaded && row.kind === 'set-status') {
          const remoteId = store.item(localId)?.remote_id ?? null;
          if (remoteId !== null) {
            try {
              await ops.applyLocalOrder(ctx, localId, remoteId);
              uploaded = false;
            } catch (error) {
              // 409: already listed (a publish whose answer was lost); the order is final then.
              if (!(error instanceof ApiError && error.status === 409)) {
                progress(row, failed(row, error, slots));
                return 'stopped';
              }
            }
          }
        }
        const outcome = await runRow(ctx, row, parsed, slots);
        if (row.kind === 'add-image' && outcome === 'applied') uploaded = true;
        progress(row, outcome);
        if (outcome !== 'applied' && outcome !== 'dropped') return 'stopped';
      }
    } finally {
      // A slot whose create never happened goes back; one holding a remote draft stays used.
      if (holdsSlot) {
        if ((store.item(localId)?.remote_id ?? null) === null) slots.release();
        else slots.retire();
      }
      const after = store.item(localId);
      if (after && after.sync_state === 'sending') setState(localId, store.nextRow(localId) ? 'queued' : 'synced');
    }
  }

  async function runRow(ctx: ops.OpContext, row: OutboxRow, parsed: ParsedOutboxEntry, slots: DraftSlots): Promise<OpOutcome> {
    if (!parsed.ok) {
      store.park(row, parsed.message, null);
      events.emit({ type: 'item-state', localId: row.item_local_id, state: 'rejected', reason: parsed.message, field: null });
      return 'parked';
    }
    try {
      // One handler per kind (push-handlers.ts).
      return await handleEntry(ctx, row, parsed);
    } catch (error) {
      return failed(row, error, slots);
    }
  }

  function failed(row: OutboxRow, error: unknown, slots: DraftSlots): OpOutcome {
    const localId = row.item_local_id;
    if (pauseIfAuth(error).paused) return 'deferred';
    if (!(error instanceof ApiError)) {
      const message = error instanceof Error ? error.message : String(error);
      store.park(row, message, null);
      events.emit({ type: 'item-state', localId, state: 'rejected', reason: message, field: null });
      return 'parked';
    }
    if (error.status === 404 && row.kind !== 'delete' && store.item(localId)?.deleted_at != null) {
      // The user deleted the item and the service no longer has it (removed elsewhere): a change
      // still queued before the delete is moot. Drop it so the delete can be confirmed.
      store.completeRow(row, null);
      return 'dropped';
    }
    if (error.isNetwork) events.emit({ type: 'connectivity', online: false });
    else events.emit({ type: 'connectivity', online: true });
    if (error.status === 409 && error.code === 'draft_limit') {
      // Drafts made elsewhere fill the service's slots: wait for a later run, do not fail.
      slots.exhaust();
      store.defer(row, now() + backoff(0, null), false);
      return 'deferred';
    }
    const retryable = error.retryable || (error.status === 409 && error.code === 'idempotency_in_progress');
    if (retryable) {
      store.defer(row, now() + backoff(row.attempts, error.retryAfterMs), true);
      const creates = row.kind === 'create' || row.kind === 'copy';
      const unknown = creates && error.mayHaveReached && (error.status === 0 || error.status >= 500);
      setState(localId, unknown ? 'outcome-unknown' : 'queued');
      return unknown ? 'outcome-unknown' : 'deferred';
    }
    store.park(row, error.message, error.field, error.code);
    events.emit({ type: 'item-state', localId, state: 'rejected', reason: error.message, field: error.field, code: error.code });
    return 'parked';
  }

  return {
    /** The user asks to send a rejected item again as it is. */
    retryRejected(localId: number) {
      if (store.item(localId)?.sync_state === 'rejected') setState(localId, 'queued');
    },
    /** Single-flight: a call during a run joins it. */
    run(): Promise<PushResult> {
      running ??= runOnce().finally(() => {
        running = null;
      });
      return running;
    },
    get paused() {
      return paused;
    },
    get running() {
      return running !== null;
    },
  };
}

export type PushEngine = ReturnType<typeof createPushEngine>;
