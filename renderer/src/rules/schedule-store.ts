// The staggered schedule dialog's state (the drafts grid's Actions menu): the selection (or the
// focused row), a start time, one every N minutes or spread evenly over a window of N minutes,
// the core's preview of each item's start and end (and the items it cannot take, with why)
// before anything is queued, then the run: one undo step. DOM-free: tested under Node.
import { createStore } from 'zustand/vanilla';
import type { IpcInput, IpcOutput } from '../../../shared/ipc/contract.ts';
import { BridgeError, call, type Bridge } from '../bridge/bridge-types.ts';
import { selectionTarget } from '../drafts/bulk-actions-store.ts';
import type { DraftsStore } from '../drafts/drafts-store.ts';
import { msg, type Msg } from '../i18n/messages.ts';

type Target = IpcInput<'schedule.preview'>['target'];
export type SchedulePreview = IpcOutput<'schedule.preview'>;
export type SpacingKind = 'every' | 'window';

export interface ScheduleDialog {
  target: Target;
  count: number;
  /** The first start as the service reads it (`YYYY-MM-DD HH:MM:SS`, its zone), null until picked. */
  start: string | null;
  kind: SpacingKind;
  minutes: number | null;
  preview: SchedulePreview | null;
  busy: false | 'checking' | 'running';
  error: Msg | null;
}

export interface ScheduleState {
  dialog: ScheduleDialog | null;
  open(): Promise<void>;
  /** A changed start, spacing or minutes: previews again. */
  change(values: Partial<Pick<ScheduleDialog, 'start' | 'kind' | 'minutes'>>): Promise<void>;
  confirm(): Promise<boolean>;
  cancel(): void;
}

function errorMessage(error: unknown): Msg {
  if (error instanceof BridgeError && error.field === 'listTime') return msg('bulkActions.error.listTime');
  return msg('bulkActions.error.other');
}

export function createScheduleStore(bridge: Bridge, drafts: DraftsStore) {
  let asked = 0;
  return createStore<ScheduleState>()((set, get) => {
    const input = (d: ScheduleDialog) => ({ target: d.target, start: d.start as string, spacing: { kind: d.kind, minutes: d.minutes as number } });

    async function preview(): Promise<void> {
      const dialog = get().dialog;
      if (!dialog) return;
      if (dialog.start === null || dialog.minutes === null || dialog.minutes < 1) {
        set({ dialog: { ...dialog, preview: null, busy: false, error: null } });
        return;
      }
      const mine = ++asked;
      set({ dialog: { ...dialog, busy: 'checking', error: null } });
      try {
        const result = await call(bridge, 'schedule.preview', input(dialog));
        if (mine !== asked || !get().dialog) return;
        set({ dialog: { ...(get().dialog as ScheduleDialog), busy: false, preview: result } });
      } catch (error) {
        if (mine !== asked || !get().dialog) return;
        set({ dialog: { ...(get().dialog as ScheduleDialog), busy: false, preview: null, error: errorMessage(error) } });
      }
    }

    return {
      dialog: null,
      async open() {
        await drafts.getState().selectionSettled();
        const chosen = selectionTarget(drafts);
        if (!chosen) {
          drafts.setState({ notice: { kind: 'error', message: msg('bulkActions.error.nothing') } });
          return;
        }
        set({ dialog: { ...chosen, start: null, kind: 'every', minutes: 10, preview: null, busy: false, error: null } });
      },
      async change(values) {
        const dialog = get().dialog;
        if (!dialog) return;
        set({ dialog: { ...dialog, ...values } });
        await preview();
      },
      async confirm() {
        const dialog = get().dialog;
        if (!dialog?.preview || dialog.preview.items.length === 0 || dialog.busy) return false;
        set({ dialog: { ...dialog, busy: 'running' } });
        try {
          const result = await call(bridge, 'schedule.run', input(dialog));
          set({ dialog: null });
          drafts.setState({ notice: { kind: 'info', message: msg('schedule.queued', { count: result.changed }) }, selected: new Set() });
          await drafts.getState().reload();
          return true;
        } catch (error) {
          set({ dialog: { ...dialog, busy: false, error: errorMessage(error) } });
          return false;
        }
      },
      cancel: () => {
        asked++;
        set({ dialog: null });
      },
    };
  });
}

export type ScheduleStore = ReturnType<typeof createScheduleStore>;
