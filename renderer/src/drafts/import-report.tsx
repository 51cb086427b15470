// The outcome of a CSV import: how many drafts were created and every refused row with its reason.
import { useEffect, useRef } from 'react';
import type { ImportReport as Report } from './drafts-store.ts';

export function ImportReport({ report, onClose }: { report: Report; onClose(): void }) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    dialog?.showModal();
    return () => dialog?.close();
  }, []);
  const rows = new Set(report.errors.map((e) => e.row)).size;
  return (
    <dialog ref={ref} className="dialog" aria-labelledby="import-title" onCancel={(e) => { e.preventDefault(); onClose(); }}>
      <h2 id="import-title">CSV import</h2>
      <p className="import-summary">
        {report.imported.toLocaleString()} draft{report.imported === 1 ? '' : 's'} imported
        {rows > 0 ? `; ${rows} row${rows === 1 ? '' : 's'} refused.` : '.'}
        {report.imported > 0 && ' The import can be undone as one step.'}
      </p>
      {report.errors.length > 0 && (
        <table className="report-table">
          <thead><tr><th>Row</th><th>Column</th><th>Problem</th></tr></thead>
          <tbody>
            {report.errors.slice(0, 500).map((e, i) => (
              <tr key={i}><td>{e.row}</td><td>{e.field ?? '—'}</td><td>{e.message}</td></tr>
            ))}
          </tbody>
        </table>
      )}
      <div className="dialog-actions"><span className="spacer" /><button type="button" className="primary" autoFocus onClick={onClose}>Close</button></div>
    </dialog>
  );
}
