// One pass of every rule over the cache, run by the sync after each pull (sync-engine.ts's
// afterPull hook) and by "Run now". It sends nothing itself: decisions become outbox rows that
// the same run's push sends. Paused rules do nothing. It also closes the log entries whose work
// the cache now shows done (a relisted copy or a scheduled item on sale or waiting for its time).
import type { RuleLogEntry } from '../../../shared/ipc/rules.ts';
import type { Db } from '../db/open-account-db.ts';
import { runWhole, type Slices } from '../db/sliced-transaction.ts';
import { offerRules } from './offer-rules.ts';
import { relistRules } from './relist-rules.ts';
import { logEntry } from './rule-store.ts';

export interface PassResult {
  queued: number;
  relisted: number;
  /** Items a rule needs whose records are not read yet (kept from list summaries): read by the next sync, decided by the pass after it. */
  wanted: number;
  /** The pass's new log entries (newest first, at most 20), for notifications. */
  entries: RuleLogEntry[];
  logged: number;
}

const NOTIFIED = 20;

export function rulesPass(db: Db) {
  const offers = offerRules(db);
  const relist = relistRules(db);
  const settle = db.prepare(
    `UPDATE rule_log SET outcome = 'done' WHERE outcome = 'queued' AND (
        (action = 'relist' AND EXISTS (SELECT 1 FROM items c WHERE c.local_id = json_extract(rule_log.detail, '$.copyLocalId') AND c.status IN ('published','waiting','closed')))
     OR (action = 'schedule' AND EXISTS (SELECT 1 FROM items c WHERE c.local_id = rule_log.item_local_id AND c.status IN ('published','waiting','closed'))))`,
  );
  const entries = db.prepare(`SELECT l.*, i.title FROM rule_log l LEFT JOIN items i ON i.local_id = l.item_local_id WHERE l.id IN (SELECT value FROM json_each(?)) ORDER BY l.id DESC LIMIT ${NOTIFIED}`);

  /** The pass as a long write's work (issue 41): it yields between offers and between items. */
  function* slices(now: number): Slices<PassResult> {
    settle.run();
    yield;
    const o = yield* offers.applySlices(now);
    const r = yield* relist.applySlices(now);
    const ids = [...o.logIds, ...r.logIds];
    const list = ids.length === 0 ? [] : (entries.all(JSON.stringify(ids)) as Parameters<typeof logEntry>[0][]).map(logEntry);
    return { queued: o.queued, relisted: r.relisted, wanted: r.wanted, entries: list, logged: ids.length };
  }

  /** The pass in one go, in one transaction. */
  const run = (now: number): PassResult => runWhole(db, () => slices(now));
  return Object.assign(run, { slices });
}
