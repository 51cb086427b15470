// Sales: what sold (range, totals per period, table, CSV), the dashboard from the local cache,
// then the seller's items by status.
import { useEffect } from 'react';
import { useStore } from 'zustand';
import type { SalesFilter } from '../../../shared/ipc/contract.ts';
import { useSaid } from '../draft-editor/error-text.ts';
import { useStatusWords } from '../draft-editor/status-words.ts';
import { useFormatter, useT } from '../i18n/intl.ts';
import { AveragePriceByCategory, SellThrough, WeeklySales } from './charts.tsx';
import type { SalesStore } from './sales-store.ts';
import { SoldSection } from './sold-section.tsx';
import './sales.css';
import type { SyncStore } from '../stores/app-stores.ts';

const FILTERS: SalesFilter[] = ['all', 'open', 'closed', 'waiting', 'draft'];
export function SalesScreen({ store, sync }: { store: SalesStore; sync: SyncStore }) {
  const t = useT();
  // Issue 38: sold listings kept from the marketplace's list whose details are still being read.
  const soldLeft = useStore(sync, (s) => s.shop?.soldLeft ?? 0);
  const said = useSaid();
  const format = useFormatter();
  const words = useStatusWords();
  const { filter, rows, total, counts, dashboard, error } = useStore(store);
  useEffect(() => {
    void store.getState().load();
  }, [store]);
  const now = Date.now();
  const money = (value: number | null) => (value === null ? t('common.none') : format.money(value));
  return (
    <section className="screen" aria-labelledby="sales-title">
      <header className="screen-head">
        <h2 id="sales-title">{t('sales.title')}</h2>
        <span className="count">{t('sales.fromCache')}</span>
      </header>
      {error && <p className="notice error" role="alert">{said(error)}</p>}
      {soldLeft > 0 && <p className="notice info" role="status" data-testid="sold-reading">{t('sales.soldReading', { count: soldLeft })}</p>}
      <SoldSection store={store} />
      {dashboard && (
        <div className="charts">
          <WeeklySales weeks={dashboard.weeks} />
          <SellThrough {...dashboard.sellThrough} />
          <AveragePriceByCategory rows={dashboard.byCategory} />
        </div>
      )}
      <h3 id="sales-items-title">{t('sales.items.title')}</h3>
      <div className="segmented" role="tablist" aria-label={t('sales.filter')}>
        {FILTERS.map((f) => (
          <button key={f} type="button" role="tab" aria-selected={filter === f} className={filter === f ? 'active' : ''} onClick={() => void store.getState().setFilter(f)}>
            {t(`sales.filter.${f}`)} {counts && <span className="pill">{format.number(counts[f])}</span>}
          </button>
        ))}
      </div>
      {/* Eight columns: at 400 % zoom the table scrolls inside itself, the page does not (issue 42). */}
      <div className="table-scroll" tabIndex={0} role="region" aria-labelledby="sales-items-title">
      <table className="table">
        <thead>
          <tr>
            <th>{t('sales.items.item')}</th><th>{t('sales.items.status')}</th><th className="num">{t('sales.items.bids')}</th><th className="num">{t('sales.items.offers')}</th>
            <th className="num">{t('sales.items.start')}</th><th className="num">{t('sales.items.current')}</th><th className="num">{t('sales.items.buyNow')}</th><th>{t('sales.items.closes')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.localId}>
              <td>
                {r.title ?? t('sales.untitled')}
                {r.syncState !== 'synced' && <span className={`badge ${r.syncState === 'rejected' || r.syncState === 'conflict' ? 'bad' : 'warn'}`}>{words.sync(r.syncState)}</span>}
              </td>
              <td>{words.status(r.status)}</td>
              <td className="num">{format.number(r.bidderCount)}</td>
              <td className="num">{format.number(r.offerCount)}</td>
              <td className="num">{money(r.startingPrice)}</td>
              <td className="num">{money(r.currentPrice)}</td>
              <td className="num">{money(r.buyNowPrice)}</td>
              <td>
                {r.closesAt === null ? t('common.none')
                  : r.status === 'published' ? (r.closesAt > now ? t('sales.items.timeLeft', { duration: format.duration(r.closesAt - now) }) : t('sales.items.ended'))
                    : format.date(r.closesAt)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      </div>
      {rows.length < total && <p className="hint">{t('sales.items.showing', { shown: format.number(rows.length), total: format.number(total) })}</p>}
    </section>
  );
}
