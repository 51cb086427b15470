// The languages the app speaks, and the Intl locale each formats with. English formats as in
// Britain (24 Nov 2026, 18:00, €12.50): the marketplace is Finnish, so 12-hour clocks and
// month-first dates would only confuse.
export const APP_LOCALES = ['fi', 'en'] as const;
export type AppLocale = (typeof APP_LOCALES)[number];

export const INTL_LOCALE: Record<AppLocale, string> = { fi: 'fi-FI', en: 'en-GB' };

export function isAppLocale(value: unknown): value is AppLocale {
  return typeof value === 'string' && (APP_LOCALES as readonly string[]).includes(value);
}

/** The app's language for a list of system languages (navigator.languages): Finnish or English. */
export function localeFromSystem(languages: readonly string[]): AppLocale {
  for (const tag of languages) {
    const base = tag.toLowerCase().split(/[-_]/)[0];
    if (isAppLocale(base)) return base;
  }
  return 'en';
}
