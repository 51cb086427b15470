// The pull side: categories, settings, the seller's sales (pull-sales.ts: only what changed is
// read in full), questions, offers and bids (pull-trading.ts); paged, each page committed with
// its cursor so an interrupted pull resumes where it stopped.
// Conflicts are found per field against `base` (the service's values at the last read):
// changed only remotely → taken; changed locally (a queued or parked edit names the field) and
// remotely to a different value → a conflict holding both values; nothing is overwritten.
import { writeListingCopy } from '../api/listing-copy.ts';
import type { MarketListing } from './market-listing.ts';
import type { MarketplacePort } from './marketplace-port.ts';
import type { MarketCategory } from './marketplace-types.ts';
import { settingsCache, type CachedCategory } from '../cache/settings-cache.ts';
import { statementCache } from '../../../shared/sqlite/statement-cache.ts';
import type { Db } from '../db/open-account-db.ts';
import { DRAFT_FIELDS, FIELD_SPECS, fromColumnValue, sameValue, toColumnValue, type DraftField } from '../drafts/fields.ts';
import type { SyncNews } from '../../../shared/ipc/contract.ts';
import type { SyncEvents } from './events.ts';
import { readFirstDetails } from './item-details.ts';
import { pullSales, restoreCheck } from './pull-sales.ts';
import { syncMarks } from './sync-marks.ts';
import { pullTrading, type TradingNews } from './pull-trading.ts';
import { FACT_COLUMNS, factSets, factValues } from './listing-facts.ts';
import { factsOfItem, fieldsOfServerItem } from './server-fields.ts';
import { restoredMatcher } from './restore-reconcile.ts';

export interface PullResult {
  items: number;
  inserted: number;
  taken: number;
  conflicts: number;
  questions: number;
  offers: number;
  bids: number;
  /** Cached items the service no longer lists (deleted elsewhere): kept, marked, their queued rows parked. */
  removedRemotely: number;
  /** Questions and offers this pull saw for the first time. */
  news: TradingNews;
  /** Records of items kept from their summaries that this pull read in full (open, scheduled, sold ones first). */
  detailsRead?: number;
  /** The marketplace asked to wait (429 or 503 with a Retry-After longer than the client waits): until then (epoch ms). */
  waitUntil?: number | null;
}

export interface PullOptions {
  /** Read the records of open, scheduled and sold items kept from their summaries (default true). */
  details?: boolean;
  /** Asked between those reads: true ends the pull with what it has read (a local change waits to be sent). */
  shouldStop?: () => boolean;
}

/** The reason a cached item shows once the service stops listing it. */
export const REMOVED_REMOTELY = 'removed remotely';

export type Conflicts = Record<string, { local: unknown; remote: unknown }>;

function flatten(nodes: readonly MarketCategory[], parentId: number, level: number, out: CachedCategory[]): CachedCategory[] {
  nodes.forEach((node, position) => {
    out.push({ id: node.id, parentId, level, title: node.title, titleEn: node.titleEn, position });
    flatten(node.children, node.id, level + 1, out);
  });
  return out;
}

export function pullStatements(db: Db) {
  const columns = DRAFT_FIELDS.map((f) => FIELD_SPECS[f].column);
  return {
    byRemote: db.prepare(`SELECT * FROM items WHERE remote_id = ?`),
    insert: db.prepare(
      `INSERT INTO items (remote_id, status, sync_state, ${columns.join(', ')}, server_copy, base, ${FACT_COLUMNS.join(', ')}, current_price, bidder_count, offer_count, created, updated)
       VALUES (?, ?, 'synced', ${columns.map(() => '?').join(', ')}, ?, ?, ${FACT_COLUMNS.map(() => '?').join(', ')}, ?, ?, ?, ?, ?)`,
    ),
    unknownCreates: db.prepare(
      `SELECT count(*) FROM outbox o WHERE o.kind IN ('create','copy')
         AND EXISTS (SELECT 1 FROM request_log r WHERE r.outbox_id = o.id AND r.outcome IN ('sent','unknown'))`,
    ).pluck(),
    editRows: db.prepare(`SELECT payload FROM outbox WHERE item_local_id = ? AND kind IN ('edit','create')`).pluck(),
    cursorGet: db.prepare(`SELECT value FROM sync_cursors WHERE name = ?`).pluck(),
    cursorSet: db.prepare(
      `INSERT INTO sync_cursors (name, value, updated) VALUES (?, ?, ?) ON CONFLICT (name) DO UPDATE SET value = excluded.value, updated = excluded.updated`,
    ),
    cursorDelete: db.prepare(`DELETE FROM sync_cursors WHERE name = ?`),
    /** After a restore with no live cache: adopts a remote item into the local item it is (restore-reconcile.ts). */
    restored: restoredMatcher(db),
    itemsToWatch: db.prepare(
      `SELECT remote_id, status, closes_at AS closing FROM items
        WHERE remote_id IS NOT NULL AND status IN ('published','closed') AND deleted_at IS NULL`,
    ),
    questionKnown: db.prepare(`SELECT 1 FROM questions WHERE remote_id = ?`).pluck(),
    offerKnown: db.prepare(`SELECT 1 FROM offers WHERE remote_id = ?`).pluck(),
    bidKnown: db.prepare(`SELECT 1 FROM bids WHERE remote_id = ?`).pluck(),
    /** A merge's UPDATE, by the fields it takes (a first sync merges thousands of records). */
    mergeUpdates: statementCache(),
    upsertQuestion: db.prepare(
      `INSERT INTO questions (remote_id, item_remote_id, question, answer, author, created, answered, record) VALUES (?, ?, ?, ?, ?, ?, ?, ?)
       ON CONFLICT (remote_id) DO UPDATE SET answer = excluded.answer, answered = excluded.answered, record = excluded.record,
         pending_answer = CASE WHEN excluded.answer IS NOT NULL AND excluded.answer = questions.pending_answer THEN NULL ELSE questions.pending_answer END`,
    ),
    upsertOffer: db.prepare(
      `INSERT INTO offers (remote_id, item_remote_id, amount, message, status, author, expires, changed_at, record) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
       ON CONFLICT (remote_id) DO UPDATE SET status = excluded.status, expires = excluded.expires, changed_at = excluded.changed_at, record = excluded.record`,
    ),
    upsertBid: db.prepare(
      `INSERT INTO bids (remote_id, item_remote_id, amount, time, bidder, units, record) VALUES (?, ?, ?, ?, ?, ?, ?)
       ON CONFLICT (remote_id) DO UPDATE SET units = excluded.units, record = excluded.record`,
    ),
  };
}

/** Merges one service item into the cache. Returns what happened to it. */
export function mergeServerItem(db: Db, s: ReturnType<typeof pullStatements>, item: MarketListing, now: number): 'inserted' | 'taken' | 'conflict' | 'same' | 'skipped' {
  const remote = fieldsOfServerItem(item);
  const local = s.byRemote.get(item.id) as (Record<string, unknown> & { local_id: number; base: string | null; sync_state: string; conflicts: string | null; deleted_at: number | null; detail: string }) | undefined;
  if (!local) {
    if (s.restored?.(item, now)) return 'taken';
    // A remote draft may be one of our creates whose answer was lost: the push reconciles it
    // (adopting it into its local item); inserting it here would make it a second local item.
    if (item.status === 'draft' && (s.unknownCreates.get() as number) > 0) return 'skipped';
    s.insert.run(
      item.id, item.status, ...DRAFT_FIELDS.map((f) => toColumnValue(f, remote[f])),
      writeListingCopy(item), JSON.stringify(remote), ...factValues(factsOfItem(item)), item.currentPrice, item.bidderCount, item.offerCount, now, now,
    );
    return 'inserted';
  }
  // A row in flight is left alone: its answer will bring the service's copy.
  if (local.deleted_at !== null || local.sync_state === 'sending') return 'skipped';
  // An item read only from its summary has no base for what the summary does not tell: every
  // value the service has is taken (nothing local can differ: its data was never editable here).
  const base = (local.base && local.detail === 'full' ? JSON.parse(local.base) : {}) as Record<string, unknown>;
  const pending = new Set<string>();
  for (const payload of s.editRows.all(local.local_id) as string[]) {
    for (const k of Object.keys((JSON.parse(payload) as { fields?: Record<string, unknown> }).fields ?? {})) pending.add(k);
  }
  const conflicts: Conflicts = local.conflicts ? (JSON.parse(local.conflicts) as Conflicts) : {};
  const take: DraftField[] = [];
  let newConflicts = 0;
  for (const f of DRAFT_FIELDS) {
    if (sameValue(remote[f], base[f])) continue;
    const mine = fromColumnValue(f, local[FIELD_SPECS[f].column]);
    if (!pending.has(f)) take.push(f);
    else if (!sameValue(mine, remote[f])) {
      conflicts[f] = { local: mine, remote: remote[f] ?? null };
      newConflicts += 1;
    }
  }
  const hasConflicts = Object.keys(conflicts).length > 0;
  const sets = take.map((f) => `${FIELD_SPECS[f].column} = ?`);
  s.mergeUpdates(take.join(','), () => db.prepare(
    `UPDATE items SET ${sets.length ? `${sets.join(', ')}, ` : ''}status = ?, server_copy = ?, base = ?, ${factSets()}, current_price = ?, bidder_count = ?, offer_count = ?,
       conflicts = ?, sync_state = CASE WHEN ? THEN 'conflict' ELSE sync_state END, detail = 'full'${take.length ? ', updated = ?' : ''} WHERE local_id = ?`,
  )).run(
    ...take.map((f) => toColumnValue(f, remote[f])), item.status, writeListingCopy(item), JSON.stringify(remote), ...factValues(factsOfItem(item)), item.currentPrice, item.bidderCount, item.offerCount,
    hasConflicts ? JSON.stringify(conflicts) : null, hasConflicts ? 1 : 0, ...(take.length ? [now] : []), local.local_id,
  );
  return newConflicts > 0 ? 'conflict' : take.length > 0 ? 'taken' : 'same';
}

export async function pull(db: Db, api: MarketplacePort, events: SyncEvents, now: () => number = Date.now, options: PullOptions = {}): Promise<PullResult> {
  const s = pullStatements(db);
  const result: PullResult = { items: 0, inserted: 0, taken: 0, conflicts: 0, questions: 0, offers: 0, bids: 0, removedRemotely: 0, news: { questions: [], offers: [], bids: [] }, detailsRead: 0, waitUntil: null };
  const userId = await api.me();
  const cache = settingsCache(db);

  cache.replaceCategories(flatten(await api.categories(), 0, 1, []));
  cache.saveRules(await api.listingRules(userId), now());

  // A first pull finds the whole shop: nothing in it is news (nor in a first listing resumed after a cut).
  const firstPull = (db.prepare(`SELECT count(*) FROM items WHERE remote_id IS NOT NULL`).pluck().get() as number) === 0
    || (syncMarks(db).get('sales') === null && s.cursorGet.get('sales') !== undefined);
  const ctx = { db, api, events, s, now, userId, result, sold: [] as MarketListing[], mustMatchRestored: restoreCheck(db) };
  const sales = await pullSales(ctx);
  result.news = await pullTrading(ctx, sales.fetched, sales.extension);
  if (!firstPull) {
    const news = syncNews(db, result.news, ctx.sold);
    if (news.questions + news.offers + news.sales + (news.bids ?? 0) > 0) events.emit({ type: 'news', news });
  }
  if (options.details !== false) {
    const details = await readFirstDetails(ctx, options.shouldStop);
    result.detailsRead = details.read;
    result.waitUntil = details.waitUntil;
  }
  return result;
}

const NEWS_ENTRIES = 20;

function saleNews(listing: MarketListing): SyncNews['entries'][number] {
  const title = listing.fields.title;
  const price = listing.fields.buyNowPrice;
  const amount = listing.currentPrice ?? (typeof price === 'number' ? price : null);
  return { kind: 'sale', itemId: listing.id, title: typeof title === 'string' ? title : null, text: `Sold for ${amount ?? 0} €`, amount };
}

function syncNews(db: Db, trading: TradingNews, sold: readonly MarketListing[]): SyncNews {
  const title = db.prepare(`SELECT title FROM items WHERE remote_id = ?`).pluck();
  const titleOf = (id: number) => (title.get(id) as string | null | undefined) ?? null;
  // A bid that sold the item (a buy-now purchase, a closing auction) is told as the sale.
  const soldIds = new Set(sold.map((item) => item.id));
  const bids = (trading.bids ?? []).filter((b) => !soldIds.has(b.itemId));
  const entries: SyncNews['entries'] = [
    ...sold.map(saleNews),
    ...trading.questions.map((q) => ({ kind: 'question' as const, itemId: q.itemId, title: titleOf(q.itemId), text: q.question })),
    ...trading.offers.map((o) => ({ kind: 'offer' as const, itemId: o.itemId, title: titleOf(o.itemId), text: `${o.author} offers ${o.amount} €`, amount: o.amount, author: o.author })),
    ...bids.map((b) => ({ kind: 'bid' as const, itemId: b.itemId, title: titleOf(b.itemId), text: `${b.bidder} bids ${b.amount} €`, amount: b.amount, author: b.bidder })),
  ];
  return { entries: entries.slice(0, NEWS_ENTRIES), questions: trading.questions.length, offers: trading.offers.length, sales: sold.length, bids: bids.length };
}

/**
 * Cached items of the seller that the service no longer lists were deleted elsewhere (another
 * device, the web). Decision: never delete local data silently. The item stays with its local
 * values, shown as `rejected` with the reason "removed remotely"; its queued rows are parked with
 * that reason (sending them would only meet 404s). The user decides: delete it here too (its
 * delete then finds nothing to delete and is confirmed), or copy its values into a new draft.
 * Tombstones (deleted locally) are left to their delete row; rows in flight cannot exist here
 * (pull and push never run at once).
 */
export function markRemovedRemotely(db: Db, listed: ReadonlySet<number>, events: SyncEvents): number {
  const cached = db.prepare(
    `SELECT local_id, remote_id FROM items WHERE remote_id IS NOT NULL AND deleted_at IS NULL
       AND NOT (sync_state = 'rejected' AND reject_reason = ?)`,
  ).all(REMOVED_REMOTELY) as Array<{ local_id: number; remote_id: number }>;
  return markRemoved(db, cached.filter((c) => !listed.has(c.remote_id)).map((c) => c.local_id), events);
}

/** Marks these cached items removed remotely (see markRemovedRemotely); also an item whose full read answered 404. */
export function markRemoved(db: Db, gone: readonly number[], events: SyncEvents): number {
  if (gone.length === 0) return 0;
  const mark = db.prepare(`UPDATE items SET sync_state = 'rejected', reject_reason = ?, reject_field = NULL, reject_code = NULL WHERE local_id = ?`);
  const park = db.prepare(`UPDATE outbox SET state = 'parked', error = ?, error_field = NULL WHERE item_local_id = ? AND state = 'pending'`);
  db.transaction(() => {
    for (const localId of gone) {
      mark.run(REMOVED_REMOTELY, localId);
      park.run(REMOVED_REMOTELY, localId);
    }
  })();
  for (const localId of gone) events.emit({ type: 'item-state', localId, state: 'rejected', reason: REMOVED_REMOTELY, field: null });
  return gone.length;
}

/**
 * Resolves a conflict field by field: 'local' keeps the queued edit (it is sent next), 'remote'
 * takes the service's value and drops the field from the queued edits. One transaction.
 */
export function resolveConflicts(db: Db, localId: number, choices: Record<string, 'local' | 'remote'>): void {
  db.transaction(() => {
    const row = db.prepare(`SELECT conflicts FROM items WHERE local_id = ?`).get(localId) as { conflicts: string | null } | undefined;
    const conflicts = (row?.conflicts ? JSON.parse(row.conflicts) : {}) as Conflicts;
    const rows = db.prepare(`SELECT id, payload FROM outbox WHERE item_local_id = ? AND kind = 'edit'`).all(localId) as Array<{ id: number; payload: string }>;
    for (const [field, choice] of Object.entries(choices)) {
      const conflict = conflicts[field];
      if (!conflict || !(DRAFT_FIELDS as string[]).includes(field)) continue;
      const f = field as DraftField;
      if (choice === 'remote') {
        db.prepare(`UPDATE items SET ${FIELD_SPECS[f].column} = ? WHERE local_id = ?`).run(toColumnValue(f, conflict.remote), localId);
        for (const r of rows) {
          const payload = JSON.parse(r.payload) as { fields: Record<string, unknown> };
          if (!(field in payload.fields)) continue;
          delete payload.fields[field];
          if (Object.keys(payload.fields).length === 0) db.prepare(`DELETE FROM outbox WHERE id = ?`).run(r.id);
          else db.prepare(`UPDATE outbox SET payload = ? WHERE id = ?`).run(JSON.stringify(payload), r.id);
          r.payload = JSON.stringify(payload);
        }
      }
      delete conflicts[field];
    }
    const left = Object.keys(conflicts).length;
    const pending = (db.prepare(`SELECT count(*) FROM outbox WHERE item_local_id = ?`).pluck().get(localId) as number) > 0;
    db.prepare(`UPDATE items SET conflicts = ?, sync_state = ? WHERE local_id = ?`).run(
      left ? JSON.stringify(conflicts) : null,
      left ? 'conflict' : pending ? 'queued' : 'synced',
      localId,
    );
  })();
}
