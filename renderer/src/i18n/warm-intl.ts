// The browser loads its locale data (ICU) on the first Intl object a page makes: 60-100 ms on a
// 2-core machine, in Chromium 156, whatever the object. The boot script makes them while the
// app waits for the first page and its words, so the grid's first prices and dates do not pay it.
// (A worker making them instead, on the other core, was slower: measured, issue 19.)
import { INTL_LOCALE } from '../../../shared/format/app-locale.ts';
import { localeStore } from './locale-store.ts';

export function warmIntl(): void {
  const locale = INTL_LOCALE[localeStore.getState().locale];
  new Intl.NumberFormat(locale, { style: 'currency', currency: 'EUR' }).format(1);
  new Intl.DateTimeFormat(locale, { dateStyle: 'short', timeStyle: 'short' }).format(0);
  new Intl.PluralRules(locale).select(1);
}
