// One page of the seller's sales list into the cache. A summary that matches the cached copy
// needs nothing; a listing the cache does not know is kept from its summary (a first sync of a
// big shop is its list pages, not one GET per listing); the items whose records matter now are
// read in full: changed items read in full before, unknown drafts and previews (editable: they
// are never kept from a summary), what a restored cache must match, and on an incremental pull
// any new or changed item (few: what changed since the last sync). The reads go in parallel
// under the client's cap; the page's writes and `alsoInTransaction` (its cursor) commit together.
import { readListingCopy, writeListingCopy } from '../api/listing-copy.ts';
import type { Db } from '../db/open-account-db.ts';
import { DRAFT_FIELDS, FIELD_SPECS, toColumnValue } from '../drafts/fields.ts';
import { FACT_COLUMNS, factSets, factValues } from './listing-facts.ts';
import { mergeServerItem } from './pull.ts';
import type { PullContext } from './pull-sales.ts';
import type { ListingCopy, MarketListing, MarketListingSummary } from './market-listing.ts';
import { factsOfItem } from './server-fields.ts';
import { fieldsOfSummary } from './summary-fields.ts';

/** The statuses whose items are read in full first (their questions, offers, bids and rules need them). */
export const OPEN_STATUSES = ['draft', 'preview', 'published', 'waiting'] as const;
const EDITABLE = new Set<string>(['draft', 'preview']);
const isOpen = (status: string) => (OPEN_STATUSES as readonly string[]).includes(status);

interface CachedRow {
  local_id: number;
  status: string;
  detail: 'full' | 'summary' | 'sold';
  sync_state: string;
  deleted_at: number | null;
  server_copy: string | null;
}

/**
 * What a summary shows of an item, compared with the cached copy (a whole listing, or what an
 * earlier summary said). With `changedAt` (the sync extension) a change anywhere in the item
 * shows; without it, status, prices, bids, offers, times, title and photos do: a remote change of
 * anything else waits for one of these to move.
 */
export function sameAsCached(summary: MarketListingSummary, cached: ListingCopy): boolean {
  if (summary.changedAt !== null && summary.changedAt !== cached.changedAt) return false;
  return (
    summary.status === cached.status &&
    (summary.currentPrice ?? 0) === (cached.currentPrice ?? 0) &&
    (summary.fields.buyNowPrice ?? 0) === (cached.fields.buyNowPrice ?? 0) &&
    summary.bidderCount === cached.bidderCount &&
    summary.offerCount === cached.offerCount &&
    summary.listedAt === cached.listedAt &&
    summary.closesAt === cached.closesAt &&
    (summary.fields.title ?? '') === (cached.fields.title ?? '') &&
    summary.photos.length === (cached.photos?.length ?? 0) &&
    summary.photos.every((photo, i) => photo.id === cached.photos?.[i]?.id)
  );
}

export function summaryStatements(db: Db) {
  const known = DRAFT_FIELDS.map((f) => FIELD_SPECS[f].column);
  return {
    cached: db.prepare(`SELECT local_id, status, detail, sync_state, deleted_at, server_copy FROM items WHERE remote_id = ?`),
    insert: db.prepare(
      `INSERT INTO items (remote_id, status, sync_state, detail, ${known.join(', ')}, server_copy, base, ${FACT_COLUMNS.join(', ')}, current_price, bidder_count, offer_count, created, updated)
       VALUES (?, ?, 'synced', 'summary', ${known.map(() => '?').join(', ')}, ?, ?, ${FACT_COLUMNS.map(() => '?').join(', ')}, ?, ?, ?, ?, ?)`,
    ),
    // Only while the row is still a summary: a full read that came first is newer than this.
    update: db.prepare(
      `UPDATE items SET ${known.map((c) => `${c} = ?`).join(', ')}, status = ?, server_copy = ?, base = ?, ${factSets()}, current_price = ?, bidder_count = ?, offer_count = ?, updated = ?
        WHERE local_id = ? AND detail <> 'full' AND sync_state <> 'sending'`,
    ),
    /** The sales list's sold items come later (sold-listing): started once, never restarted by a later page. */
    startSoldListing: db.prepare(`INSERT INTO sync_cursors (name, value, updated) VALUES ('sold', '1', ?) ON CONFLICT (name) DO NOTHING`),
  };
}
export type SummaryStatements = ReturnType<typeof summaryStatements>;

/** The columns of an item kept from its summary: what it tells, and NULL (unknown) for the rest. */
function summaryValues(summary: MarketListingSummary): unknown[] {
  const fields = fieldsOfSummary(summary) as Record<string, unknown>;
  return DRAFT_FIELDS.map((f) => toColumnValue(f, fields[f] ?? null));
}

export interface PageOutcome {
  /** Items read in full (new or changed): their bids are read next. */
  fetched: MarketListing[];
  /** Items kept from their summaries (new ones and updated ones). */
  summaries: number;
}

/**
 * `listing`: a full listing (a first sync, or one that must find removals): unknown listings are
 * kept from their summaries. `changed`: an incremental pull's page of changed items: an unknown
 * one is new since the last sync, read in full as any change is.
 */
export async function mergeSalesPage(
  ctx: PullContext,
  st: SummaryStatements,
  summaries: readonly MarketListingSummary[],
  mode: 'listing' | 'changed',
  alsoInTransaction: () => void,
): Promise<PageOutcome> {
  const { db, s, result } = ctx;
  const previous = new Map<number, ListingCopy | null>();
  const toRead: number[] = [];
  const inserts: MarketListingSummary[] = [];
  const updates: Array<{ summary: MarketListingSummary; localId: number }> = [];
  for (const summary of summaries) {
    const row = st.cached.get(summary.id) as CachedRow | undefined;
    if (!row) {
      previous.set(summary.id, null);
      if (mode === 'changed' || EDITABLE.has(summary.status) || ctx.mustMatchRestored(summary)) toRead.push(summary.id);
      else inserts.push(summary);
      continue;
    }
    const copy = readListingCopy(row.server_copy);
    if (copy !== null && sameAsCached(summary, copy)) continue;
    if (row.detail === 'full') {
      previous.set(summary.id, copy);
      toRead.push(summary.id);
    } else if (isOpen(row.status) || row.detail === 'sold' || EDITABLE.has(summary.status)) {
      // In the queue of records read first: reading it now costs nothing more. Its summary
      // tells whether it sold since (its status and bidders).
      previous.set(summary.id, copy);
      toRead.push(summary.id);
    } else if (row.deleted_at === null) updates.push({ summary, localId: row.local_id });
  }
  const items = await Promise.all(toRead.map((id) => ctx.api.listing(id)));
  for (const item of items) if (soldSince(previous.get(item.id) ?? null, item)) ctx.sold.push(item);
  const now = ctx.now();
  db.transaction(() => {
    for (const item of items) {
      const outcome = mergeServerItem(db, s, item, now);
      if (outcome === 'inserted') result.inserted += 1;
      if (outcome === 'taken') result.taken += 1;
      if (outcome === 'conflict') result.conflicts += 1;
    }
    for (const summary of inserts) {
      // A remote draft may be one of our creates whose answer was lost: never a second item (mergeServerItem).
      st.insert.run(
        summary.id, summary.status, ...summaryValues(summary), writeListingCopy(summary), JSON.stringify(fieldsOfSummary(summary)), ...factValues(factsOfItem(summary)),
        summary.currentPrice, summary.bidderCount, summary.offerCount, now, now,
      );
      result.inserted += 1;
      if (!isOpen(summary.status)) st.startSoldListing.run(now);
    }
    for (const { summary, localId } of updates) {
      const changed = st.update.run(
        ...summaryValues(summary), summary.status, writeListingCopy(summary), JSON.stringify(fieldsOfSummary(summary)), ...factValues(factsOfItem(summary)),
        summary.currentPrice, summary.bidderCount, summary.offerCount, now, localId,
      ).changes;
      if (changed > 0) result.taken += 1;
    }
    alsoInTransaction();
  })();
  return { fetched: items, summaries: inserts.length + updates.length };
}

/** Items this pull saw sold: an auction closed with bids, or a buy-now item bought (its bidder
 * count or its quantity left moved: a repeat buyer adds no bidder, and a service may not count
 * buyers as bidders at all). */
export function soldSince(previous: ListingCopy | null, item: MarketListing): boolean {
  if (!previous || previous.status !== 'published') return false;
  if (item.fields.saleMethod === 'buy-now') return item.bidderCount > (previous.bidderCount ?? 0) || (item.unitsLeft ?? 0) < (previous.unitsLeft ?? 0);
  return item.status === 'closed' && item.bidderCount > 0;
}
