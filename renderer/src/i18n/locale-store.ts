// The app's language: the system's (Finnish or English) unless the seller picked one in settings.
// The pick is kept in localStorage, which both Electron's window and web mode's browser keep.
import { createStore } from 'zustand/vanilla';
import { isAppLocale, localeFromSystem, type AppLocale } from '../../../shared/format/app-locale.ts';

export type LanguageChoice = AppLocale | 'system';

export interface LocaleState {
  choice: LanguageChoice;
  /** The language in use: the choice, or the system's. */
  locale: AppLocale;
  choose(choice: LanguageChoice): void;
}

const STORAGE_KEY = 'market-desk.language';

// The store is DOM-free (tests run it under Node): it reaches the browser's objects only if present.
interface BrowserGlobals {
  navigator?: { languages?: readonly string[] };
  localStorage?: { getItem(key: string): string | null; setItem(key: string, value: string): void; removeItem(key: string): void };
}
const browser = globalThis as BrowserGlobals;

function systemLocale(): AppLocale {
  return localeFromSystem(browser.navigator?.languages ?? []);
}

function savedChoice(): LanguageChoice {
  const saved = browser.localStorage?.getItem(STORAGE_KEY) ?? null;
  return isAppLocale(saved) ? saved : 'system';
}

export const localeStore = createStore<LocaleState>((set) => {
  const choice = savedChoice();
  return {
    choice,
    locale: choice === 'system' ? systemLocale() : choice,
    choose(next) {
      if (next === 'system') browser.localStorage?.removeItem(STORAGE_KEY);
      else browser.localStorage?.setItem(STORAGE_KEY, next);
      set({ choice: next, locale: next === 'system' ? systemLocale() : next });
    },
  };
});
