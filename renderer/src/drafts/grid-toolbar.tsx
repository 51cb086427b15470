// Above the grid: search, filters, import/export, bulk edit, undo.
import { useRef, useState } from 'react';
import { useStore } from 'zustand';
import { useT } from '../i18n/intl.ts';
import type { MessageId } from '../i18n/messages.ts';
import type { DraftsStore } from './drafts-store.ts';
import type { GridColumnsStore } from './grid-columns-store.ts';
import { ColumnChooser } from './column-chooser.tsx';
import { stageFile } from '../images/file-sources.ts';
import { noticeOf } from './drafts-actions.ts';
import { base64Blob, download } from './file-transfer.ts';

/** The search box: Ctrl+F comes here (bulk-action-dialog.tsx, useBulkShortcuts). */
export const SEARCH_ID = 'drafts-search';

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

const STATUS_FILTERS: Array<{ label: MessageId; status: string[] | undefined }> = [
  { label: 'grid.filter.drafts', status: ['draft'] },
  { label: 'grid.filter.draftsAndPreviews', status: ['draft', 'preview'] },
  { label: 'grid.filter.open', status: ['published'] },
  { label: 'grid.filter.closed', status: ['closed'] },
  { label: 'grid.filter.all', status: undefined },
];
const SYNC_FILTERS: Array<{ label: MessageId; value: string }> = [
  { label: 'grid.filter.anySync', value: '' },
  { label: 'grid.filter.notSent', value: 'local-only,queued,sending,outcome-unknown' },
  { label: 'grid.filter.rejected', value: 'rejected' },
  { label: 'grid.filter.conflicts', value: 'conflict' },
  { label: 'grid.filter.synced', value: 'synced' },
];

export function GridToolbar({ store, columnsStore, onBulkEdit, onRules }: { store: DraftsStore; columnsStore: GridColumnsStore; onBulkEdit(): void; onRules(): void }) {
  const t = useT();
  const query = useStore(store, (s) => s.query);
  const total = useStore(store, (s) => s.total);
  const selectedCount = useStore(store, (s) => s.selected.size);
  const lastStep = useStore(store, (s) => s.lastStep);
  const orderStale = useStore(store, (s) => s.orderStale);
  const [text, setText] = useState(query.text ?? '');
  const fileRef = useRef<HTMLInputElement>(null);

  // Search follows every keystroke at once: a page of a search costs the core a few
  // milliseconds, and the answer to an older keystroke that comes late is dropped by the store.
  const onSearch = (value: string) => {
    setText(value);
    void store.getState().setQuery({ text: value === '' ? undefined : value });
  };

  const statusIndex = Math.max(0, STATUS_FILTERS.findIndex((f) => JSON.stringify(f.status) === JSON.stringify(query.status)));

  const onFile = async (event: React.ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    // Something shows at once: a large file's upload and first reading take seconds (issue 42).
    store.getState().startReading(file.name);
    // By reference, as photos: a path in Electron, a streamed upload in web mode; no bytes over IPC.
    let source;
    try {
      source = await stageFile(file);
    } catch (error) {
      store.setState({ notice: noticeOf(error), ...(store.getState().runningImport === null ? { importProgress: null } : {}) });
      return;
    }
    await store.getState().importFile({ source }, file.name);
  };

  const onExport = async () => {
    const result = await store.getState().exportCsv();
    if (result) download(result.fileName, new Blob([result.text], { type: 'text/csv;charset=utf-8' }));
  };

  const onExportXlsx = async () => {
    const result = await store.getState().exportXlsx();
    if (result) download(result.fileName, base64Blob(result.base64, XLSX_TYPE));
  };

  return (
    <div className="toolbar" role="toolbar" aria-label={t('grid.toolbar.label')}>
      <input
        id={SEARCH_ID}
        type="search"
        className="search"
        placeholder={t('grid.search.placeholder')}
        aria-label={t('grid.search.label')}
        value={text}
        onChange={(e) => onSearch(e.target.value)}
      />
      <select aria-label={t('grid.filter.status')} value={statusIndex} onChange={(e) => void store.getState().setQuery({ status: STATUS_FILTERS[Number(e.target.value)]?.status })}>
        {STATUS_FILTERS.map((f, i) => <option key={f.label} value={i}>{t(f.label)}</option>)}
      </select>
      <select
        aria-label={t('grid.filter.sync')}
        value={query.syncState?.join(',') ?? ''}
        onChange={(e) => void store.getState().setQuery({ syncState: e.target.value ? (e.target.value.split(',') as NonNullable<typeof query.syncState>) : undefined })}
      >
        {SYNC_FILTERS.map((f) => <option key={f.label} value={f.value}>{t(f.label)}</option>)}
      </select>
      <span className="count" aria-live="polite">{selectedCount > 0 ? t('grid.countSelected', { count: total, selected: selectedCount }) : t('grid.count', { count: total })}</span>
      {orderStale && (
        <button type="button" className="link-button" onClick={() => void store.getState().reload()} title={t('grid.resort.title')}>
          {t('grid.resort')}
        </button>
      )}
      <span className="spacer" />
      <ColumnChooser store={columnsStore} />
      <button type="button" disabled={selectedCount === 0} onClick={onBulkEdit} title={t('grid.bulkEdit.title')}>{t('grid.bulkEdit')}</button>
      <button type="button" disabled={selectedCount === 0} onClick={onRules} title={t('grid.rules.title')}>{t('grid.rules')}</button>
      <button type="button" disabled={!lastStep} onClick={() => void store.getState().undo()} title={t('grid.undo.title')}>
        {lastStep?.kind === 'bulk-action'
          ? t('bulkActions.undoButton', { action: lastStep.action ?? '' })
          : t(!lastStep ? 'grid.undo' : lastStep.kind === 'csv-import' ? 'grid.undo.import' : 'grid.undo.bulkEdit')}
      </button>
      <label className="button">
        {t('grid.import')}
        <input ref={fileRef} type="file" accept={`.csv,.txt,.xlsx,text/csv,${XLSX_TYPE}`} className="visually-hidden" aria-label={t('grid.import.label')} onChange={(e) => void onFile(e)} />
      </label>
      <button type="button" onClick={() => void onExport()}>{t(selectedCount > 0 ? 'grid.export.selected' : 'grid.export.all')}</button>
      <button type="button" onClick={() => void onExportXlsx()} title={t('grid.export.xlsx.title')}>{t('grid.export.xlsx')}</button>
    </div>
  );
}
