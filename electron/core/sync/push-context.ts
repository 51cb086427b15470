// What the parts of one push engine share (push-engine.ts builds it once): the cache, the port,
// the events, the clock and backoff, the item states, and the pause a refused sign-in sets.
import type { Db } from '../db/open-account-db.ts';
import type { SyncState } from '../drafts/sync-state.ts';
import type { OutboxRow } from '../outbox/outbox.ts';
import type { MarketplacePort } from './marketplace-port.ts';
import type { SyncEvents } from './events.ts';
import type { SyncRepository } from './sync-repository.ts';

export interface PushContext {
  db: Db;
  api: MarketplacePort;
  events: SyncEvents;
  store: SyncRepository;
  now: () => number;
  /** The wait before attempt `attempts + 1`: exponential with jitter, capped, never shorter than Retry-After. */
  backoff(attempts: number, retryAfterMs: number | null): number;
  setState(localId: number, state: SyncState, reason?: string | null, field?: string | null): void;
  /** True while a refused sign-in holds every send back. */
  readonly paused: boolean;
  /** Pauses the engine when `error` says signing in again is needed; true then. */
  pauseIfSignInNeeded(error: unknown): boolean;
}

/**
 * Just in time: a local draft is created on the marketplace only when its publish is queued, so
 * a create (or copy) first in an item's queue waits while the item has no remote id and no
 * status change queued. The one statement of the rule, for what goes now and what waits.
 */
export function waitsForItsPublish(ctx: Pick<PushContext, 'store'>, localId: number, first: OutboxRow): boolean {
  const creates = first.kind === 'create' || first.kind === 'copy';
  const item = ctx.store.item(localId);
  return creates && item !== undefined && item.remote_id === null && !ctx.store.hasStatusRow(localId);
}

/** The first row creates the item on the marketplace (a create or copy not yet sent). */
export function createsRemote(ctx: Pick<PushContext, 'store'>, localId: number, first: OutboxRow): boolean {
  const item = ctx.store.item(localId);
  return (first.kind === 'create' || first.kind === 'copy') && item !== undefined && item.remote_id === null;
}
