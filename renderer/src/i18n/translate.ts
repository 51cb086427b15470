// Messages into words outside React: the Intl object of each language (made once), the formatter
// of each language, and `translate` for the few places that need a finished string at once (a
// desktop notification, a test). DOM-free and React-free, so stores and Node tests use it.
import { createIntl, createIntlCache, type IntlShape } from '@formatjs/intl';
import { INTL_LOCALE, type AppLocale } from '../../../shared/format/app-locale.ts';
import { createFormatter, type Formatter } from '../../../shared/format/formatter.ts';
import type { ItemFieldName } from '../../../shared/items/item-fields.ts';
import { localeStore } from './locale-store.ts';
import { catalogOf, type MessageId, type MessageValues, type Msg } from './messages.ts';

const cache = createIntlCache();
const intls = new Map<AppLocale, IntlShape>();
const formatters = new Map<AppLocale, Formatter>();

/** The Intl object of a language. */
export function intlFor(locale: AppLocale): IntlShape {
  let intl = intls.get(locale);
  if (!intl) {
    intl = createIntl({ locale: INTL_LOCALE[locale], defaultLocale: 'en-GB', messages: catalogOf(locale) }, cache);
    intls.set(locale, intl);
  }
  return intl;
}

export function formatterFor(locale: AppLocale): Formatter {
  let formatter = formatters.get(locale);
  if (!formatter) formatters.set(locale, (formatter = createFormatter(locale)));
  return formatter;
}

/** A message in words, in the language in use unless told. Prefer keeping a Msg in a store. */
export function translate(message: Msg, locale: AppLocale = localeStore.getState().locale): string {
  return formatMessage(intlFor(locale), message.id, message.values);
}

/**
 * A message without values reads the same every time in one language: its words are kept. formatjs
 * finds its compiled message by serialising the message and the formats to JSON on every call, and
 * the toolbar, the column chooser and the headings ask for some fifty labels on every keystroke.
 */
const plainWords = new WeakMap<Pick<IntlShape, 'formatMessage'>, Map<MessageId, string>>();

export function formatMessage(intl: Pick<IntlShape, 'formatMessage'>, id: MessageId, values?: MessageValues): string {
  if (!values) {
    let words = plainWords.get(intl);
    if (!words) plainWords.set(intl, (words = new Map()));
    let said = words.get(id);
    if (said === undefined) words.set(id, (said = intl.formatMessage({ id })));
    return said;
  }
  const words: Record<string, string | number | Date | null | undefined> = {};
  for (const [name, value] of Object.entries(values)) words[name] = isMsg(value) ? formatMessage(intl, value.id, value.values) : value;
  return intl.formatMessage({ id }, words as Record<string, string | number | Date>);
}

function isMsg(value: unknown): value is Msg {
  return typeof value === 'object' && value !== null && !(value instanceof Date) && typeof (value as Msg).id === 'string';
}

/** A field's label as sellers read it: its full name, or the grid heading's short one. */
export function fieldLabelId(field: ItemFieldName, short = false): MessageId {
  // No cast: every field's labels are in the catalog (FieldLabels), so this is a MessageId.
  return short ? (`field.${field}.short` as const) : (`field.${field}` as const);
}
