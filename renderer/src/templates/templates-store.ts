// The listing templates of the active account: the list, the one being edited (create, rename,
// change its values and description), delete, save the focused draft as a template, a new draft
// from a template. DOM-free: tested under Node against the real core through an in-memory bridge.
// Applying a template to the grid's selection is the drafts store's (drafts-actions.ts), beside
// the other bulk changes and their undo.
import { createStore } from 'zustand/vanilla';
import type { IpcOutput } from '../../../shared/ipc/contract.ts';
import type { OfferRule, RelistRule } from '../../../shared/ipc/rules.ts';
import { isItemField, type ItemFieldName } from '../../../shared/items/item-fields.ts';
import { unknownTemplatePlaceholders } from '../../../shared/items/listing-templates.ts';
import { BridgeError, call, type Bridge } from '../bridge/bridge-types.ts';
import { placeholderWords } from './placeholder-words.ts';

export type ListingTemplate = IpcOutput<'templates.list'>[number];
type Value = string | number | string[] | null;

/** A template as the seller edits it; id null until it is first saved. */
export interface TemplateDraft {
  id: number | null;
  name: string;
  fields: Record<string, Value>;
}

/** Why the core refused a template, as codes the screen puts into words (no finished sentences here). */
export type TemplateProblem =
  | { code: 'name-empty' | 'name-too-long' | 'name-taken' | 'not-found' | 'limit' }
  | { code: 'placeholder'; names: string[] }
  | { code: 'value'; field: ItemFieldName }
  | { code: 'other'; message: string };

/** The offer and relisting rules set on one template (on the Rules screen), shown in its editor. */
export interface TemplateRules {
  templateId: number;
  offer: OfferRule[];
  relist: RelistRule[];
}

export interface TemplatesState {
  templates: ListingTemplate[];
  editing: TemplateDraft | null;
  /** The rules of the template being edited; null while loading, for a new one, or when the list failed. */
  rules: TemplateRules | null;
  problem: TemplateProblem | null;
  busy: boolean;
}

export function problemOf(error: unknown, editing: TemplateDraft | null): TemplateProblem {
  if (!(error instanceof BridgeError)) return { code: 'other', message: error instanceof Error ? error.message : String(error) };
  const field = error.field?.replace(/^fields\./, '') ?? '';
  switch (error.code) {
    case 'template-name-empty': return { code: 'name-empty' };
    case 'template-name-too-long': return { code: 'name-too-long' };
    case 'template-name-taken': return { code: 'name-taken' };
    case 'template-not-found': return { code: 'not-found' };
    case 'template-limit': return { code: 'limit' };
    case 'template-placeholder': {
      const description = editing?.fields.description;
      return { code: 'placeholder', names: typeof description === 'string' ? unknownTemplatePlaceholders(description) : [] };
    }
    case 'template-value': return isItemField(field) ? { code: 'value', field } : { code: 'other', message: error.message };
    default: return { code: 'other', message: error.message };
  }
}

export function createTemplatesStore(bridge: Bridge) {
  const store = createStore<TemplatesState>()(() => ({ templates: [], editing: null, rules: null, problem: null, busy: false }));
  const set = store.setState;

  /** Runs a call with busy set; a refusal becomes the problem shown, and null. */
  async function run<T>(work: () => Promise<T>): Promise<T | null> {
    set({ busy: true, problem: null });
    try {
      return await work();
    } catch (error) {
      set({ problem: problemOf(error, store.getState().editing) });
      return null;
    } finally {
      set({ busy: false });
    }
  }

  const reload = async () => set({ templates: await call(bridge, 'templates.list', {}) });

  /** The rules the Rules screen set on template `id`, for its editor (a failure shows none: the editor works without them). */
  async function loadRules(id: number): Promise<void> {
    set({ rules: null });
    try {
      const all = await call(bridge, 'rules.list', {});
      const mine = <R extends { scope: string; scopeId: number }>(rules: R[]) => rules.filter((r) => r.scope === 'template' && r.scopeId === id);
      if (store.getState().editing?.id === id) set({ rules: { templateId: id, offer: mine(all.offerRules), relist: mine(all.relistRules) } });
    } catch {
      // The list is a courtesy here; the Rules screen says what failed.
    }
  }

  return Object.assign(store, {
    actions: {
      load: () => run(reload),
      startNew: () => set({ editing: { id: null, name: '', fields: {} }, rules: null, problem: null }),
      edit(id: number): void {
        const template = store.getState().templates.find((t) => t.id === id);
        if (!template) return;
        set({ editing: { id: template.id, name: template.name, fields: { ...template.fields } }, problem: null });
        void loadRules(template.id);
      },
      cancel: () => set({ editing: null, rules: null, problem: null }),
      setName(name: string): void {
        const editing = store.getState().editing;
        if (editing) set({ editing: { ...editing, name } });
      },
      /** null takes the field out of the template (drafts keep their own value). */
      setField(field: ItemFieldName, value: Value): void {
        const editing = store.getState().editing;
        if (!editing) return;
        const fields = { ...editing.fields };
        if (value === null) delete fields[field];
        else fields[field] = value;
        set({ editing: { ...editing, fields } });
      },
      /** Saves the template being edited; it stays open, now with its id. */
      save: () => run(async () => {
        const editing = store.getState().editing;
        if (!editing) return null;
        const saved = await call(bridge, 'templates.save', { ...(editing.id !== null ? { id: editing.id } : {}), name: editing.name, fields: editing.fields });
        await reload();
        set({ editing: { id: saved.id, name: saved.name, fields: { ...saved.fields } } });
        return saved;
      }),
      remove: (id: number) => run(async () => {
        await call(bridge, 'templates.delete', { id });
        await reload();
        if (store.getState().editing?.id === id) set({ editing: null, rules: null });
        return true;
      }),
      /** A new template of a draft's values, opened for editing. */
      fromDraft: (localId: number, name: string) => run(async () => {
        const saved = await call(bridge, 'templates.fromDraft', { localId, name });
        await reload();
        set({ editing: { id: saved.id, name: saved.name, fields: { ...saved.fields } }, rules: null });
        return saved;
      }),
      /** A new draft with the template's values; its local id. */
      newDraft: (id: number) => run(async () => (await call(bridge, 'templates.newDraft', { id, words: placeholderWords() })).localId),
    },
  });
}

export type TemplatesStore = ReturnType<typeof createTemplatesStore>;
