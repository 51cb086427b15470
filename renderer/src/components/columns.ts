// The grid's columns: which item field each shows, how it is edited and sorted.
import type { DraftRow, GridQueryInput } from '../../../shared/ipc.ts';

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
}

/**
 * Every field a draft has, as a grid column (the description is HTML and has the editor). The
 * first ten are shown unless the seller picks others (Columns…); every one can be edited inline.
 */
export const ALL_COLUMNS: readonly Column[] = [
  { field: 'title', label: 'Title', width: 0, kind: 'text', sort: 'title' },
  { field: 'saleMethod', label: 'Sale method', width: 106, kind: 'enum', options: ['auction', 'buy-now'] },
  { field: 'buyNowPrice', label: 'Buy-now €', width: 110, kind: 'number', sort: 'price', align: 'right' },
  { field: 'startingPrice', label: 'Start €', width: 72, kind: 'number', align: 'right' },
  { field: 'quantity', label: 'Qty', width: 48, kind: 'int', align: 'right' },
  { field: 'condition', label: 'Condition', width: 88, kind: 'enum', options: ['new', 'like-new', 'good', 'acceptable', 'weak'] },
  { field: 'categoryId', label: 'Category', width: 80, kind: 'int', align: 'right' },
  { field: 'openDays', label: 'Days', width: 48, kind: 'int', align: 'right' },
  { field: 'deliveryMethods', label: 'Delivery', width: 124, kind: 'list', options: ['pickup', 'shipment'] },
  { field: 'paymentMethods', label: 'Payment', width: 110, kind: 'list', options: ['wire-transfer', 'cash', 'mobile-pay'] },
  { field: 'minimumIncrease', label: 'Min. raise €', width: 96, kind: 'number', align: 'right' },
  { field: 'reservePrice', label: 'Reserve €', width: 86, kind: 'number', align: 'right' },
  { field: 'offersAllowed', label: 'Offers', width: 64, kind: 'flag' },
  { field: 'listTime', label: 'List time', width: 156, kind: 'text' },
  { field: 'closingTime', label: 'Closing time', width: 156, kind: 'text' },
  { field: 'republish', label: 'Republish', width: 84, kind: 'flag' },
  { field: 'postalCode', label: 'Postal code', width: 94, kind: 'text' },
  { field: 'isLocationAbroad', label: 'Abroad', width: 66, kind: 'flag' },
  { field: 'deliveryPrice', label: 'Delivery price €', width: 126, kind: 'number', align: 'right' },
  { field: 'deliveryTerms', label: 'Delivery terms', width: 160, kind: 'text' },
  { field: 'paymentTerms', label: 'Payment terms', width: 160, kind: 'text' },
  { field: 'identificationRequired', label: 'ID required', width: 92, kind: 'flag' },
  { field: 'minimumFeedback', label: 'Min. feedback', width: 106, kind: 'int', align: 'right' },
  { field: 'marginalTax', label: 'Marginal tax', width: 100, kind: 'flag' },
  { field: 'vat', label: 'VAT %', width: 62, kind: 'int', align: 'right' },
];

/** The columns a new installation shows: they fit a 1440-pixel window. */
export const DEFAULT_COLUMN_FIELDS: readonly string[] = ALL_COLUMNS.slice(0, 10).map((c) => c.field);

/** Bulk edit offers every field a seller sets on many drafts at once (all but the title). */
export const BULK_FIELDS: readonly Column[] = ALL_COLUMNS.filter((c) => c.field !== 'title');

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
