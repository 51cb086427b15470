// The drafts grid's state: the query, the rows loaded so far (by index, a page at a time, for a
// virtualised table of thousands), selection, keyboard focus, the cell being edited, the last
// undoable step. DOM-free: tested under Node against the real core through an in-memory bridge.
import { createStore } from 'zustand/vanilla';
import type { DraftRow, IpcOutput } from '../../../shared/ipc.ts';
import { BridgeError, call, type Bridge } from '../bridge/bridge-types.ts';
import { DEFAULT_QUERY, FIRST_PAGE_SIZE, firstPageInput, PAGE_SIZE, type GridQuery } from './drafts-query.ts';
import { followDrafts, mergeFresh, type SparseRows } from './row-placement.ts';

export type BulkPreview = IpcOutput<'drafts.bulkPreview'>;
export type ImportReport = IpcOutput<'csv.import'>;
export type LastStep = IpcOutput<'drafts.lastStep'>;

export interface Notice {
  kind: 'info' | 'error';
  text: string;
  /** The field the message is about (highlighted in the grid). */
  field?: string;
  localId?: number;
}

export interface DraftsState {
  query: GridQuery;
  total: number;
  /** Sparse: index → row; undefined while its page is not loaded. */
  rows: Array<DraftRow | undefined>;
  /** Bumped on every reload so late pages of an older query are dropped. */
  generation: number;
  loading: boolean;
  selected: ReadonlySet<number>;
  /** Index of the row shift-selection extends from. */
  anchor: number | null;
  focusRow: number;
  focusColumn: number;
  editing: { localId: number; field: string } | null;
  /** Rows were refreshed where they stood: the order may no longer match the sort or search. */
  orderStale: boolean;
  lastStep: LastStep;
  notice: Notice | null;
  preview: BulkPreview | null;
  importReport: ImportReport | null;
}

export interface DraftsActions {
  setQuery(changes: Partial<GridQuery>): Promise<void>;
  toggleSort(sort: NonNullable<GridQuery['sort']>): Promise<void>;
  /** Reloads the rows in view; the keyboard focus and the shift anchor stay on their drafts. */
  reload(): Promise<void>;
  /** Fetches these drafts again and shows them where they are (no re-sort under the user). */
  refreshRows(localIds: number[]): Promise<void>;
  /** Loads the pages that cover rows start..end (inclusive). */
  ensureRange(start: number, end: number): Promise<void>;
  clickRow(index: number, modifiers?: { shift?: boolean; toggle?: boolean }): Promise<void>;
  toggleFocused(): void;
  selectAll(): Promise<void>;
  clearSelection(): void;
  moveFocus(rows: number, columns?: number, extend?: boolean): Promise<void>;
  setFocusColumn(column: number): void;
  /** The grid shows this many columns now (the seller picked others): the focus stays inside. */
  setColumnCount(count: number): void;
  startEdit(localId: number, field: string): void;
  cancelEdit(): void;
  commitEdit(localId: number, field: string, raw: unknown): Promise<boolean>;
  previewBulk(changes: Record<string, unknown>): Promise<BulkPreview | null>;
  applyBulk(changes: Record<string, unknown>): Promise<boolean>;
  undo(): Promise<void>;
  importCsv(text: string, fileName?: string): Promise<ImportReport | null>;
  exportCsv(): Promise<{ fileName: string; text: string } | null>;
  dismissNotice(): void;
  closeImportReport(): void;
  closePreview(): void;
  dispose(): void;
}

export type DraftsStore = ReturnType<typeof createDraftsStore>;

/** Changes that leave a draft's status (and so its place in a status filter) as it was. */
const IN_PLACE_REASONS = new Set(['edit', 'images']);

export function createDraftsStore(bridge: Bridge, options: { pageSize?: number; columns?: number } = {}) {
  const pageSize = options.pageSize ?? PAGE_SIZE;
  const firstPageSize = Math.min(pageSize, FIRST_PAGE_SIZE);
  let columnCount = options.columns ?? 1;
  /** Pages being fetched for the current generation. */
  const inFlight = new Map<number, Promise<void>>();
  /** The rows the grid last asked for (visible and a little around them). */
  let wanted = { start: 0, end: 0 };

  const store = createStore<DraftsState & DraftsActions>()((set, get) => {
    function fail(error: unknown): void {
      if (error instanceof BridgeError) {
        const item = error.items[0];
        const problem = item?.problems[0];
        const text = item && error.items.length > 1 ? `${error.message} (first: item ${item.localId}: ${item.reason ?? problem?.message ?? ''})` : error.message;
        set({ notice: { kind: 'error', text, ...(error.field ? { field: error.field } : {}), ...(item && item.localId > 0 ? { localId: item.localId } : {}) } });
      } else {
        set({ notice: { kind: 'error', text: error instanceof Error ? error.message : String(error) } });
      }
    }

    async function loadPage(page: number, generation: number): Promise<void> {
      const key = page;
      const running = inFlight.get(key);
      if (running) return running;
      const promise = (async () => {
        try {
          const result = await call(bridge, 'drafts.page', { ...get().query, offset: page * pageSize, limit: pageSize });
          if (get().generation !== generation) return;
          const rows = get().rows.slice();
          rows.length = result.total;
          result.rows.forEach((row, i) => {
            rows[result.offset + i] = row;
          });
          set({ rows, total: result.total });
        } finally {
          inFlight.delete(key);
        }
      })();
      inFlight.set(key, promise);
      return promise;
    }

    function placeRows(fresh: DraftRow[]): void {
      const { rows, newer } = mergeFresh(get().rows, fresh);
      set({ rows, orderStale: get().orderStale || newer });
    }

    /**
     * Loads the first page and the pages around the rows in view. With follow, the focused row and
     * the shift anchor move with their drafts when the order changed (a bulk edit of the sorted
     * column), so the next keystroke acts on the draft the user was on, not on whatever took its place.
     */
    async function load(follow: boolean): Promise<void> {
      const generation = get().generation + 1;
      const before = get();
      const drafts = {
        focusedId: follow ? before.rows[before.focusRow]?.localId : undefined,
        anchorId: follow && before.anchor !== null ? before.rows[before.anchor]?.localId : undefined,
      };
      const placeFocus = (rows: SparseRows, total: number) => followDrafts(rows, total, drafts, get().focusRow);
      const loadedPages = new Set<number>([0]);
      for (let page = Math.floor(wanted.start / pageSize); page <= Math.floor(wanted.end / pageSize); page++) loadedPages.add(page);
      inFlight.clear();
      set({ generation, loading: true });
      try {
        // An empty grid (the first load) asks for a screenful first; a reload refreshes whole pages.
        const limit = get().rows.length === 0 ? firstPageSize : pageSize;
        const first = await call(bridge, 'drafts.page', firstPageInput(get().query, limit));
        if (get().generation !== generation) return;
        const rows: Array<DraftRow | undefined> = new Array<DraftRow | undefined>(first.total);
        first.rows.forEach((row, i) => {
          rows[i] = row;
        });
        const placed = placeFocus(rows, first.total);
        set({ rows, total: first.total, orderStale: false, ...placed });
        await Promise.all([...loadedPages].filter((p) => p > 0 && p * pageSize < first.total).map((p) => loadPage(p, generation)));
        // The focused draft may sit on a later page; unless the user moved on meanwhile.
        if (get().generation === generation && get().focusRow === placed.focusRow) set(placeFocus(get().rows, get().total));
        await refreshLastStep(generation);
      } catch (error) {
        fail(error);
      } finally {
        if (get().generation === generation) set({ loading: false });
      }
    }

    /** The undo button's step; a reload overtaken by a newer one leaves it to that one. */
    async function refreshLastStep(generation: number): Promise<void> {
      const lastStep = await call(bridge, 'drafts.lastStep', {});
      if (get().generation === generation) set({ lastStep });
    }

    async function idsBetween(from: number, to: number): Promise<number[]> {
      const [lo, hi] = from <= to ? [from, to] : [to, from];
      await get().ensureRange(lo, hi);
      return get().rows.slice(lo, hi + 1).flatMap((r) => (r ? [r.localId] : []));
    }

    return {
      query: DEFAULT_QUERY,
      total: 0,
      rows: [],
      generation: 0,
      loading: false,
      selected: new Set<number>(),
      anchor: null,
      focusRow: 0,
      focusColumn: 0,
      editing: null,
      orderStale: false,
      lastStep: null,
      notice: null,
      preview: null,
      importReport: null,

      async setQuery(changes) {
        set({ query: { ...get().query, ...changes }, focusRow: 0, anchor: null });
        await load(false);
      },
      async toggleSort(sort) {
        const { query } = get();
        const direction = query.sort === sort ? (query.direction === 'asc' ? 'desc' : 'asc') : sort === 'title' || sort === 'sku' ? 'asc' : 'desc';
        await get().setQuery({ sort, direction });
      },
      /**
       * Refreshes the pages of the rows the grid last asked for, so it shows fresh rows where the
       * user is looking; rows elsewhere are dropped and fetched again when they scroll into view
       * (a change after scrolling through 10,000 drafts costs a few pages, not a hundred).
       */
      reload: () => load(true),
      async refreshRows(localIds) {
        try {
          placeRows(await Promise.all(localIds.map((localId) => call(bridge, 'drafts.get', { localId }))));
        } catch {
          // Gone meanwhile (deleted in another window): the full reload shows what is there now.
          await load(true);
        }
      },
      async ensureRange(start, end) {
        wanted = { start, end };
        const { rows, total, generation } = get();
        const last = Math.min(end, total - 1);
        const pages = new Set<number>();
        for (let i = Math.max(0, start); i <= last; i++) {
          if (!rows[i]) pages.add(Math.floor(i / pageSize));
        }
        try {
          await Promise.all([...pages].map((p) => loadPage(p, generation)));
        } catch (error) {
          fail(error);
        }
      },
      async clickRow(index, modifiers = {}) {
        const row = get().rows[index];
        if (!row) return;
        if (modifiers.shift && get().anchor !== null) {
          const ids = await idsBetween(get().anchor as number, index);
          const selected = new Set(modifiers.toggle ? get().selected : []);
          for (const id of ids) selected.add(id);
          set({ selected, focusRow: index });
        } else if (modifiers.toggle) {
          const selected = new Set(get().selected);
          if (selected.has(row.localId)) selected.delete(row.localId);
          else selected.add(row.localId);
          set({ selected, anchor: index, focusRow: index });
        } else {
          set({ selected: new Set([row.localId]), anchor: index, focusRow: index });
        }
      },
      toggleFocused() {
        const { focusRow, rows } = get();
        const row = rows[focusRow];
        if (!row) return;
        const selected = new Set(get().selected);
        if (selected.has(row.localId)) selected.delete(row.localId);
        else selected.add(row.localId);
        set({ selected, anchor: focusRow });
      },
      async selectAll() {
        try {
          const ids = await call(bridge, 'drafts.ids', get().query);
          set({ selected: new Set(ids) });
        } catch (error) {
          fail(error);
        }
      },
      clearSelection: () => set({ selected: new Set(), anchor: null }),
      async moveFocus(rowDelta, columnDelta = 0, extend = false) {
        const { total, focusRow, focusColumn } = get();
        if (total === 0) return;
        const next = Math.max(0, Math.min(total - 1, focusRow + rowDelta));
        const column = Math.max(0, Math.min(columnCount - 1, focusColumn + columnDelta));
        set({ focusRow: next, focusColumn: column });
        await get().ensureRange(next, next);
        if (extend && rowDelta !== 0) {
          const anchor = get().anchor ?? focusRow;
          const ids = await idsBetween(anchor, next);
          set({ selected: new Set(ids), anchor });
        }
      },
      setFocusColumn: (column) => set({ focusColumn: Math.max(0, Math.min(columnCount - 1, column)) }),
      setColumnCount(count) {
        columnCount = Math.max(1, count);
        set({ focusColumn: Math.min(get().focusColumn, columnCount - 1), editing: null });
      },
      startEdit(localId, field) {
        const row = get().rows.find((r) => r?.localId === localId);
        if (!row || (row.status !== 'draft' && row.status !== 'preview')) {
          set({ notice: { kind: 'error', text: `Only drafts and previews can be edited${row ? ` (this item is ${row.status})` : ''}.` } });
          return;
        }
        set({ editing: { localId, field } });
      },
      cancelEdit: () => set({ editing: null }),
      async commitEdit(localId, field, raw) {
        try {
          const result = await call(bridge, 'drafts.update', { localId, changes: { [field]: raw } });
          const fresh = await call(bridge, 'drafts.get', { localId });
          placeRows([fresh]);
          const changed = Object.keys(result.changed).length > 0;
          set({ editing: null, notice: changed ? { kind: 'info', text: `Saved ${field} of “${fresh.fields.title ?? `draft ${localId}`}”.` } : null });
          return true;
        } catch (error) {
          fail(error);
          return false;
        }
      },
      async previewBulk(changes) {
        try {
          const preview = await call(bridge, 'drafts.bulkPreview', { localIds: [...get().selected], changes });
          set({ preview });
          return preview;
        } catch (error) {
          fail(error);
          set({ preview: null });
          return null;
        }
      },
      async applyBulk(changes) {
        try {
          const result = await call(bridge, 'drafts.bulkEdit', { localIds: [...get().selected], changes });
          set({ preview: null, notice: { kind: 'info', text: `Changed ${result.changed} draft${result.changed === 1 ? '' : 's'}. Undo with Ctrl+Z.` } });
          await get().reload();
          return true;
        } catch (error) {
          fail(error);
          return false;
        }
      },
      async undo() {
        try {
          const result = await call(bridge, 'drafts.undo', {});
          const skipped = result.skipped.length > 0 ? `; ${result.skipped.length} left as they are (${result.skipped[0]?.reason})` : '';
          set({ notice: { kind: 'info', text: `Undone: ${result.restored} draft${result.restored === 1 ? '' : 's'} restored${skipped}.` } });
          await get().reload();
        } catch (error) {
          fail(error);
        }
      },
      async importCsv(text, fileName) {
        try {
          const report = await call(bridge, 'csv.import', { text, ...(fileName ? { fileName } : {}) });
          set({ importReport: report });
          await get().reload();
          return report;
        } catch (error) {
          fail(error);
          return null;
        }
      },
      async exportCsv() {
        try {
          const selected = [...get().selected];
          return await call(bridge, 'csv.export', selected.length > 0 ? { localIds: selected } : {});
        } catch (error) {
          fail(error);
          return null;
        }
      },
      dismissNotice: () => set({ notice: null }),
      closeImportReport: () => set({ importReport: null }),
      closePreview: () => set({ preview: null }),
      dispose() {
        unsubscribe();
      },
    };
  });

  // Changes made elsewhere (another window, the sync, an import) refresh what is shown. An edit
  // of drafts on screen refreshes just those rows in place: the row a seller just typed into stays
  // under the cursor instead of jumping to its new place in the sort order (which also moved the
  // next click onto another draft); the order catches up with the next reload, sort or search.
  const unsubscribers = [
    bridge.on('drafts.changed', (event) => {
      const s = store.getState();
      const ids = IN_PLACE_REASONS.has(event.reason) ? event.localIds : null;
      if (ids && ids.every((id) => s.rows.some((r) => r?.localId === id))) void s.refreshRows(ids);
      else void s.reload();
    }),
    // The sync reports one item at a time: its badge changes in place, no reload.
    bridge.on('sync.itemState', (event) => {
      const { rows } = store.getState();
      const index = rows.findIndex((r) => r?.localId === event.localId);
      const row = rows[index];
      if (!row) return;
      const next = rows.slice();
      next[index] = { ...row, syncState: event.syncState, rejectReason: event.reason, rejectField: event.field };
      store.setState({ rows: next });
    }),
  ];
  const unsubscribe = () => unsubscribers.forEach((u) => u());
  return store;
}
