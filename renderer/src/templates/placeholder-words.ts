// How a template's placeholders are written in the app's language: money by the locale, the
// condition by its option's words in the catalog. Sent with every apply and new draft, so the core
// (which has no catalogs) writes "kunto hyvä, 12,90 €" for a Finnish seller.
import type { AppLocale } from '../../../shared/format/app-locale.ts';
import { CONDITIONS } from '../../../shared/items/item-fields.ts';
import { localeStore } from '../i18n/locale-store.ts';
import type { MessageId } from '../i18n/messages.ts';
import { formatMessage, intlFor } from '../i18n/translate.ts';

export interface PlaceholderWords {
  locale: AppLocale;
  conditions: Record<string, string>;
}

export function placeholderWords(locale: AppLocale = localeStore.getState().locale): PlaceholderWords {
  const intl = intlFor(locale);
  const conditions = Object.fromEntries(CONDITIONS.map((c) => [c, formatMessage(intl, `option.condition.${c}` as MessageId)]));
  return { locale, conditions };
}
