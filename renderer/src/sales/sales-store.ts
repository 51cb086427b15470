// Sales: the items sold in a date range (sorted as the seller chose, with totals per period and a
// CSV of them), the seller's items by status with bids, offers and prices, and the dashboard's
// figures, all from the local cache.
import { createStore } from 'zustand/vanilla';
import type { Dashboard, SaleKind, SalesFilter, SalesRow, SoldRow } from '../../../shared/ipc/contract.ts';
import { call, type Bridge } from '../bridge/bridge-types.ts';
import { errorInfo, type ErrorInfo } from '../draft-editor/error-info.ts';
import { localeStore } from '../i18n/locale-store.ts';
import { msg, type Msg } from '../i18n/messages.ts';
import { translate } from '../i18n/translate.ts';
import { callSequence, reloadOnChanges } from '../navigation/live-store.ts';
import { rangeBounds, sortSold, type DateRange, type Period, type SoldSort, type SoldSortKey } from './sold-table.ts';
import { SALES_COLUMN_KEYS, type SalesColumnKey } from '../../../shared/screens/sales-columns.ts';

export interface SalesState {
  filter: SalesFilter;
  rows: SalesRow[];
  total: number;
  counts: Record<SalesFilter, number> | null;
  dashboard: Dashboard | null;
  error: ErrorInfo | null;
  /** The sales in the range (each a trade of one or more units), newest first (the table sorts them). */
  sold: SoldRow[];
  range: DateRange;
  period: Period;
  sort: SoldSort;
  notice: Msg | null;
  load(): Promise<void>;
  setFilter(filter: SalesFilter): Promise<void>;
  setRange(range: Partial<DateRange>): Promise<void>;
  setPeriod(period: Period): void;
  /** A heading clicked: its column, or the other direction of the same one. */
  sortBy(key: SoldSortKey): void;
  /** The sold items as the table shows them, as a CSV the caller saves; null when it failed. */
  exportCsv(): Promise<{ fileName: string; text: string } | null>;
  dispose(): void;
}

export const kindName = (kind: SaleKind): string => translate(msg(`sales.kind.${kind}`));

/** The table's rows in its order, in the language in use. */
export function shownSold(s: Pick<SalesState, 'sold' | 'sort'>): SoldRow[] {
  return sortSold(s.sold, s.sort, kindName, new Intl.Collator(localeStore.getState().locale));
}

export function createSalesStore(bridge: Bridge) {
  const nextLoad = callSequence();
  const store = createStore<SalesState>()((set, get) => ({
    filter: 'all',
    rows: [],
    total: 0,
    counts: null,
    dashboard: null,
    error: null,
    sold: [],
    range: { from: '', to: '' },
    period: 'week',
    sort: { key: 'date', direction: 'desc' },
    notice: null,
    async load() {
      const isNewest = nextLoad();
      try {
        const [list, dashboard, sold] = await Promise.all([
          call(bridge, 'sales.list', { status: get().filter, limit: 500 }),
          call(bridge, 'sales.dashboard', {}),
          call(bridge, 'sales.sold', rangeBounds(get().range)),
        ]);
        if (isNewest()) set({ rows: list.rows, total: list.total, counts: list.counts, dashboard, sold, error: null });
      } catch (error) {
        if (isNewest()) set({ error: errorInfo(error) });
      }
    },
    async setFilter(filter) {
      set({ filter });
      await get().load();
    },
    async setRange(range) {
      set({ range: { ...get().range, ...range }, notice: null });
      await get().load();
    },
    setPeriod: (period) => set({ period }),
    sortBy(key) {
      const { sort } = get();
      // A new column starts where a seller looks first: newest dates, highest prices, A to Z.
      const first = key === 'date' || key === 'price' ? 'desc' : 'asc';
      set({ sort: { key, direction: sort.key === key ? (sort.direction === 'asc' ? 'desc' : 'asc') : first } });
    },
    async exportCsv() {
      const rows = shownSold(get());
      const locale = localeStore.getState().locale;
      const word = (id: Parameters<typeof msg>[0]) => translate(msg(id), locale);
      try {
        const file = await call(bridge, 'sales.exportCsv', {
          saleIds: rows.map((r) => r.saleId),
          locale,
          timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
          words: {
            headings: Object.fromEntries(SALES_COLUMN_KEYS.map((key) => [key, word(`sales.column.${key}`)])) as Record<SalesColumnKey, string>,
            kinds: { auction: word('sales.kind.auction'), 'buy-now': word('sales.kind.buy-now'), offer: word('sales.kind.offer') },
          },
        });
        set({ notice: msg('sales.exported', { count: file.rows, file: file.fileName }) });
        return file;
      } catch (error) {
        set({ error: errorInfo(error) });
        return null;
      }
    },
    dispose: () => off(),
  }));
  const off = reloadOnChanges(bridge, () => store.getState().load());
  return store;
}
export type SalesStore = ReturnType<typeof createSalesStore>;
