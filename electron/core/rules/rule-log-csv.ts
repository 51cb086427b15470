// The rules log as CSV for a spreadsheet: UTF-8 with BOM; in Finnish `;` between fields and
// decimal commas (Excel's Finnish reading), in English commas and points. Times in the
// marketplace's zone. Quoting as RFC 4180.
import { DateTime } from 'luxon';
import type { RuleLogEntry } from '../../../shared/ipc-rules.ts';
import { SERVICE_ZONE } from './offer-rules.ts';

const quote = (value: string, sep: string) => (/[";\r\n,]/.test(value) || value.includes(sep) ? `"${value.replace(/"/g, '""')}"` : value);

export function ruleLogCsv(entries: readonly RuleLogEntry[], locale: 'fi' | 'en'): string {
  const sep = locale === 'fi' ? ';' : ',';
  const num = (n: unknown) => (typeof n === 'number' ? (locale === 'fi' ? String(n).replace('.', ',') : String(n)) : '');
  const head = ['time', 'rule', 'rule id', 'action', 'outcome', 'item', 'title', 'offer', 'amount', 'detail'];
  const lines = entries.map((e) => [
    DateTime.fromMillis(e.at, { zone: SERVICE_ZONE }).toFormat('yyyy-MM-dd HH:mm:ss'),
    e.ruleKind, e.ruleId === null ? '' : String(e.ruleId), e.action, e.outcome,
    e.itemRemoteId === null ? (e.itemLocalId === null ? '' : `local ${e.itemLocalId}`) : String(e.itemRemoteId),
    e.title ?? '', e.offerId === null ? '' : String(e.offerId), num(e.detail.amount ?? e.detail.to), JSON.stringify(e.detail),
  ].map((v) => quote(v, sep)).join(sep));
  return `\uFEFF${[head.join(sep), ...lines].join('\r\n')}\r\n`;
}
