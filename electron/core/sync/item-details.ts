// The full records of items the cache holds only from their list summaries (items.detail): which
// to read, in what order, and reading them. Open, scheduled and sold items come first (a pull reads
// them, pull.ts); the other closed ones when the seller opens, copies or relists one, or in the
// background at a low rate (session/detail-reader.ts). The queue is the cache's own state, so an
// interrupted first sync goes on where it stopped, whatever stopped it.
import { ApiError } from '../api/api-error.ts';
import type { Db } from '../db/open-account-db.ts';
import type { SyncEvents } from './events.ts';
import type { MarketListing } from './market-listing.ts';
import type { MarketplacePort } from './marketplace-port.ts';
import { markRemoved, mergeServerItem, pullStatements, REMOVED_REMOTELY, type PullResult } from './pull.ts';
import { readBids, type TradingNews } from './pull-trading.ts';
import type { PullContext } from './pull-sales.ts';

/** Items whose record is still to read (not deleted here, not removed on the marketplace). Made when first asked: pull.ts and this module import each other. */
const unreadSql = () => `detail <> 'full' AND remote_id IS NOT NULL AND deleted_at IS NULL AND NOT (sync_state = 'rejected' AND reject_reason = '${REMOVED_REMOTELY.replaceAll("'", "''")}')`;
/** Read first: items still open or scheduled (drafts are never kept from a summary), sold ones, and those a rule needs. */
const FIRST = `(detail IN ('sold','wanted') OR status IN ('draft','preview','published','waiting'))`;
const OPEN = new Set(['draft', 'preview', 'published', 'waiting']);

export interface DetailCounts {
  /** Open, scheduled and sold items whose records are still to read. */
  first: number;
  /** Of those, the sold ones (the Sales figures wait for them). */
  sold: number;
  /** Unsold closed items: read when the seller needs one, or in the background. */
  later: number;
}

export function detailQueue(db: Db) {
  const UNREAD = unreadSql();
  const first = db.prepare(
    `SELECT remote_id FROM items WHERE ${UNREAD} AND ${FIRST}
      ORDER BY CASE WHEN status IN ('published','waiting') THEN 0 WHEN status IN ('draft','preview') THEN 1 ELSE 2 END, local_id LIMIT ?`,
  ).pluck();
  const later = db.prepare(`SELECT remote_id FROM items WHERE ${UNREAD} AND NOT ${FIRST} ORDER BY local_id LIMIT ?`).pluck();
  // Counted from the queue's index alone, less the few removed on the marketplace (the only rows
  // whose reason it must read). A summary is never a local item nor deleted here (only drafts are).
  // (In the index's order: no sort. 50,000 summaries: about 10 ms each on a busy machine.)
  const grouped = db.prepare(`SELECT detail, status, count(*) AS n FROM items WHERE detail <> 'full' GROUP BY detail, status`);
  const removed = db.prepare(
    `SELECT detail, status, count(*) AS n FROM items INDEXED BY items_detail_queue
      WHERE detail <> 'full' AND sync_state = 'rejected' AND reject_reason = ? GROUP BY detail, status`,
  );
  const counts = (): DetailCounts => {
    const out: DetailCounts = { first: 0, sold: 0, later: 0 };
    const add = (rows: unknown[], sign: number) => {
      for (const { detail, status, n } of rows as Array<{ detail: string; status: string; n: number }>) {
        // FIRST, in JS.
        if (detail === 'sold' || detail === 'wanted' || OPEN.has(status)) out.first += sign * n;
        else out.later += sign * n;
        if (detail === 'sold') out.sold += sign * n;
      }
    };
    add(grouped.all(), 1);
    add(removed.all(REMOVED_REMOTELY), -1);
    return out;
  };
  const unreadOf = db.prepare(`SELECT local_id AS localId, remote_id AS remoteId FROM items WHERE ${UNREAD} AND local_id IN (SELECT value FROM json_each(?))`);
  const localOf = db.prepare(`SELECT local_id FROM items WHERE remote_id = ?`).pluck();
  const want = db.prepare(`UPDATE items SET detail = 'wanted' WHERE detail = 'summary' AND local_id IN (SELECT value FROM json_each(?))`);
  return {
    /** These items' records are read with the first ones (a rule needs them). */
    want: (localIds: readonly number[]) => (localIds.length === 0 ? 0 : want.run(JSON.stringify(localIds)).changes),
    /** The next records to read first, open items before drafts and sold ones. */
    first: (limit: number) => first.all(limit) as number[],
    /** The next unsold closed items to read in the background, newest listed first. */
    later: (limit: number) => later.all(limit) as number[],
    counts,
    /** Which of these local items still lack their record. */
    unreadOf: (localIds: readonly number[]) => (localIds.length === 0 ? [] : (unreadOf.all(JSON.stringify(localIds)) as Array<{ localId: number; remoteId: number }>)),
    localIdOf: (remoteId: number) => (localOf.get(remoteId) as number | undefined) ?? null,
  };
}
export type DetailQueue = ReturnType<typeof detailQueue>;

/** What a read of records needs of a pull's context (a pull's own, or one made for reads outside it). */
export type DetailContext = Pick<PullContext, 'db' | 'api' | 'events' | 's' | 'now' | 'userId' | 'result'>;

/** A context for reads outside a pull (the seller's, the background's): its own statements, the signed-in seller asked once. */
export function detailContext(db: Db, api: MarketplacePort, events: SyncEvents, now: () => number): () => Promise<DetailContext> {
  const s = pullStatements(db);
  let userId: number | null = null;
  return async () => {
    userId ??= await api.me();
    const result: PullResult = { items: 0, inserted: 0, taken: 0, conflicts: 0, questions: 0, offers: 0, bids: 0, removedRemotely: 0, news: { questions: [], offers: [], bids: [] } };
    return { db, api, events, s, now, userId, result };
  };
}

/**
 * Reads now the records of those of these local items that lack them (the seller opens, copies,
 * relists or exports them). Returns the local ids still without one (a failure is thrown).
 */
export async function readDetailsOf(context: () => Promise<DetailContext>, localIds: readonly number[]): Promise<number[]> {
  const ctx = await context();
  const queue = detailQueue(ctx.db);
  const unread = queue.unreadOf(localIds);
  if (unread.length > 0) await readDetails(ctx, unread.map((u) => u.remoteId));
  return queue.unreadOf(localIds).map((u) => u.localId);
}

export interface DetailOptions {
  /** Reads in flight at once (the client's cap bounds every request anyway). */
  concurrency?: number;
  /** Asked before each read: true stops the reading (what was read is kept). */
  shouldStop?: () => boolean;
  /** After each commit: how many records this call has read so far. */
  onProgress?: (read: number) => void;
}

export interface DetailOutcome {
  read: number;
  /** Items the marketplace answered 404 for: removed there, marked so here. */
  gone: number;
  stopped: boolean;
}

/** Records merged a few at a time: one commit per batch, not per item (synchronous=FULL). */
const COMMIT_EVERY = 50;

/**
 * Reads these items in full and merges each one that is still a summary (a record read meanwhile
 * by another path is as new as this one or newer: it is kept), then the bids of those that have
 * any and are still watched. A 404 marks the item removed remotely, as a listing would. Another
 * failure stops the reading after the reads in flight, keeps what was read, and is thrown.
 */
export async function readDetails(ctx: DetailContext, remoteIds: readonly number[], options: DetailOptions = {}): Promise<DetailOutcome> {
  const { db, s } = ctx;
  const stillSummary = db.prepare(`SELECT local_id FROM items WHERE remote_id = ? AND detail <> 'full'`).pluck();
  const outcome: DetailOutcome = { read: 0, gone: 0, stopped: false };
  let pending: MarketListing[] = [];
  let gone: number[] = [];
  let failure: unknown = null;
  const flush = async () => {
    const items = pending;
    const removed = gone;
    pending = [];
    gone = [];
    if (items.length > 0) {
      const now = ctx.now();
      const merged = db.transaction(() => items.filter((item) => stillSummary.get(item.id) !== undefined && mergeServerItem(db, s, item, now) !== 'skipped'))();
      outcome.read += merged.length;
      const news: TradingNews = { questions: [], offers: [], bids: [] };
      await readBids(ctx, merged, news);
    }
    if (removed.length > 0) outcome.gone += markRemoved(db, removed, ctx.events);
    options.onProgress?.(outcome.read);
  };
  let next = 0;
  let flushing: Promise<void> = Promise.resolve();
  let flushQueued = false;
  const queueFlush = () => {
    if (flushQueued) return;
    flushQueued = true;
    flushing = flushing.then(() => {
      flushQueued = false;
      return flush();
    });
  };
  const worker = async () => {
    while (failure === null && next < remoteIds.length) {
      if (options.shouldStop?.()) {
        outcome.stopped = true;
        return;
      }
      const id = remoteIds[next++]!;
      try {
        // Read first, then pushed: `pending` is another list once a commit has taken it.
        const item = await ctx.api.listing(id);
        pending.push(item);
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) {
          const localId = stillSummary.get(id) as number | undefined;
          if (localId !== undefined) gone.push(localId);
        } else {
          failure ??= error;
          return;
        }
      }
      if (pending.length + gone.length >= COMMIT_EVERY) queueFlush();
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(options.concurrency ?? 6, remoteIds.length)) }, worker));
  queueFlush();
  await flushing;
  if (failure !== null) throw failure;
  return outcome;
}

/** Records read per round of the queue: the queue is asked again after each (a later pull may have read some). */
const ROUND = 300;

/**
 * A pull's reading of the records that matter now, in the queue's order (open items first), to
 * the end of the queue or until `shouldStop` says a local change waits to be sent. When the
 * marketplace asks to wait longer than the client waits by itself, the reading ends there and
 * says until when: nothing is asked before then, and the rest is read by a later pull.
 */
export async function readFirstDetails(ctx: DetailContext, shouldStop?: () => boolean): Promise<{ read: number; waitUntil: number | null }> {
  const queue = detailQueue(ctx.db);
  let read = 0;
  for (;;) {
    const ids = queue.first(ROUND);
    if (ids.length === 0) return { read, waitUntil: null };
    let outcome: DetailOutcome;
    try {
      let reported = 0;
      outcome = await readDetails(ctx, ids, {
        ...(shouldStop ? { shouldStop } : {}),
        onProgress: (n) => {
          ctx.events.emit({ type: 'details-progress', read: n - reported });
          reported = n;
        },
      });
    } catch (error) {
      const wait = error instanceof ApiError ? error.waitAskedMs : null;
      if (wait === null) throw error;
      return { read, waitUntil: ctx.now() + wait };
    }
    read += outcome.read;
    // Stopped, or nothing could be merged (rows in flight): the next pull goes on.
    if (outcome.stopped || outcome.read + outcome.gone === 0) return { read, waitUntil: null };
  }
}
