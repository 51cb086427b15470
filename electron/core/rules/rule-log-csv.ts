// The rules log as CSV for a spreadsheet, in the seller's language (issue 42): the headings, the
// rule, decision, result and reason in words from the renderer's catalog (the core knows no
// language), times as the language writes them (`29.11.2026 18.00` in Finnish), amounts with
// decimal commas; UTF-8 with BOM, `;` between fields in Finnish (Excel's Finnish reading), commas
// in English. Text a spreadsheet would run as a formula is written as text.
import { DateTime } from 'luxon';
import type { RuleLogEntry, RuleLogWords } from '../../../shared/ipc/rules.ts';
import { ruleLogFacts, ruleLogReason, wallClock } from '../../../shared/screens/rule-log-words.ts';
import { formulaSafe } from '../csv/formula-safe.ts';
import { writeCsv } from '../csv/rfc4180.ts';
import { SERVICE_ZONE } from './offer-rules.ts';

export function ruleLogCsv(entries: readonly RuleLogEntry[], locale: 'fi' | 'en', words: RuleLogWords): string {
  const amount = (n: number | null) => (n === null ? '' : locale === 'fi' ? n.toFixed(2).replace('.', ',') : n.toFixed(2));
  const time = (at: number) => DateTime.fromMillis(at, { zone: SERVICE_ZONE }).toFormat(locale === 'fi' ? 'd.M.yyyy H.mm' : 'yyyy-MM-dd HH:mm');
  const h = words.headings;
  const lines = entries.map((e) => {
    const facts = ruleLogFacts(e);
    const reason = ruleLogReason(e);
    const details = [
      facts.from !== null && facts.to !== null ? `${words.details.price}: ${amount(facts.from)} → ${amount(facts.to)}` : null,
      facts.listTime !== null ? `${words.details.listTime}: ${wallClock(facts.listTime, locale, 'spreadsheet')}` : null,
      facts.closingTime !== null ? `${words.details.closingTime}: ${wallClock(facts.closingTime, locale, 'spreadsheet')}` : null,
      facts.generation !== null ? `${words.details.generation}: ${facts.generation}` : null,
    ].filter((part) => part !== null).join(' · ');
    return [
      time(e.at),
      words.ruleKinds[e.ruleKind],
      words.actions[e.action],
      words.outcomes[e.outcome],
      e.itemRemoteId === null ? (e.itemLocalId === null ? '' : `${words.details.local} ${e.itemLocalId}`) : String(e.itemRemoteId),
      formulaSafe(e.title ?? ''),
      e.offerId === null ? '' : String(e.offerId),
      amount(facts.amount ?? facts.to),
      formulaSafe(facts.buyer ?? ''),
      reason === null ? '' : words.reasons[reason],
      formulaSafe(details),
    ];
  });
  const head = [h.time, h.rule, h.action, h.outcome, h.item, h.title, h.offer, h.amount, h.buyer, h.reason, h.details];
  return writeCsv([head, ...lines], { bom: true, delimiter: locale === 'fi' ? ';' : ',' });
}
