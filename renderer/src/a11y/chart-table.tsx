// A chart's numbers as a table, behind a disclosure under the chart: the text alternative a
// screen reader can walk cell by cell, and a sighted seller can read exactly (WCAG 1.1.1).
import { useT } from '../i18n/intl.ts';

export function ChartTable({ headings, rows }: { headings: readonly string[]; rows: ReadonlyArray<readonly string[]> }) {
  const t = useT();
  if (rows.length === 0) return null;
  return (
    <details className="chart-table">
      <summary>{t('a11y.chart.table')}</summary>
      <table>
        <thead>
          <tr>{headings.map((h, i) => <th key={h} scope="col" className={i > 0 ? 'num' : undefined}>{h}</th>)}</tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row[0]}>{row.map((cell, i) => i === 0 ? <th key={i} scope="row">{cell}</th> : <td key={i} className="num">{cell}</td>)}</tr>
          ))}
        </tbody>
      </table>
    </details>
  );
}
