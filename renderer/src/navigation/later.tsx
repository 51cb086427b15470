// The parts of the app a seller does not see at launch: the other screens and every dialog. They
// are in the app's one script (renderer/classic-script.ts), but each part's modules run only when
// it is first shown, so the first screen (the drafts grid) runs only the code it shows. Once the
// first rows are up, preloadLater() runs them all in the background, so a screen or dialog opens
// without a wait.
import { Component, lazy, Suspense, useState, type ComponentType, type ReactNode } from 'react';
import { useT } from '../i18n/intl.ts';

type Loader<P> = () => Promise<ComponentType<P>>;

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each part keeps its own props type; the list only preloads
const loaders: Array<Loader<any>> = [];

/**
 * A component loaded on its first render, in a Suspense boundary of its own (nothing while it
 * loads), so one part loading never hides another that is already on screen. Once its code is in
 * (preloaded), it renders at once: a screen opened by its key has its controls in the same
 * render, so the focus moves to them (a11y/focus-keeper.ts) instead of falling to the page.
 */
function later<P extends object>(load: Loader<P>): (props: P) => ReactNode {
  let loaded: ComponentType<P> | null = null;
  const fetch = () => load().then((component) => (loaded = component));
  loaders.push(fetch);
  const Lazy = lazy(async () => ({ default: await fetch() })) as unknown as ComponentType<P>;
  return function Later(props: P) {
    // Chosen once per mount: switching from the lazy path to the loaded one would remount the
    // part (an open editor would lose what the seller typed).
    const [Ready] = useState(() => loaded);
    return Ready ? <Ready {...props} /> : <PartBoundary><Suspense fallback={null}><Lazy {...props} /></Suspense></PartBoundary>;
  };
}

/**
 * A part that could not be loaded (its modules failed as they ran) says so where it would have
 * been, instead of taking the whole window down with it (an error React cannot render unmounts
 * everything).
 */
class PartBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }
  override render(): ReactNode {
    return this.state.failed ? <PartFailed /> : this.props.children;
  }
}

function PartFailed() {
  const t = useT();
  return <p className="notice error" role="alert">{t('app.partFailed')}</p>;
}

/** Runs every part's modules once the first screen is up (each runs once). */
export function preloadLater(): void {
  for (const load of loaders) void load().catch(() => {});
}

// Screens.
export const QuestionsInbox = later(() => import('../questions/questions-inbox.tsx').then((m) => m.QuestionsInbox));
export const OffersInbox = later(() => import('../offers/offers-inbox.tsx').then((m) => m.OffersInbox));
export const SalesScreen = later(() => import('../sales/sales-screen.tsx').then((m) => m.SalesScreen));
export const SyncPanel = later(() => import('../sync-panel/sync-panel.tsx').then((m) => m.SyncPanel));
export const AccountsScreen = later(() => import('../accounts/accounts-screen.tsx').then((m) => m.AccountsScreen));
export const BackupsSection = later(() => import('../backups/backups-section.tsx').then((m) => m.BackupsSection));
export const DamageNotice = later(() => import('../backups/damage-notice.tsx').then((m) => m.DamageNotice));
export const RulesScreen = later(() => import('../rules/rules-screen.tsx').then((m) => m.RulesScreen));

// Dialogs.
export const DraftEditor = later(() => import('../draft-editor/draft-editor.tsx').then((m) => m.DraftEditor));
export const BulkEditDialog = later(() => import('../drafts/bulk-edit-dialog.tsx').then((m) => m.BulkEditDialog));
export const BulkRulesDialog = later(() => import('../drafts/bulk-rules-dialog.tsx').then((m) => m.BulkRulesDialog));
export const ScheduleDialog = later(() => import('../rules/schedule-dialog.tsx').then((m) => m.ScheduleDialog));
export const ImportMapping = later(() => import('../drafts/import-mapping.tsx').then((m) => m.ImportMapping));
export const ImportReport = later(() => import('../drafts/import-report.tsx').then((m) => m.ImportReport));
export const UndoImportDialog = later(() => import('../drafts/undo-import-dialog.tsx').then((m) => m.UndoImportDialog));
export const RememberedMappings = later(() => import('../drafts/remembered-mappings.tsx').then((m) => m.RememberedMappings));
export const TemplateManager = later(() => import('../templates/template-manager.tsx').then((m) => m.TemplateManager));
export const ApplyTemplateDialog = later(() => import('../templates/apply-template-dialog.tsx').then((m) => m.ApplyTemplateDialog));
