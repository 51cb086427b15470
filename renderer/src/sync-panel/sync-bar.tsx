// The status bar: where the data is (this computer / the marketplace), the queue, sync controls.
import { useEffect } from 'react';
import { useAnnounce } from '../a11y/live-region.tsx';
import { useStore } from 'zustand';
import { useMessage, useT } from '../i18n/intl.ts';
import { localeStore } from '../i18n/locale-store.ts';
import type { SyncStore } from '../stores/app-stores.ts';
import { queueWords } from './queue-words.ts';
import { ShopReading } from './shop-reading.tsx';
import { syncNoticeMessage } from './sync-notice.ts';

export function SyncBar({ store }: { store: SyncStore }) {
  const t = useT();
  const say = useMessage();
  const locale = useStore(localeStore, (s) => s.locale);
  const status = useStore(store, (s) => s.status);
  const progress = useStore(store, (s) => s.progress);
  const error = useStore(store, (s) => s.error);
  useEffect(() => {
    void store.getState().refresh();
  }, [store]);
  const state = !status ? null : status.offline ? t('sync.state.offline') : status.online ? t('sync.state.online') : t('sync.state.notConnected');
  const notice = status ? syncNoticeMessage(status) : null;
  // A change of the sync state, and what a run reports, are spoken (the state the window opens with is not).
  useAnnounce(state, 'polite', true);
  useAnnounce(notice ? say(notice) : null);
  useAnnounce(error ? say(error) : null, 'assertive');
  if (!status) return <footer className="sync-bar">{t('sync.reading')}</footer>;
  return (
    <footer className="sync-bar" aria-label={t('sync.label')}>
      <span className={`dot ${status.online && !status.offline ? 'on' : 'off'}`} aria-hidden="true" />
      <strong>{state}</strong>
      <span>{queueWords(status, locale)}</span>
      {progress?.running && <progress max={progress.total} value={progress.done} aria-label={t('sync.progress')} />}
      <ShopReading store={store} />
      {notice && <span className="sync-message">{say(notice)}</span>}
      {error && <span className="sync-message bad">{say(error)}</span>}
      <span className="spacer" />
      <label className="switch">
        <input type="checkbox" checked={status.offline} onChange={(e) => void store.getState().setOffline(e.target.checked)} /> {t('sync.workOffline')}
      </label>
      <button type="button" disabled={status.offline || status.running} onClick={() => void store.getState().syncNow()}>{t('sync.now')}</button>
    </footer>
  );
}
