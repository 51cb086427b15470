// Backups (under Accounts, the app's settings): the last good backup and where it is, a failure
// said until a later backup succeeds, a damaged cache set aside at start with the latest good
// backup offered, the list with restore, the seller's own folder, and moving accounts to another
// computer (one file; a passphrase seals it and lets the password travel).
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useStore } from 'zustand';
import type { BackupEntry } from '../../../shared/ipc/backup.ts';
import { describeReason } from '../i18n/describe-error.ts';
import { useFormatter, useMessage, useT } from '../i18n/intl.ts';
import { msg, type MessageId } from '../i18n/messages.ts';
import type { BackupsStore } from './backups-store.ts';
import './backups.css';
import { BusyButton } from '../a11y/busy-button.tsx';
import { stageFile } from '../images/file-sources.ts';

export function BackupsSection({ store }: { store: BackupsStore }) {
  const t = useT();
  const say = useMessage();
  const format = useFormatter();
  const { status, backups, busy, error, notice, picksFolder } = useStore(store);
  const [folder, setFolder] = useState('');
  const [confirming, setConfirming] = useState<BackupEntry | null>(null);
  const [exportAll, setExportAll] = useState(false);
  const [exportPass, setExportPass] = useState('');
  const [importFile, setImportFile] = useState<File | null>(null);
  const [importPass, setImportPass] = useState('');
  useEffect(() => {
    void store.getState().load();
  }, [store]);
  useEffect(() => {
    setFolder(status?.folder ?? '');
  }, [status?.folder]);

  const places = (p: readonly string[]) => p.map((place) => t(place === 'data' ? 'backups.place.data' : 'backups.place.folder')).join(', ');
  const megabytes = (bytes: number) => t('backups.megabytes', { size: format.number(bytes / 1_000_000, 1) });
  const failure = status?.lastFailure;
  const latest = backups[0];
  const saveFolder = (e: FormEvent) => {
    e.preventDefault();
    void store.getState().setFolder(folder.trim() || null);
  };
  const doExport = (e: FormEvent) => {
    e.preventDefault();
    void store.getState().exportTo(exportAll, exportPass || null);
    setExportPass('');
  };
  const doImport = (e: FormEvent) => {
    e.preventDefault();
    if (!importFile) return;
    const file = importFile;
    void store.getState().importFrom(() => stageFile(file), file.name, importPass || null);
    setImportPass('');
  };

  return (
    <section className="backups" aria-labelledby="backups-title">
      <h3 id="backups-title">{t('backups.title')}</h3>
      {notice && <p className="notice info" role="status">{say(notice)}</p>}
      {error && <p className="notice error" role="alert">{say(error)}</p>}
      {status?.damage.map((d) => (
        <div key={d.keptAs} className="notice error" role="alert">
          <p>{t('backups.damage', { time: format.dateTime(d.at), file: d.keptAs })}</p>
          {latest && <BusyButton type="button" className="primary" busy={busy} onClick={() => setConfirming(latest)}>{t('backups.damage.restore', { time: format.dateTime(latest.created) })}</BusyButton>}
          <button type="button" onClick={() => void store.getState().dismissDamage(d.keptAs)}>{t('backups.damage.dismiss')}</button>
        </div>
      ))}
      {failure && (
        <p className="notice error" role="alert">
          {t('backups.failed', { time: format.dateTime(failure.at), where: t(failure.location === 'folder' ? 'backups.place.folder' : 'backups.place.data') })}{' '}
          {say(describeReason(failure.reason, failure.params) ?? msg('backups.failed.unknown'))}
        </p>
      )}
      <p className="backups-last">
        {status?.lastGood
          ? t('backups.lastGood', { time: format.dateTime(status.lastGood.created), ago: format.relative(status.lastGood.created), where: places(status.lastGood.places) })
          : t('backups.none')}
        {status?.running && <span className="badge warn">{t('backups.running')}</span>}
      </p>
      <p className="muted">{t('backups.when')}</p>
      <div className="form-row">
        <BusyButton type="button" className="primary" busy={busy || status?.running === true} onClick={() => void store.getState().backupNow()}>{t('backups.now')}</BusyButton>
      </div>
      {picksFolder ? (
        // Electron: the folder is chosen in main's dialog; the page shows it and never writes a path.
        <div className="form-row" role="group" aria-labelledby="backups-folder-label">
          <span id="backups-folder-label">{t('backups.folder.label')}</span>
          <span className="path" data-testid="backups-folder">{status?.folder ?? t('backups.folder.none')}</span>
          <BusyButton type="button" busy={busy} onClick={() => void store.getState().chooseFolder()}>{t('backups.folder.choose')}</BusyButton>
          {status?.folder && <BusyButton type="button" busy={busy} onClick={() => void store.getState().setFolder(null)}>{t('backups.folder.clear')}</BusyButton>}
        </div>
      ) : (
        <form className="form-row" onSubmit={saveFolder} aria-label={t('backups.folder.label')}>
          <label htmlFor="backups-folder">{t('backups.folder.label')}</label>
          <input id="backups-folder" className="path" placeholder={t('backups.folder.placeholder')} value={folder} onChange={(e) => setFolder(e.target.value)} />
          <BusyButton type="submit" busy={busy}>{t('backups.folder.save')}</BusyButton>
        </form>
      )}
      {confirming && (
        <RestoreConfirm
          text={t('backups.restore.confirm', { time: format.dateTime(confirming.created), drafts: confirming.drafts })}
          busy={busy}
          onRestore={() => void store.getState().restore(confirming.id).then(() => setConfirming(null))}
          onCancel={() => setConfirming(null)}
        />
      )}
      {backups.length > 0 && (
        // A narrow window shows each backup as a card of labelled values (reflow.css, .stacks): the
        // roles keep it a table for assistive technology whatever its CSS display.
        <table className="table backups-list stacks" role="table">
          <caption className="muted">{t('backups.list.caption')}</caption>
          <thead role="rowgroup">
            <tr role="row">
              <th role="columnheader">{t('backups.column.time')}</th><th role="columnheader">{t('backups.column.reason')}</th><th role="columnheader" className="num">{t('backups.column.drafts')}</th>
              <th role="columnheader" className="num">{t('backups.column.templates')}</th><th role="columnheader" className="num">{t('backups.column.photos')}</th><th role="columnheader" className="num">{t('backups.column.size')}</th>
              <th role="columnheader">{t('backups.column.where')}</th><th role="columnheader" />
            </tr>
          </thead>
          <tbody role="rowgroup">
            {backups.map((b) => (
              <tr key={b.id} role="row">
                <td role="cell" data-label={t('backups.column.time')}>{format.dateTime(b.created)}</td>
                <td role="cell" data-label={t('backups.column.reason')}>{t(`backups.reason.${b.reason}` as MessageId)}</td>
                <td role="cell" data-label={t('backups.column.drafts')} className="num">{format.number(b.drafts)}</td>
                <td role="cell" data-label={t('backups.column.templates')} className="num">{format.number(b.templates)}</td>
                <td role="cell" data-label={t('backups.column.photos')} className="num">{format.number(b.photos)}</td>
                <td role="cell" data-label={t('backups.column.size')} className="num">{megabytes(b.bytes)}</td>
                <td role="cell" data-label={t('backups.column.where')}>{places(b.places)}</td>
                <td role="cell" className="actions"><BusyButton type="button" busy={busy} onClick={() => setConfirming(b)}>{t('backups.restore')}</BusyButton></td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <h3>{t('backups.move.title')}</h3>
      <p className="muted">{t('backups.move.help')}</p>
      <form className="form-row" onSubmit={doExport} aria-label={t('backups.export')}>
        <label><input type="checkbox" checked={exportAll} onChange={(e) => setExportAll(e.target.checked)} /> {t('backups.export.all')}</label>
        <input aria-label={t('backups.passphrase')} placeholder={t('backups.passphrase.optional')} type="password" autoComplete="new-password" minLength={8} value={exportPass} onChange={(e) => setExportPass(e.target.value)} />
        <BusyButton type="submit" busy={busy}>{t('backups.export')}</BusyButton>
      </form>
      <form className="form-row" onSubmit={doImport} aria-label={t('backups.import')}>
        <label htmlFor="backups-import-file">{t('backups.import.file')}</label>
        <input id="backups-import-file" type="file" accept=".mdesk" onChange={(e) => setImportFile(e.target.files?.[0] ?? null)} required />
        <input aria-label={t('backups.passphrase')} placeholder={t('backups.passphrase.ifSealed')} type="password" autoComplete="off" value={importPass} onChange={(e) => setImportPass(e.target.value)} />
        <BusyButton type="submit" busy={busy}>{t('backups.import')}</BusyButton>
      </form>
    </section>
  );
}

/**
 * The restore's confirmation, an inline alertdialog: it takes the keyboard as it appears (on its
 * Restore button), Esc or Cancel closes it, and the button that asked gets the keyboard back.
 */
function RestoreConfirm({ text, busy, onRestore, onCancel }: { text: string; busy: boolean; onRestore: () => void; onCancel: () => void }) {
  const t = useT();
  const box = useRef<HTMLDivElement>(null);
  const asker = useRef<HTMLElement | null>(null);
  useEffect(() => {
    const active = document.activeElement;
    asker.current = active instanceof HTMLElement && active !== document.body ? active : null;
    box.current?.querySelector<HTMLButtonElement>('button.primary')?.focus();
  }, []);
  const cancel = () => {
    onCancel();
    if (asker.current?.isConnected) asker.current.focus();
  };
  return (
    <div
      ref={box}
      className="notice warn"
      role="alertdialog"
      aria-labelledby="backups-confirm"
      onKeyDown={(e) => {
        if (e.key !== 'Escape') return;
        e.preventDefault();
        cancel();
      }}
    >
      <p id="backups-confirm">{text}</p>
      <BusyButton type="button" className="primary" busy={busy} onClick={onRestore}>{t('backups.restore.do')}</BusyButton>
      <button type="button" onClick={cancel}>{t('common.cancel')}</button>
    </div>
  );
}
