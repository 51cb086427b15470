// The mapping step of an import: each heading of the file that is no field name gets a field
// (or is left out). What the core remembered or suggested is preselected; the choice is kept
// for this header set by the import.
import { useEffect, useRef, useState } from 'react';
import { ITEM_FIELD_NAMES, ITEM_FIELDS } from '../../../shared/item-fields.ts';
import type { ColumnMapping, PendingImport } from './drafts-state.ts';
import { describeFile } from './import-report.tsx';

export function ImportMapping({ pending, onImport, onCancel }: { pending: PendingImport; onImport(mapping: ColumnMapping): void; onCancel(): void }) {
  const ref = useRef<HTMLDialogElement>(null);
  const { inspection } = pending;
  const [mapping, setMapping] = useState<ColumnMapping>(inspection.mapping);
  useEffect(() => {
    const dialog = ref.current;
    dialog?.showModal();
    return () => dialog?.close();
  }, []);
  const taken = new Set([...inspection.headings, ...Object.values(mapping)].filter((f) => f !== null));
  return (
    <dialog ref={ref} className="dialog" aria-labelledby="mapping-title" onCancel={(e) => { e.preventDefault(); onCancel(); }}>
      <h2 id="mapping-title">Map the columns of {pending.fileName}</h2>
      <p className="import-summary">{describeFile(inspection)}. {inspection.unknown.length} heading{inspection.unknown.length === 1 ? ' is' : 's are'} not a field name: choose the field each one holds.</p>
      <table className="report-table">
        <thead><tr><th>Heading in the file</th><th>Field</th></tr></thead>
        <tbody>
          {inspection.unknown.map((heading) => (
            <tr key={heading}>
              <td>{heading}</td>
              <td>
                <select
                  aria-label={`Field for ${heading}`}
                  value={mapping[heading] ?? ''}
                  onChange={(e) => setMapping({ ...mapping, [heading]: e.target.value === '' ? null : (e.target.value as keyof typeof ITEM_FIELDS) })}
                >
                  <option value="">Leave out</option>
                  {ITEM_FIELD_NAMES.map((field) => (
                    <option key={field} value={field} disabled={taken.has(field) && mapping[heading] !== field}>{ITEM_FIELDS[field].label}</option>
                  ))}
                </select>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <div className="dialog-actions">
        <span className="spacer" />
        <button type="button" onClick={onCancel}>Cancel</button>
        <button type="button" className="primary" onClick={() => onImport(mapping)}>Import {inspection.rows.toLocaleString()} row{inspection.rows === 1 ? '' : 's'}</button>
      </div>
    </dialog>
  );
}
