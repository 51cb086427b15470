// A language's words load when it is first used (renderer/src/i18n/messages.ts): the window loads the
// seller's language only, and a switch to the other one waits for its catalog before anything is
// worded in it. (This file loads no catalog up front, unlike the stores' tests.)
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type * as LocaleStoreModule from '../../renderer/src/i18n/locale-store.ts';
import type * as MessagesModule from '../../renderer/src/i18n/messages.ts';
import type * as TranslateModule from '../../renderer/src/i18n/translate.ts';

// This file's own copies of the modules, none of their catalogs loaded: test files may share a
// worker's modules (vitest.config.ts), and other files load both catalogs up front.
let localeStore: typeof LocaleStoreModule.localeStore;
let messages: typeof MessagesModule;
let translate: typeof TranslateModule.translate;
beforeAll(async () => {
  vi.resetModules();
  messages = await import('../../renderer/src/i18n/messages.ts');
  ({ localeStore } = await import('../../renderer/src/i18n/locale-store.ts'));
  ({ translate } = await import('../../renderer/src/i18n/translate.ts'));
});

describe('the catalogs, loaded when their language is used', () => {
  it('says plainly that a language is not loaded yet, instead of showing keys', () => {
    const { catalogOf, isCatalogLoaded, msg } = messages;
    expect(isCatalogLoaded('en')).toBe(false);
    expect(() => catalogOf('en')).toThrow(/the en catalog is not loaded/);
    expect(() => translate(msg('common.yes'), 'en')).toThrow(/not loaded/);
  });

  it('loads a catalog once, however many ask at the same time', async () => {
    const { isMessageId, loadCatalog, msg } = messages;
    const [a, b] = await Promise.all([loadCatalog('en'), loadCatalog('en')]);
    expect(a).toBe(b);
    expect(await loadCatalog('en')).toBe(a);
    expect(translate(msg('common.yes'), 'en')).toBe('Yes');
    expect(isMessageId('common.yes')).toBe(true);
    expect(isMessageId('option.condition.refurbished-by-robots')).toBe(false);
  });

  it('switches language only once its words are in', async () => {
    const { isCatalogLoaded, msg } = messages;
    expect(localeStore.getState().locale).toBe('en');
    expect(isCatalogLoaded('fi')).toBe(false);
    const switching = localeStore.getState().choose('fi');
    // Chosen, not yet in use: the screen stays in English until the Finnish words have loaded.
    expect(localeStore.getState()).toMatchObject({ choice: 'fi', locale: 'en' });
    await switching;
    expect(localeStore.getState()).toMatchObject({ choice: 'fi', locale: 'fi' });
    expect(translate(msg('common.yes'))).toBe('Kyllä');
    // Both loaded now: a switch back is at once.
    void localeStore.getState().choose('en');
    expect(localeStore.getState()).toMatchObject({ choice: 'en', locale: 'en' });
  });
});
