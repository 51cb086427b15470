// The grid's columns: which item field each shows, how it is edited and sorted.
import type { DraftRow, GridQueryInput } from '../../../shared/ipc.ts';

export type ColumnKind = 'text' | 'number' | 'int' | 'enum' | 'list';
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

export const COLUMNS: readonly Column[] = [
  { field: 'title', label: 'Title', width: 0, kind: 'text', sort: 'title' },
  { field: 'saleMethod', label: 'Sale method', width: 100, kind: 'enum', options: ['auction', 'buy-now'] },
  { field: 'buyNowPrice', label: 'Buy-now €', width: 110, kind: 'number', sort: 'price', align: 'right' },
  { field: 'startingPrice', label: 'Start €', width: 72, kind: 'number', align: 'right' },
  { field: 'quantity', label: 'Qty', width: 48, kind: 'int', align: 'right' },
  { field: 'condition', label: 'Condition', width: 88, kind: 'enum', options: ['new', 'like-new', 'good', 'acceptable', 'weak'] },
  { field: 'categoryId', label: 'Category', width: 76, kind: 'int', align: 'right' },
  { field: 'openDays', label: 'Days', width: 46, kind: 'int', align: 'right' },
  { field: 'deliveryMethods', label: 'Delivery', width: 124, kind: 'list', options: ['pickup', 'shipment'] },
  { field: 'paymentMethods', label: 'Payment', width: 110, kind: 'list', options: ['wire-transfer', 'cash', 'mobile-pay'] },
];

/** Bulk edit offers every field a seller sets on many drafts at once. */
export const BULK_FIELDS: readonly Column[] = [
  ...COLUMNS.filter((c) => c.field !== 'title'),
  { field: 'deliveryPrice', label: 'Delivery price €', width: 0, kind: 'number' },
  { field: 'deliveryTerms', label: 'Delivery terms', width: 0, kind: 'text' },
  { field: 'paymentTerms', label: 'Payment terms', width: 0, kind: 'text' },
  { field: 'postalCode', label: 'Postal code', width: 0, kind: 'text' },
];

export function displayValue(row: DraftRow, field: string): string {
  const value = row.fields[field];
  if (value === null || value === undefined) return '';
  if (Array.isArray(value)) return value.join(', ');
  if (typeof value === 'number' && (field.endsWith('Price') || field === 'minimumIncrease')) return value.toFixed(2);
  return String(value);
}

/** The text an editor starts with; lists are typed as "a; b". */
export function editValue(row: DraftRow, field: string): string {
  const value = row.fields[field];
  if (value === null || value === undefined) return '';
  return Array.isArray(value) ? value.join('; ') : String(value);
}

/** What the user typed, as the core expects it (it validates; this only splits lists). */
export function parseInput(column: Column, text: string): unknown {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  if (column.kind === 'list') return trimmed.split(/[;,]/).map((v) => v.trim()).filter(Boolean);
  return column.kind === 'text' ? text : trimmed;
}

export function fieldLabel(field: string): string {
  return BULK_FIELDS.find((c) => c.field === field)?.label ?? COLUMNS.find((c) => c.field === field)?.label ?? field;
}

/** A value as the preview shows it. */
export function formatValue(field: string, value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (Array.isArray(value)) return value.join(', ');
  if (typeof value === 'number' && field.endsWith('Price')) return value.toFixed(2);
  return String(value);
}
