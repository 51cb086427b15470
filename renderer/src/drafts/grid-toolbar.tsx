// Above the grid: search, filters, import/export, bulk edit, undo.
import { useEffect, useRef, useState } from 'react';
import { useStore } from 'zustand';
import type { DraftsStore } from './drafts-store.ts';
import type { GridColumnsStore } from './grid-columns-store.ts';
import { ColumnChooser } from './column-chooser.tsx';
import { stageFile } from '../images/file-sources.ts';
import { noticeOf } from './drafts-actions.ts';
import { base64Blob, download } from './file-transfer.ts';

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

const STATUS_FILTERS: Array<{ label: string; status: string[] | undefined }> = [
  { label: 'Drafts', status: ['draft'] },
  { label: 'Drafts and previews', status: ['draft', 'preview'] },
  { label: 'Open', status: ['published'] },
  { label: 'Closed', status: ['closed'] },
  { label: 'All items', status: undefined },
];
const SYNC_FILTERS = [
  { label: 'Any sync state', value: '' },
  { label: 'Not yet on the marketplace', value: 'local-only,queued,sending,outcome-unknown' },
  { label: 'Rejected', value: 'rejected' },
  { label: 'Conflicts', value: 'conflict' },
  { label: 'Synced', value: 'synced' },
];

export function GridToolbar({ store, columnsStore, onBulkEdit, onRules }: { store: DraftsStore; columnsStore: GridColumnsStore; onBulkEdit(): void; onRules(): void }) {
  const query = useStore(store, (s) => s.query);
  const total = useStore(store, (s) => s.total);
  const selectedCount = useStore(store, (s) => s.selected.size);
  const lastStep = useStore(store, (s) => s.lastStep);
  const orderStale = useStore(store, (s) => s.orderStale);
  const [text, setText] = useState(query.text ?? '');
  const fileRef = useRef<HTMLInputElement>(null);

  // Search follows typing, a short pause after the last key.
  useEffect(() => {
    const timer = setTimeout(() => {
      if ((store.getState().query.text ?? '') !== text) void store.getState().setQuery({ text: text === '' ? undefined : text });
    }, 150);
    return () => clearTimeout(timer);
  }, [store, text]);

  const statusIndex = Math.max(0, STATUS_FILTERS.findIndex((f) => JSON.stringify(f.status) === JSON.stringify(query.status)));

  const onFile = async (event: React.ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    // By reference, as photos: a path in Electron, a streamed upload in web mode; no bytes over IPC.
    let source;
    try {
      source = await stageFile(file);
    } catch (error) {
      store.setState({ notice: noticeOf(error) });
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
    <div className="toolbar" role="toolbar" aria-label="Drafts tools">
      <input
        type="search"
        className="search"
        placeholder="Search title, description, SKU, note…"
        aria-label="Search drafts"
        value={text}
        onChange={(e) => setText(e.target.value)}
      />
      <select aria-label="Status filter" value={statusIndex} onChange={(e) => void store.getState().setQuery({ status: STATUS_FILTERS[Number(e.target.value)]?.status })}>
        {STATUS_FILTERS.map((f, i) => <option key={f.label} value={i}>{f.label}</option>)}
      </select>
      <select
        aria-label="Sync filter"
        value={query.syncState?.join(',') ?? ''}
        onChange={(e) => void store.getState().setQuery({ syncState: e.target.value ? (e.target.value.split(',') as NonNullable<typeof query.syncState>) : undefined })}
      >
        {SYNC_FILTERS.map((f) => <option key={f.label} value={f.value}>{f.label}</option>)}
      </select>
      <span className="count" aria-live="polite">{total.toLocaleString()} item{total === 1 ? '' : 's'}{selectedCount > 0 ? ` · ${selectedCount.toLocaleString()} selected` : ''}</span>
      {orderStale && (
        <button type="button" className="link-button" onClick={() => void store.getState().reload()} title="Edited rows stay where they are while you work; this puts every row where the sort and search place it">
          Re-sort
        </button>
      )}
      <span className="spacer" />
      <ColumnChooser store={columnsStore} />
      <button type="button" disabled={selectedCount === 0} onClick={onBulkEdit} title="Set fields on every selected draft">Bulk edit…</button>
      <button type="button" disabled={selectedCount === 0} onClick={onRules} title="Raise or lower prices, find and replace text on every selected draft">Price and text…</button>
      <button type="button" disabled={!lastStep} onClick={() => void store.getState().undo()} title="Undo the last bulk edit or import (Ctrl+Z)">
        Undo{lastStep ? ` ${lastStep.kind === 'csv-import' ? 'import' : 'bulk edit'}` : ''}
      </button>
      <label className="button">
        Import CSV or Excel…
        <input ref={fileRef} type="file" accept={`.csv,.txt,.xlsx,text/csv,${XLSX_TYPE}`} className="visually-hidden" aria-label="Import CSV or Excel file" onChange={(e) => void onFile(e)} />
      </label>
      <button type="button" onClick={() => void onExport()}>{selectedCount > 0 ? 'Export selected' : 'Export drafts'}</button>
      <button type="button" onClick={() => void onExportXlsx()} title="The same drafts as an Excel workbook">Export .xlsx</button>
    </div>
  );
}
