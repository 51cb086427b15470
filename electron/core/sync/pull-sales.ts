// The seller's sales in a pull, at the cost of what changed. A listing summary that matches the
// cached copy needs nothing; a listing the cache does not know is kept from its summary, so a
// first sync of 10,000 listings is 20 list pages, and the records that matter now are read in
// full after them (item-details.ts: open, scheduled and sold items). With the service's sync
// extension (summaries carry `changedAt`), a pull after a complete one lists only the items changed
// since its mark, and counts the whole list to notice items removed elsewhere (a count that does
// not add up falls back to a full listing, which finds them).
import type { MarketListing, MarketListingSummary } from './market-listing.ts';
import type { MarketplacePort } from './marketplace-port.ts';
import type { Db } from '../db/open-account-db.ts';
import type { SyncEvents } from './events.ts';
import { markRemovedRemotely, REMOVED_REMOTELY, type PullResult, type pullStatements } from './pull.ts';
import { syncMarks } from './sync-marks.ts';
import { restoredSince, settleRestored } from './restore-reconcile.ts';
import { mergeSalesPage, summaryStatements, type SummaryStatements } from './summary-rows.ts';

const PAGE = 500;

export interface SalesPull {
  /** Items read in full in this pull (new or changed): their bids are read next. */
  fetched: MarketListing[];
  /** The service has the sync extension (summaries carry `changedAt`). */
  extension: boolean;
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
  sold: MarketListing[];
  /**
   * After a restore with no live cache, a remote item changed since the backup may be one of the
   * cache's unsent items: it is read in full and matched (restore-reconcile.ts), never kept from
   * its summary as a second item.
   */
  mustMatchRestored: (summary: MarketListingSummary) => boolean;
}

/** The context's restore check, from the cache's 'restored' mark (none: nothing to match). */
export function restoreCheck(db: Db): (summary: MarketListingSummary) => boolean {
  const since = restoredSince(db);
  if (since === null) return () => false;
  return (summary) => summary.changedAt === null || Date.parse(summary.changedAt) >= since;
}

export async function pullSales(ctx: PullContext): Promise<SalesPull> {
  const marks = syncMarks(ctx.db);
  const st = summaryStatements(ctx.db);
  const since = marks.get('sales');
  const resumeAt = ctx.s.cursorGet.get('sales') as string | undefined;
  let pulled: SalesPull;
  if (since !== null && resumeAt === undefined) {
    const incremental = await changedSales(ctx, st, since);
    if (incremental.complete) pulled = incremental;
    else {
      // The items read so far are merged already: the full listing finds them the same.
      const full = await fullListing(ctx, st, 1);
      pulled = { fetched: [...incremental.fetched, ...full.fetched], extension: full.extension };
    }
  } else pulled = await fullListing(ctx, st, Number(resumeAt ?? 1));
  await soldListing(ctx);
  return pulled;
}

/** Reads the changed items; not complete when the whole list must be read (extension gone, counts off). */
async function changedSales(ctx: PullContext, st: SummaryStatements, since: string): Promise<SalesPull & { complete: boolean }> {
  const { api, userId, result } = ctx;
  const marks = syncMarks(ctx.db);
  const fetched: MarketListing[] = [];
  let mark: string | null = null;
  for (let page = 1; ; page += 1) {
    const list = await api.listings(userId, { status: 'all', limit: PAGE, page, changedSince: since });
    // A service that lost the extension ignores changedSince and lists everything.
    if (list.listings.some((summary) => summary.changedAt === null)) {
      marks.remove('sales');
      marks.remove('activity');
      return { fetched, extension: false, complete: false };
    }
    mark ??= list.mark;
    fetched.push(...(await mergeSalesPage(ctx, st, list.listings, 'changed', () => undefined)).fetched);
    ctx.events.emit({ type: 'pull-progress', phase: 'sales', pages: page });
    if (!list.more) break;
  }
  // Items removed elsewhere do not show among the changed: the whole list's count tells.
  const whole = await api.listings(userId, { status: 'all', limit: 50 });
  const cached = ctx.db
    .prepare(`SELECT count(*) FROM items WHERE remote_id IS NOT NULL AND NOT (sync_state = 'rejected' AND reject_reason = ?)`)
    .pluck()
    .get(REMOVED_REMOTELY) as number;
  if (whole.total !== cached) return { fetched, extension: true, complete: false };
  result.items = whole.total;
  marks.set('sales', mark ?? since, ctx.now());
  return { fetched, extension: true, complete: true };
}

/**
 * The whole list page by page: a page and its cursor commit together, with the mark of the
 * listing's first answer, so an interrupted listing resumes at its next page and still leaves
 * the mark its first page set (what changed since is what the next pull asks for).
 */
async function fullListing(ctx: PullContext, st: SummaryStatements, startPage: number): Promise<SalesPull> {
  const { api, userId, s, db } = ctx;
  const marks = syncMarks(db);
  // Only a listing read from its first page to its end tells which cached items are gone.
  const complete = startPage === 1;
  const listed = new Set<number>();
  const fetched: MarketListing[] = [];
  let mark: string | null = complete ? null : ((s.cursorGet.get('sales-mark') as string | undefined) ?? null);
  let extension = false;
  // The next page is asked for while this one is written: the service answers it meanwhile. It is
  // only held: its page commits (with its cursor) after this one's.
  const ask = (page: number) => {
    const asked = api.listings(userId, { status: 'all', page, limit: PAGE });
    asked.catch(() => undefined);
    return asked;
  };
  let next = ask(startPage);
  for (let page = startPage; ; page += 1) {
    const list = await next;
    const first = page === startPage && complete;
    if (first) mark = list.mark;
    for (const summary of list.listings) {
      listed.add(summary.id);
      if (summary.changedAt !== null) extension = true;
    }
    ctx.result.items += list.listings.length;
    const last = !list.more;
    if (!last) next = ask(page + 1);
    const merged = await mergeSalesPage(ctx, st, list.listings, 'listing', () => {
      if (first && mark !== null) s.cursorSet.run('sales-mark', mark, ctx.now());
      if (last) {
        s.cursorDelete.run('sales');
        s.cursorDelete.run('sales-mark');
      } else s.cursorSet.run('sales', String(page + 1), ctx.now());
    });
    fetched.push(...merged.fetched);
    ctx.events.emit({ type: 'pull-progress', phase: 'sales', pages: page - startPage + 1 });
    ctx.events.emit({ type: 'listing-page', page, listed: Math.min(list.total, (page - 1) * PAGE + list.listings.length), total: list.total, kept: merged.summaries });
    if (last) break;
  }
  if (complete) ctx.result.removedRemotely = markRemovedRemotely(db, listed, ctx.events);
  // Every remote item has now been matched against the restored cache's unsent ones.
  if (complete) settleRestored(db, ctx.now());
  if (extension && mark !== null) marks.set('sales', mark, ctx.now());
  else if (!extension) marks.remove('sales');
  return { fetched, extension };
}

/**
 * After a listing that kept closed items from their summaries: which of them the marketplace lists
 * as sold (status closed, sold 1), so their records are read first (the Sales figures need their
 * buyers and units). Pages with a cursor of their own, as the listing's.
 */
async function soldListing(ctx: PullContext): Promise<void> {
  const { db, s } = ctx;
  const markSold = db.prepare(`UPDATE items SET detail = 'sold' WHERE remote_id = ? AND detail = 'summary'`);
  for (;;) {
    const at = s.cursorGet.get('sold') as string | undefined;
    if (at === undefined || s.cursorGet.get('sales') !== undefined) return;
    const page = Number(at);
    const list = await ctx.api.listings(ctx.userId, { status: 'closed', sold: true, page, limit: PAGE });
    const last = !list.more;
    db.transaction(() => {
      for (const summary of list.listings) markSold.run(summary.id);
      if (last) s.cursorDelete.run('sold');
      else s.cursorSet.run('sold', String(page + 1), ctx.now());
    })();
    ctx.events.emit({ type: 'pull-progress', phase: 'sold', pages: page });
    if (last) return;
  }
}
