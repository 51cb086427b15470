// Market research in the window (issue 39): the research shown in the editor's Market panel or
// the grid's market dialog, category suggestions for the title being typed (asked after a pause
// in typing, the newest answer wins), the bulk run's progress (research.progress events), the
// request budget, and the categories-from-the-market dialog's choices. DOM-free: tested under
// Node against the real core through an in-memory bridge. Everything runs in the core; the
// window only asks and shows.
import { createStore } from 'zustand/vanilla';
import type { Condition } from '../../../shared/items/item-fields.ts';
import type { BulkResearchProgress, CategorySuggestion, IpcInput, IpcOutput, ResearchResult } from '../../../shared/ipc/contract.ts';
import { BridgeError, call, type Bridge } from '../bridge/bridge-types.ts';

/** Typing pauses this long before the suggestions are asked for. */
export const SUGGEST_AFTER_MS = 400;

export type CategoryPreview = IpcOutput<'research.categoryPreview'>;

export interface ResearchState {
  /** The draft the panel shows, its research, and whether it is being asked. */
  localId: number | null;
  result: ResearchResult | null;
  busy: boolean;
  error: BridgeError | null;
  /** Suggestions for the title being typed (the editor). */
  suggestions: { title: string; items: CategorySuggestion[] } | null;
  bulk: BulkResearchProgress | null;
  budget: { dailyLimit: number; used: number } | null;
  categoryPreview: CategoryPreview | null;
  /** Per draft: the category chosen in the categories dialog (the first suggestion unless changed). */
  chosen: Record<number, number | null>;
  previewBusy: boolean;
  /** The open research dialog: the market of one draft (the grid's shortcut), a bulk run, categories from the market. */
  dialog: { kind: 'market'; localId: number } | { kind: 'bulk'; target: IpcInput<'research.bulkStart'>['target']; count: number } | { kind: 'categories'; of: IpcInput<'research.categoryPreview'> } | null;
}

type Timer = ReturnType<typeof setTimeout>;

export function createResearchStore(bridge: Bridge, options: { wait?: (fn: () => void, ms: number) => Timer; cancel?: (t: Timer) => void } = {}) {
  const wait = options.wait ?? ((fn, ms) => setTimeout(fn, ms));
  const cancel = options.cancel ?? ((t) => clearTimeout(t));
  let suggestTimer: Timer | null = null;
  let suggestSeq = 0;
  let showSeq = 0;

  const store = createStore<ResearchState>()(() => ({
    localId: null, result: null, busy: false, error: null, suggestions: null, bulk: null, budget: null, categoryPreview: null, chosen: {}, previewBusy: false, dialog: null,
  }));
  const set = store.setState;
  const fail = (error: unknown) => {
    if (!(error instanceof BridgeError)) throw error;
    set({ error });
  };

  bridge.on('research.progress', (progress) => {
    set({ bulk: progress, budget: progress.budget });
  });

  const actions = {
    /** Shows a draft's kept research (no request). */
    async show(localId: number): Promise<void> {
      const seq = ++showSeq;
      set({ localId, result: null, error: null });
      try {
        const result = await call(bridge, 'research.last', { localId });
        if (seq === showSeq) set({ result });
      } catch (error) {
        fail(error);
      }
    },
    /** Researches the draft now (a refresh asks again what the cache would answer). */
    async research(localId: number, refresh = false, condition?: Condition | null): Promise<ResearchResult | null> {
      const seq = ++showSeq;
      set({ localId, busy: true, error: null });
      try {
        const result = await call(bridge, 'research.draft', { localId, ...(refresh ? { refresh } : {}), ...(condition !== undefined ? { condition } : {}) });
        if (seq === showSeq) set({ result });
        void actions.loadBudget();
        return result;
      } catch (error) {
        fail(error);
        return null;
      } finally {
        if (seq === showSeq) set({ busy: false });
      }
    },
    hide(): void {
      showSeq++;
      set({ localId: null, result: null, busy: false, error: null });
    },
    /** The title changed: suggestions are asked once typing pauses. */
    titleTyped(title: string, localId: number | null): void {
      if (suggestTimer) cancel(suggestTimer);
      const trimmed = title.trim();
      if (trimmed.length < 3) {
        suggestSeq++;
        set({ suggestions: null });
        return;
      }
      suggestTimer = wait(() => void actions.suggest(trimmed, localId), SUGGEST_AFTER_MS);
    },
    async suggest(title: string, localId: number | null): Promise<void> {
      const seq = ++suggestSeq;
      try {
        const { suggestions } = await call(bridge, 'research.categories', { title, ...(localId !== null ? { localId } : {}) });
        if (seq === suggestSeq) set({ suggestions: { title, items: suggestions } });
      } catch (error) {
        if (!(error instanceof BridgeError)) throw error;
        // Suggestions are a help: none shown when they cannot be had.
        if (seq === suggestSeq) set({ suggestions: null });
      }
    },
    clearSuggestions(): void {
      if (suggestTimer) cancel(suggestTimer);
      suggestSeq++;
      set({ suggestions: null });
    },
    async loadBudget(): Promise<void> {
      try {
        set({ budget: await call(bridge, 'research.budget', {}) });
      } catch (error) {
        fail(error);
      }
    },
    async setBudget(dailyLimit: number): Promise<void> {
      try {
        set({ budget: await call(bridge, 'research.setBudget', { dailyLimit }) });
      } catch (error) {
        fail(error);
      }
    },
    async startBulk(target: IpcInput<'research.bulkStart'>['target']): Promise<void> {
      set({ error: null });
      try {
        set({ bulk: await call(bridge, 'research.bulkStart', { target }) });
      } catch (error) {
        fail(error);
      }
    },
    async cancelBulk(): Promise<void> {
      const job = store.getState().bulk;
      if (!job) return;
      try {
        const progress = await call(bridge, 'research.bulkCancel', { jobId: job.jobId });
        if (progress) set({ bulk: progress });
      } catch (error) {
        fail(error);
      }
    },
    async loadBulk(): Promise<void> {
      try {
        set({ bulk: await call(bridge, 'research.bulkStatus', {}) });
      } catch (error) {
        fail(error);
      }
    },
    /** The categories dialog: each draft's suggestions and what taking the first ones would change. */
    async previewCategories(of: IpcInput<'research.categoryPreview'>): Promise<void> {
      set({ previewBusy: true, error: null, categoryPreview: null, chosen: {} });
      try {
        const preview = await call(bridge, 'research.categoryPreview', of);
        set({ categoryPreview: preview, chosen: Object.fromEntries(preview.choices.map((c) => [c.localId, c.suggestions[0]?.categoryId ?? null])) });
      } catch (error) {
        fail(error);
      } finally {
        set({ previewBusy: false });
      }
    },
    choose(localId: number, categoryId: number | null): void {
      set({ chosen: { ...store.getState().chosen, [localId]: categoryId } });
    },
    /** Sets the chosen categories (all of them, or the given drafts'): one undo step. `writeId` names it for drafts.cancelWrite. */
    async applyCategories(only?: number[], writeId?: string): Promise<{ changed: number; stepId: number | null; cancelled?: true | undefined } | null> {
      const { chosen } = store.getState();
      const choices = Object.entries(chosen)
        .filter(([localId, categoryId]) => categoryId !== null && (!only || only.includes(Number(localId))))
        .map(([localId, categoryId]) => ({ localId: Number(localId), categoryId: categoryId! }));
      if (choices.length === 0) return { changed: 0, stepId: null };
      try {
        const result = await call(bridge, 'research.applyCategories', { choices, ...(writeId ? { writeId } : {}) });
        // What was taken leaves the list; the rest can still be chosen one by one (a cancelled
        // change took nothing).
        const preview = store.getState().categoryPreview;
        if (preview && !result.cancelled) {
          const taken = new Set(choices.map((c) => c.localId));
          set({ categoryPreview: { ...preview, choices: preview.choices.filter((c) => !taken.has(c.localId)) } });
        }
        return result;
      } catch (error) {
        fail(error);
        return null;
      }
    },
    closeCategories(): void {
      set({ categoryPreview: null, chosen: {}, previewBusy: false });
    },
    openDialog(dialog: NonNullable<ResearchState['dialog']>): void {
      set({ dialog, error: null });
      if (dialog.kind === 'market') void actions.research(dialog.localId);
      if (dialog.kind === 'categories') void actions.previewCategories(dialog.of);
      if (dialog.kind === 'bulk') void actions.loadBudget();
    },
    closeDialog(): void {
      const { dialog } = store.getState();
      set({ dialog: null });
      if (dialog?.kind === 'market') actions.hide();
      if (dialog?.kind === 'categories') actions.closeCategories();
    },
    /** A suggested price or category taken from the grid's market dialog: saved to the draft at once. */
    async useOnDraft(localId: number, changes: Record<string, string | number>): Promise<boolean> {
      try {
        await call(bridge, 'drafts.update', { localId, changes });
        return true;
      } catch (error) {
        fail(error);
        return false;
      }
    },
    /** Every draft a grid query matches (a selection of all). */
    async idsOf(query: IpcInput<'drafts.ids'>): Promise<number[]> {
      try {
        return await call(bridge, 'drafts.ids', query);
      } catch (error) {
        fail(error);
        return [];
      }
    },
    dismissError(): void {
      set({ error: null });
    },
  };
  return Object.assign(store, { actions });
}

export type ResearchStore = ReturnType<typeof createResearchStore>;
