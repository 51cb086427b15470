// The remembered column mappings of imports: the list the seller opens from the import dialogs,
// one being changed (without importing), and forgetting one. DOM-free: tested under Node against
// the real core through an in-memory bridge.
import { createStore } from 'zustand/vanilla';
import type { IpcOutput } from '../../../shared/ipc/contract.ts';
import { call, type Bridge } from '../bridge/bridge-types.ts';
import type { ColumnMapping, UsedMapping } from './drafts-state.ts';

export type RememberedMapping = IpcOutput<'importMappings.list'>[number];

/** A mapping being changed: the file's headings (its key) and the headings the seller maps. */
export interface MappingEdit {
  headings: string[];
  unknown: string[];
  mapping: ColumnMapping;
}

export interface MappingsState {
  /** The list dialog is open. */
  open: boolean;
  list: RememberedMapping[];
  editing: MappingEdit | null;
  error: string | null;
}

export function createMappingsStore(bridge: Bridge) {
  const store = createStore<MappingsState>()(() => ({ open: false, list: [], editing: null, error: null }));
  const set = store.setState;
  const run = async (work: () => Promise<void>) => {
    try {
      await work();
      set({ error: null });
    } catch (error) {
      set({ error: error instanceof Error ? error.message : String(error) });
    }
  };
  const reload = () => run(async () => set({ list: await call(bridge, 'importMappings.list', {}) }));
  return Object.assign(store, {
    async openList() {
      set({ open: true, editing: null });
      await reload();
    },
    closeList: () => set({ open: false }),
    /** Opens the change of a mapping: one of the list, or the one an import just used. */
    edit(edit: MappingEdit) {
      set({ editing: edit });
    },
    editRemembered(entry: RememberedMapping) {
      set({ editing: { headings: entry.headings, unknown: Object.keys(entry.mapping), mapping: entry.mapping } });
    },
    cancelEdit: () => set({ editing: null }),
    async save(mapping: ColumnMapping) {
      const editing = store.getState().editing;
      if (!editing) return;
      await run(async () => {
        await call(bridge, 'importMappings.save', { headings: editing.headings, mapping });
        set({ editing: null });
      });
      if (store.getState().open) await reload();
    },
    async forget(key: string) {
      await run(async () => {
        await call(bridge, 'importMappings.forget', { key });
      });
      await reload();
    },
  });
}

export type MappingsStore = ReturnType<typeof createMappingsStore>;

/** Offered under a report when the import used a remembered mapping: change it (and the list). */
export interface RememberedOffer {
  onChange(): void;
  onShowList(): void;
}

/** What an import report offers when its import used a remembered mapping. */
export function rememberedOffer(store: MappingsStore, used: UsedMapping | null): RememberedOffer | null {
  if (!used?.remembered) return null;
  return {
    onChange: () => store.edit({ headings: used.headings, unknown: used.unknown, mapping: used.mapping }),
    onShowList: () => void store.openList(),
  };
}
