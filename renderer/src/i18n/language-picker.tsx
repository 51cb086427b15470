// The language setting: the system's, Finnish or English.
import { useState } from 'react';
import { useStore } from 'zustand';
import { localeFromSystem } from '../../../shared/format/app-locale.ts';
import { useT } from './intl.ts';
import { localeStore, type LanguageChoice } from './locale-store.ts';

export function LanguagePicker() {
  const t = useT();
  const choice = useStore(localeStore, (s) => s.choice);
  const system = localeFromSystem(navigator.languages);
  // A language's words load when first chosen; a file that cannot be read says so here.
  const [failed, setFailed] = useState(false);
  const choose = (next: LanguageChoice) => {
    setFailed(false);
    localeStore.getState().choose(next).catch(() => setFailed(true));
  };
  return (
    <label className="language-picker">
      <span>{t('settings.language')}</span>{' '}
      <select value={choice} onChange={(e) => choose(e.target.value as LanguageChoice)}>
        <option value="system">{t('settings.language.system', { language: t(`settings.language.${system}`) })}</option>
        <option value="fi">{t('settings.language.fi')}</option>
        <option value="en">{t('settings.language.en')}</option>
      </select>
      {failed && <span className="notice error" role="alert">{t('app.partFailed')}</span>}
    </label>
  );
}
