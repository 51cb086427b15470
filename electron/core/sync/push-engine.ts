// The push side of the sync: sends the outbox. One run at a time (single-flight); one item's
// rows strictly in order; items in parallel under a cap; retryable failures back off
// (exponential with jitter, capped, Retry-After honoured); a validation failure parks the row
// with the service's message and field and rejects the item without blocking other items; a
// refused login pauses the engine until credentials work again.
// Remote drafts are created just in time: a local draft is created on the service only when a
// publish (a status change) is queued for it, and never more at once than the service's
// 10-draft limit leaves free (409 draft_limit means "wait", never "fail").
// The parts: push-item.ts (one item's rows), push-failure.ts (what a failed send means),
// push-run-progress.ts (the run's events), push-context.ts (what they share, the just-in-time rule).
import { ApiError } from '../api/api-error.ts';
import type { MarketplacePort } from './marketplace-port.ts';
import type { Db } from '../db/open-account-db.ts';
import type { SyncState } from '../drafts/sync-state.ts';
import { createDraftSlots } from './draft-slots.ts';
import type { SyncEvents } from './events.ts';
import { waitsForItsPublish, type PushContext } from './push-context.ts';
import { pushItem } from './push-item.ts';
import { createRunProgress } from './push-run-progress.ts';
import { listRemoteDrafts } from './reconcile.ts';
import { syncRepository } from './sync-repository.ts';

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

export function createPushEngine(options: PushOptions) {
  const { db, api, events } = options;
  const store = syncRepository(db);
  const random = options.random ?? Math.random;
  const concurrency = options.concurrency ?? 4;
  const backoffBase = options.backoffBaseMs ?? 1000;
  const backoffCap = options.backoffCapMs ?? 5 * 60_000;
  let running: Promise<PushResult> | null = null;
  let paused = false;

  const ctx: PushContext = {
    db,
    api,
    events,
    store,
    now: options.now ?? Date.now,
    backoff: (attempts, retryAfterMs) =>
      Math.max(retryAfterMs ?? 0, Math.round(Math.min(backoffCap, backoffBase * 2 ** attempts) * (0.5 + random() / 2))),
    setState(localId: number, state: SyncState, reason: string | null = null, field: string | null = null) {
      store.setState(localId, state, reason, field);
      events.emit({ type: 'item-state', localId, state, reason, field });
    },
    get paused() {
      return paused;
    },
    pauseIfSignInNeeded(error) {
      if (!(error instanceof ApiError && error.needsSignIn)) return false;
      if (!paused) events.emit({ type: 'paused', reason: 'auth', message: error.message, code: error.code });
      paused = true;
      return true;
    },
  };

  async function runOnce(): Promise<PushResult> {
    const result: PushResult = { applied: 0, parked: 0, deferred: 0, pending: 0, nextAttemptAt: null, paused: false };
    if (paused) {
      try {
        await api.login();
        paused = false;
      } catch (error) {
        return { ...result, paused: ctx.pauseIfSignInNeeded(error), pending: store.counts().pending };
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
      const pausedNow = ctx.pauseIfSignInNeeded(error);
      return { ...result, paused: pausedNow, pending: store.counts().pending, nextAttemptAt: pausedNow ? null : ctx.now() + ctx.backoff(0, null) };
    }
    store.recoverSending();
    const slots = createDraftSlots(api.draftLimit - remoteDrafts);
    const candidates = store.pendingItems().filter((c) => eligible(c.item_local_id));
    const run = createRunProgress(db, events, candidates);
    run.started();

    let next = 0;
    const worker = async () => {
      while (!paused && next < candidates.length) {
        const candidate = candidates[next++];
        if (!candidate) continue;
        const localId = candidate.item_local_id;
        await pushItem(ctx, { localId, userId, slots, progress: run.row, upload: run.upload(localId) }, eligible);
      }
    };
    await Promise.all(Array.from({ length: Math.min(concurrency, candidates.length) }, worker));

    const counts = store.counts();
    events.emit({ type: 'run-finished', done: run.done, total: run.total, pending: counts.pending, parked: counts.parked });
    return { ...result, ...run.tally, pending: counts.pending, nextAttemptAt: nextAttemptAt(), paused };
  }

  /**
   * When the next run has something to do: the earliest first row waiting on time, or now when
   * an item is ready already (changed during this run); null when nothing will become ready by
   * itself (only drafts kept local, rejected items, conflicts).
   */
  function nextAttemptAt(): number | null {
    let earliest: number | null = null;
    for (const { item_local_id: localId } of store.pendingItems()) {
      const first = store.nextRow(localId);
      if (!first || store.item(localId)?.sync_state === 'conflict' || waitsForItsPublish(ctx, localId, first)) continue;
      const at = Math.max(first.next_attempt_at, ctx.now());
      earliest = earliest === null ? at : Math.min(earliest, at);
    }
    return earliest;
  }

  /** Ready to go now: not waiting on a backoff, not in conflict, not a draft kept local. */
  function eligible(localId: number): boolean {
    const first = store.nextRow(localId);
    if (!first || first.next_attempt_at > ctx.now() || store.item(localId)?.sync_state === 'conflict') return false;
    return !waitsForItsPublish(ctx, localId, first);
  }

  return {
    /** The seller asks to send a rejected item again as it is. */
    retryRejected(localId: number) {
      if (store.item(localId)?.sync_state === 'rejected') ctx.setState(localId, 'queued');
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
