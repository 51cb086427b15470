// Offer rules applied to the offers waiting in the cache: accept at or above a threshold, refuse
// below another, leave the rest to the seller, nothing sent in quiet hours. The most specific
// enabled rule decides (item, then its template, then saved group, then the shop's default). A
// pass costs no request: each decision is a rule_log entry and a 'rule-offer-decision' outbox
// row written in one transaction, sent by the push (rule-offer-op.ts).
//
// The last unit: an item takes at most as many accepts as it has units left (an auction one),
// counting the accepts already queued; the highest offers go first, the others wait (`hold`)
// and expire when the item closes. Each offer is accepted or refused by a rule at most once
// (rule_log's unique index); a `leave` or `hold` is logged once per rule version and reason.
import { DateTime } from 'luxon';
import { optionalTimestamp } from '../api/session.ts';
import type { OfferRule, OfferVerdict } from '../../../shared/ipc/rules.ts';
import type { Db } from '../db/open-account-db.ts';
import { runWhole, type Slices } from '../db/sliced-transaction.ts';
import { outboxStatements } from '../outbox/outbox.ts';
import { SQL_STATE_AFTER_LOCAL_CHANGE } from '../drafts/sync-state.ts';
import { ruleStore, type NewLogEntry } from './rule-store.ts';
import { scopedRuleLookup } from './rule-scope.ts';
import { savedGroups } from './saved-groups.ts';
import { templateLinks } from './template-links.ts';

/** The marketplace's zone: quiet hours and list times are its wall-clock times. */
export const SERVICE_ZONE = 'Europe/Helsinki';

interface Candidate {
  offerId: number;
  itemRemoteId: number;
  itemLocalId: number;
  title: string | null;
  amount: number;
  author: string;
  expires: string;
  saleMethod: string | null;
  buyNowPrice: number | null;
  unitsLeft: number | null;
  queuedAccepts: number;
}

export interface PlannedVerdict extends OfferVerdict {
  rule: OfferRule | null;
  itemRemoteId: number;
  threshold: { accept: number | null; refuse: number | null };
}

const round2 = (n: number) => Math.round(n * 100) / 100;

function threshold(amount: number | null, percent: number | null, buyNow: number | null): number | null {
  if (amount !== null) return amount;
  if (percent !== null && buyNow !== null) return round2((buyNow * percent) / 100);
  return null;
}

export function inQuietHours(rule: Pick<OfferRule, 'quietFrom' | 'quietTo'>, now: number): boolean {
  if (rule.quietFrom === null || rule.quietTo === null || rule.quietFrom === rule.quietTo) return false;
  const t = DateTime.fromMillis(now, { zone: SERVICE_ZONE });
  const minute = t.hour * 60 + t.minute;
  return rule.quietFrom < rule.quietTo ? minute >= rule.quietFrom && minute < rule.quietTo : minute >= rule.quietFrom || minute < rule.quietTo;
}

export function offerRules(db: Db) {
  const store = ruleStore(db);
  const groups = savedGroups(db);
  const templates = templateLinks(db);
  const outbox = outboxStatements(db);
  const candidates = db.prepare(
    `SELECT o.remote_id AS offerId, o.item_remote_id AS itemRemoteId, i.local_id AS itemLocalId, i.title, o.amount, o.author, o.expires,
            i.sale_method AS saleMethod, i.buy_now_price AS buyNowPrice,
            i.units_left AS unitsLeft,
            (SELECT count(*) FROM offers q WHERE q.item_remote_id = o.item_remote_id AND q.pending_decision = 'accepted') AS queuedAccepts
       FROM offers o JOIN items i ON i.remote_id = o.item_remote_id
      WHERE o.status = 'pending' AND o.pending_decision IS NULL AND i.status = 'published' AND i.deleted_at IS NULL
        -- an item known only from its list summary has no units left to judge by: it waits for its record (read first)
        AND i.detail = 'full'
        AND NOT EXISTS (SELECT 1 FROM rule_log l WHERE l.offer_id = o.remote_id AND l.action IN ('accept','refuse'))
      ORDER BY o.item_remote_id, o.amount DESC, o.remote_id`,
  );
  const logged = db.prepare(
    `SELECT offer_id || ':' || rule_id || ':' || rule_version || ':' || action || ':' || coalesce(json_extract(detail, '$.reason'), '')
       FROM rule_log WHERE rule_kind = 'offer' AND action IN ('leave','hold') AND offer_id IN (SELECT value FROM json_each(?))`,
  ).pluck();
  const setDecision = db.prepare(`UPDATE offers SET pending_decision = ? WHERE remote_id = ? AND pending_decision IS NULL`);
  const touch = db.prepare(`UPDATE items SET updated = ?, sync_state = ${SQL_STATE_AFTER_LOCAL_CHANGE} WHERE local_id = ?`);

  /** Which rule decides each item: item rules, then templates', then groups' (resolved once per pass), then the shop's. */
  function resolver(rules: readonly OfferRule[], now: number): (localId: number) => OfferRule | null {
    const lookup = scopedRuleLookup(groups, rules, now, templates);
    return (localId) => lookup(localId);
  }

  /** What the rules (with `draft` in place of the saved rule of its scope) would do now. */
  function plan(now: number, draft?: OfferRule): PlannedVerdict[] {
    const saved = store.offerRules();
    const rules = draft ? [...saved.filter((r) => !(r.scope === draft.scope && r.scopeId === draft.scopeId)), draft] : saved;
    const ruleOf = resolver(rules, now);
    const out: PlannedVerdict[] = [];
    const unitsUsed = new Map<number, number>();
    for (const c of candidates.all() as Candidate[]) {
      if ((optionalTimestamp(c.expires) ?? 0) <= now) continue;
      const rule = ruleOf(c.itemLocalId);
      const accept = rule && threshold(rule.acceptAmount, rule.acceptPercent, c.buyNowPrice);
      const refuse = rule && threshold(rule.refuseAmount, rule.refusePercent, c.buyNowPrice);
      const base = {
        offerId: c.offerId, itemLocalId: c.itemLocalId, itemRemoteId: c.itemRemoteId, title: c.title, amount: c.amount, author: c.author,
        ruleId: rule?.id ?? null, rule, threshold: { accept: accept ?? null, refuse: refuse ?? null },
      };
      if (!rule) continue;
      let decision: OfferVerdict['decision'] = 'leave';
      let reason: string | null = null;
      if (accept !== null && c.amount >= accept) decision = 'accept';
      else if (refuse !== null && c.amount < refuse) decision = 'refuse';
      if (decision !== 'leave' && inQuietHours(rule, now)) {
        decision = 'hold';
        reason = 'quiet-hours';
      } else if (decision === 'accept') {
        // Units left: the service's quantity of a buy-now item (what is left), one for an auction.
        const units = (c.saleMethod === 'buy-now' ? (c.unitsLeft ?? 1) : 1) - c.queuedAccepts - (unitsUsed.get(c.itemRemoteId) ?? 0);
        if (units <= 0) {
          decision = 'hold';
          reason = 'no-unit-left';
        } else unitsUsed.set(c.itemRemoteId, (unitsUsed.get(c.itemRemoteId) ?? 0) + 1);
      }
      out.push({ ...base, decision, reason });
    }
    return out;
  }

  const offers = {
    /** A rule's effect on the waiting offers, before it is saved: nothing is written. */
    preview(draft: OfferRule, now: number): OfferVerdict[] {
      return plan(now, draft)
        .filter((v) => v.ruleId === draft.id)
        .map(({ rule: _rule, itemRemoteId: _remote, threshold: _t, ...v }) => v);
    },

    /**
     * Decides the waiting offers: accepts and refusals are queued (one transaction each with
     * their log entry), leaves and holds are logged once. Returns the new log entries' ids.
     */
    apply: (now: number): { queued: number; logIds: number[] } => runWhole(db, () => offers.applySlices(now)),

    /** apply as a long write's work (issue 41): yields between offers; the caller holds the transaction. */
    *applySlices(now: number): Slices<{ queued: number; logIds: number[] }> {
      if (store.paused()) return { queued: 0, logIds: [] };
      const verdicts = plan(now);
      if (verdicts.length === 0) return { queued: 0, logIds: [] };
      const seen = new Set(logged.all(JSON.stringify(verdicts.map((v) => v.offerId))) as string[]);
      const logIds: number[] = [];
      let queued = 0;
      for (const v of verdicts) {
        yield;
        const rule = v.rule as OfferRule;
        const entry: NewLogEntry = {
          at: now, ruleKind: 'offer', ruleId: rule.id, ruleVersion: rule.updated, itemLocalId: v.itemLocalId, itemRemoteId: v.itemRemoteId,
          offerId: v.offerId, action: v.decision, outcome: 'none',
          detail: { scope: rule.scope, amount: v.amount, author: v.author, accept: v.threshold.accept, refuse: v.threshold.refuse, reason: v.reason },
        };
        if (v.decision === 'leave' || v.decision === 'hold') {
          const key = `${v.offerId}:${rule.id}:${rule.updated}:${v.decision}:${v.reason ?? ''}`;
          if (seen.has(key)) continue;
          seen.add(key);
          logIds.push(store.log(entry));
          continue;
        }
        const status = v.decision === 'accept' ? 'accepted' : 'refused';
        if (setDecision.run(status, v.offerId).changes === 0) continue;
        const logId = store.log({ ...entry, outcome: 'queued', detail: { ...entry.detail, sent: `${v.decision} offer ${v.offerId} on listing ${v.itemRemoteId}` } });
        touch.run(now, v.itemLocalId);
        store.setOutbox(logId, outbox.enqueue(v.itemLocalId, 'rule-offer-decision', { offerId: v.offerId, decision: status, logId }, now));
        logIds.push(logId);
        queued += 1;
      }
      return { queued, logIds };
    },
  };
  return offers;
}
