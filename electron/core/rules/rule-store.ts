// The rules' tables (migration 14): offer and relist rules, the pause switch and the log. Write
// paths and read paths apart; every statement prepared once per connection.
import type { OfferRule, OfferRuleValues, RelistRule, RelistRuleValues, RuleLogEntry } from '../../../shared/ipc/rules.ts';
import type { Db } from '../db/open-account-db.ts';
import { DraftError } from '../drafts/draft-error.ts';

interface OfferRuleRow {
  id: number; scope: OfferRule['scope']; scope_id: number; accept_amount: number | null; accept_percent: number | null;
  refuse_amount: number | null; refuse_percent: number | null; quiet_from: number | null; quiet_to: number | null;
  enabled: number; created: number; updated: number;
}
interface RelistRuleRow {
  id: number; scope: RelistRule['scope']; scope_id: number; max_times: number; step_amount: number | null; step_percent: number | null;
  floor_price: number | null; hour: number | null; enabled: number; created: number; updated: number;
}
interface LogRow {
  id: number; at: number; rule_kind: RuleLogEntry['ruleKind']; rule_id: number | null; item_local_id: number | null; item_remote_id: number | null;
  title: string | null; offer_id: number | null; action: RuleLogEntry['action']; outcome: RuleLogEntry['outcome']; detail: string;
}

const offerRule = (r: OfferRuleRow): OfferRule => ({
  id: r.id, scope: r.scope, scopeId: r.scope_id, acceptAmount: r.accept_amount, acceptPercent: r.accept_percent,
  refuseAmount: r.refuse_amount, refusePercent: r.refuse_percent, quietFrom: r.quiet_from, quietTo: r.quiet_to,
  enabled: r.enabled === 1, created: r.created, updated: r.updated,
});
const relistRule = (r: RelistRuleRow): RelistRule => ({
  id: r.id, scope: r.scope, scopeId: r.scope_id, maxTimes: r.max_times, stepAmount: r.step_amount, stepPercent: r.step_percent,
  floorPrice: r.floor_price, hour: r.hour, enabled: r.enabled === 1, created: r.created, updated: r.updated,
});
export const logEntry = (r: LogRow): RuleLogEntry => ({
  id: r.id, at: r.at, ruleKind: r.rule_kind, ruleId: r.rule_id, itemLocalId: r.item_local_id, itemRemoteId: r.item_remote_id,
  title: r.title, offerId: r.offer_id, action: r.action, outcome: r.outcome, detail: JSON.parse(r.detail) as Record<string, unknown>,
});

export interface NewLogEntry {
  at: number;
  ruleKind: RuleLogEntry['ruleKind'];
  ruleId: number | null;
  ruleVersion: number | null;
  itemLocalId: number | null;
  itemRemoteId: number | null;
  offerId: number | null;
  action: RuleLogEntry['action'];
  outcome: RuleLogEntry['outcome'];
  detail: Record<string, unknown>;
}

function checkOffer(v: OfferRuleValues): void {
  const fail = (message: string, field: string) => { throw new DraftError('validation', message, [], field); };
  if (v.acceptAmount !== null && v.acceptPercent !== null) fail('accept: an amount or a percentage, not both', 'acceptAmount');
  if (v.refuseAmount !== null && v.refusePercent !== null) fail('refuse: an amount or a percentage, not both', 'refuseAmount');
  if ((v.quietFrom === null) !== (v.quietTo === null)) fail('quiet hours need a start and an end', 'quietFrom');
  if (v.acceptAmount !== null && v.refuseAmount !== null && v.refuseAmount > v.acceptAmount) fail('the refuse amount is above the accept amount', 'refuseAmount');
  if (v.acceptPercent !== null && v.refusePercent !== null && v.refusePercent > v.acceptPercent) fail('the refuse percentage is above the accept percentage', 'refusePercent');
  if (v.scope === 'shop' && v.scopeId !== 0) fail('the shop rule has scope id 0', 'scopeId');
}

export function ruleStore(db: Db) {
  const s = {
    offerRules: db.prepare(`SELECT * FROM offer_rules ORDER BY CASE scope WHEN 'shop' THEN 0 WHEN 'group' THEN 1 WHEN 'template' THEN 2 ELSE 3 END, scope_id`),
    offerRule: db.prepare(`SELECT * FROM offer_rules WHERE id = ?`),
    upsertOffer: db.prepare(
      `INSERT INTO offer_rules (scope, scope_id, accept_amount, accept_percent, refuse_amount, refuse_percent, quiet_from, quiet_to, enabled, created, updated)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
       ON CONFLICT (scope, scope_id) DO UPDATE SET accept_amount = excluded.accept_amount, accept_percent = excluded.accept_percent,
         refuse_amount = excluded.refuse_amount, refuse_percent = excluded.refuse_percent, quiet_from = excluded.quiet_from,
         quiet_to = excluded.quiet_to, enabled = excluded.enabled, updated = max(offer_rules.updated + 1, excluded.updated)
       RETURNING *`,
    ),
    deleteOffer: db.prepare(`DELETE FROM offer_rules WHERE id = ?`),
    templateExists: db.prepare(`SELECT 1 FROM listing_templates WHERE id = ?`).pluck(),
    relistRules: db.prepare(`SELECT * FROM relist_rules ORDER BY CASE scope WHEN 'shop' THEN 0 WHEN 'group' THEN 1 WHEN 'template' THEN 2 ELSE 3 END, scope_id`),
    upsertRelist: db.prepare(
      `INSERT INTO relist_rules (scope, scope_id, max_times, step_amount, step_percent, floor_price, hour, enabled, created, updated)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
       ON CONFLICT (scope, scope_id) DO UPDATE SET max_times = excluded.max_times, step_amount = excluded.step_amount,
         step_percent = excluded.step_percent, floor_price = excluded.floor_price, hour = excluded.hour, enabled = excluded.enabled,
         updated = max(relist_rules.updated + 1, excluded.updated)
       RETURNING *`,
    ),
    deleteRelist: db.prepare(`DELETE FROM relist_rules WHERE id = ?`),
    paused: db.prepare(`SELECT paused FROM rule_settings WHERE id = 1`).pluck(),
    setPaused: db.prepare(
      `INSERT INTO rule_settings (id, paused, updated) VALUES (1, ?, ?) ON CONFLICT (id) DO UPDATE SET paused = excluded.paused, updated = excluded.updated`,
    ),
    log: db.prepare(
      `INSERT INTO rule_log (at, rule_kind, rule_id, rule_version, item_local_id, item_remote_id, offer_id, action, outcome, detail, outbox_id)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    ),
    setOutbox: db.prepare(`UPDATE rule_log SET outbox_id = ? WHERE id = ?`),
    finish: db.prepare(`UPDATE rule_log SET outcome = ?, detail = json_patch(detail, ?) WHERE id = ?`),
  };

  /** A template's rule names a template that exists (its deletion takes the rule with it). */
  const checkTemplate = (v: { scope: string; scopeId: number }) => {
    if (v.scope === 'template' && s.templateExists.get(v.scopeId) === undefined) throw new DraftError('validation', `template ${v.scopeId} does not exist`, [], 'scopeId');
  };

  return {
    offerRules: () => (s.offerRules.all() as OfferRuleRow[]).map(offerRule),
    relistRules: () => (s.relistRules.all() as RelistRuleRow[]).map(relistRule),
    paused: () => (s.paused.get() as number | undefined) === 1,
    setPaused: (paused: boolean, now: number) => void s.setPaused.run(paused ? 1 : 0, now),

    saveOfferRule(v: OfferRuleValues, now: number): OfferRule {
      checkOffer(v);
      checkTemplate(v);
      const row = s.upsertOffer.get(
        v.scope, v.scopeId, v.acceptAmount, v.acceptPercent, v.refuseAmount, v.refusePercent, v.quietFrom, v.quietTo, v.enabled ? 1 : 0, now, now,
      ) as OfferRuleRow;
      return offerRule(row);
    },
    deleteOfferRule: (id: number) => void s.deleteOffer.run(id),
    saveRelistRule(v: RelistRuleValues, now: number): RelistRule {
      if (v.stepAmount !== null && v.stepPercent !== null) throw new DraftError('validation', 'step: an amount or a percentage, not both', [], 'stepAmount');
      if (v.scope === 'shop' && v.scopeId !== 0) throw new DraftError('validation', 'the shop rule has scope id 0', [], 'scopeId');
      checkTemplate(v);
      const row = s.upsertRelist.get(v.scope, v.scopeId, v.maxTimes, v.stepAmount, v.stepPercent, v.floorPrice, v.hour, v.enabled ? 1 : 0, now, now) as RelistRuleRow;
      return relistRule(row);
    },
    deleteRelistRule: (id: number) => void s.deleteRelist.run(id),

    /** Must run inside the transaction of what it logs (a decision and its outbox row commit together). */
    log(e: NewLogEntry, outboxId: number | null = null): number {
      return Number(s.log.run(e.at, e.ruleKind, e.ruleId, e.ruleVersion, e.itemLocalId, e.itemRemoteId, e.offerId, e.action, e.outcome, JSON.stringify(e.detail), outboxId).lastInsertRowid);
    },
    setOutbox: (logId: number, outboxId: number) => void s.setOutbox.run(outboxId, logId),
    /** How a queued decision ended; detail is merged into the entry's. */
    finish: (logId: number, outcome: RuleLogEntry['outcome'], detail: Record<string, unknown> = {}) => void s.finish.run(outcome, JSON.stringify(detail), logId),
  };
}

export type RuleStore = ReturnType<typeof ruleStore>;

/** The log, newest first, with filters; a page. */
export function ruleLogReads(db: Db) {
  return (filter: { ruleKind?: string; action?: string; text?: string; limit: number }): { entries: RuleLogEntry[]; total: number } => {
    const where: string[] = [];
    const params: unknown[] = [];
    if (filter.ruleKind) { where.push('l.rule_kind = ?'); params.push(filter.ruleKind); }
    if (filter.action) { where.push('l.action = ?'); params.push(filter.action); }
    if (filter.text) {
      where.push(`(i.title LIKE ? ESCAPE '\\' OR l.detail LIKE ? ESCAPE '\\')`);
      const like = `%${filter.text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      params.push(like, like);
    }
    const clause = where.length ? `WHERE ${where.join(' AND ')}` : '';
    const from = `FROM rule_log l LEFT JOIN items i ON i.local_id = l.item_local_id ${clause}`;
    const total = db.prepare(`SELECT count(*) ${from}`).pluck().get(...params) as number;
    const rows = db.prepare(`SELECT l.*, i.title ${from} ORDER BY l.id DESC LIMIT ?`).all(...params, filter.limit) as LogRow[];
    return { entries: rows.map(logEntry), total };
  };
}
