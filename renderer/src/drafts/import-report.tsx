// The outcome of an import: what the file was (format, encoding, separator), how many drafts were
// created, and every refused or flagged row with its column, value and reason; the report can be
// saved as CSV to work through beside the spreadsheet.
import { useEffect, useRef } from 'react';
import type { SpreadsheetFacts } from '../../../shared/ipc.ts';
import type { ImportReport as Report } from './drafts-store.ts';
import { download } from './file-transfer.ts';

/** "Excel workbook" / "CSV, Windows-1252, separated by semicolons". */
export function describeFile(facts: Pick<SpreadsheetFacts, 'format' | 'encoding' | 'separator'>): string {
  if (facts.format === 'xlsx') return 'Excel workbook (.xlsx)';
  const separators = { comma: 'commas', semicolon: 'semicolons', tab: 'tabs' } as const;
  return `CSV, ${facts.encoding ?? 'UTF-8'}, separated by ${separators[facts.separator ?? 'comma']}`;
}

export function ImportReport({ report, onClose }: { report: Report; onClose(): void }) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    dialog?.showModal();
    return () => dialog?.close();
  }, []);
  const refused = new Set(report.errors.filter((e) => e.severity !== 'flagged').map((e) => e.row)).size;
  const flagged = new Set(report.errors.filter((e) => e.severity === 'flagged').map((e) => e.row)).size;
  const save = () => download(`import-report-${new Date().toISOString().slice(0, 10)}.csv`, new Blob([report.reportCsv], { type: 'text/csv;charset=utf-8' }));
  return (
    <dialog ref={ref} className="dialog" aria-labelledby="import-title" onCancel={(e) => { e.preventDefault(); onClose(); }}>
      <h2 id="import-title">Import</h2>
      {report.file && <p className="import-file">Read as: {describeFile(report.file)}.</p>}
      <p className="import-summary">
        {report.imported.toLocaleString()} draft{report.imported === 1 ? '' : 's'} imported
        {refused > 0 ? `; ${refused} row${refused === 1 ? '' : 's'} refused` : ''}
        {flagged > 0 ? `; ${flagged} row${flagged === 1 ? '' : 's'} imported with a value left empty (flagged)` : ''}.
        {report.imported > 0 && ' The import can be undone as one step.'}
      </p>
      {report.errors.length > 0 && (
        <table className="report-table">
          <thead><tr><th>Row</th><th>Column</th><th>Value</th><th>Outcome</th><th>Reason</th></tr></thead>
          <tbody>
            {report.errors.slice(0, 500).map((e, i) => (
              <tr key={i} className={e.severity === 'flagged' ? 'row-flagged' : 'row-refused'}>
                <td>{e.row}</td><td>{e.column ?? e.field ?? '—'}</td><td>{e.value ?? ''}</td>
                <td>{e.severity === 'flagged' ? 'Flagged' : 'Refused'}</td><td>{e.message}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {report.errors.length > 500 && <p>The first 500 of {report.errors.length.toLocaleString()} problems are shown; the saved report has all of them.</p>}
      <div className="dialog-actions">
        {report.errors.length > 0 && <button type="button" onClick={save}>Save report…</button>}
        <span className="spacer" />
        <button type="button" className="primary" autoFocus onClick={onClose}>Close</button>
      </div>
    </dialog>
  );
}
