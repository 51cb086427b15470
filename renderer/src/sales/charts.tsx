// Plots as inline SVG (no chart library, nothing loaded): revenue per period of the chosen range,
// bars per week, a sell-through ring, horizontal bars of the average price by category. Each has
// a text equivalent for screen readers; every number and date goes through the formatter.
import type { Dashboard } from '../../../shared/ipc/contract.ts';
import { ChartTable } from '../a11y/chart-table.tsx';
import { useFormatter, useT } from '../i18n/intl.ts';
import type { Period, PeriodTotal } from './sold-table.ts';
import { usePeriodLabel, useShortDay } from './period-label.ts';

const W = 360;
const H = 150;

/** Revenue per day, week or month over the range: the plot a seller looks at before the numbers. */
export function RevenueChart({ totals, period }: { totals: readonly PeriodTotal[]; period: Period }) {
  const t = useT();
  const format = useFormatter();
  const label = usePeriodLabel(period);
  const periodWord = t(`sales.period.${period}`);
  const max = Math.max(1, ...totals.map((p) => p.revenue));
  const width = Math.max(W, totals.length * 14);
  const slot = width / Math.max(1, totals.length);
  const every = Math.max(1, Math.ceil(totals.length / 8));
  const summary = totals.filter((p) => p.sold > 0).map((p) => `${label(p.start)} ${format.money(p.revenue)}`).join(', ');
  return (
    <figure className="chart wide revenue-chart">
      <figcaption>{t('sales.chart.revenue', { period: periodWord })}</figcaption>
      <svg viewBox={`0 0 ${width} ${H + 18}`} role="img" aria-label={t('sales.chart.revenue.label', { period: periodWord, summary })}>
        <line x1={0} y1={H} x2={width} y2={H} className="axis" />
        {totals.map((p, i) => {
          const h = Math.round((p.revenue / max) * (H - 16));
          return (
            <g key={p.start}>
              <rect x={i * slot + 2} y={H - h} width={Math.max(1, slot - 4)} height={h} className="bar">
                <title>{t('sales.chart.bar', { period: label(p.start), count: p.sold, revenue: format.money(p.revenue) })}</title>
              </rect>
              {i % every === 0 && <text x={i * slot + slot / 2} y={H + 13} className="tick" textAnchor="middle">{label(p.start, true)}</text>}
            </g>
          );
        })}
      </svg>
    </figure>
  );
}

export function WeeklySales({ weeks }: { weeks: Dashboard['weeks'] }) {
  const t = useT();
  const format = useFormatter();
  const shortDay = useShortDay();
  const max = Math.max(1, ...weeks.map((w) => w.sold));
  const slot = W / weeks.length;
  const summary = weeks.map((w) => `${format.date(w.week)}: ${format.number(w.sold)}`).join(', ');
  return (
    <figure className="chart">
      <figcaption>{t('sales.chart.weekly')}</figcaption>
      <svg viewBox={`0 0 ${W} ${H + 18}`} role="img" aria-label={t('sales.chart.weekly.label', { summary })}>
        <line x1={0} y1={H} x2={W} y2={H} className="axis" />
        {weeks.map((w, i) => {
          const h = Math.round((w.sold / max) * (H - 16));
          return (
            <g key={w.week}>
              <rect x={i * slot + 3} y={H - h} width={slot - 6} height={h} className="bar">
                <title>{t('sales.chart.weekly.bar', { week: format.date(w.week), count: w.sold, revenue: format.money(w.revenue) })}</title>
              </rect>
              {w.sold > 0 && <text x={i * slot + slot / 2} y={H - h - 3} className="label" textAnchor="middle">{format.number(w.sold)}</text>}
              {i % 3 === 0 && <text x={i * slot + slot / 2} y={H + 13} className="tick" textAnchor="middle">{shortDay(w.week)}</text>}
            </g>
          );
        })}
      </svg>
      <ChartTable headings={[t('a11y.chart.week'), t('a11y.chart.sold'), t('a11y.chart.revenue')]}
        rows={weeks.map((w) => [format.date(w.week), format.number(w.sold), format.money(w.revenue)])} />
    </figure>
  );
}

export function SellThrough({ closed, sold }: Dashboard['sellThrough']) {
  const t = useT();
  const format = useFormatter();
  const rate = closed === 0 ? 0 : sold / closed;
  const r = 52;
  const c = 2 * Math.PI * r;
  return (
    <figure className="chart">
      <figcaption>{t('sales.chart.sellThrough')}</figcaption>
      <svg viewBox="0 0 160 150" role="img" aria-label={t('sales.chart.sellThrough.label', { rate: format.percent(rate, 0), sold, closed })}>
        <circle cx={80} cy={72} r={r} className="ring-bg" />
        <circle cx={80} cy={72} r={r} className="ring" strokeDasharray={`${(c * rate).toFixed(1)} ${c.toFixed(1)}`} transform="rotate(-90 80 72)" />
        <text x={80} y={78} textAnchor="middle" className="big">{format.percent(rate, 0)}</text>
        <text x={80} y={144} textAnchor="middle" className="tick">{t('sales.chart.sellThrough.caption', { sold, closed })}</text>
      </svg>
    </figure>
  );
}

export function AveragePriceByCategory({ rows }: { rows: Dashboard['byCategory'] }) {
  const t = useT();
  const format = useFormatter();
  const max = Math.max(1, ...rows.map((r) => r.average));
  const rowH = 20;
  const labelW = 130;
  const height = Math.max(rowH, rows.length * rowH);
  return (
    <figure className="chart wide">
      <figcaption>{t('sales.chart.byCategory')}</figcaption>
      {rows.length === 0 ? <p className="empty">{t('sales.chart.empty')}</p> : (
        <svg viewBox={`0 0 ${W + 40} ${height}`} role="img" aria-label={rows.map((r) => `${r.title}: ${format.money(r.average)}`).join(', ')}>
          {rows.map((r, i) => {
            const w = Math.round((r.average / max) * (W - labelW - 30));
            return (
              <g key={r.categoryId} transform={`translate(0 ${i * rowH})`}>
                <text x={labelW - 6} y={14} textAnchor="end" className="tick">{r.title.length > 20 ? `${r.title.slice(0, 19)}…` : r.title}</text>
                <rect x={labelW} y={3} width={Math.max(2, w)} height={rowH - 6} className="bar">
                  <title>{t('sales.chart.byCategory.bar', { title: r.title, price: format.money(r.average), count: r.sold })}</title>
                </rect>
                <text x={labelW + w + 4} y={14} className="label">{format.money(r.average)}</text>
              </g>
            );
          })}
        </svg>
      )}
      <ChartTable headings={[t('a11y.chart.category'), t('a11y.chart.average'), t('a11y.chart.sold')]}
        rows={rows.map((r) => [r.title, format.money(r.average), format.number(r.sold)])} />
    </figure>
  );
}
