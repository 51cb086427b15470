// Which columns the drafts grid shows. Kept in the window's local storage: it is a preference of
// this computer's screen, not of the account (the same seller may want fewer columns on a laptop).
import { createStore } from 'zustand/vanilla';
import { ALL_COLUMNS, DEFAULT_COLUMN_FIELDS, type Column } from '../components/columns.ts';

const STORAGE_KEY = 'market-desk.grid-columns';

export interface GridColumnsState {
  /** The shown columns, in the grid's order; the title is always one of them. */
  columns: readonly Column[];
  setShown(field: string, shown: boolean): void;
  reset(): void;
}

/** What local storage offers; null where there is none (tests under Node). */
export type PreferenceStorage = {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
} | null;

function columnsOf(fields: Iterable<string>): readonly Column[] {
  const wanted = new Set(fields);
  wanted.add('title');
  return ALL_COLUMNS.filter((c) => wanted.has(c.field));
}

function saved(storage: PreferenceStorage): readonly Column[] {
  try {
    const value: unknown = JSON.parse(storage?.getItem(STORAGE_KEY) ?? 'null');
    // Unknown names (a field a later version dropped) are skipped.
    if (Array.isArray(value) && value.every((v) => typeof v === 'string')) return columnsOf(value);
  } catch {
    // Unreadable: the defaults.
  }
  return columnsOf(DEFAULT_COLUMN_FIELDS);
}

export function createGridColumnsStore(storage: PreferenceStorage) {
  const keep = (columns: readonly Column[]) => {
    try {
      storage?.setItem(STORAGE_KEY, JSON.stringify(columns.map((c) => c.field)));
    } catch {
      // Storage full or refused: the choice lasts until the window closes.
    }
  };
  return createStore<GridColumnsState>()((set, get) => ({
    columns: saved(storage),
    setShown(field, shown) {
      if (field === 'title') return;
      const fields = new Set(get().columns.map((c) => c.field));
      if (shown) fields.add(field);
      else fields.delete(field);
      const columns = columnsOf(fields);
      keep(columns);
      set({ columns });
    },
    reset() {
      storage?.removeItem(STORAGE_KEY);
      set({ columns: columnsOf(DEFAULT_COLUMN_FIELDS) });
    },
  }));
}

export type GridColumnsStore = ReturnType<typeof createGridColumnsStore>;
