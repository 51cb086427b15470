// Plots as inline SVG (no chart library, nothing loaded): bars per week, a sell-through ring,
// horizontal bars of the average price by category. Each has a text equivalent for screen readers.
import type { Dashboard } from '../../../shared/ipc.ts';
import { euro } from '../navigation/live-store.ts';

const W = 360;
const H = 150;

export function WeeklySales({ weeks }: { weeks: Dashboard['weeks'] }) {
  const max = Math.max(1, ...weeks.map((w) => w.sold));
  const slot = W / weeks.length;
  const summary = weeks.map((w) => `${w.week}: ${w.sold}`).join(', ');
  return (
    <figure className="chart">
      <figcaption>Sales per week</figcaption>
      <svg viewBox={`0 0 ${W} ${H + 18}`} role="img" aria-label={`Items sold per week: ${summary}`}>
        <line x1={0} y1={H} x2={W} y2={H} className="axis" />
        {weeks.map((w, i) => {
          const h = Math.round((w.sold / max) * (H - 16));
          return (
            <g key={w.week}>
              <rect x={i * slot + 3} y={H - h} width={slot - 6} height={h} className="bar"><title>{`${w.week}: ${w.sold} sold, ${euro(w.revenue)}`}</title></rect>
              {w.sold > 0 && <text x={i * slot + slot / 2} y={H - h - 3} className="label" textAnchor="middle">{w.sold}</text>}
              {i % 3 === 0 && <text x={i * slot + slot / 2} y={H + 13} className="tick" textAnchor="middle">{w.week.slice(5)}</text>}
            </g>
          );
        })}
      </svg>
    </figure>
  );
}

export function SellThrough({ closed, sold }: Dashboard['sellThrough']) {
  const rate = closed === 0 ? 0 : sold / closed;
  const r = 52;
  const c = 2 * Math.PI * r;
  return (
    <figure className="chart">
      <figcaption>Sell-through</figcaption>
      <svg viewBox="0 0 160 150" role="img" aria-label={`Sell-through ${Math.round(rate * 100)} %: ${sold} of ${closed} closed items sold`}>
        <circle cx={80} cy={72} r={r} className="ring-bg" />
        <circle cx={80} cy={72} r={r} className="ring" strokeDasharray={`${(c * rate).toFixed(1)} ${c.toFixed(1)}`} transform="rotate(-90 80 72)" />
        <text x={80} y={78} textAnchor="middle" className="big">{Math.round(rate * 100)} %</text>
        <text x={80} y={144} textAnchor="middle" className="tick">{sold} of {closed} closed sold</text>
      </svg>
    </figure>
  );
}

export function AveragePriceByCategory({ rows }: { rows: Dashboard['byCategory'] }) {
  const max = Math.max(1, ...rows.map((r) => r.average));
  const rowH = 20;
  const labelW = 130;
  const height = Math.max(rowH, rows.length * rowH);
  return (
    <figure className="chart wide">
      <figcaption>Average price by category</figcaption>
      {rows.length === 0 ? <p className="empty">No sales yet.</p> : (
        <svg viewBox={`0 0 ${W + 40} ${height}`} role="img" aria-label={rows.map((r) => `${r.title}: ${euro(r.average)}`).join(', ')}>
          {rows.map((r, i) => {
            const w = Math.round((r.average / max) * (W - labelW - 30));
            return (
              <g key={r.categoryId} transform={`translate(0 ${i * rowH})`}>
                <text x={labelW - 6} y={14} textAnchor="end" className="tick">{r.title.length > 20 ? `${r.title.slice(0, 19)}…` : r.title}</text>
                <rect x={labelW} y={3} width={Math.max(2, w)} height={rowH - 6} className="bar"><title>{`${r.title}: ${euro(r.average)} (${r.sold} sold)`}</title></rect>
                <text x={labelW + w + 4} y={14} className="label">{euro(r.average)}</text>
              </g>
            );
          })}
        </svg>
      )}
    </figure>
  );
}
