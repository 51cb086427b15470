// The rules log CSV's words in the seller's language, from the catalog (issue 42): DOM-free, for
// the store; the log table's details are worded by log-detail.ts.
import type { RuleLogWords } from '../../../shared/ipc/rules.ts';
import { RULE_LOG_REASONS, type RuleLogReason } from '../../../shared/screens/rule-log-words.ts';
import { msg, type MessageId } from '../i18n/messages.ts';
import { translate } from '../i18n/translate.ts';

export const reasonId = (reason: RuleLogReason) => `rules.reason.${reason}` as MessageId;

/** The CSV's words in `locale`. */
export function ruleLogWords(locale: 'fi' | 'en'): RuleLogWords {
  const word = (id: MessageId, values?: Record<string, string>) => translate(msg(id, values), locale);
  const each = <K extends string>(keys: readonly K[], id: (key: K) => string) =>
    Object.fromEntries(keys.map((k) => [k, id(k)])) as Record<K, string>;
  return {
    headings: {
      time: word('rules.log.time'), rule: word('rules.log.kind'), action: word('rules.log.action'), outcome: word('rules.log.outcome'),
      item: word('rules.log.itemNumber'), title: word('rules.log.item'), offer: word('rules.log.offerNumber'), amount: word('rules.log.amount'),
      buyer: word('rules.log.buyer'), reason: word('rules.log.reason'), details: word('rules.log.detail'),
    },
    ruleKinds: each(['offer', 'relist', 'schedule'] as const, (k) => word(`rules.log.ruleKind.${k}`)),
    actions: each(['accept', 'refuse', 'leave', 'hold', 'relist', 'skip', 'schedule'] as const, (action) => word('rules.action', { action })),
    outcomes: each(['queued', 'done', 'moot', 'failed', 'none'] as const, (outcome) => word('rules.outcome', { outcome })),
    reasons: each(RULE_LOG_REASONS, (reason) => word(reasonId(reason))),
    details: each(['price', 'listTime', 'closingTime', 'generation', 'local'] as const, (k) => word(`rules.log.detail.${k}`)),
  };
}
