// The rules log's entries as the seller reads them (issue 42): why an entry ended as it did, as a
// code the screens and the CSV put into the seller's words ("hiljaiset tunnit", "ei vapaita
// kappaleita"), never the raw code or the English the core wrote, and the facts an entry holds
// (the offer's amount and buyer, a relisted copy's prices and start, a schedule's start and end).
import type { RuleLogEntry } from '../ipc/rules.ts';

export const RULE_LOG_REASONS = [
  'quiet-hours', 'no-unit-left', 'limit-reached', 'marketplace-republishes', 'refused', 'item-closed',
  'offer-cancelled', 'offer-expired', 'offer-refused', 'offer-accepted', 'read-back',
] as const;
export type RuleLogReason = (typeof RULE_LOG_REASONS)[number];

const isReason = (value: string): value is RuleLogReason => (RULE_LOG_REASONS as readonly string[]).includes(value);
const text = (value: unknown) => (typeof value === 'string' ? value : null);
const number = (value: unknown) => (typeof value === 'number' ? value : null);

/** Why an entry ended as it did; null when nothing needs saying. */
export function ruleLogReason(entry: Pick<RuleLogEntry, 'outcome' | 'detail'>): RuleLogReason | null {
  const d = entry.detail;
  const reason = text(d.reason);
  if (reason !== null && isReason(reason)) return reason;
  const how = text(d.how);
  // Entries written before issue 42 said how in English.
  if (how === 'no-unit-left' || how === 'no unit left') return 'no-unit-left';
  if (how === 'item-closed' || how?.startsWith('the item is ')) return 'item-closed';
  const result = text(d.result);
  if (entry.outcome === 'moot' && result !== null && isReason(`offer-${result}`)) return `offer-${result}` as RuleLogReason;
  if (entry.outcome === 'done' && (how === 'read-back' || how?.startsWith('read back'))) return 'read-back';
  return null;
}

export interface RuleLogFacts {
  /** The offer's amount (offer rules). */
  amount: number | null;
  buyer: string | null;
  /** A relisted copy's price before and after the step. */
  from: number | null;
  to: number | null;
  /** Wall-clock times in the marketplace's zone, `YYYY-MM-DD HH:MM:SS`. */
  listTime: string | null;
  closingTime: string | null;
  /** Which relisting of the line this copy is. */
  generation: number | null;
}

export function ruleLogFacts(entry: Pick<RuleLogEntry, 'detail' | 'action'>): RuleLogFacts {
  const d = entry.detail;
  return {
    amount: number(d.amount), buyer: text(d.author), from: number(d.from), to: number(d.to),
    listTime: text(d.listTime), closingTime: text(d.closingTime), generation: entry.action === 'relist' ? number(d.generation) : null,
  };
}

/**
 * A wall-clock time `YYYY-MM-DD HH:MM:SS` as the language writes it: `1.3.2099 klo 10.30` on a
 * screen (as the formatter writes a time), `1.3.2099 10.30` in a spreadsheet; `2099-03-01 10:30` in
 * English. As given when it is no such time.
 */
export function wallClock(time: string, locale: 'fi' | 'en', where: 'screen' | 'spreadsheet' = 'screen'): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})/.exec(time);
  if (!m) return time;
  const [, y, mo, d, h, mi] = m;
  if (locale === 'en') return `${y}-${mo}-${d} ${h}:${mi}`;
  return `${Number(d)}.${Number(mo)}.${y}${where === 'screen' ? ' klo' : ''} ${Number(h)}.${mi}`;
}
