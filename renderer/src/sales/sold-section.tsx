// What sold: a date range, totals (units sold, revenue) for it and per day, week or month with a plot
// of the revenue, the sales (each trade, its units and price) in a table whose headings sort it (buttons: Tab and Enter), and the
// table as a CSV file (semicolons and decimal commas in Finnish, for Excel).
import { DateField } from '../a11y/date-time-fields.tsx';
import { useStore } from 'zustand';
import type { SoldRow } from '../../../shared/ipc/contract.ts';
import { download } from '../drafts/file-transfer.ts';
import { useFormatter, useT } from '../i18n/intl.ts';
import { localeStore } from '../i18n/locale-store.ts';
import { RevenueChart } from './charts.tsx';
import { usePeriodLabel } from './period-label.ts';
import { shownSold, type SalesStore } from './sales-store.ts';
import { periodTotals, sumOf, type Period } from './sold-table.ts';
import { isNumericColumn, SALES_COLUMNS, SCREEN_SALES_COLUMN_KEYS, type SalesColumnKey } from '../../../shared/screens/sales-columns.ts';

const PERIODS: Period[] = ['day', 'week', 'month'];
/** Words for a text cell without a value, per column; the buyer's is muted (the marketplace did not say). */
const MISSING: Partial<Record<SalesColumnKey, { id: 'sales.untitled' | 'sales.unknownBuyer'; muted?: boolean }>> = {
  item: { id: 'sales.untitled' },
  buyer: { id: 'sales.unknownBuyer', muted: true },
};

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
  const sort = useStore(store, (s) => s.sort);
  return (
    // At 400 % zoom the table scrolls inside itself, the page does not (issue 42); its sort buttons take the focus.
    <div className="table-scroll">
    <table className="table sold-table" aria-labelledby="sold-title">
      <thead>
        <tr>
          {SCREEN_SALES_COLUMN_KEYS.map((key) => {
            const active = sort.key === key;
            const name = t(`sales.column.${key}`);
            return (
              <th key={key} scope="col" className={isNumericColumn(key) ? 'num' : undefined} aria-sort={active ? (sort.direction === 'asc' ? 'ascending' : 'descending') : 'none'}>
                <button type="button" className="sort" title={t('sales.sort', { column: name })} onClick={() => store.getState().sortBy(key)}>
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
            {SCREEN_SALES_COLUMN_KEYS.map((key) => <SoldCell key={key} column={key} sale={r} />)}
          </tr>
        ))}
      </tbody>
    </table>
    </div>
  );
}

/** One cell, shown by its column's type (shared/screens/sales-columns.ts). */
function SoldCell({ column: key, sale }: { column: SalesColumnKey; sale: SoldRow }) {
  const t = useT();
  const format = useFormatter();
  const column = SALES_COLUMNS[key];
  switch (column.type) {
    case 'date': {
      const at = column.value(sale) ?? 0;
      return <td><time dateTime={new Date(at).toISOString()}>{format.date(at)}</time></td>;
    }
    case 'text': {
      const text = column.value(sale);
      const missing = MISSING[key];
      if (text !== null || !missing) return <td>{text}</td>;
      return <td>{missing.muted ? <span className="muted">{t(missing.id)}</span> : t(missing.id)}</td>;
    }
    case 'count': return <td className="num">{format.number(column.value(sale))}</td>;
    case 'money': return <td className="num">{format.money(column.value(sale))}</td>;
    case 'kind': return <td>{t(`sales.kind.${column.value(sale)}`)}</td>;
  }
}
