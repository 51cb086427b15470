// The grid's columns: which item field each shows, how it is edited and sorted. Made from the
// item-field registry (shared/items/item-fields.ts): a field with a `grid` entry is a column.
import type { DraftRow, GridQueryInput } from '../../../shared/ipc/contract.ts';
import { DEFAULT_GRID_FIELDS, ITEM_FIELD_NAMES, ITEM_FIELDS, type ItemFieldName } from '../../../shared/items/item-fields.ts';

export type ColumnKind = 'text' | 'number' | 'int' | 'enum' | 'list' | 'flag';
export interface Column {
  field: string;
  label: string;
  /** Pixels; 0 = takes the remaining width (the title). */
  width: number;
  kind: ColumnKind;
  options?: readonly string[];
  sort?: NonNullable<GridQueryInput['sort']>;
  align?: 'right';
  /** Shown, never edited: a figure of the draft's market research (issue 39). */
  readOnly?: boolean;
}

function columnOf(field: ItemFieldName): Column | null {
  const def = ITEM_FIELDS[field];
  const grid = 'grid' in def ? def.grid : undefined;
  if (!grid) return null;
  return {
    field,
    label: ('label' in grid ? grid.label : undefined) ?? def.label,
    width: grid.width,
    kind: def.kind,
    ...('options' in def ? { options: def.options } : {}),
    ...('sort' in grid ? { sort: grid.sort } : {}),
    ...('align' in grid ? { align: grid.align } : {}),
  };
}

/**
 * The market research's columns (issue 39), from each row's kept research: the median of the sold
 * prices, and how far the draft's price (the one its sale method uses) is above or below it.
 */
export const MARKET_COLUMNS: readonly Column[] = [
  { field: 'marketMedian', label: 'Market median', width: 104, kind: 'number', align: 'right', readOnly: true },
  { field: 'vsMarket', label: 'vs market', width: 92, kind: 'number', align: 'right', readOnly: true },
];
const READ_ONLY = new Set(MARKET_COLUMNS.map((c) => c.field));
export const isReadOnlyColumn = (field: string): boolean => READ_ONLY.has(field);

const defaults = new Set<string>(DEFAULT_GRID_FIELDS);
/**
 * Every field a draft has, as a grid column (the description is HTML and has the editor). The
 * default ones come first and are shown unless the seller picks others (Columns…); every one
 * can be edited inline.
 */
export const ALL_COLUMNS: readonly Column[] = [
  ...DEFAULT_GRID_FIELDS,
  ...ITEM_FIELD_NAMES.filter((f) => !defaults.has(f)),
].map(columnOf).filter((c): c is Column => c !== null).concat(MARKET_COLUMNS);

/** The columns a new installation shows: they fit a 1280-pixel window (see DEFAULT_GRID_FIELDS). */
export const DEFAULT_COLUMN_FIELDS: readonly string[] = DEFAULT_GRID_FIELDS;

/** Bulk edit offers every field a seller sets on many drafts at once (all but the title). */
export const BULK_FIELDS: readonly Column[] = ALL_COLUMNS.filter((c) => c.field !== 'title' && !c.readOnly);

const FLAG_CHOICES = ['yes', 'no'] as const;
const FLAG_FIELDS = new Set(ALL_COLUMNS.filter((c) => c.kind === 'flag').map((c) => c.field));
const isFlag = (field: string) => FLAG_FIELDS.has(field);

/** The values to choose from, for fields edited with a drop-down; null for typed ones. */
export function choicesOf(column: Column): readonly string[] | null {
  if (column.kind === 'flag') return FLAG_CHOICES;
  return column.kind === 'enum' ? (column.options ?? []) : null;
}

export function displayValue(row: DraftRow, field: string): string {
  const value = row.fields[field];
  if (value === null || value === undefined) return '';
  if (isFlag(field)) return value ? 'yes' : 'no';
  if (Array.isArray(value)) return value.join(', ');
  if (typeof value === 'number' && (field.endsWith('Price') || field === 'minimumIncrease')) return value.toFixed(2);
  return String(value);
}

/** The text an editor starts with; lists are typed as "a; b". */
export function editValue(row: DraftRow, field: string): string {
  const value = row.fields[field];
  if (value === null || value === undefined) return '';
  if (isFlag(field)) return value ? 'yes' : 'no';
  return Array.isArray(value) ? value.join('; ') : String(value);
}

/** What the user typed, as the core expects it (it validates; this only splits lists). */
export function parseInput(column: Column, text: string): unknown {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  if (column.kind === 'list') return trimmed.split(/[;,]/).map((v) => v.trim()).filter(Boolean);
  if (column.kind === 'flag') return trimmed === 'yes' ? 1 : trimmed === 'no' ? 0 : trimmed;
  return column.kind === 'text' ? text : trimmed;
}

export function fieldLabel(field: string): string {
  return ALL_COLUMNS.find((c) => c.field === field)?.label ?? field;
}

/** A value as the preview shows it. */
export function formatValue(field: string, value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (isFlag(field)) return value ? 'yes' : 'no';
  if (Array.isArray(value)) return value.join(', ');
  if (typeof value === 'number' && field.endsWith('Price')) return value.toFixed(2);
  return String(value);
}
