// The app frame: a sidebar of screens, the open screen, the sync status bar.
import { useCallback, useEffect, useState } from 'react';
import { useStore } from 'zustand';
import { bridge, bridgeMode } from './bridge.ts';
import { notifyOfNews, notifyOfRules } from './navigation/web-notifications.ts';
import { CoreRestartNotice } from './navigation/core-restart-notice.tsx';
import { ActionsMenu } from './drafts/actions-menu.tsx';
import { BulkActionDialog, BulkActionProgress, BulkShortcutsHint, useBulkShortcuts } from './drafts/bulk-action-dialog.tsx';
import { DraftsGrid } from './drafts/drafts-grid.tsx';
import { GridToolbar, SEARCH_ID } from './drafts/grid-toolbar.tsx';
import { ImportProgressBar } from './drafts/import-progress.tsx';
import { rememberedOffer } from './drafts/mappings-store.ts';
import { SyncBar } from './sync-panel/sync-bar.tsx';
import { EditorHost, EditorLaunchers, openFocused } from './draft-editor/editor-host.tsx';
import { bulkActionsStore, draftsStore, gridColumnsStore, mappingsStore, researchStore, scheduleStore, syncStore } from './stores/app-stores.ts';
import { BulkResearchBar, ResearchHost, researchMenu, useResearchShortcut } from './research/research-host.tsx';
import { accountName } from './accounts/account-name.ts';
import { FirstRunGuide, GuideButton } from './first-run/first-run-guide.tsx';
import { firstRunStore } from './first-run/first-run-store.ts';
import { SANDBOX_ACCOUNT_ID } from '../../shared/sandbox-account.ts';
import { accountsStore, backupsStore, cannedEditor, offersStore, questionsStore, rulesStore, salesStore, syncProblemsStore } from './navigation/screen-stores.ts';
import { GROUP_RESET, SidebarGroups } from './rules/sidebar-groups.tsx';
import { scheduleMenu } from './rules/schedule-menu.ts';
import { Sidebar, type Screen } from './navigation/sidebar.tsx';
import { LanguagePicker } from './i18n/language-picker.tsx';
import { useMessage, useT } from './i18n/intl.ts';
import { Rich } from './i18n/rich.tsx';
import { useUndoShortcut } from './drafts/undo-shortcut.ts';
import { TemplateLaunchers } from './templates/template-launchers.tsx';
import './navigation/screens.css';
import { AccountsScreen, BackupsSection, BulkEditDialog, DamageNotice, BulkRulesDialog, ImportMapping, ImportReport, OffersInbox, QuestionsInbox, RememberedMappings, RulesScreen, SalesScreen, ScheduleDialog, SyncPanel, UndoImportDialog } from './navigation/later.tsx';
import { LiveRegion, useAnnounce } from './a11y/live-region.tsx';

export function App() {
  const [bulkOpen, setBulkOpen] = useState(false);
  const [rulesOpen, setRulesOpen] = useState(false);
  const notice = useStore(draftsStore, (s) => s.notice);
  const importReport = useStore(draftsStore, (s) => s.importReport);
  const pendingImport = useStore(draftsStore, (s) => s.pendingImport);
  const importMapping = useStore(draftsStore, (s) => s.importMapping);
  const pendingUndo = useStore(draftsStore, (s) => s.pendingUndo);
  // Dialogs loaded later are mounted when they open: one mounted closed would load its code during
  // the first render (it suspends), before the first rows are up.
  const scheduleOpen = useStore(scheduleStore, (s) => s.dialog !== null);
  const mappingsShown = useStore(mappingsStore, (s) => s.open || s.editing !== null);
  const t = useT();
  const say = useMessage();
  const [screen, setScreen] = useState<Screen>('drafts');
  // Sales the syncs found since the seller last looked at the Sales screen.
  const [newSales, setNewSales] = useState(0);
  const open = useCallback((next: Screen) => {
    setScreen(next);
    if (next === 'sales') setNewSales(0);
  }, []);
  useBulkShortcuts(bulkActionsStore, SEARCH_ID, screen === 'drafts');
  useUndoShortcut(draftsStore, screen === 'drafts');
  useResearchShortcut(researchStore, draftsStore, screen === 'drafts');
  const unanswered = useStore(questionsStore, (s) => s.rows.filter((r) => r.answer === null && r.pendingAnswer === null).length);
  const openOffers = useStore(offersStore, (s) => s.rows.filter((r) => !r.pendingDecision).length);
  const conflicts = useStore(syncProblemsStore, (s) => (s.problems ? s.problems.conflicts.length + s.problems.rejected.length : 0));
  const account = useStore(accountsStore, (s) => s.accounts.find((a) => a.active));
  // A cache damaged and set aside at start is said here, over every screen (issue 42).
  const damaged = useStore(backupsStore, (s) => (s.status?.damage.length ?? 0) > 0);
  // Notices (imports, bulk edits, undo) are spoken through the window's live region.
  useAnnounce(notice ? say(notice.message) : null, notice?.kind === 'error' ? 'assertive' : 'polite');

  useEffect(() => {
    // The drafts' first page is asked for in main.tsx, before React mounts. The sidebar's
    // counts come from these stores: loaded once here, kept fresh by events.
    void questionsStore.getState().load();
    void offersStore.getState().load();
    void syncProblemsStore.getState().load();
    void accountsStore.getState().load();
    void rulesStore.getState().load();
    void backupsStore.getState().load();
  }, []);

  useEffect(() => {
    const offs = [bridge.on('sync.news', (news) => setNewSales((n) => n + news.sales + (news.bids ?? 0))), notifyOfNews(bridge, bridgeMode), notifyOfRules(bridge, bridgeMode)];
    return () => offs.forEach((off) => off());
  }, []);

  return (
    <div className="app">
      <header className="app-header">
        <h1>{t('app.title')}</h1>
        <span className="spacer" />
        <GuideButton store={firstRunStore} onShow={() => open('drafts')} />
        <LanguagePicker />
        {account && (
          // The local drafts are on no marketplace: no address to show.
          <span className="mode" title={account.baseUrl ?? undefined}>
            {account.baseUrl === null ? t('app.account.local', { name: accountName(t, account) }) : account.username ? t('app.account', { name: accountName(t, account), user: account.username }) : accountName(t, account)}
          </span>
        )}
        <span className="mode" title={t('app.mode.title')}>{bridgeMode === 'web' ? t('app.mode.web') : t('app.mode.desktop')}</span>
      </header>
      <CoreRestartNotice />
      {damaged && <DamageNotice store={backupsStore} />}
      <div className="app-body">
      <Sidebar current={screen} onOpen={open} badges={{ questions: unanswered, offers: openOffers, sales: newSales, sync: conflicts }}>
        <SidebarGroups store={rulesStore} onOpen={(group) => { open('drafts'); void draftsStore.getState().setQuery({ ...GROUP_RESET, ...group.query, text: group.query.text ?? '' }); }} />
      </Sidebar>
      {screen === 'questions' && <main className="app-main scroll"><QuestionsInbox store={questionsStore} canned={cannedEditor} /></main>}
      {screen === 'offers' && <main className="app-main scroll"><OffersInbox store={offersStore} /></main>}
      {screen === 'sales' && <main className="app-main scroll"><SalesScreen store={salesStore} /></main>}
      {screen === 'sync' && <main className="app-main scroll"><SyncPanel sync={syncStore} problems={syncProblemsStore} /></main>}
      {screen === 'accounts' && <main className="app-main scroll"><AccountsScreen store={accountsStore} /><BackupsSection store={backupsStore} /></main>}
      {screen === 'rules' && <main className="app-main scroll"><RulesScreen store={rulesStore} /></main>}
      {screen === 'drafts' && <main className="app-main">
        <FirstRunGuide store={firstRunStore} sandbox={account?.id === SANDBOX_ACCOUNT_ID} />
        <div className="toolbar-row">
          <EditorLaunchers />
          <ActionsMenu store={bulkActionsStore} extra={[...researchMenu(researchStore, draftsStore), ...scheduleMenu(scheduleStore)]} />
          <TemplateLaunchers />
          <GridToolbar store={draftsStore} columnsStore={gridColumnsStore} onBulkEdit={() => setBulkOpen(true)} onRules={() => setRulesOpen(true)} />
        </div>
        {notice && (
          <div className={`notice ${notice.kind}`} role={notice.kind === 'error' ? 'alert' : 'status'}>
            <span>{say(notice.message)}</span>
            <button type="button" aria-label={t('common.dismiss')} onClick={() => draftsStore.getState().dismissNotice()}>✕</button>
          </div>
        )}
        <BulkActionProgress store={bulkActionsStore} />
        <BulkResearchBar store={researchStore} drafts={draftsStore} />
        <ImportProgressBar store={draftsStore} />
        <DraftsGrid store={draftsStore} columnsStore={gridColumnsStore} onOpen={openFocused} />
        <p className="hint"><Rich id="app.hint.keys" /><BulkShortcutsHint /></p>
      </main>}
      </div>
      <SyncBar store={syncStore} />
      <LiveRegion />
      {bulkOpen && <BulkEditDialog store={draftsStore} onClose={() => setBulkOpen(false)} />}
      {rulesOpen && <BulkRulesDialog store={draftsStore} onClose={() => setRulesOpen(false)} />}
      <BulkActionDialog store={bulkActionsStore} />
      {scheduleOpen && <ScheduleDialog store={scheduleStore} />}
      <EditorHost />
      <ResearchHost store={researchStore} drafts={draftsStore} />
      {pendingImport && (
        <ImportMapping pending={pendingImport} onImport={(mapping) => void draftsStore.getState().confirmMapping(mapping)} onCancel={() => draftsStore.getState().cancelMapping()} onShowRemembered={() => void mappingsStore.openList()} />
      )}
      {pendingUndo && <UndoImportDialog step={pendingUndo} onAnswer={(yes) => void draftsStore.getState().confirmUndo(yes)} />}
      {importReport && <ImportReport report={importReport} store={draftsStore} onClose={() => draftsStore.getState().closeImportReport()} remembered={rememberedOffer(mappingsStore, importMapping)}
        onSuggestCategories={importReport.stepId === null ? undefined : (stepId) => researchStore.actions.openDialog({ kind: 'categories', of: { importStep: stepId } })} />}
      {mappingsShown && <RememberedMappings store={mappingsStore} />}
    </div>
  );
}
