// What sold: a date range, totals (units sold, revenue) for it and per day, week or month with a plot
// of the revenue, the sales (each trade, its units and price) in a table whose headings sort it (buttons: Tab and Enter), and the
// table as a CSV file (semicolons and decimal commas in Finnish, for Excel).
import { DateField } from '../a11y/date-time-fields.tsx';
import { useStore } from 'zustand';
import type { SoldRow } from '../../../shared/ipc.ts';
import { download } from '../drafts/file-transfer.ts';
import { useFormatter, useT } from '../i18n/intl.ts';
import { localeStore } from '../i18n/locale-store.ts';
import { RevenueChart } from './charts.tsx';
import { usePeriodLabel } from './period-label.ts';
import { shownSold, type SalesStore } from './sales-store.ts';
import { periodTotals, sumOf, type Period, type SoldSortKey } from './sold-table.ts';

const PERIODS: Period[] = ['day', 'week', 'month'];
const COLUMNS: Array<{ key: SoldSortKey; numeric?: boolean }> = [
  { key: 'date' }, { key: 'item' }, { key: 'buyer' }, { key: 'quantity', numeric: true }, { key: 'price', numeric: true }, { key: 'status' },
];

export function SoldSection({ store }: { store: SalesStore }) {
  const t = useT();
  const format = useFormatter();
  const sold = useStore(store, (s) => s.sold);
  const sort = useStore(store, (s) => s.sort);
  const range = useStore(store, (s) => s.range);
  const period = useStore(store, (s) => s.period);
  const notice = useStore(store, (s) => s.notice);
  const locale = useStore(localeStore, (s) => s.locale);
  const label = usePeriodLabel(period);
  const rows = shownSold({ sold, sort });
  const totals = periodTotals(sold, period, range);
  const sum = sumOf(sold);
  const actions = store.getState();

  return (
    <section className="sold-section" aria-labelledby="sold-title">
      <h3 id="sold-title">{t('sales.sold.title')}</h3>
      <div className="sold-tools">
        <fieldset className="date-range">
          <legend>{t('sales.range')}</legend>
          {/* The app's own date fields: the native ones follow the browser's locale, not the app's (issue 21). */}
          <label htmlFor="sales-range-from">{t('sales.range.from')}</label>
          <DateField id="sales-range-from" value={range.from || null} max={range.to || undefined} onChange={(from) => void actions.setRange({ from: from ?? '' })} />
          <label htmlFor="sales-range-to">{t('sales.range.to')}</label>
          <DateField id="sales-range-to" value={range.to || null} min={range.from || undefined} onChange={(to) => void actions.setRange({ to: to ?? '' })} />
          <button type="button" disabled={range.from === '' && range.to === ''} onClick={() => void actions.setRange({ from: '', to: '' })}>{t('sales.range.clear')}</button>
        </fieldset>
        <label>
          {t('sales.period')}{' '}
          <select value={period} onChange={(e) => actions.setPeriod(e.target.value as Period)}>
            {PERIODS.map((p) => <option key={p} value={p}>{t(`sales.period.${p}`)}</option>)}
          </select>
        </label>
        <strong className="sold-sum" data-testid="sold-sum">{t('sales.totals', { count: sum.sold, revenue: format.money(sum.revenue) })}</strong>
        <span className="spacer" />
        <button
          type="button"
          disabled={rows.length === 0}
          title={t(locale === 'fi' ? 'sales.export.hint.fi' : 'sales.export.hint.en')}
          onClick={() => void actions.exportCsv().then((file) => file && download(file.fileName, new Blob([file.text], { type: 'text/csv;charset=utf-8' })))}
        >
          {t('sales.export')}
        </button>
      </div>
      {notice && <p className="notice info" role="status">{t(notice.id, notice.values)}</p>}
      {sold.length === 0 ? <p className="empty">{t('sales.none')}</p> : (
        <div className="sold-layout">
          <RevenueChart totals={totals} period={period} />
          {/* It scrolls when the range has many periods: a tab stop, so the keyboard can scroll it too. */}
          <div className="period-totals" tabIndex={0} role="region" aria-label={t('sales.totals.region', { period: t(`sales.period.${period}`) })}>
            <table className="table">
              <caption>{t('sales.totals.caption', { period: t(`sales.period.${period}`) })}</caption>
              <thead><tr><th scope="col">{t('sales.totals.heading')}</th><th scope="col" className="num">{t('sales.totals.sold')}</th><th scope="col" className="num">{t('sales.totals.revenue')}</th></tr></thead>
              <tbody>
                {totals.filter((p) => p.sold > 0).reverse().map((p) => (
                  <tr key={p.start}><th scope="row">{label(p.start)}</th><td className="num">{format.number(p.sold)}</td><td className="num">{format.money(p.revenue)}</td></tr>
                ))}
              </tbody>
            </table>
          </div>
        </div>
      )}
      {sold.length > 0 && <SoldTable rows={rows} store={store} />}
    </section>
  );
}

function SoldTable({ rows, store }: { rows: SoldRow[]; store: SalesStore }) {
  const t = useT();
  const format = useFormatter();
  const sort = useStore(store, (s) => s.sort);
  return (
    // At 400 % zoom the table scrolls inside itself, the page does not (issue 42); its sort buttons take the focus.
    <div className="table-scroll">
    <table className="table sold-table" aria-labelledby="sold-title">
      <thead>
        <tr>
          {COLUMNS.map((c) => {
            const active = sort.key === c.key;
            const name = t(`sales.column.${c.key}`);
            return (
              <th key={c.key} scope="col" className={c.numeric ? 'num' : undefined} aria-sort={active ? (sort.direction === 'asc' ? 'ascending' : 'descending') : 'none'}>
                <button type="button" className="sort" title={t('sales.sort', { column: name })} onClick={() => store.getState().sortBy(c.key)}>
                  {name}{active ? (sort.direction === 'asc' ? ' ▲' : ' ▼') : ''}
                </button>
              </th>
            );
          })}
        </tr>
      </thead>
      <tbody>
        {rows.map((r) => (
          <tr key={r.saleId} data-local-id={r.localId}>
            <td><time dateTime={new Date(r.soldAt).toISOString()}>{format.date(r.soldAt)}</time></td>
            <td>{r.title ?? t('sales.untitled')}</td>
            <td>{r.buyer ?? <span className="muted">{t('sales.unknownBuyer')}</span>}</td>
            <td className="num">{format.number(r.quantity)}</td>
            {/* The whole sale's price: several units at once are one line (the CSV also has the price of one). */}
            <td className="num">{format.money(r.price)}</td>
            <td>{t(`sales.kind.${r.kind}`)}</td>
          </tr>
        ))}
      </tbody>
    </table>
    </div>
  );
}
