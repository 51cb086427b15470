// The sold items as the Sales screen shows them: a date range in the seller's own days, the
// table's sort, and totals per day, week (from Monday) or month. Pure and DOM-free (tested under
// Node); times are the local zone's, as the seller reads a calendar.
import type { SaleKind, SoldRow } from '../../../shared/ipc/contract.ts';
import { SALES_COLUMNS, type SalesColumnKey } from '../../../shared/screens/sales-columns.ts';

export type Period = 'day' | 'week' | 'month';
/** A column of the table (shared/screens/sales-columns.ts): each sorts by what its cells hold. */
export type SoldSortKey = SalesColumnKey;
export interface SoldSort {
  key: SoldSortKey;
  direction: 'asc' | 'desc';
}
/** `YYYY-MM-DD` (an <input type=date>'s value), or '' for an open end. */
export interface DateRange {
  from: string;
  to: string;
}

/** Local midnight of a `YYYY-MM-DD` day, or null for ''. */
export function dayStart(day: string): number | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  return m ? new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3])).getTime() : null;
}

/** The range as the core takes it: epoch ms, [from, to), the `to` day included whole. */
export function rangeBounds(range: DateRange): { from: number | null; to: number | null } {
  const from = dayStart(range.from);
  const to = dayStart(range.to);
  return { from, to: to === null ? null : new Date(new Date(to).setDate(new Date(to).getDate() + 1)).getTime() };
}

/** The start (local midnight) of the period a time falls in. */
export function periodStart(time: number, period: Period): number {
  const d = new Date(time);
  d.setHours(0, 0, 0, 0);
  if (period === 'week') d.setDate(d.getDate() - ((d.getDay() + 6) % 7));
  if (period === 'month') d.setDate(1);
  return d.getTime();
}

function nextPeriod(start: number, period: Period): number {
  const d = new Date(start);
  if (period === 'day') d.setDate(d.getDate() + 1);
  else if (period === 'week') d.setDate(d.getDate() + 7);
  else d.setMonth(d.getMonth() + 1);
  return d.getTime();
}

export interface PeriodTotal {
  start: number;
  sold: number;
  revenue: number;
}

/** At most this many periods are listed one by one (empty ones too); beyond it only those with sales. */
const CONTINUOUS_MAX = 120;

/**
 * Sales and revenue per period, oldest first, over the range (its open ends taken from the
 * first and last sale): every period in between, with none sold too, so a plot shows the gaps.
 */
export function periodTotals(rows: readonly SoldRow[], period: Period, range: DateRange): PeriodTotal[] {
  const totals = new Map<number, PeriodTotal>();
  for (const row of rows) {
    const start = periodStart(row.soldAt, period);
    const total = totals.get(start) ?? { start, sold: 0, revenue: 0 };
    total.sold += row.quantity;
    total.revenue = Math.round((total.revenue + row.price) * 100) / 100;
    totals.set(start, total);
  }
  const starts = [...totals.keys()];
  const from = dayStart(range.from) ?? (starts.length > 0 ? Math.min(...starts) : null);
  const to = dayStart(range.to) ?? (starts.length > 0 ? Math.max(...starts) : null);
  if (from === null || to === null) return [];
  const all: PeriodTotal[] = [];
  for (let start = periodStart(from, period); start <= to && all.length <= CONTINUOUS_MAX; start = nextPeriod(start, period)) {
    all.push(totals.get(start) ?? { start, sold: 0, revenue: 0 });
  }
  return all.length <= CONTINUOUS_MAX ? all : [...totals.values()].sort((a, b) => a.start - b.start);
}

/** Units sold (a purchase of three counts three) and the revenue. */
export function sumOf(rows: readonly SoldRow[]): { sold: number; revenue: number } {
  return { sold: rows.reduce((n, r) => n + r.quantity, 0), revenue: Math.round(rows.reduce((sum, r) => sum + r.price, 0) * 100) / 100 };
}

/** The rows in the table's order; `kindName` puts a sale's kind into the words it is sorted by. */
export function sortSold(rows: readonly SoldRow[], sort: SoldSort, kindName: (kind: SaleKind) => string, collator: Intl.Collator): SoldRow[] {
  const text = (a: string | null, b: string | null) => (a === null ? (b === null ? 0 : 1) : b === null ? -1 : collator.compare(a, b));
  const column = SALES_COLUMNS[sort.key];
  const compare = (a: SoldRow, b: SoldRow): number => {
    switch (column.type) {
      case 'date': return (column.value(a) ?? 0) - (column.value(b) ?? 0);
      case 'text': return text(column.value(a), column.value(b));
      case 'count':
      case 'money': return column.value(a) - column.value(b);
      case 'kind': return collator.compare(kindName(column.value(a)), kindName(column.value(b)));
    }
  };
  const sign = sort.direction === 'asc' ? 1 : -1;
  // Ties keep the newest first, whatever the column.
  return [...rows].sort((a, b) => sign * compare(a, b) || b.soldAt - a.soldAt || b.localId - a.localId || (a.saleId < b.saleId ? 1 : -1));
}
