// The seller's sales in a pull, at the cost of what changed. A listing summary that matches the
// cached copy needs no item GET; changed items are read in parallel (the client's cap bounds
// them). With the service's sync extension (summaries carry `updated`), a pull after a complete
// one lists only the items changed since its mark, and counts the whole list to notice items
// removed elsewhere (a count that does not add up falls back to a full listing, which finds them).
import type { Item, ItemSummary } from '../../../shared/api/items.ts';
import type { MarketplacePort } from './marketplace-port.ts';
import type { Db } from '../db/open-account-db.ts';
import type { SyncEvents } from './events.ts';
import { mergeServerItem, markRemovedRemotely, REMOVED_REMOTELY, type PullResult, type pullStatements } from './pull.ts';
import { syncMarks } from './sync-marks.ts';
import { settleRestored } from './restore-reconcile.ts';

const PAGE = 500;

export interface SalesPull {
  /** Items read in full in this pull (new or changed): their bids are read next. */
  fetched: Item[];
  /** The service has the sync extension (summaries carry `updated`). */
  extension: boolean;
}

/** Items this pull saw sold: an auction closed with bids, or a buy-now item bought (its bidder
 * count or its quantity left moved: a repeat buyer adds no bidder, and a service may not count
 * buyers as bidders at all). */
export function soldSince(previous: Item | null, item: Item): boolean {
  if (!previous || previous.status !== 'published') return false;
  if (item.saleMethod === 'buy-now') return item.bidderCount > previous.bidderCount || (item.quantity ?? 0) < (previous.quantity ?? 0);
  return item.status === 'closed' && item.bidderCount > 0;
}

/** What one pull's parts share (made by pull.ts). */
export interface PullContext {
  db: Db;
  api: MarketplacePort;
  events: SyncEvents;
  s: ReturnType<typeof pullStatements>;
  now: () => number;
  userId: number;
  result: PullResult;
  /** Items read in full that were sold since the last pull. */
  sold: Item[];
}

/**
 * What a summary shows of an item, compared with the cached full copy. With `updated` (the
 * extension) a change anywhere in the item shows; without it, status, prices, bids, offers,
 * times, title and photos do: a remote change of anything else waits for one of these to move.
 */
function sameAsCached(summary: ItemSummary, cached: Item): boolean {
  if (summary.updated !== undefined && summary.updated !== cached.updated) return false;
  return (
    summary.status === cached.status &&
    summary.currentPrice === (cached.currentPrice ?? 0) &&
    summary.buyNowPrice === (cached.buyNowPrice ?? 0) &&
    summary.bidderCount === cached.bidderCount &&
    summary.offerCount === cached.offerCount &&
    summary.listTime === cached.listTime &&
    summary.closingTime === cached.closingTime &&
    summary.title === (cached.title ?? '') &&
    summary.images.length === cached.images.length &&
    summary.images.every((image, i) => image.id === cached.images[i]?.id)
  );
}

export async function pullSales(ctx: PullContext): Promise<SalesPull> {
  const marks = syncMarks(ctx.db);
  const since = marks.get('sales');
  const resumeAt = ctx.s.cursorGet.get('sales') as string | undefined;
  if (since !== null && resumeAt === undefined) {
    const incremental = await changedSales(ctx, since);
    if (incremental.complete) return incremental;
    // The items read so far are merged already: the full listing finds them the same.
    const full = await fullListing(ctx, 1);
    return { fetched: [...incremental.fetched, ...full.fetched], extension: full.extension };
  }
  return fullListing(ctx, Number(resumeAt ?? 1));
}

/** Reads the changed items; not complete when the whole list must be read (extension gone, counts off). */
async function changedSales(ctx: PullContext, since: string): Promise<SalesPull & { complete: boolean }> {
  const { api, userId, result } = ctx;
  const marks = syncMarks(ctx.db);
  const fetched: Item[] = [];
  let mark: string | null = null;
  for (let page = 1; ; page += 1) {
    const list = await api.sales(userId, { status: 'all', limit: PAGE, page, changedSince: since });
    // A service that lost the extension ignores changedSince and lists everything.
    if (list.items.some((summary) => summary.updated === undefined)) {
      marks.remove('sales');
      marks.remove('activity');
      return { fetched, extension: false, complete: false };
    }
    mark ??= list.updated;
    fetched.push(...(await readAndMerge(ctx, list.items, () => undefined)));
    ctx.events.emit({ type: 'pull-progress', phase: 'sales', pages: page });
    if (list.links.next === null || list.items.length === 0) break;
  }
  // Items removed elsewhere do not show among the changed: the whole list's count tells.
  const whole = await api.sales(userId, { status: 'all', limit: 50 });
  const cached = ctx.db
    .prepare(`SELECT count(*) FROM items WHERE remote_id IS NOT NULL AND NOT (sync_state = 'rejected' AND reject_reason = ?)`)
    .pluck()
    .get(REMOVED_REMOTELY) as number;
  if (whole.totalCount !== cached) return { fetched, extension: true, complete: false };
  result.items = whole.totalCount;
  marks.set('sales', mark ?? since, ctx.now());
  return { fetched, extension: true, complete: true };
}

/** The whole list page by page (a page and its cursor commit together); summaries decide which items are read. */
async function fullListing(ctx: PullContext, startPage: number): Promise<SalesPull> {
  const { api, userId, s, db } = ctx;
  const marks = syncMarks(db);
  // Only a listing read from its first page to its end tells which cached items are gone, and
  // only such a listing may set the mark (a resumed one read its first pages earlier).
  const complete = startPage === 1;
  const listed = new Set<number>();
  const fetched: Item[] = [];
  let mark: string | null = null;
  let extension = false;
  for (let page = startPage; ; page += 1) {
    const list = await api.sales(userId, { status: 'all', page, limit: PAGE });
    if (page === startPage) mark = list.updated;
    for (const summary of list.items) {
      listed.add(summary.id);
      if (summary.updated !== undefined) extension = true;
    }
    ctx.result.items += list.items.length;
    const last = list.links.next === null || list.items.length === 0;
    fetched.push(
      ...(await readAndMerge(ctx, list.items, () => {
        if (last) s.cursorDelete.run('sales');
        else s.cursorSet.run('sales', String(page + 1), ctx.now());
      })),
    );
    ctx.events.emit({ type: 'pull-progress', phase: 'sales', pages: page - startPage + 1 });
    if (last) break;
  }
  if (complete) ctx.result.removedRemotely = markRemovedRemotely(db, listed, ctx.events);
  // Every remote item has now been matched against the restored cache's unsent ones.
  if (complete) settleRestored(db, ctx.now());
  if (complete && extension && mark !== null) marks.set('sales', mark, ctx.now());
  else if (!extension) marks.remove('sales');
  return { fetched, extension };
}

/** GETs the items whose summary differs from the cache (in parallel), merges them and runs `alsoInTransaction`. */
async function readAndMerge(ctx: PullContext, summaries: readonly ItemSummary[], alsoInTransaction: () => void): Promise<Item[]> {
  const { db, s, result } = ctx;
  const cachedCopy = db.prepare(`SELECT server_copy FROM items WHERE remote_id = ? AND server_copy IS NOT NULL`).pluck();
  const previous = new Map<number, Item | null>();
  const stale = summaries.filter((summary) => {
    const copy = cachedCopy.get(summary.id) as string | undefined;
    const cached = copy === undefined ? null : (JSON.parse(copy) as Item);
    previous.set(summary.id, cached);
    return cached === null || !sameAsCached(summary, cached);
  });
  const items = await Promise.all(stale.map((summary) => ctx.api.getItem(summary.id)));
  for (const item of items) if (soldSince(previous.get(item.id) ?? null, item)) ctx.sold.push(item);
  db.transaction(() => {
    for (const item of items) {
      const outcome = mergeServerItem(db, s, item, ctx.now());
      if (outcome === 'inserted') result.inserted += 1;
      if (outcome === 'taken') result.taken += 1;
      if (outcome === 'conflict') result.conflicts += 1;
    }
    alsoInTransaction();
  })();
  return items;
}
