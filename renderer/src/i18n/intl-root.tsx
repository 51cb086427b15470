// Gives the app its language: react-intl's provider with the catalog of the language in use.
import { useEffect, type ReactNode } from 'react';
import { IntlProvider } from 'react-intl';
import { useStore } from 'zustand';
import { INTL_LOCALE } from '../../../shared/format/app-locale.ts';
import { localeStore } from './locale-store.ts';
import { catalogOf } from './messages.ts';

export function IntlRoot({ children }: { children: ReactNode }) {
  const locale = useStore(localeStore, (s) => s.locale);
  // Screen readers and the spell checker follow the page's language.
  useEffect(() => {
    document.documentElement.lang = locale;
  }, [locale]);
  return (
    <IntlProvider locale={INTL_LOCALE[locale]} defaultLocale="en-GB" messages={catalogOf(locale)}>
      {children}
    </IntlProvider>
  );
}
