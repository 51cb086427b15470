// The app frame. This first part has one screen, the drafts grid.
import { useState } from 'react';
import { useStore } from 'zustand';
import { bridgeMode } from './bridge.ts';
import { BulkEditDialog } from './components/bulk-edit-dialog.tsx';
import { DraftsGrid } from './components/drafts-grid.tsx';
import { GridToolbar } from './components/grid-toolbar.tsx';
import { ImportReport } from './components/import-report.tsx';
import { SyncBar } from './components/sync-bar.tsx';
import { EditorHost, EditorLaunchers, openFocused } from './draft-editor/editor-host.tsx';
import { draftsStore, syncStore } from './stores/app-stores.ts';

export function App() {
  const [bulkOpen, setBulkOpen] = useState(false);
  const notice = useStore(draftsStore, (s) => s.notice);
  const importReport = useStore(draftsStore, (s) => s.importReport);

  return (
    <div className="app">
      <header className="app-header">
        <h1>Market Desk</h1>
        <nav aria-label="Screens"><span className="tab active" aria-current="page">Drafts</span></nav>
        <span className="spacer" />
        <span className="mode" title="How this window reaches the local cache">{bridgeMode === 'web' ? 'Web mode' : 'Desktop'}</span>
      </header>
      <main className="app-main">
        <div className="toolbar-row">
          <EditorLaunchers />
          <GridToolbar store={draftsStore} onBulkEdit={() => setBulkOpen(true)} />
        </div>
        {notice && (
          <div className={`notice ${notice.kind}`} role={notice.kind === 'error' ? 'alert' : 'status'}>
            <span>{notice.text}</span>
            <button type="button" aria-label="Dismiss" onClick={() => draftsStore.getState().dismissNotice()}>✕</button>
          </div>
        )}
        <DraftsGrid store={draftsStore} onOpen={openFocused} />
        <p className="hint">
          <kbd>↑</kbd><kbd>↓</kbd> move · <kbd>Shift</kbd> extends · <kbd>Space</kbd> selects · <kbd>Enter</kbd> edits a cell · <kbd>Ctrl</kbd>+<kbd>Enter</kbd> opens the editor · <kbd>Esc</kbd> cancels · <kbd>Ctrl</kbd>+<kbd>A</kbd> all · <kbd>Ctrl</kbd>+<kbd>Z</kbd> undo
        </p>
      </main>
      <SyncBar store={syncStore} />
      {bulkOpen && <BulkEditDialog store={draftsStore} onClose={() => setBulkOpen(false)} />}
      <EditorHost />
      {importReport && <ImportReport report={importReport} onClose={() => draftsStore.getState().closeImportReport()} />}
    </div>
  );
}
