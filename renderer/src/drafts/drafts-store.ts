// The drafts grid's state: the query, the rows loaded so far (by index, a page at a time, for a
// virtualised table of thousands), selection, keyboard focus, the cell being edited, the last
// undoable step. Its bulk and file actions are in drafts-actions.ts, the types in drafts-state.ts.
// DOM-free: tested under Node against the real core through an in-memory bridge.
import { isReadOnlyColumn } from './columns.ts';
import { createStore } from 'zustand/vanilla';
import type { DraftRow } from '../../../shared/ipc/contract.ts';
import { call, type Bridge } from '../bridge/bridge-types.ts';
import { msg } from '../i18n/messages.ts';
import { bulkAndFileActions, noticeOf } from './drafts-actions.ts';
import { DEFAULT_QUERY, FIRST_PAGE_SIZE, firstPageInput, forLocale, PAGE_SIZE, type GridQuery } from './drafts-query.ts';
import { localeStore } from '../i18n/locale-store.ts';
import type { DraftsActions, DraftsState } from './drafts-state.ts';
import { followDrafts, mergeFresh, type SparseRows } from './row-placement.ts';

export type { BulkPreview, DraftsActions, DraftsState, ImportReport, LastStep, Notice } from './drafts-state.ts';

export type DraftsStore = ReturnType<typeof createDraftsStore>;

/** Changes that leave a draft's status (and so its place in a status filter) as it was. */
const IN_PLACE_REASONS = new Set(['edit', 'images']);

/** Whether two queries show other drafts (a search or a filter changed), not only another order. */
function filtersChanged(before: GridQuery, after: GridQuery): boolean {
  const keys = new Set([...Object.keys(before), ...Object.keys(after)] as Array<keyof GridQuery>);
  return [...keys].some((key) => key !== 'sort' && key !== 'direction' && JSON.stringify(before[key]) !== JSON.stringify(after[key]));
}

export function createDraftsStore(bridge: Bridge, options: { pageSize?: number; columns?: number } = {}) {
  const pageSize = options.pageSize ?? PAGE_SIZE;
  const firstPageSize = Math.min(pageSize, FIRST_PAGE_SIZE);
  let columnCount = options.columns ?? 1;
  /** Pages being fetched for the current generation. */
  const inFlight = new Map<number, Promise<void>>();
  /** The rows the grid last asked for (visible and a little around them). */
  let wanted = { start: 0, end: 0 };

  const store = createStore<DraftsState & DraftsActions>()((set, get) => {
    const fail = (error: unknown) => set({ notice: noticeOf(error) });
    /** The grid's query as the core is asked for it, in the screen's language (forLocale). */
    const asked = () => forLocale(get().query, localeStore.getState().locale);

    async function loadPage(page: number, generation: number): Promise<void> {
      const key = page;
      const running = inFlight.get(key);
      if (running) return running;
      const promise = (async () => {
        try {
          const result = await call(bridge, 'drafts.page', { ...asked(), offset: page * pageSize, limit: pageSize });
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
      // A reload refreshes the pages in view; a new query loads its first screenful, and the grid
      // asks for more where it needs them.
      const loadedPages = new Set<number>([0]);
      if (follow) for (let page = Math.floor(wanted.start / pageSize); page <= Math.floor(wanted.end / pageSize); page++) loadedPages.add(page);
      inFlight.clear();
      set({ generation, loading: true });
      try {
        // An empty grid or a new query asks for a screenful first; a reload refreshes whole pages.
        const limit = get().rows.length === 0 || !follow ? firstPageSize : pageSize;
        const first = await call(bridge, 'drafts.page', firstPageInput(asked(), limit));
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
        // A new search or sort leaves the undo step as it was: asked again only after changes
        // (a reload), not on every keystroke, where it queued beside the next keystroke's page.
        if (follow || !lastStepAsked) await refreshLastStep(generation);
      } catch (error) {
        fail(error);
      } finally {
        if (get().generation === generation) set({ loading: false });
      }
    }

    /** A Select all waiting for its ids (drafts.ids takes a while at 100,000 drafts). */
    let selecting: Promise<void> | null = null;

    /** The undo button's step; a reload overtaken by a newer one leaves it to that one. */
    let lastStepAsked = false;
    async function refreshLastStep(generation: number): Promise<void> {
      const lastStep = await call(bridge, 'drafts.lastStep', {});
      if (get().generation !== generation) return;
      lastStepAsked = true;
      set({ lastStep });
    }

    /** The tree as paths of names, in the tree's order (a section after its main category). */
    async function loadCategories(): Promise<void> {
      try {
        const tree = await call(bridge, 'categories.list', {});
        const byId = new Map(tree.map((c) => [c.id, c]));
        const pathOf = (id: number, name: (c: (typeof tree)[number]) => string): string[] => {
          const c = byId.get(id);
          return c ? [...(c.parentId ? pathOf(c.parentId, name) : []), name(c)] : [];
        };
        const categories = tree.map((c) => ({ id: c.id, path: pathOf(c.id, (n) => n.title), pathEn: pathOf(c.id, (n) => n.titleEn || n.title) })).sort((a, b) => a.path.join('\u0000').localeCompare(b.path.join('\u0000')));
        set({ categories });
      } catch (error) {
        fail(error);
      }
    }

    /**
     * Takes out of the selection the drafts the new search or filter does not show, and says how
     * many: an action never acts on drafts the seller cannot see (a bulk action, an edit and an
     * export take the selection as it is). Actions wait for it (selectionSettled), after a
     * Select all in flight.
     */
    function narrowSelection(query: GridQuery): Promise<void> {
      const previous = selecting;
      const run = (async () => {
        await previous;
        try {
          const shown = new Set(await call(bridge, 'drafts.ids', query));
          // A newer search narrows it in its turn.
          if (get().query !== query) return;
          const selected = get().selected;
          const kept = new Set([...selected].filter((id) => shown.has(id)));
          const hidden = selected.size - kept.size;
          if (hidden > 0) set({ selected: kept, notice: { kind: 'info', message: msg('grid.selection.narrowed', { count: hidden }) } });
        } catch (error) {
          fail(error);
        }
      })();
      selecting = run;
      void run.finally(() => {
        if (selecting === run) selecting = null;
      });
      return run;
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
      rulesPreview: null,
      templatePreview: null,
      importReport: null,
      pendingImport: null,
      importMapping: null,
      dialogError: null,
      pendingUndo: null,
      categories: [],
      importProgress: null,
      writeProgress: null,
      runningImport: null,
      runningWrite: null,
      dialogNotice: null,

      async setQuery(changes) {
        const before = get().query;
        const query = { ...before, ...changes };
        set({ query, focusRow: 0, anchor: null });
        // A new search or filter: the selection keeps only what the grid shows (issue 42).
        const narrowing = get().selected.size > 0 && filtersChanged(before, query) ? narrowSelection(query) : null;
        await Promise.all([load(false), narrowing]);
      },
      async toggleSort(sort) {
        const { query } = get();
        const direction = query.sort === sort ? (query.direction === 'asc' ? 'desc' : 'asc') : sort === 'title' || sort === 'sku' || sort === 'note' || sort === 'category' ? 'asc' : 'desc';
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
        const previous = selecting;
        const run = (async () => {
          await previous;
          try {
            const ids = await call(bridge, 'drafts.ids', get().query);
            set({ selected: new Set(ids) });
          } catch (error) {
            fail(error);
          }
        })();
        selecting = run;
        await run;
        if (selecting === run) selecting = null;
      },
      selectionSettled: () => selecting ?? Promise.resolve(),
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
        // The market's figures are read, never typed.
        if (isReadOnlyColumn(field)) return;
        const row = get().rows.find((r) => r?.localId === localId);
        if (!row || (row.status !== 'draft' && row.status !== 'preview')) {
          if (row) set({ notice: { kind: 'error', message: msg('grid.edit.onlyDrafts', { status: row.status }) } });
          return;
        }
        set({ editing: { localId, field } });
        if (field === 'categoryId' && get().categories.length === 0) void loadCategories();
      },
      cancelEdit: () => set({ editing: null }),
      async commitEdit(localId, field, raw) {
        try {
          const result = await call(bridge, 'drafts.update', { localId, changes: { [field]: raw } });
          const fresh = await call(bridge, 'drafts.get', { localId });
          placeRows([fresh]);
          const changed = Object.keys(result.changed).length > 0;
          const saved = fresh.fields.title ? msg('grid.edit.saved', { title: String(fresh.fields.title) }) : msg('grid.edit.savedUntitled', { id: localId });
          set({ editing: null, notice: changed ? { kind: 'info', message: saved } : null });
          return true;
        } catch (error) {
          fail(error);
          return false;
        }
      },
      ...bulkAndFileActions(bridge, set, get),
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
    // A sort by category follows the language: the names it sorts by are the screen's.
    localeStore.subscribe((now, before) => {
      if (now.locale !== before.locale && store.getState().query.sort === 'category') void store.getState().reload();
    }),
    bridge.on('drafts.changed', (event) => {
      const s = store.getState();
      const ids = IN_PLACE_REASONS.has(event.reason) ? event.localIds : null;
      if (ids && ids.every((id) => s.rows.some((r) => r?.localId === id))) void s.refreshRows(ids);
      else void s.reload();
    }),
    // A long import tells how far it got, while one runs (drafts-actions.ts starts and ends it:
    // an event arriving after the answer is dropped).
    bridge.on('csv.progress', (progress) => {
      const shown = store.getState().importProgress;
      if (shown !== null) store.setState({ importProgress: { ...progress, ...(shown.fileName ? { fileName: shown.fileName } : {}) } });
    }),
    // A bulk change tells how far it got while one runs (drafts-actions.ts starts and ends it).
    bridge.on('drafts.writeProgress', (progress) => {
      if (store.getState().writeProgress !== null) store.setState({ writeProgress: progress });
    }),
    // The sync reports one item at a time: its badge changes in place, no reload.
    bridge.on('sync.itemState', (event) => {
      const { rows } = store.getState();
      const index = rows.findIndex((r) => r?.localId === event.localId);
      const row = rows[index];
      if (!row) return;
      const next = rows.slice();
      next[index] = { ...row, syncState: event.syncState, rejectReason: event.reason, rejectField: event.field, rejectCode: event.code ?? null };
      store.setState({ rows: next });
    }),
  ];
  const unsubscribe = () => unsubscribers.forEach((u) => u());
  return store;
}
