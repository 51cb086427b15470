// The app's language: the system's (Finnish or English) unless the seller picked one in settings.
// The pick is kept in localStorage, which both Electron's window and web mode's browser keep.
import { createStore } from 'zustand/vanilla';
import { isAppLocale, localeFromSystem, type AppLocale } from '../../../shared/format/app-locale.ts';
import { isCatalogLoaded, loadCatalog } from './messages.ts';

export type LanguageChoice = AppLocale | 'system';

export interface LocaleState {
  choice: LanguageChoice;
  /** The language in use: the choice, or the system's. Its catalog is always loaded (once the app shows). */
  locale: AppLocale;
  /** Switches language, once its catalog has loaded (at once when it has). */
  choose(choice: LanguageChoice): Promise<void>;
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

export const localeStore = createStore<LocaleState>((set, get) => {
  const choice = savedChoice();
  return {
    choice,
    locale: choice === 'system' ? systemLocale() : choice,
    async choose(next) {
      const locale = next === 'system' ? systemLocale() : next;
      if (!isCatalogLoaded(locale)) {
        const before = get().choice;
        set({ choice: next });
        try {
          await loadCatalog(locale);
        } catch (error) {
          // The words did not load: the language in use stays, and so does the setting.
          if (get().choice === next) set({ choice: before });
          throw error;
        }
        // A later choice made while this one loaded wins.
        if (get().choice !== next) return;
      }
      if (next === 'system') browser.localStorage?.removeItem(STORAGE_KEY);
      else browser.localStorage?.setItem(STORAGE_KEY, next);
      set({ choice: next, locale });
    },
  };
});
