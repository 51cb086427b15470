// What the grid's cells and badges say, in the seller's language: values through the formatter
// (money as `12,50` / `12.50`), options, yes and no, category names, statuses, sync states and
// check results from the catalog. Made once per language by the grid and handed to every row
// (one object: memoised rows do not re-render for it, and no row asks react-intl for its own).
import type { DraftRow, IpcProblem } from '../../../shared/ipc/contract.ts';
import type { Formatter } from '../../../shared/format/formatter.ts';
import { parseDecimal } from '../../../shared/format/parse-decimal.ts';
import { isItemField } from '../../../shared/items/item-fields.ts';
import { timeCellText } from './time-cells.ts';
import type { Translate } from '../i18n/intl.ts';
import { isMessageId, type MessageId } from '../i18n/messages.ts';
import { fieldLabelId } from '../i18n/translate.ts';
import { parseInput, type Column } from './columns.ts';
import { rowCategoryName } from '../categories/category-names.ts';

export interface GridText {
  /** A cell's text (a loaded row). */
  display(row: DraftRow, column: Column): string;
  /** What the cell editor starts with: numbers as the seller types them. */
  edit(row: DraftRow, column: Column): string;
  /** What the seller typed, as the core expects it: `12,50` and `12.50` alike. */
  parse(column: Column, text: string): unknown;
  /** An option's (or yes/no's) label in a drop-down. */
  choice(column: Column, value: string): string;
  /** A field's name: the grid heading's short one, or the full one. */
  field(field: string, short?: boolean): string;
  status(status: string): string;
  sync(row: DraftRow): { short: string; long: string };
  checks(problems: readonly IpcProblem[]): { kind: 'ok' | 'bad' | 'warn'; short: string; long: string };
  /** The row's check box. */
  select(row: DraftRow): string;
  loading: string;
  /** Issue 38: a field not known yet (the item is shown from the marketplace's list): the cell's text, its hover, the badge. */
  unread: { cell: string; long: string; badge: string };
}

/** A field of a row shown from the marketplace's list summary that is not known yet (never an empty cell that looks real). */
export function isUnread(row: DraftRow, field: string): boolean {
  return row.detailsMissing !== undefined && row.detailsMissing.includes(field) && (row.fields[field] ?? null) === null;
}

export function gridText(t: Translate, format: Formatter): GridText {
  // Catalog lookups are cached: a fast scroll asks for the same few words thousands of times.
  const words = new Map<string, string>();
  const word = (id: string, fallback: string): string => {
    let found = words.get(id);
    if (found === undefined) {
      // A word the catalog lacks (an option a later version adds) shows as it is.
      found = isMessageId(id) ? t(id) : fallback;
      words.set(id, found);
    }
    return found;
  };
  const field = (name: string, short = false) => (isItemField(name) ? word(fieldLabelId(name, short), name) : isMessageId(`research.column.${name}`) ? word(`research.column.${name}`, name) : name);
  const choice = (column: Column, value: string) => {
    if (column.kind === 'flag') return value === 'yes' ? word('common.yes', value) : value === 'no' ? word('common.no', value) : value;
    return word(`option.${column.field}.${value}`, value);
  };
  const display = (row: DraftRow, column: Column): string => {
    if (isUnread(row, column.field)) return word('grid.unread', 'not read');
    if (column.readOnly) return marketCell(row, column.field, format);
    if (column.field === 'categoryId') {
      if (row.fields.categoryId === null || row.fields.categoryId === undefined) return '';
      // English screens show the English name where the tree has one (issue 20's titleEn).
      return rowCategoryName(row, format.locale) ?? word('grid.category.unknown', '?');
    }
    const value = row.fields[column.field];
    if (value === null || value === undefined) return '';
    if (column.kind === 'flag') return choice(column, value ? 'yes' : 'no');
    if (Array.isArray(value)) return value.map((v) => choice(column, v)).join(', ');
    if (typeof value === 'number') return column.kind === 'number' ? format.amount(value) : format.number(value, 0);
    if (column.kind === 'enum') return choice(column, value);
    // "28.11.2026 klo 18.00", not "2026-11-28 18:00:00" (the cell editor still starts from the stored text).
    return timeCellText(column.field, value, format) ?? value;
  };
  return {
    display,
    edit(row, column) {
      const value = row.fields[column.field];
      if (value === null || value === undefined) return '';
      if (column.kind === 'flag') return value ? 'yes' : 'no';
      if (Array.isArray(value)) return value.join('; ');
      // With the language's decimal sign, as shown: parse reads it back (grouping too).
      if (typeof value === 'number' && column.kind === 'number') return format.amount(value);
      return String(value);
    },
    parse(column, text) {
      if (column.kind !== 'number' && column.kind !== 'int') return parseInput(column, text);
      const trimmed = text.trim();
      if (trimmed === '') return null;
      // Not a number: the core refuses the text with its own reason.
      return parseDecimal(trimmed) ?? trimmed;
    },
    choice,
    field,
    status: (status) => word(`grid.status.${status}`, status),
    sync(row) {
      const long = row.syncState === 'rejected' && row.rejectReason ? t('grid.sync.rejected.because', { reason: row.rejectReason }) : word(`grid.sync.${row.syncState}.long`, row.syncState);
      return { short: word(`grid.sync.${row.syncState}`, row.syncState), long };
    },
    checks(problems) {
      if (problems.length === 0) return { kind: 'ok', short: word('grid.checks.ready', 'ready'), long: word('grid.checks.ready.long', 'ready') };
      const long = problems.map((p) => t(`grid.problem.${p.code}` as MessageId, { field: field(p.field) })).join('\n');
      const errors = problems.filter((p) => p.code !== 'required').length;
      if (errors > 0) return { kind: 'bad', short: t('grid.checks.errors', { count: errors }), long };
      return { kind: 'warn', short: t('grid.checks.missing', { count: problems.length }), long };
    },
    select: (row) => (row.fields.title ? t('grid.selectRow', { title: String(row.fields.title) }) : t('grid.selectUntitled', { id: row.localId })),
    loading: word('common.loading', '…'),
    unread: { cell: word('grid.unread', 'not read'), long: word('grid.unread.long', 'not read'), badge: word('grid.unread.badge', 'list only') },
  };
}

/**
 * A market column's cell (issue 39): the median of the sold prices of the draft's last research,
 * or the draft's price against it (+12 %); empty without a research or a median.
 */
function marketCell(row: DraftRow, field: string, format: Formatter): string {
  const median = row.market?.median ?? null;
  if (median === null) return '';
  if (field === 'marketMedian') return format.amount(median);
  const method = row.fields.saleMethod;
  const price = method === 'auction' ? row.fields.startingPrice : method === 'buy-now' ? row.fields.buyNowPrice : null;
  if (typeof price !== 'number' || median <= 0) return '';
  const share = (price - median) / median;
  return `${share > 0 ? '+' : ''}${format.percent(share, 0)}`;
}
