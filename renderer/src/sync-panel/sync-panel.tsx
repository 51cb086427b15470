// Sync panel: online/offline, the queue, the current run's progress, items the service refused
// (its reason next to the field), conflicts side by side with "keep mine / take theirs" per
// field, items whose outcome is being verified; Sync now and the Work offline switch.
import { useEffect } from 'react';
import { useStore } from 'zustand';
import type { SyncStore } from '../stores/app-stores.ts';
import type { SyncProblemsStore } from './sync-problems-store.ts';

const show = (value: unknown): string => {
  if (value === null || value === undefined || value === '') return '(empty)';
  if (Array.isArray(value)) return value.join(', ');
  return String(value);
};

const megabytes = (bytes: number): string => `${(bytes / 1_048_576).toLocaleString(undefined, { maximumFractionDigits: 1, minimumFractionDigits: 1 })} MB`;

export function SyncPanel({ sync, problems: store }: { sync: SyncStore; problems: SyncProblemsStore }) {
  const status = useStore(sync, (s) => s.status);
  const progress = useStore(sync, (s) => s.progress);
  const photos = useStore(sync, (s) => s.photos);
  const uploading = useStore(sync, (s) => s.uploading);
  const problems = useStore(store, (s) => s.problems);
  const choices = useStore(store, (s) => s.choices);
  const error = useStore(store, (s) => s.error);
  useEffect(() => {
    void sync.getState().refresh();
    void store.getState().load();
  }, [sync, store]);
  const state = !status ? '…' : status.offline ? 'Working offline' : status.online ? 'Online' : 'Not connected';
  return (
    <section className="screen" aria-labelledby="sync-title">
      <header className="screen-head">
        <h2 id="sync-title">Sync</h2>
        <span className={`dot ${status?.online && !status.offline ? 'on' : 'off'}`} aria-hidden="true" />
        <strong data-testid="sync-state">{state}</strong>
        <span className="spacer" />
        <label className="switch">
          <input type="checkbox" checked={status?.offline ?? false} onChange={(e) => void sync.getState().setOffline(e.target.checked)} /> Work offline
        </label>
        <button type="button" className="primary" disabled={!status || status.offline || status.running} onClick={() => void sync.getState().syncNow()}>Sync now</button>
      </header>
      {status && (
        <dl className="facts">
          <div><dt>Waiting to send</dt><dd data-testid="queue-length">{status.toSend}</dd></div>
          <div><dt>Local drafts (sent once published)</dt><dd data-testid="kept-local">{status.keptLocal}</dd></div>
          <div><dt>Need attention</dt><dd>{status.parked}</dd></div>
          <div><dt>Last run</dt><dd>{status.lastRunAt ? new Date(status.lastRunAt).toLocaleTimeString() : 'not yet'}</dd></div>
          <div><dt>Engine</dt><dd>{status.engine === 'engine' ? 'marketplace sync' : 'this computer only (not signed in)'}</dd></div>
        </dl>
      )}
      {status?.message && (
        /failed/i.test(status.message)
          ? <p className="notice error" role="alert">{status.message}</p>
          : <p className="notice info" role="status">{status.message}</p>
      )}
      {progress?.running && (
        <p className="progress-line">
          <span>{progress.phase}</span>
          {progress.total > 0 && <progress max={progress.total} value={progress.done} aria-label="Progress of the current run" />}
          {progress.total > 0 && <span>{progress.done} / {progress.total}</span>}
        </p>
      )}
      {photos && photos.total > 0 && (
        <p className="progress-line" data-testid="photo-progress">
          <span>{progress?.running ? 'Photos' : 'Photos of the last run'}</span>
          <progress max={Math.max(1, photos.bytesTotal)} value={photos.bytesDone} aria-label="Photos uploaded in this run" />
          <span>
            {photos.done} of {photos.total} uploaded ({megabytes(photos.bytesDone)} of {megabytes(photos.bytesTotal)})
            {uploading > 0 && ` · ${uploading} uploading`}
            {photos.failed > 0 && ` · ${photos.failed} failed, sent again with the next sync`}
          </span>
        </p>
      )}
      {error && <p className="notice error" role="alert">{error}</p>}

      <h3>Conflicts {problems && <span className="pill">{problems.conflicts.length}</span>}</h3>
      {problems?.conflicts.length === 0 && <p className="empty">None: nothing was changed both here and on the marketplace.</p>}
      {problems?.conflicts.map((c) => (
        <article key={c.localId} className="card conflict" aria-label={`Conflict on ${c.title ?? 'item'}`}>
          <strong>{c.title ?? 'Untitled'}</strong>
          <table className="table compare">
            <thead><tr><th>Field</th><th>Mine (this computer)</th><th>Theirs (marketplace)</th></tr></thead>
            <tbody>
              {c.fields.map((f) => {
                const chosen = choices[c.localId]?.[f.field];
                return (
                  <tr key={f.field}>
                    <th scope="row">{f.field}</th>
                    <td className={chosen === 'local' ? 'chosen' : ''}>
                      <label><input type="radio" name={`${c.localId}-${f.field}`} checked={chosen === 'local'} onChange={() => store.getState().choose(c.localId, f.field, 'local')} /> Keep mine: <span className="value">{show(f.local)}</span></label>
                    </td>
                    <td className={chosen === 'remote' ? 'chosen' : ''}>
                      <label><input type="radio" name={`${c.localId}-${f.field}`} checked={chosen === 'remote'} onChange={() => store.getState().choose(c.localId, f.field, 'remote')} /> Take theirs: <span className="value">{show(f.remote)}</span></label>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
          <button type="button" className="primary" disabled={c.fields.some((f) => !choices[c.localId]?.[f.field])} onClick={() => void store.getState().resolve(c.localId)}>Apply choices</button>
        </article>
      ))}

      <h3>Scheduled {problems && <span className="pill">{problems.scheduled.length}</span>}</h3>
      {problems?.scheduled.length === 0 && <p className="empty">None: nothing waits for its list time.</p>}
      {problems && problems.scheduled.length > 0 && (
        <table className="table" data-testid="scheduled-items">
          <thead><tr><th>Item</th><th>Listed by the marketplace at</th></tr></thead>
          <tbody>
            {problems.scheduled.map((s) => (
              <tr key={s.localId}>
                <td>{s.title ?? 'Untitled'}</td>
                <td>{s.listTime ? new Date(s.listTime.replace(/([+-]\d{2})(\d{2})$/, '$1:$2')).toLocaleString() : 'its list time'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}

      <h3>Refused by the marketplace {problems && <span className="pill">{problems.rejected.length}</span>}</h3>
      {problems?.rejected.length === 0 && <p className="empty">None.</p>}
      {problems && problems.rejected.length > 0 && (
        <table className="table">
          <thead><tr><th>Item</th><th>Field</th><th>Value here</th><th>The marketplace says</th></tr></thead>
          <tbody>
            {problems.rejected.map((r) => (
              <tr key={r.localId}>
                <td>{r.title ?? 'Untitled'}</td>
                <td><code>{r.field ?? '—'}</code></td>
                <td>{r.field ? show(r.value) : '—'}</td>
                <td className="bad-text">{r.reason ?? 'refused'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <p className="hint">A refused item is sent again once you change it in the drafts grid.</p>

      <h3>Being verified {problems && <span className="pill">{problems.unknown.length}</span>}</h3>
      {problems?.unknown.length === 0 ? <p className="empty">None.</p> : (
        <ul>{problems?.unknown.map((u) => <li key={u.localId}>{u.title ?? 'Untitled'}: the last request got no answer; the next run checks the marketplace before sending it again.</li>)}</ul>
      )}
    </section>
  );
}
