// The grid's bulk status actions: which items (the selection, or the focused row when nothing is
// selected; the grid's whole query when everything it matches is selected), the preview the core
// computes first, the run, and its progress as the sync carries it (refreshed on sync events).
// DOM-free: tested under Node against the real core through an in-memory bridge.
import { createStore } from 'zustand/vanilla';
import type { BulkAction, BulkActionInput, IpcOutput } from '../../../shared/ipc/contract.ts';
import { BridgeError, call, type Bridge } from '../bridge/bridge-types.ts';
import { localeStore } from '../i18n/locale-store.ts';
import { msg, type Msg } from '../i18n/messages.ts';
import { forLocale } from './drafts-query.ts';
import type { DraftsStore } from './drafts-store.ts';

export type ActionPreview = IpcOutput<'drafts.actionPreview'>;
type Target = BulkActionInput['target'];

export interface ActionDialog {
  action: BulkAction;
  target: Target;
  /** How many items the target holds (the selection's size, or 1 for the focused row). */
  count: number;
  /** Schedule: the list time as the service reads it, null until picked. */
  listTime: string | null;
  preview: ActionPreview | null;
  /** checking: the preview is being computed; running: the action is being queued. */
  busy: false | 'checking' | 'running';
  error: Msg | null;
}

export interface ActionRun {
  stepId: number;
  action: BulkAction;
  total: number;
  sent: number;
  failed: number;
  waiting: number;
}

export interface BulkActionsState {
  dialog: ActionDialog | null;
  /** The last run, while the sync carries it and after (until the next one). */
  run: ActionRun | null;
  open(action: BulkAction): Promise<void>;
  /** Schedule: the picked time (`YYYY-MM-DD HH:MM:SS`); previews again. */
  setListTime(listTime: string | null): Promise<void>;
  confirm(): Promise<boolean>;
  cancel(): void;
  refreshProgress(): Promise<void>;
  dispose(): void;
}

/** Progress is asked again at most this often while sync events arrive. */
const PROGRESS_EVERY_MS = 250;

function errorMessage(error: unknown): Msg {
  if (error instanceof BridgeError && error.field === 'listTime') return msg('bulkActions.error.listTime');
  return msg('bulkActions.error.other');
}

/**
 * The selection, or the focused row when nothing is selected. A selection that is everything the
 * grid's query matches (as many, and every row on screen among them) travels as the query. A new
 * search or filter keeps in the selection only what it shows (drafts-store.ts), but the count
 * alone would not say which drafts those are. (Also the
 * staggered schedule's target: rules/schedule-store.ts, which takes the drafts in the query's
 * order, so the query goes as the grid asks for it, in the screen's language: forLocale.)
 */
export function selectionTarget(drafts: DraftsStore): { target: Target; count: number } | null {
  const { selected, total, query, rows, focusRow } = drafts.getState();
  if (selected.size > 0) {
    const wholeQuery = selected.size === total && rows.every((row) => row === undefined || selected.has(row.localId));
    return wholeQuery ? { target: { query: forLocale(query, localeStore.getState().locale) }, count: total } : { target: { localIds: [...selected] }, count: selected.size };
  }
  const focused = rows[focusRow];
  return focused ? { target: { localIds: [focused.localId] }, count: 1 } : null;
}

export function createBulkActionsStore(bridge: Bridge, drafts: DraftsStore) {
  let timer: ReturnType<typeof setTimeout> | null = null;

  const store = createStore<BulkActionsState>()((set, get) => {
    const target = () => selectionTarget(drafts);

    async function preview(): Promise<void> {
      const dialog = get().dialog;
      if (!dialog || (dialog.action === 'schedule' && dialog.listTime === null)) return;
      set({ dialog: { ...dialog, busy: 'checking', error: null, preview: null } });
      try {
        const input: BulkActionInput = { action: dialog.action, target: dialog.target, ...(dialog.listTime ? { listTime: dialog.listTime } : {}) };
        const result = await call(bridge, 'drafts.actionPreview', input);
        if (get().dialog === null || get().dialog?.listTime !== dialog.listTime) return;
        set({ dialog: { ...dialog, busy: false, preview: result } });
      } catch (error) {
        if (get().dialog) set({ dialog: { ...dialog, busy: false, error: errorMessage(error) } });
      }
    }

    return {
      dialog: null,
      run: null,
      async open(action) {
        await drafts.getState().selectionSettled();
        const chosen = target();
        if (!chosen) {
          drafts.setState({ notice: { kind: 'error', message: msg('bulkActions.error.nothing') } });
          return;
        }
        set({ dialog: { action, ...chosen, listTime: null, preview: null, busy: false, error: null } });
        await preview();
      },
      async setListTime(listTime) {
        const dialog = get().dialog;
        if (!dialog) return;
        set({ dialog: { ...dialog, listTime, preview: null, error: null } });
        await preview();
      },
      async confirm() {
        const dialog = get().dialog;
        if (!dialog?.preview || dialog.preview.ready === 0) return false;
        set({ dialog: { ...dialog, busy: 'running' } });
        try {
          const input: BulkActionInput = { action: dialog.action, target: dialog.target, ...(dialog.listTime ? { listTime: dialog.listTime } : {}) };
          const result = await call(bridge, 'drafts.runAction', input);
          set({ dialog: null });
          drafts.setState({ notice: { kind: 'info', message: msg('bulkActions.queued', { action: dialog.action, count: result.changed }) }, selected: new Set() });
          if (result.stepId !== null) {
            set({ run: { stepId: result.stepId, action: dialog.action, total: 0, sent: 0, failed: 0, waiting: 0 } });
            await get().refreshProgress();
          }
          await drafts.getState().reload();
          return true;
        } catch (error) {
          set({ dialog: { ...dialog, busy: false, error: errorMessage(error) } });
          return false;
        }
      },
      cancel: () => set({ dialog: null }),
      async refreshProgress() {
        const run = get().run;
        if (!run) return;
        try {
          const progress = await call(bridge, 'drafts.actionProgress', { stepId: run.stepId });
          if (get().run?.stepId !== run.stepId) return;
          set({ run: { ...run, ...progress } });
          // Items the sync has carried since: the grid shows their new status as they go.
          if (progress.sent + progress.failed !== run.sent + run.failed) await drafts.getState().reload();
        } catch {
          // The step was undone and replaced meanwhile: nothing left to follow.
          if (get().run?.stepId === run.stepId) set({ run: null });
        }
      },
      dispose() {
        if (timer) clearTimeout(timer);
        unsubscribers.forEach((off) => off());
      },
    };
  });

  /** The sync's events move the bar: one progress read per burst of events. */
  const onSyncEvent = () => {
    const run = store.getState().run;
    if (!run || timer) return;
    timer = setTimeout(() => {
      timer = null;
      void store.getState().refreshProgress();
    }, PROGRESS_EVERY_MS);
  };
  const unsubscribers = [
    bridge.on('sync.progress', onSyncEvent),
    bridge.on('sync.itemState', onSyncEvent),
    bridge.on('drafts.changed', onSyncEvent),
  ];
  return store;
}

export type BulkActionsStore = ReturnType<typeof createBulkActionsStore>;
