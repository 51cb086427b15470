// Sync panel: online/offline, the queue, the current run's progress, items the service refused
// (its reason next to the field, in the seller's words), conflicts side by side with "keep mine /
// take theirs" per field, items whose outcome is being verified; Sync now and the Work offline switch.
import { useEffect } from 'react';
import { useStore } from 'zustand';
import { isItemField } from '../../../shared/items/item-fields.ts';
import { describeRefusal, fieldWords } from '../i18n/describe-error.ts';
import { useFormatter, useMessage, useT } from '../i18n/intl.ts';
import type { SyncStore } from '../stores/app-stores.ts';
import { isSyncFailure, syncNoticeMessage } from './sync-notice.ts';
import type { SyncProblemsStore } from './sync-problems-store.ts';
import { ShopReading } from './shop-reading.tsx';

export function SyncPanel({ sync, problems: store }: { sync: SyncStore; problems: SyncProblemsStore }) {
  const t = useT();
  const say = useMessage();
  const format = useFormatter();
  const status = useStore(sync, (s) => s.status);
  const progress = useStore(sync, (s) => s.progress);
  const photos = useStore(sync, (s) => s.photos);
  const uploading = useStore(sync, (s) => s.uploading);
  const shop = useStore(sync, (s) => s.shop);
  const problems = useStore(store, (s) => s.problems);
  const choices = useStore(store, (s) => s.choices);
  const error = useStore(store, (s) => s.error);
  useEffect(() => {
    void sync.getState().refresh();
    void store.getState().load();
  }, [sync, store]);
  const state = !status ? '…' : status.offline ? t('sync.state.offline') : status.online ? t('sync.state.online') : t('sync.state.notConnected');
  const notice = status ? syncNoticeMessage(status) : null;
  const show = (value: unknown): string => {
    if (value === null || value === undefined || value === '') return t('sync.empty');
    if (Array.isArray(value)) return value.join(', ');
    return typeof value === 'number' ? format.number(value) : String(value);
  };
  const megabytes = (bytes: number): string => t('sync.megabytes', { value: bytes / 1_048_576 });
  const label = (field: string) => (isItemField(field) ? say(fieldWords(field)) : field);
  const untitled = (title: string | null) => title ?? t('sync.untitled');
  return (
    <section className="screen" aria-labelledby="sync-title">
      <header className="screen-head">
        <h2 id="sync-title">{t('sync.title')}</h2>
        <span className={`dot ${status?.online && !status.offline ? 'on' : 'off'}`} aria-hidden="true" />
        <strong data-testid="sync-state">{state}</strong>
        <span className="spacer" />
        <label className="switch">
          <input type="checkbox" checked={status?.offline ?? false} onChange={(e) => void sync.getState().setOffline(e.target.checked)} /> {t('sync.workOffline')}
        </label>
        <button type="button" className="primary" disabled={!status || status.offline || status.running} onClick={() => void sync.getState().syncNow()}>{t('sync.now')}</button>
      </header>
      {status && (
        <dl className="facts">
          <div><dt>{t('sync.facts.toSend')}</dt><dd data-testid="queue-length">{format.number(status.toSend, 0)}</dd></div>
          <div><dt>{t('sync.facts.keptLocal')}</dt><dd data-testid="kept-local">{format.number(status.keptLocal, 0)}</dd></div>
          <div><dt>{t('sync.facts.parked')}</dt><dd>{format.number(status.parked, 0)}</dd></div>
          <div><dt>{t('sync.facts.lastRun')}</dt><dd>{status.lastRunAt ? format.time(status.lastRunAt) : t('sync.facts.notYet')}</dd></div>
          <div><dt>{t('sync.facts.engine')}</dt><dd>{status.engine === 'engine' ? t('sync.engine.engine') : t('sync.engine.offline')}</dd></div>
        </dl>
      )}
      {status && notice && (
        isSyncFailure(status)
          ? <p className="notice error" role="alert">{say(notice)}</p>
          : <p className="notice info" role="status">{say(notice)}</p>
      )}
      {progress?.running && (
        <p className="progress-line" data-testid="run-progress">
          <span>{t('sync.phase', { phase: progress.phase.split(' ')[0] })}</span>
          {progress.total > 0 && <progress max={progress.total} value={progress.done} aria-label={t('sync.runProgress')} />}
          {progress.total > 0 && <span>{t('sync.runCount', { done: progress.done, total: progress.total })}</span>}
        </p>
      )}
      {shop && <p className="progress-line"><ShopReading store={sync} full /></p>}
      {photos && photos.total > 0 && (
        <p className="progress-line" data-testid="photo-progress">
          <span>{progress?.running ? t('sync.photos.running') : t('sync.photos.last')}</span>
          <progress max={Math.max(1, photos.bytesTotal)} value={photos.bytesDone} aria-label={t('sync.photos.bar')} />
          <span>
            {t('sync.photos.done', { done: photos.done, total: photos.total, doneSize: megabytes(photos.bytesDone), totalSize: megabytes(photos.bytesTotal) })}
            {uploading > 0 && ` · ${t('sync.photos.uploading', { count: uploading })}`}
            {photos.failed > 0 && ` · ${t('sync.photos.failed', { count: photos.failed })}`}
          </span>
        </p>
      )}
      {error && <p className="notice error" role="alert">{say(error)}</p>}

      <h3>{t('sync.conflicts')} {problems && <span className="pill">{problems.conflicts.length}</span>}</h3>
      {problems?.conflicts.length === 0 && <p className="empty">{t('sync.conflicts.none')}</p>}
      {problems?.conflicts.map((c) => (
        <article key={c.localId} className="card conflict" aria-label={t('sync.conflict.label', { title: untitled(c.title) })}>
          <strong>{untitled(c.title)}</strong>
          <table className="table compare">
            <thead><tr><th>{t('sync.column.field')}</th><th>{t('sync.column.mine')}</th><th>{t('sync.column.theirs')}</th></tr></thead>
            <tbody>
              {c.fields.map((f) => {
                const chosen = choices[c.localId]?.[f.field];
                return (
                  <tr key={f.field}>
                    <th scope="row">{label(f.field)}</th>
                    <td className={chosen === 'local' ? 'chosen' : ''}>
                      <label><input type="radio" name={`${c.localId}-${f.field}`} checked={chosen === 'local'} onChange={() => store.getState().choose(c.localId, f.field, 'local')} /> {t('sync.keepMine')} <span className="value">{show(f.local)}</span></label>
                    </td>
                    <td className={chosen === 'remote' ? 'chosen' : ''}>
                      <label><input type="radio" name={`${c.localId}-${f.field}`} checked={chosen === 'remote'} onChange={() => store.getState().choose(c.localId, f.field, 'remote')} /> {t('sync.takeTheirs')} <span className="value">{show(f.remote)}</span></label>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
          <button type="button" className="primary" disabled={c.fields.some((f) => !choices[c.localId]?.[f.field])} onClick={() => void store.getState().resolve(c.localId)}>{t('sync.applyChoices')}</button>
        </article>
      ))}

      <h3>{t('sync.scheduled')} {problems && <span className="pill">{problems.scheduled.length}</span>}</h3>
      {problems?.scheduled.length === 0 && <p className="empty">{t('sync.scheduled.none')}</p>}
      {problems && problems.scheduled.length > 0 && (
        <table className="table" data-testid="scheduled-items">
          <thead><tr><th>{t('sync.column.item')}</th><th>{t('sync.column.listedAt')}</th></tr></thead>
          <tbody>
            {problems.scheduled.map((s) => (
              <tr key={s.localId}>
                <td>{untitled(s.title)}</td>
                <td>{s.listTime ? format.dateTime(s.listTime) : t('sync.scheduled.itsTime')}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}

      <h3>{t('sync.refused')} {problems && <span className="pill">{problems.rejected.length}</span>}</h3>
      {problems?.rejected.length === 0 && <p className="empty">{t('sync.none')}</p>}
      {problems && problems.rejected.length > 0 && (
        <table className="table">
          <thead><tr><th>{t('sync.column.item')}</th><th>{t('sync.column.field')}</th><th>{t('sync.column.valueHere')}</th><th>{t('sync.column.says')}</th></tr></thead>
          <tbody>
            {problems.rejected.map((r) => (
              <tr key={r.localId}>
                <td>{untitled(r.title)}</td>
                <td>{r.field ? label(r.field) : t('common.none')}</td>
                <td>{r.field ? show(r.value) : t('common.none')}</td>
                <td className="bad-text" title={r.reason ?? undefined}>{say(describeRefusal(r))}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <p className="hint">{t('sync.refused.hint')}</p>

      <h3>{t('sync.verifying')} {problems && <span className="pill">{problems.unknown.length}</span>}</h3>
      {problems?.unknown.length === 0 ? <p className="empty">{t('sync.none')}</p> : (
        <ul>{problems?.unknown.map((u) => <li key={u.localId}>{t('sync.verifying.item', { title: untitled(u.title) })}</li>)}</ul>
      )}
    </section>
  );
}
