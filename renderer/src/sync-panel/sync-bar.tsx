// The status bar: where the data is (this computer / the marketplace), the queue, sync controls.
import { useEffect } from 'react';
import { useStore } from 'zustand';
import type { SyncStore } from '../stores/app-stores.ts';

export function SyncBar({ store }: { store: SyncStore }) {
  const status = useStore(store, (s) => s.status);
  const progress = useStore(store, (s) => s.progress);
  const error = useStore(store, (s) => s.error);
  useEffect(() => {
    void store.getState().refresh();
  }, [store]);
  if (!status) return <footer className="sync-bar">Reading sync status…</footer>;
  const state = status.offline ? 'Working offline' : status.online ? 'Online' : 'Not connected';
  return (
    <footer className="sync-bar" aria-label="Sync">
      <span className={`dot ${status.online && !status.offline ? 'on' : 'off'}`} aria-hidden="true" />
      <strong>{state}</strong>
      <span>{status.queueLength.toLocaleString()} change{status.queueLength === 1 ? '' : 's'} waiting{status.parked > 0 ? `, ${status.parked} need attention` : ''}</span>
      {progress?.running && <progress max={progress.total} value={progress.done} aria-label="Sync progress" />}
      {status.message && <span className="sync-message">{status.message}</span>}
      {error && <span className="sync-message bad">{error}</span>}
      <span className="spacer" />
      <label className="switch">
        <input type="checkbox" checked={status.offline} onChange={(e) => void store.getState().setOffline(e.target.checked)} /> Work offline
      </label>
      <button type="button" disabled={status.offline || status.running} onClick={() => void store.getState().syncNow()}>Sync now</button>
    </footer>
  );
}
