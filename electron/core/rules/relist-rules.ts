// Relist rules: an unsold item that closed after its rule was saved is put on sale again as a
// copy (POST /items with originalId: the service copies the data and photos; the local copy
// keeps SKU and note), its price lowered by a step down to a floor, published at the chosen hour
// (listTime: the service publishes it then, app open or not), up to N times per line of copies.
//
// One live copy only: the relist path is the publish path (copy, edit, set-status rows through
// the outbox, with its lost-create reconciliation and status read-back), and an item is relisted
// at most once (no copy of it may exist: ours, the seller's by hand, or the marketplace's own
// republish; rule_log's unique index). Items the marketplace republishes itself (`republish`)
// are left to it.
import { DateTime } from 'luxon';
import type { RelistRule } from '../../../shared/ipc/rules.ts';
import type { Db } from '../db/open-account-db.ts';
import { runWhole, type Slices } from '../db/sliced-transaction.ts';
import { draftWrites } from '../drafts/draft-writes.ts';
import type { ItemDetail } from '../drafts/item-rows.ts';
import { statusChanges } from '../drafts/status-changes.ts';
import { outboxStatements } from '../outbox/outbox.ts';
import { detailQueue } from '../sync/item-details.ts';
import { SERVICE_ZONE } from './offer-rules.ts';
import { ruleStore } from './rule-store.ts';
import { scopedRuleLookup } from './rule-scope.ts';
import { savedGroups } from './saved-groups.ts';
import { templateLinks } from './template-links.ts';

interface Closed {
  localId: number;
  remoteId: number;
  title: string | null;
  saleMethod: string | null;
  buyNowPrice: number | null;
  startingPrice: number | null;
  /** Epoch ms. */
  closing: number | null;
  republish: number | null;
  generation: number | null;
  root: number | null;
  detail: ItemDetail;
}

const round2 = (n: number) => Math.round(n * 100) / 100;

/** The price after one step down, never under the floor (nor raised to it). */
export function steppedPrice(price: number, rule: Pick<RelistRule, 'stepAmount' | 'stepPercent' | 'floorPrice'>): number {
  const step = rule.stepAmount ?? (rule.stepPercent !== null ? (price * rule.stepPercent) / 100 : 0);
  const next = round2(price - step);
  if (rule.floorPrice === null) return Math.max(0.01, next);
  return price <= rule.floorPrice ? price : Math.max(rule.floorPrice, next);
}

/** The next whole `hour` in the service's zone after now, as a list time. */
export function nextListTime(hour: number, now: number): string {
  let t = DateTime.fromMillis(now, { zone: SERVICE_ZONE }).set({ hour, minute: 0, second: 0, millisecond: 0 });
  if (t.toMillis() <= now + 60_000) t = t.plus({ days: 1 });
  return t.toFormat('yyyy-MM-dd HH:mm:ss');
}

export function relistRules(db: Db) {
  const store = ruleStore(db);
  const groups = savedGroups(db);
  const templates = templateLinks(db);
  const status = statusChanges(db);
  const writes = draftWrites(db);
  const outbox = outboxStatements(db);
  const closed = db.prepare(
    `SELECT i.local_id AS localId, i.remote_id AS remoteId, i.title, i.sale_method AS saleMethod, i.buy_now_price AS buyNowPrice,
            i.starting_price AS startingPrice, i.closes_at AS closing,
            i.relists_unsold AS republish, r.generation, r.root_local_id AS root, i.detail
       FROM items i LEFT JOIN rule_relists r ON r.copy_local_id = i.local_id
      WHERE i.status = 'closed' AND i.remote_id IS NOT NULL AND i.deleted_at IS NULL
        -- one the marketplace lists as sold (its record not read yet) is no relisting's
        AND i.detail <> 'sold'
        -- unsold: the dashboard's reading (bulk-actions.ts)
        AND NOT ((i.bidder_count > 0 AND (coalesce(i.has_reserve, 0) = 0
                                          OR i.reserve_met = 1))
                 OR EXISTS (SELECT 1 FROM offers o WHERE o.item_remote_id = i.remote_id AND o.status = 'accepted'))
        -- Not copied yet, nor republished by the marketplace: each set read once per run (a
        -- subquery on i scanned the items again for each closed item: quadratic in the shop's size, most of a sync's time at 500 listings).
        AND i.remote_id NOT IN (SELECT c.original_id FROM items c WHERE c.original_id IS NOT NULL AND c.deleted_at IS NULL)
        AND i.remote_id NOT IN (SELECT c.relist_of FROM items c
                                 WHERE c.relist_of IS NOT NULL)
        AND NOT EXISTS (SELECT 1 FROM rule_log l WHERE l.item_local_id = i.local_id AND l.action IN ('relist','skip') AND l.rule_kind = 'relist')`,
  );
  const queue = detailQueue(db);
  const lineage = db.prepare(
    `INSERT INTO rule_relists (copy_local_id, original_local_id, root_local_id, generation, rule_id, created) VALUES (?, ?, ?, ?, ?, ?)`,
  );

  function resolver(rules: readonly RelistRule[], now: number): (item: Closed) => RelistRule | null {
    const lookup = scopedRuleLookup(groups, rules, now, templates);
    // A copy is decided by its original's rule first, then by its own.
    return (item) => lookup(item.localId, [item.root ?? item.localId, item.localId]);
  }

  const relist = {
    /**
     * Relists what the rules say, each item in one transaction (a savepoint) with its log entry. An
     * item known only from its list summary is not judged yet: its record is asked for (`wanted`),
     * read by the next sync, and the pass after it decides (its price, republish flag, the copy's values).
     */
    apply: (now: number): { relisted: number; logIds: number[]; wanted: number } => runWhole(db, () => relist.applySlices(now)),

    /** apply as a long write's work (issue 41): yields between items; the caller holds the transaction. */
    *applySlices(now: number): Slices<{ relisted: number; logIds: number[]; wanted: number }> {
      if (store.paused()) return { relisted: 0, logIds: [], wanted: 0 };
      const rules = store.relistRules();
      if (!rules.some((r) => r.enabled)) return { relisted: 0, logIds: [], wanted: 0 };
      const ruleOf = resolver(rules, now);
      const logIds: number[] = [];
      const unread: number[] = [];
      let relisted = 0;
      for (const item of closed.all() as Closed[]) {
        yield;
        const rule = ruleOf(item);
        // Only items that closed while the rule existed: saving a rule does not relist the past.
        if (!rule || (item.closing ?? 0) < rule.created) continue;
        if (item.detail !== 'full') {
          unread.push(item.localId);
          continue;
        }
        const base = { at: now, ruleKind: 'relist' as const, ruleId: rule.id, ruleVersion: rule.updated, itemLocalId: item.localId, itemRemoteId: item.remoteId, offerId: null };
        const generation = item.generation ?? 0;
        if (item.republish === 1 || generation >= rule.maxTimes) {
          const reason = item.republish === 1 ? 'marketplace-republishes' : 'limit-reached';
          logIds.push(db.transaction(() => store.log({ ...base, action: 'skip', outcome: 'none', detail: { reason, generation } }))());
          continue;
        }
        const field = item.saleMethod === 'auction' ? 'startingPrice' : 'buyNowPrice';
        const price = (item.saleMethod === 'auction' ? item.startingPrice : item.buyNowPrice) ?? null;
        const listTime = rule.hour === null ? null : nextListTime(rule.hour, now);
        try {
          db.transaction(() => {
            const copy = status.copyClosed(item.localId, now);
            const next = price === null ? null : steppedPrice(price, rule);
            const changes: Record<string, unknown> = {};
            if (next !== null && next !== price) changes[field] = next;
            if (listTime !== null) changes.listTime = listTime;
            if (Object.keys(changes).length > 0) writes.editDraft(copy, changes, now);
            outbox.enqueue(copy, 'set-status', { status: 'published' }, now);
            lineage.run(copy, item.localId, item.root ?? item.localId, generation + 1, rule.id, now);
            logIds.push(store.log({
              ...base, action: 'relist', outcome: 'queued',
              detail: { copyLocalId: copy, generation: generation + 1, field, from: price, to: next, listTime, sent: `copy listing ${item.remoteId}, then publish the copy` },
            }));
          })();
          relisted += 1;
        } catch (error) {
          // A copy the rules cannot make (its values refused now): logged once, left to the seller.
          const message = error instanceof Error ? error.message : String(error);
          logIds.push(db.transaction(() => store.log({ ...base, action: 'skip', outcome: 'failed', detail: { reason: 'refused', error: message } }))());
        }
      }
      return { relisted, logIds, wanted: db.transaction(() => queue.want(unread))() };
    },
  };
  return relist;
}
