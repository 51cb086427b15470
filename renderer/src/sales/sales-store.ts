// Sales: the seller's items by status with bids, offers and prices, and the dashboard's figures,
// all from the local cache.
import { createStore } from 'zustand/vanilla';
import type { Dashboard, SalesFilter, SalesRow } from '../../../shared/ipc.ts';
import { call, type Bridge } from '../bridge/bridge-types.ts';
import { callSequence, messageOf, reloadOnChanges } from '../navigation/live-store.ts';

export interface SalesState {
  filter: SalesFilter;
  rows: SalesRow[];
  total: number;
  counts: Record<SalesFilter, number> | null;
  dashboard: Dashboard | null;
  error: string | null;
  load(): Promise<void>;
  setFilter(filter: SalesFilter): Promise<void>;
  dispose(): void;
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
    async load() {
      const isNewest = nextLoad();
      try {
        const [list, dashboard] = await Promise.all([call(bridge, 'sales.list', { status: get().filter, limit: 500 }), call(bridge, 'sales.dashboard', {})]);
        if (isNewest()) set({ rows: list.rows, total: list.total, counts: list.counts, dashboard, error: null });
      } catch (error) {
        if (isNewest()) set({ error: messageOf(error) });
      }
    },
    async setFilter(filter) {
      set({ filter });
      await get().load();
    },
    dispose: () => off(),
  }));
  const off = reloadOnChanges(bridge, () => store.getState().load());
  return store;
}
export type SalesStore = ReturnType<typeof createSalesStore>;
