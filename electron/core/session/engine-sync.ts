// The REAL sync port: the push/pull engine of electron/core/sync behind the session's SyncPort.
// Runs are single-flight (calls during a run share ONE follow-up run after it); the "work offline" switch stops every
// request; a local change schedules a run shortly after (debounced), and a timer polls the
// marketplace while online so questions, offers and bids arrive without a click.
// A big shop's first sync (issue 38): the grid follows the listing's pages as they commit, the
// records of open, scheduled and sold items are read by the pulls that follow (a local change
// ends that reading early: it is sent first, and the reading goes on in the next run), the rest
// in the background (detail-reader.ts); the progress bar says what is read, what is left and
// until when the marketplace asked to wait, and nothing is asked before then.
import type { SyncStatus } from '../../../shared/ipc/contract.ts';
import { ApiError } from '../api/api-error.ts';
import type { Marketplace } from '../api/marketplace.ts';
import { queueCounts } from '../outbox/outbox.ts';
import type { Db } from '../db/open-account-db.ts';
import type { PhotoRun } from '../sync/events.ts';
import type { PullResult } from '../sync/pull.ts';
import { detailQueue } from '../sync/item-details.ts';
import { detailReader } from './detail-reader.ts';
import { shopProgress } from './shop-progress.ts';
import { rulesPass } from '../rules/rules-pass.ts';
import { createSyncEngine, type SyncEvent as EngineEvent } from '../sync/index.ts';
import { queueStatus, type SyncEvent, type SyncPort } from './sync-port.ts';
import type { AccountWrites } from './account-writes.ts';
import { gatedPort } from './gated-port.ts';

export interface EngineSyncOptions {
  db: Db;
  /**
   * The cache's writes (session/account-writes.ts): the engine's writes wait for their turn while
   * a long write holds the cache, and the rules pass after a pull is a long write itself. Without
   * it (tests that run the engine alone) every turn is free and the pass runs in one go.
   */
  writes?: Pick<AccountWrites, 'turn' | 'long'>;
  /** The account's marketplace (api/marketplace.ts `createMarketplace`): its port, research, probe and connection. */
  marketplace: Marketplace;
  /** Run this long after a local change (0: not automatically). */
  debounceMs?: number;
  /** Poll the marketplace this often while online (0: never). */
  pollMs?: number;
  /** While the marketplace cannot be reached: the first probe after this, doubling up to probeCapMs. */
  probeBaseMs?: number;
  probeCapMs?: number;
  /** Between two background reads of an unsold closed item's record (0: none; default 1 s). */
  backgroundReadMs?: number;
  now?: () => number;
}

/** The grid is told of a listing's pages at most this often (each tells it to read its page again). */
const GRID_EVERY_MS = 1000;

export function engineSync(options: EngineSyncOptions): SyncPort & { engine: ReturnType<typeof createSyncEngine>; readDetails: NonNullable<SyncPort['readDetails']> } {
  const { db } = options;
  const now = options.now ?? Date.now;
  const { marketplace: market } = options;
  // One source of truth for "connected" (issue 42): a request that gets no answer at all (the link
  // hangs or is cut) says so at once, not after its retries and the run's end (four timeouts, about
  // a minute, during which the status bar said connected while requests failed).
  // A short Retry-After holds back every request of the marketplace; the bar says why it waits.
  const unwatch = market.watch({
    noAnswer: () => {
      if (!closed) setOnline(false);
    },
    waitAsked: (until) => shop.waiting(until),
  });
  const { writes } = options;
  const rules = rulesPass(db);
  // The rules run after every pull; their decisions go out with the same run's push.
  // The engine's and the background reader's answers reach the cache in turns of the write gate.
  const marketplace = writes ? gatedPort(market.port, writes.turn) : market.port;
  const engine = createSyncEngine({
    db, api: marketplace, now,
    afterPull: async () => {
      const pass = writes ? await writes.long({ kind: 'rules-pass', now: now() }) : rules(now());
      if (pass.logged > 0) send({ name: 'rules.activity', payload: { decided: pass.logged, entries: pass.entries } });
    },
  });
  // Research writes what the market answered (research/research-draft.ts): in a turn, like the engine.
  const research = writes ? gatedPort(market.research, writes.turn) : market.research;
  const counts = queueCounts(db);
  const details = detailQueue(db);
  const listeners = new Set<(event: SyncEvent) => void>();
  const shop = shopProgress(db, (reading) => send({ name: 'sync.shop', payload: reading }), now);
  /** A local change was written since the current run's push began: the reading of records stops for it. */
  let changeWaiting = false;
  let offline = false;
  let online = false;
  let running: Promise<SyncStatus> | null = null;
  let followUp: Promise<SyncStatus> | null = null;
  let lastRunAt: number | null = null;
  let message: string | null = null;
  /** What message says, for the seller's words (kept with it: set and cleared together). */
  let notice: SyncStatus['notice'] = null;
  let closed = false;
  let debounce: ReturnType<typeof setTimeout> | null = null;
  const reader = detailReader({
    db, api: marketplace, events: engine.events, now,
    intervalMs: options.backgroundReadMs ?? 1000,
    paused: () => running !== null || offline || closed || !online,
    waitingUntil: () => shop.waitingUntil(),
    onRead: (localIds) => {
      send({ name: 'drafts.changed', payload: { localIds, reason: 'pull' } });
      shop.changed();
    },
    onWait: (until) => shop.waiting(until),
  });
  // The grid reads its page again on each drafts.changed: a listing's pages are told a second apart.
  let gridToldAt = 0;
  const tellGrid = (force = false) => {
    if (!force && now() - gridToldAt < GRID_EVERY_MS) return;
    gridToldAt = now();
    send({ name: 'drafts.changed', payload: { localIds: null, reason: 'pull' } });
  };
  const poll = options.pollMs ? setInterval(() => void port.syncNow(), options.pollMs) : null;
  poll?.unref();
  // A polling port also syncs as soon as it opens: the first screen shows the shop as it is.
  if (options.pollMs) setTimeout(() => void port.syncNow(), 0).unref();

  const send = (event: SyncEvent) => {
    for (const listener of listeners) listener(event);
  };
  const setOnline = (value: boolean) => {
    if (value) {
      stopProbe();
      reader.poke();
    } else startProbe();
    if (value === online) return;
    online = value;
    send({ name: 'sync.online', payload: { online, offline } });
  };

  // Retries on time: the push says when its earliest deferred row may go; a run is scheduled
  // then, not left to the next poll or the next local edit.
  let retryTimer: ReturnType<typeof setTimeout> | null = null;
  const scheduleRetry = (at: number | null) => {
    if (retryTimer) clearTimeout(retryTimer);
    retryTimer = null;
    if (at === null || closed || offline) return;
    retryTimer = setTimeout(() => {
      retryTimer = null;
      void port.syncNow();
    }, Math.max(0, at - now()));
    retryTimer.unref();
  };

  // While the marketplace cannot be reached: a cheap probe (one short request, not repeated) with backoff capped so that its return is noticed within 5 s. The
  // first answer says "Online" at once, drops the old connection error, then runs a sync.
  const probeBase = options.probeBaseMs ?? 250;
  const probeCap = options.probeCapMs ?? 3000;
  let probeTimer: ReturnType<typeof setTimeout> | null = null;
  let probing = false;
  function stopProbe() {
    probing = false;
    if (probeTimer) clearTimeout(probeTimer);
    probeTimer = null;
  }
  function startProbe() {
    if (probing || closed || offline) return;
    probing = true;
    const attempt = (delay: number) => {
      probeTimer = setTimeout(() => {
        probeTimer = null;
        market.probe().then(
          () => {
            if (!probing) return;
            message = null;
            notice = null;
            setOnline(true);
            void port.syncNow();
          },
          () => {
            if (probing) attempt(Math.min(probeCap, delay * 2));
          },
        );
      }, delay);
      probeTimer.unref();
    };
    attempt(probeBase);
  }

  // The photos of the current run's push (null before it and in a run that uploads none).
  let photos: PhotoRun | null = null;
  const withPhotos = () => (photos && photos.total > 0 ? { photos: { ...photos } } : {});

  const unsubscribe = engine.events.on((event: EngineEvent) => {
    switch (event.type) {
      case 'run-started':
        photos = event.photos;
        return send({ name: 'sync.progress', payload: { running: true, done: 0, total: event.total, phase: 'push', ...withPhotos() } });
      case 'progress':
        return send({ name: 'sync.progress', payload: { running: true, done: event.done, total: event.total, phase: 'push', ...withPhotos() } });
      case 'run-finished':
        return send({ name: 'sync.progress', payload: { running: true, done: event.done, total: event.total, phase: 'pushed', ...withPhotos() } });
      case 'pull-progress':
        return send({ name: 'sync.progress', payload: { running: true, done: event.pages, total: 0, phase: `pull ${event.phase}`, ...withPhotos() } });
      case 'listing-page':
        shop.listed(event.listed, event.total);
        return tellGrid(event.listed >= event.total);
      case 'details-progress':
        shop.read(event.read);
        return tellGrid();
      case 'image-upload':
        photos = event.run;
        return send({ name: 'images.upload', payload: { localId: event.localId, imageId: event.imageId, phase: event.phase, bytes: event.bytes, ...(event.error ? { error: event.error } : {}), run: { ...event.run } } });
      case 'item-state':
        return send({ name: 'sync.itemState', payload: { localId: event.localId, syncState: event.state, reason: event.reason ?? null, field: event.field ?? null, code: event.code ?? null } });
      case 'connectivity':
        return setOnline(event.online);
      case 'paused':
        message = `Signed out: ${event.message}`;
        notice = { kind: 'signed-out', code: event.code };
        return;
      case 'news':
        return send({ name: 'sync.news', payload: event.news });
      default: {
        const never: never = event;
        throw new Error(`unknown engine event ${JSON.stringify(never)}`);
      }
    }
  });

  const status = (): SyncStatus => ({
    engine: 'engine',
    online,
    offline,
    running: running !== null,
    // A run that ends after its account was closed (switch, quit) reports an empty queue.
    ...queueStatus(counts()),
    lastRunAt,
    message: offline ? 'Working offline: changes are kept on this machine until you go online.' : message,
    notice: offline ? { kind: 'offline', code: null } : notice,
    shop: shop.state(),
  });

  /** The marketplace asked to wait until `until`: nothing is asked before then, and a run follows. */
  function waitFor(until: number): void {
    shop.waiting(until);
    message = `The marketplace asked to wait until ${new Date(until).toISOString()}`;
    notice = { kind: 'waiting', code: 'rate_limited' };
    scheduleRetry(until);
  }

  /** Items a pull brought in, took or marked removed: the grid shows them without a reload by hand. */
  function pulled(result: PullResult): void {
    if (result.inserted + result.taken + result.removedRemotely > 0) send({ name: 'drafts.changed', payload: { localIds: null, reason: 'pull' } });
  }

  async function run(): Promise<SyncStatus> {
    photos = null;
    try {
      // Pull BEFORE push: an edit made offline meets the service's newer value as a conflict
      // shown to the user, instead of overwriting it unseen. Pull also logs in (a refused
      // password surfaces here). Its reading of records stops for a local change (sent next).
      const result = await engine.pull({ shouldStop: () => changeWaiting });
      pulled(result);
      shop.listingEnded();
      setOnline(true);
      if (result.waitUntil) {
        // What the push would send meets the same limit: it goes when the wait is over.
        waitFor(result.waitUntil);
        return status();
      }
      changeWaiting = false;
      const pushed = await engine.push();
      // What was sent changes the service's side too (an accepted offer closes an item, an
      // answer gets its time): read it back in the same run.
      if (pushed.applied > 0) pulled(await engine.pull());
      message = pushed.paused ? message : null;
      notice = pushed.paused ? notice : null;
      // Records of open, scheduled or sold items still to read (the reading stopped for a local
      // change): the next run goes on at once. Else the background takes the rest.
      const more = details.first(1).length > 0;
      scheduleRetry(pushed.paused ? null : more ? now() : pushed.nextAttemptAt);
      reader.poke();
      // A pull may have moved items between the queues (closed since, asked for by a rule).
      shop.changed(true);
    } catch (error) {
      // A failed run is reported, never thrown at the renderer: the queue is intact.
      shop.listingEnded();
      const wait = error instanceof ApiError ? error.waitAskedMs : null;
      if (wait !== null) {
        waitFor(now() + wait);
        return status();
      }
      if (error instanceof ApiError && error.isNetwork) setOnline(false);
      const signIn = error instanceof ApiError && error.signInRefused;
      message = signIn ? `Sign-in failed: ${error.message}` : `Sync failed: ${error instanceof Error ? error.message : String(error)}`;
      notice = { kind: signIn ? 'sign-in-failed' : 'failed', code: error instanceof ApiError ? error.code : null };
    } finally {
      lastRunAt = now();
    }
    return status();
  }

  const port = {
    engine,
    status,
    media: (url: string) => market.media(url),
    // The seller's "work offline" stops research's requests too: it then shows what it kept.
    market: () => (offline || closed ? null : research),
    syncNow(): Promise<SyncStatus> {
      // Asked to wait: the run scheduled for the end of the wait sends and reads what is due then.
      if (offline || closed || shop.waitingUntil() !== null) return Promise.resolve(status());
      if (!running) {
        running = run().finally(() => {
          running = null;
          // The last event of a run keeps its photo counts: the panel can say how it ended.
          send({ name: 'sync.progress', payload: { running: false, done: 0, total: 0, phase: 'idle', ...withPhotos() } });
        });
        return running;
      }
      // A run is going, which may have read the service before this call: one more run follows
      // it (shared by every call made meanwhile), so "Sync now" always sees the latest state.
      followUp ??= running.then(() => {
        followUp = null;
        return port.syncNow();
      });
      return followUp;
    },
    setOffline(value: boolean): SyncStatus {
      offline = value;
      if (offline) {
        stopProbe();
        scheduleRetry(null);
      }
      send({ name: 'sync.online', payload: { online, offline } });
      if (!offline) void port.syncNow();
      return status();
    },
    localChange(): void {
      changeWaiting = true;
      if (!options.debounceMs || offline || closed) return;
      if (debounce) clearTimeout(debounce);
      debounce = setTimeout(() => void port.syncNow(), options.debounceMs);
      debounce.unref();
    },
    // "Work offline" asks the marketplace nothing, the seller's own reads included; nor does a
    // marketplace known to be out of reach (the probe says when it is back): a screen opened
    // meanwhile shows what is known at once instead of waiting for the reads' retries.
    readDetails: async (localIds: readonly number[]) => (offline || closed || probing ? { read: 0, missing: details.unreadOf(localIds).map((u) => u.localId) } : reader.readNow(localIds)),
    subscribe(listener: (event: SyncEvent) => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    close() {
      closed = true;
      reader.close();
      shop.close();
      stopProbe();
      scheduleRetry(null);
      // Leaving the account (switch, reload, quit): its token is revoked, not left live for an hour.
      void market.signOut().catch(() => undefined);
      unwatch();
      if (poll) clearInterval(poll);
      if (debounce) clearTimeout(debounce);
      unsubscribe();
      listeners.clear();
    },
  };
  return port;
}
