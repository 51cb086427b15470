// Which columns the drafts grid shows, in which order, and how wide the seller dragged them. Kept in the window's
// local storage: a preference of this computer's screen, not of the account (the same seller may
// want fewer columns on a laptop).
import { createStore } from 'zustand/vanilla';
import { ALL_COLUMNS, DEFAULT_COLUMN_FIELDS, type Column } from './columns.ts';

const FIELDS_KEY = 'market-desk.grid-columns';
const WIDTHS_KEY = 'market-desk.grid-column-widths';
/** Narrow enough to hide a column's text, never so narrow its edge cannot be caught again. */
export const MIN_COLUMN_WIDTH = 40;
export const MAX_COLUMN_WIDTH = 800;

export type ColumnWidths = Readonly<Record<string, number>>;

export interface GridColumnsState {
  /** The shown columns, in the seller's order; the title is always one of them. */
  columns: readonly Column[];
  /** Widths the seller chose, by field; the others have their column's own. */
  widths: ColumnWidths;
  /** A column shown again goes to the end. */
  setShown(field: string, shown: boolean): void;
  /** Moves a shown column to this position (clamped to the row). */
  moveTo(field: string, index: number): void;
  /** keep: false while dragging (nothing written until the drag ends). */
  setWidth(field: string, width: number, keep?: boolean): void;
  /** The column's own width again. */
  resetWidth(field: string): void;
  /** The default columns at their own widths. */
  reset(): void;
}

/** What local storage offers; null where there is none (tests under Node). */
export type PreferenceStorage = {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
} | null;

const BY_FIELD = new Map(ALL_COLUMNS.map((c) => [c.field, c]));

/** The columns of these fields in this order: unknown and repeated names skipped, the title first if missing. */
function columnsOf(fields: Iterable<string>): readonly Column[] {
  const ordered = [...new Set(fields)].flatMap((f) => BY_FIELD.get(f) ?? []);
  return ordered.some((c) => c.field === 'title') ? ordered : [BY_FIELD.get('title') as Column, ...ordered];
}

const clampWidth = (width: number) => Math.round(Math.min(MAX_COLUMN_WIDTH, Math.max(MIN_COLUMN_WIDTH, width)));

function read(storage: PreferenceStorage, key: string): unknown {
  try {
    return JSON.parse(storage?.getItem(key) ?? 'null');
  } catch {
    return null;
  }
}

/** Unreadable or unknown entries (a field a later version dropped) fall back to the defaults. */
function savedColumns(storage: PreferenceStorage): readonly Column[] {
  const value = read(storage, FIELDS_KEY);
  return columnsOf(Array.isArray(value) && value.every((v) => typeof v === 'string') ? value : DEFAULT_COLUMN_FIELDS);
}

function savedWidths(storage: PreferenceStorage): ColumnWidths {
  const value = read(storage, WIDTHS_KEY);
  if (!value || typeof value !== 'object' || Array.isArray(value)) return {};
  const known = new Set(ALL_COLUMNS.map((c) => c.field));
  return Object.fromEntries(
    Object.entries(value).flatMap(([field, width]) => (known.has(field) && typeof width === 'number' && Number.isFinite(width) ? [[field, clampWidth(width)]] : [])),
  );
}

export function createGridColumnsStore(storage: PreferenceStorage) {
  const keep = (key: string, value: unknown) => {
    try {
      storage?.setItem(key, JSON.stringify(value));
    } catch {
      // Storage full or refused: the choice lasts until the window closes.
    }
  };
  return createStore<GridColumnsState>()((set, get) => ({
    columns: savedColumns(storage),
    widths: savedWidths(storage),
    setShown(field, shown) {
      if (field === 'title') return;
      const fields = get().columns.map((c) => c.field).filter((f) => f !== field);
      const columns = columnsOf(shown ? [...fields, field] : fields);
      keep(FIELDS_KEY, columns.map((c) => c.field));
      set({ columns });
    },
    moveTo(field, index) {
      const fields = get().columns.map((c) => c.field);
      const from = fields.indexOf(field);
      if (from < 0) return;
      fields.splice(from, 1);
      fields.splice(Math.max(0, Math.min(fields.length, index)), 0, field);
      const columns = columnsOf(fields);
      keep(FIELDS_KEY, fields);
      set({ columns });
    },
    setWidth(field, width, persist = true) {
      if (!ALL_COLUMNS.some((c) => c.field === field)) return;
      const widths = { ...get().widths, [field]: clampWidth(width) };
      if (persist) keep(WIDTHS_KEY, widths);
      set({ widths });
    },
    resetWidth(field) {
      const widths = Object.fromEntries(Object.entries(get().widths).filter(([f]) => f !== field));
      keep(WIDTHS_KEY, widths);
      set({ widths });
    },
    reset() {
      storage?.removeItem(FIELDS_KEY);
      storage?.removeItem(WIDTHS_KEY);
      set({ columns: columnsOf(DEFAULT_COLUMN_FIELDS), widths: {} });
    },
  }));
}

export type GridColumnsStore = ReturnType<typeof createGridColumnsStore>;
