// The app frame: a sidebar of screens, the open screen, the sync status bar.
import { useCallback, useEffect, useState } from 'react';
import { useStore } from 'zustand';
import { bridge, bridgeMode } from './bridge.ts';
import { notifyInBrowser } from './navigation/web-notifications.ts';
import { BulkEditDialog } from './drafts/bulk-edit-dialog.tsx';
import { BulkRulesDialog } from './drafts/bulk-rules-dialog.tsx';
import { DraftsGrid } from './drafts/drafts-grid.tsx';
import { GridToolbar } from './drafts/grid-toolbar.tsx';
import { ImportMapping } from './drafts/import-mapping.tsx';
import { ImportProgressBar } from './drafts/import-progress.tsx';
import { ImportReport } from './drafts/import-report.tsx';
import { SyncBar } from './sync-panel/sync-bar.tsx';
import { EditorHost, EditorLaunchers, openFocused } from './draft-editor/editor-host.tsx';
import { draftsStore, gridColumnsStore, syncStore } from './stores/app-stores.ts';
import { AccountsScreen } from './accounts/accounts-screen.tsx';
import { accountsStore, cannedEditor, offersStore, questionsStore, salesStore, syncProblemsStore } from './navigation/screen-stores.ts';
import { Sidebar, type Screen } from './navigation/sidebar.tsx';
import { LanguagePicker } from './i18n/language-picker.tsx';
import { OffersInbox } from './offers/offers-inbox.tsx';
import { QuestionsInbox } from './questions/questions-inbox.tsx';
import { SalesScreen } from './sales/sales-screen.tsx';
import { SyncPanel } from './sync-panel/sync-panel.tsx';
import { TemplateLaunchers } from './templates/template-launchers.tsx';
import './navigation/screens.css';

export function App() {
  const [bulkOpen, setBulkOpen] = useState(false);
  const [rulesOpen, setRulesOpen] = useState(false);
  const notice = useStore(draftsStore, (s) => s.notice);
  const importReport = useStore(draftsStore, (s) => s.importReport);
  const pendingImport = useStore(draftsStore, (s) => s.pendingImport);
  const [screen, setScreen] = useState<Screen>('drafts');
  // Sales the syncs found since the seller last looked at the Sales screen.
  const [newSales, setNewSales] = useState(0);
  const open = useCallback((next: Screen) => {
    setScreen(next);
    if (next === 'sales') setNewSales(0);
  }, []);
  const unanswered = useStore(questionsStore, (s) => s.rows.filter((r) => r.answer === null && r.pendingAnswer === null).length);
  const openOffers = useStore(offersStore, (s) => s.rows.filter((r) => !r.pendingDecision).length);
  const conflicts = useStore(syncProblemsStore, (s) => (s.problems ? s.problems.conflicts.length + s.problems.rejected.length : 0));
  const account = useStore(accountsStore, (s) => s.accounts.find((a) => a.active));

  useEffect(() => {
    // The drafts' first page is asked for in main.tsx, before React mounts. The sidebar's
    // counts come from these stores: loaded once here, kept fresh by events.
    void questionsStore.getState().load();
    void offersStore.getState().load();
    void syncProblemsStore.getState().load();
    void accountsStore.getState().load();
  }, []);

  useEffect(() => {
    const offs = [bridge.on('sync.news', (news) => setNewSales((n) => n + news.sales))];
    if (bridgeMode === 'web') offs.push(notifyInBrowser(bridge));
    return () => offs.forEach((off) => off());
  }, []);

  return (
    <div className="app">
      <header className="app-header">
        <h1>Market Desk</h1>
        <span className="spacer" />
        <LanguagePicker />
        {account && <span className="mode" title={account.baseUrl}>{account.name}{account.username ? ` · ${account.username}` : ''}</span>}
        <span className="mode" title="How this window reaches the local cache">{bridgeMode === 'web' ? 'Web mode' : 'Desktop'}</span>
      </header>
      <div className="app-body">
      <Sidebar current={screen} onOpen={open} badges={{ questions: unanswered, offers: openOffers, sales: newSales, sync: conflicts }} />
      {screen === 'questions' && <main className="app-main scroll"><QuestionsInbox store={questionsStore} canned={cannedEditor} /></main>}
      {screen === 'offers' && <main className="app-main scroll"><OffersInbox store={offersStore} /></main>}
      {screen === 'sales' && <main className="app-main scroll"><SalesScreen store={salesStore} /></main>}
      {screen === 'sync' && <main className="app-main scroll"><SyncPanel sync={syncStore} problems={syncProblemsStore} /></main>}
      {screen === 'accounts' && <main className="app-main scroll"><AccountsScreen store={accountsStore} /></main>}
      {screen === 'drafts' && <main className="app-main">
        <div className="toolbar-row">
          <EditorLaunchers />
          <TemplateLaunchers />
          <GridToolbar store={draftsStore} columnsStore={gridColumnsStore} onBulkEdit={() => setBulkOpen(true)} onRules={() => setRulesOpen(true)} />
        </div>
        {notice && (
          <div className={`notice ${notice.kind}`} role={notice.kind === 'error' ? 'alert' : 'status'}>
            <span>{notice.text}</span>
            <button type="button" aria-label="Dismiss" onClick={() => draftsStore.getState().dismissNotice()}>✕</button>
          </div>
        )}
        <ImportProgressBar store={draftsStore} />
        <DraftsGrid store={draftsStore} columnsStore={gridColumnsStore} onOpen={openFocused} />
        <p className="hint">
          <kbd>↑</kbd><kbd>↓</kbd> move · <kbd>Shift</kbd> extends · <kbd>Space</kbd> selects · <kbd>Enter</kbd> edits a cell · <kbd>Ctrl</kbd>+<kbd>Enter</kbd> opens the editor · <kbd>Esc</kbd> cancels · <kbd>Ctrl</kbd>+<kbd>A</kbd> all · <kbd>Ctrl</kbd>+<kbd>Z</kbd> undo
        </p>
      </main>}
      </div>
      <SyncBar store={syncStore} />
      {bulkOpen && <BulkEditDialog store={draftsStore} onClose={() => setBulkOpen(false)} />}
      {rulesOpen && <BulkRulesDialog store={draftsStore} onClose={() => setRulesOpen(false)} />}
      <EditorHost />
      {pendingImport && (
        <ImportMapping pending={pendingImport} onImport={(mapping) => void draftsStore.getState().confirmMapping(mapping)} onCancel={() => draftsStore.getState().cancelMapping()} />
      )}
      {importReport && <ImportReport report={importReport} onClose={() => draftsStore.getState().closeImportReport()} />}
    </div>
  );
}
