// Each rules log entry's details as the log table shows them (issue 42): "95,00 €, tarjoaja maija ·
// hiljaiset tunnit", "hinta 100,00 € → 90,00 € · myyntiin 1.3.2099 klo 10.30", never raw codes or
// times.
import type { RuleLogEntry } from '../../../shared/ipc/rules.ts';
import { ruleLogFacts, ruleLogReason, wallClock } from '../../../shared/screens/rule-log-words.ts';
import { useFormatter, useT } from '../i18n/intl.ts';
import { reasonId } from './log-words.ts';

/** An entry's details in words, for the log table. */
export function useLogDetail(locale: 'fi' | 'en'): (entry: RuleLogEntry) => string {
  const t = useT();
  const f = useFormatter();
  return (entry) => {
    const facts = ruleLogFacts(entry);
    const reason = ruleLogReason(entry);
    return [
      facts.amount !== null ? (facts.buyer !== null ? t('rules.verdict.amount', { amount: f.money(facts.amount), author: facts.buyer }) : f.money(facts.amount)) : null,
      facts.from !== null && facts.to !== null ? t('rules.log.price', { from: f.money(facts.from), to: f.money(facts.to) }) : null,
      facts.listTime !== null ? t('rules.log.starts', { time: wallClock(facts.listTime, locale) }) : null,
      facts.closingTime !== null ? t('rules.log.ends', { time: wallClock(facts.closingTime, locale) }) : null,
      facts.generation !== null ? t('rules.log.generation', { n: facts.generation }) : null,
      reason !== null ? t(reasonId(reason)) : null,
    ].filter((part) => part !== null).join(' · ');
  };
}
