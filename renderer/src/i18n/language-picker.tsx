// The language setting: the system's, Finnish or English.
import { useStore } from 'zustand';
import { localeFromSystem } from '../../../shared/format/app-locale.ts';
import { useT } from './intl.ts';
import { localeStore, type LanguageChoice } from './locale-store.ts';

export function LanguagePicker() {
  const t = useT();
  const choice = useStore(localeStore, (s) => s.choice);
  const system = localeFromSystem(navigator.languages);
  return (
    <label className="language-picker">
      <span>{t('settings.language')}</span>{' '}
      <select value={choice} onChange={(e) => localeStore.getState().choose(e.target.value as LanguageChoice)}>
        <option value="system">{t('settings.language.system', { language: t(`settings.language.${system}`) })}</option>
        <option value="fi">{t('settings.language.fi')}</option>
        <option value="en">{t('settings.language.en')}</option>
      </select>
    </label>
  );
}
