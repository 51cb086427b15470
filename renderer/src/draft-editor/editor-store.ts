// The draft editor's state: the draft being edited, its unsaved values, the live problems from
// the core (drafts.validate, the same rules the grid badges and saving use), the cached settings
// and categories. DOM-free: tested under Node against the real core through an in-memory bridge.
import { createStore } from 'zustand/vanilla';
import type { DraftRow, IpcOutput, IpcProblem } from '../../../shared/ipc/contract.ts';
import { BridgeError, call, type Bridge } from '../bridge/bridge-types.ts';
import { localeStore } from '../i18n/locale-store.ts';
import { msg } from '../i18n/messages.ts';
import { formatterFor } from '../i18n/translate.ts';
import { callSequence } from '../navigation/live-store.ts';
import type { Notice } from '../questions/questions-store.ts';
import { errorInfo, type ErrorInfo } from './error-info.ts';
import type { ListingRules } from '../../../shared/items/listing-rules.ts';

export type Category = IpcOutput<'categories.list'>[number];
type Value = string | number | string[] | null;

export interface EditorState {
  localId: number | null;
  row: DraftRow | null;
  /** Values as shown: the saved ones with the unsaved edits applied. */
  values: Record<string, Value>;
  /** Names of fields edited since the last save. */
  dirty: readonly string[];
  problems: IpcProblem[];
  settings: ListingRules | null;
  categories: Category[];
  busy: boolean;
  /** A status change queued from this editor and not yet sent (the row keeps the service's status). */
  queuedStatus: string | null;
  message: Notice | null;
  /** Made by New draft in this opening and not saved since: closing it untouched removes it. */
  fresh: boolean;
  /** A status change was queued from this editor (the grid shows it once the sync has sent it). */
  statusQueued: number | null;
  /**
   * Issue 38: the item is shown from the marketplace's list summary only. 'reading': its record is
   * being read now (the editor opened it); 'unread': it could not be (no connection, asked to wait).
   */
  details: 'reading' | 'unread' | null;
}

const initial: EditorState = {
  localId: null, row: null, values: {}, dirty: [], problems: [], settings: null, categories: [], busy: false, queuedStatus: null, message: null, fresh: false, statusQueued: null, details: null,
};

/** A refused change's error, with each refused field's problem. */
function errorOf(error: unknown): Notice {
  const info: ErrorInfo = errorInfo(error);
  if (error instanceof BridgeError && error.items.length > 0) {
    return { kind: 'error', error: { ...info, message: `${error.message}: ${error.items.flatMap((i) => i.problems.map((p) => p.message)).join('; ')}` } };
  }
  return { kind: 'error', error: info };
}

export function createEditorStore(bridge: Bridge) {
  // Validation answers can arrive out of order: only the newest one is kept.
  const nextValidation = callSequence();

  const store = createStore<EditorState>()(() => initial);
  const set = store.setState;

  const changes = (s: EditorState): Record<string, Value> => Object.fromEntries(s.dirty.map((f) => [f, s.values[f] ?? null]));

  async function validate(): Promise<void> {
    const s = store.getState();
    if (s.localId === null) return;
    const isNewest = nextValidation();
    try {
      const { problems } = await call(bridge, 'drafts.validate', { localId: s.localId, changes: changes(s) });
      if (isNewest()) set({ problems });
    } catch (error) {
      if (isNewest()) set({ message: errorOf(error) });
    }
  }

  /** keep: the message and queued status as they are when the answer arrives (a background reload). */
  async function load(localId: number, message: EditorState['message'] | 'keep' = null): Promise<void> {
    const [row, settings, categories, queued] = await Promise.all([
      call(bridge, 'drafts.get', { localId }),
      call(bridge, 'settings.get', {}),
      call(bridge, 'categories.list', {}),
      call(bridge, 'drafts.queuedStatus', { localId }),
    ]);
    const now = store.getState();
    // A background reload gives way to another draft opened, or edits typed, meanwhile.
    if (message === 'keep' && (now.localId !== localId || now.dirty.length > 0)) return;
    set({
      localId, row, values: { ...row.fields }, dirty: [], problems: row.problems,
      settings: settings.itemRules, categories,
      busy: message === 'keep' ? now.busy : false,
      message: message === 'keep' ? now.message : message,
      queuedStatus: queued.status,
      details: row.detailsMissing ? (message === 'keep' ? now.details : 'reading') : null,
    });
  }

  /** An item shown from its list summary: its record is read now, and shown once it is in. */
  async function readDetails(localId: number): Promise<void> {
    try {
      const { missing } = await call(bridge, 'drafts.readDetails', { localIds: [localId] });
      if (store.getState().localId !== localId) return;
      if (missing.length === 0) await load(localId, 'keep');
      else set({ details: 'unread' });
    } catch {
      if (store.getState().localId === localId) set({ details: 'unread' });
    }
  }

  async function act(work: () => Promise<EditorState['message']>): Promise<boolean> {
    set({ busy: true, message: null });
    try {
      const message = await work();
      set({ busy: false, message });
      return true;
    } catch (error) {
      set({ busy: false, message: errorOf(error) });
      return false;
    }
  }

  return Object.assign(store, {
    actions: {
      open: (localId: number) => act(async () => {
        await load(localId);
        if (store.getState().details === 'reading') void readDetails(localId);
        return null;
      }),
      /** A new empty draft (a draft may be incomplete), opened at once. */
      openNew: () => act(async () => {
        const { localId } = await call(bridge, 'drafts.create', { fields: {} });
        await load(localId);
        set({ fresh: true });
        return null;
      }),
      /**
       * Closes the editor. A draft New draft made and the seller left untouched (nothing saved,
       * no photo) is removed: opening the editor by mistake leaves no empty draft behind.
       */
      close: async (): Promise<void> => {
        const s = store.getState();
        set(initial);
        if (!s.fresh || s.localId === null || s.dirty.length > 0) return;
        try {
          // Read again: a photo dropped a moment ago may not have reached this store's row yet.
          const row = await call(bridge, 'drafts.get', { localId: s.localId });
          const untouched = Object.values(row.fields).every((v) => v === null) && row.imageCount === 0;
          if (untouched) await call(bridge, 'drafts.delete', { localId: s.localId });
        } catch {
          // Gone already, or the cache is busy: an empty draft left behind is harmless.
        }
      },
      setField(field: string, value: Value): void {
        const s = store.getState();
        // While a save, publish or close runs the form stays enabled (the focus stays in it), but
        // what it loads when done would drop a change made meanwhile: none is taken.
        if (s.busy) return;
        const saved = s.row?.fields[field] ?? null;
        const same = JSON.stringify(saved) === JSON.stringify(value);
        set({
          values: { ...s.values, [field]: value },
          dirty: same ? s.dirty.filter((f) => f !== field) : s.dirty.includes(field) ? s.dirty : [...s.dirty, field],
        });
        void validate();
      },
      save: () => act(async () => {
        const s = store.getState();
        if (s.localId === null || s.dirty.length === 0) return null;
        await call(bridge, 'drafts.update', { localId: s.localId, changes: changes(s) });
        await load(s.localId);
        set({ fresh: false });
        return { kind: 'info', msg: msg('editor.saved') };
      }),
      /** Saves, then queues publishing; a listTime in the future makes it a scheduled listing. */
      publish: () => act(async () => {
        const s = store.getState();
        if (s.localId === null) return null;
        if (s.dirty.length > 0) await call(bridge, 'drafts.update', { localId: s.localId, changes: changes(s) });
        await call(bridge, 'drafts.publish', { localId: s.localId });
        const listTime = store.getState().values.listTime;
        const said = typeof listTime === 'string' && listTime !== ''
          ? msg('editor.scheduled', { time: formatterFor(localeStore.getState().locale).dateTime(listTime) })
          : msg('editor.published');
        await load(s.localId);
        set({ fresh: false, statusQueued: s.localId });
        return { kind: 'info', msg: said };
      }),
      closeItem: () => act(async () => {
        const s = store.getState();
        if (s.localId === null) return null;
        await call(bridge, 'drafts.close', { localId: s.localId });
        await load(s.localId);
        set({ statusQueued: s.localId });
        return { kind: 'info', msg: msg('editor.closing') };
      }),
      copyClosed: () => act(async () => {
        const s = store.getState();
        if (s.localId === null) return null;
        const { localId } = await call(bridge, 'drafts.copyClosed', { localId: s.localId });
        await load(localId);
        return { kind: 'info', msg: msg('editor.copied', { id: s.row?.remoteId ?? s.localId }) };
      }),
      /** Reloads after a change elsewhere (the grid, the sync), keeping nothing unsaved. */
      refresh: async () => {
        const s = store.getState();
        if (s.localId === null || s.dirty.length > 0 || s.busy) return;
        try {
          // The message on screen stays: a reload is not a new action of the seller.
          await load(s.localId, 'keep');
        } catch (error) {
          set({ message: errorOf(error) });
        }
      },
      dismiss: () => set({ message: null }),
    },
  });
}

export type EditorStore = ReturnType<typeof createEditorStore>;
