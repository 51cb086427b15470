// Sales: the dashboard from the local cache, then the seller's items by status.
import { useEffect } from 'react';
import { useStore } from 'zustand';
import type { SalesFilter } from '../../../shared/ipc.ts';
import { euro, timeLeft } from '../navigation/live-store.ts';
import { AveragePriceByCategory, SellThrough, WeeklySales } from './charts.tsx';
import type { SalesStore } from './sales-store.ts';
import { statusText } from '../drafts/badges.tsx';

const FILTERS: Array<{ id: SalesFilter; label: string }> = [
  { id: 'all', label: 'All' }, { id: 'open', label: 'Open' }, { id: 'closed', label: 'Closed' }, { id: 'waiting', label: 'Waiting' }, { id: 'draft', label: 'Drafts' },
];

export function SalesScreen({ store }: { store: SalesStore }) {
  const { filter, rows, total, counts, dashboard, error } = useStore(store);
  useEffect(() => {
    void store.getState().load();
  }, [store]);
  const now = Date.now();
  return (
    <section className="screen" aria-labelledby="sales-title">
      <header className="screen-head">
        <h2 id="sales-title">Sales</h2>
        <span className="count">from the local cache</span>
      </header>
      {error && <p className="notice error" role="alert">{error}</p>}
      {dashboard && (
        <div className="charts">
          <WeeklySales weeks={dashboard.weeks} />
          <SellThrough {...dashboard.sellThrough} />
          <AveragePriceByCategory rows={dashboard.byCategory} />
        </div>
      )}
      <div className="segmented" role="tablist" aria-label="Status">
        {FILTERS.map((f) => (
          <button key={f.id} type="button" role="tab" aria-selected={filter === f.id} className={filter === f.id ? 'active' : ''} onClick={() => void store.getState().setFilter(f.id)}>
            {f.label} {counts && <span className="pill">{counts[f.id]}</span>}
          </button>
        ))}
      </div>
      <table className="table">
        <thead>
          <tr><th>Item</th><th>Status</th><th className="num">Bids</th><th className="num">Offers</th><th className="num">Start</th><th className="num">Current</th><th className="num">Buy now</th><th>Closes</th></tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.localId}>
              <td>{r.title ?? 'Untitled'}{r.syncState !== 'synced' && <span className={`badge ${r.syncState === 'rejected' || r.syncState === 'conflict' ? 'bad' : 'warn'}`}>{r.syncState === 'local-only' ? 'only on this computer' : r.syncState}</span>}</td>
              <td>{statusText(r.status)}</td>
              <td className="num">{r.bidderCount}</td>
              <td className="num">{r.offerCount}</td>
              <td className="num">{euro(r.startingPrice)}</td>
              <td className="num">{euro(r.currentPrice)}</td>
              <td className="num">{euro(r.buyNowPrice)}</td>
              <td>{r.status === 'published' ? timeLeft(r.closesAt, now) : r.closesAt ? new Date(r.closesAt).toLocaleDateString() : '—'}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {rows.length < total && <p className="hint">Showing {rows.length} of {total}.</p>}
    </section>
  );
}
