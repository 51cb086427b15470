// The records read outside a pull (issue 38): those the seller needs now (an item opened, copied,
// relisted, exported) at once, and the unsold closed items kept from their summaries one at a time
// in the background, at a low rate, never while a sync runs, while the app works offline or while
// the marketplace asked to wait, and only once the open, scheduled and sold ones are all read (the
// pull reads those). A new change on the marketplace never waits for it: a run does not wait for a
// background read, and what a read brings is merged only into an item that is still a summary.
import { ApiError } from '../api/api-error.ts';
import type { Db } from '../db/open-account-db.ts';
import type { SyncEvents } from '../sync/events.ts';
import { detailContext, detailQueue, readDetails } from '../sync/item-details.ts';
import type { MarketplacePort } from '../sync/marketplace-port.ts';

export interface DetailReaderOptions {
  db: Db;
  api: MarketplacePort;
  events: SyncEvents;
  now: () => number;
  /** Between two background reads (0: none in the background; on-demand reads still go). */
  intervalMs: number;
  /** True while the background must not ask: a sync runs, the app works offline or is not connected. */
  paused: () => boolean;
  /** Until when the marketplace asked to wait (null: it does not). */
  waitingUntil: () => number | null;
  /** Records read and merged (their local ids): the grid and the progress follow. */
  onRead: (localIds: number[]) => void;
  /** The marketplace asked to wait this long (a 429 or 503 with Retry-After longer than the client waits). */
  onWait: (until: number) => void;
}

/** After a failure that is no "wait" (the network, the service): try again this much later. */
const AFTER_FAILURE_MS = 30_000;

export function detailReader(o: DetailReaderOptions) {
  const queue = detailQueue(o.db);
  const context = detailContext(o.db, o.api, o.events, o.now);
  let timer: ReturnType<typeof setTimeout> | null = null;
  let reading = false;
  let closed = false;
  /** Items whose record could not be read for another reason than a wait: not asked again until the app starts again. */
  const failed = new Set<number>();

  function schedule(delayMs: number): void {
    if (closed || o.intervalMs <= 0) return;
    if (timer) clearTimeout(timer);
    timer = setTimeout(() => void tick(), Math.max(0, delayMs));
    timer.unref();
  }

  /** A wait the marketplace asked for, or null: the error is another failure. */
  function askedToWait(error: unknown): number | null {
    const wait = error instanceof ApiError ? error.waitAskedMs : null;
    if (wait === null) return null;
    const until = o.now() + wait;
    o.onWait(until);
    return until;
  }

  async function tick(): Promise<void> {
    timer = null;
    if (closed || !o.db.open) return;
    const waitUntil = o.waitingUntil();
    if (waitUntil !== null) return schedule(waitUntil - o.now());
    // The open, scheduled and sold items are the pull's to read, and first.
    if (o.paused() || queue.first(1).length > 0) return schedule(o.intervalMs);
    const next = queue.later(failed.size + 1).find((id) => !failed.has(id));
    if (next === undefined) return; // everything read: idle until poke()
    reading = true;
    try {
      const outcome = await readDetails(await context(), [next], { concurrency: 1 });
      const localId = queue.localIdOf(next);
      if (outcome.read > 0 && localId !== null) o.onRead([localId]);
      schedule(o.intervalMs);
    } catch (error) {
      const until = askedToWait(error);
      if (until !== null) schedule(until - o.now());
      else {
        if (!(error instanceof ApiError && (error.isNetwork || error.status >= 500))) failed.add(next);
        schedule(AFTER_FAILURE_MS);
      }
    } finally {
      reading = false;
    }
  }

  return {
    /** Something may be left to read (a pull kept summaries, the app went online): the background goes on. */
    poke(): void {
      if (!timer && !reading) schedule(o.intervalMs);
    },
    /**
     * Reads now the records of those of these items that lack them, in parallel under the
     * client's cap. `missing`: the local ids still without their record afterwards.
     */
    async readNow(localIds: readonly number[]): Promise<{ read: number; missing: number[] }> {
      const unread = queue.unreadOf(localIds);
      if (unread.length === 0) return { read: 0, missing: [] };
      if (o.waitingUntil() === null) {
        try {
          await readDetails(await context(), unread.map((u) => u.remoteId));
        } catch (error) {
          // What was read before the failure is kept; the rest is reported missing.
          askedToWait(error);
          if (!(error instanceof ApiError)) throw error;
        }
      }
      const missing = queue.unreadOf(localIds).map((u) => u.localId);
      const left = new Set(missing);
      const done = unread.map((u) => u.localId).filter((id) => !left.has(id));
      if (done.length > 0) o.onRead(done);
      return { read: done.length, missing };
    },
    close(): void {
      closed = true;
      if (timer) clearTimeout(timer);
    },
  };
}
export type DetailReader = ReturnType<typeof detailReader>;
