// A damaged cache said where the seller looks first (issue 42): at the start, over every screen,
// until it is restored or the seller keeps the empty cache. The app started on an empty cache, so
// the first screen would otherwise show a near-empty shop as if the drafts had vanished. The
// restore is one key away: the button says which backup and how many drafts it holds, and has
// the keyboard when the notice appears (Enter restores; the words are the confirmation).
import { useEffect, useRef } from 'react';
import { useStore } from 'zustand';
import { BusyButton } from '../a11y/busy-button.tsx';
import { useFormatter, useMessage, useT } from '../i18n/intl.ts';
import type { BackupsStore } from './backups-store.ts';
import './backups.css';

export function DamageNotice({ store }: { store: BackupsStore }) {
  const t = useT();
  const say = useMessage();
  const format = useFormatter();
  const { status, backups, busy, error } = useStore(store);
  const box = useRef<HTMLDivElement>(null);
  const damage = status?.damage[0];
  const latest = backups[0];
  // Once, when the notice can offer its backup.
  const offered = Boolean(damage && latest);
  useEffect(() => {
    if (offered) box.current?.querySelector<HTMLButtonElement>('button.damage-restore')?.focus();
  }, [offered]);
  if (!damage) return null;
  return (
    <div ref={box} className="notice error damage-notice" role="alert" aria-labelledby="damage-notice-text">
      <p id="damage-notice-text">
        {t('backups.damage', { time: format.dateTime(damage.at), file: damage.keptAs })}{' '}
        {latest ? t('backups.damage.holds', { time: format.dateTime(latest.created), drafts: latest.drafts }) : t('backups.damage.noBackup')}
      </p>
      {error && <p>{say(error)}</p>}
      {latest && (
        <BusyButton type="button" className="damage-restore" busy={busy} onClick={() => void store.getState().restoreDamaged(damage.keptAs, latest.id)}>
          {t('backups.damage.restoreDrafts', { time: format.dateTime(latest.created), drafts: latest.drafts })}
        </BusyButton>
      )}
      <button type="button" onClick={() => void store.getState().dismissDamage(damage.keptAs)}>{t('backups.damage.dismiss')}</button>
    </div>
  );
}
