// Values as the drafts' dialogs show them, in the language in use: yes/no, options by their
// names, prices with two decimals and the locale's decimal comma or point.
import type { Formatter } from '../../../shared/format/formatter.ts';
import { ITEM_FIELDS, isItemField } from '../../../shared/items/item-fields.ts';
import type { Translate } from '../i18n/intl.ts';
import { isMessageId } from '../i18n/messages.ts';

const isMoney = (field: string) => field.endsWith('Price') || field === 'minimumIncrease';

/** An option's name (`option.condition.new` → "New"), or the value itself when it has none. */
export function optionWords(t: Translate, field: string, value: string): string {
  if (value === 'yes' || value === 'no') return t(value === 'yes' ? 'common.yes' : 'common.no');
  const id = `option.${field}.${value}`;
  return isMessageId(id) ? t(id) : value;
}

/** A value of a field as a preview shows it; empty is a dash. */
export function valueWords(t: Translate, format: Formatter, field: string, value: unknown): string {
  if (value === null || value === undefined || value === '') return t('common.none');
  const kind = isItemField(field) ? ITEM_FIELDS[field].kind : null;
  if (kind === 'flag') return t(value ? 'common.yes' : 'common.no');
  if (Array.isArray(value)) return value.map((v) => optionWords(t, field, String(v))).join(', ');
  if (typeof value === 'number') return isMoney(field) ? format.amount(value) : format.number(value);
  if (kind === 'enum') return optionWords(t, field, String(value));
  return String(value);
}
