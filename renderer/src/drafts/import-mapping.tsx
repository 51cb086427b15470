// The mapping step of an import: each heading of the file that is no field name gets a field
// (or is left out). What the core remembered or suggested is preselected; the choice is kept
// for this header set by the import.
import { useState } from 'react';
import type { ITEM_FIELDS } from '../../../shared/item-fields.ts';
import { ITEM_FIELD_NAMES } from '../../../shared/item-fields.ts';
import { fieldWords } from '../i18n/describe-error.ts';
import { useMessage, useT } from '../i18n/intl.ts';
import type { ColumnMapping, PendingImport } from './drafts-state.ts';
import { describeFile } from './import-report.tsx';
import { useModalDialog } from '../navigation/use-modal-dialog.ts';

export function ImportMapping({ pending, onImport, onCancel }: { pending: PendingImport; onImport(mapping: ColumnMapping): void; onCancel(): void }) {
  const t = useT();
  const say = useMessage();
  const ref = useModalDialog();
  const { inspection } = pending;
  const [mapping, setMapping] = useState<ColumnMapping>(inspection.mapping);
  const taken = new Set([...inspection.headings, ...Object.values(mapping)].filter((f) => f !== null));
  return (
    <dialog ref={ref} className="dialog" aria-labelledby="mapping-title" onCancel={(e) => { e.preventDefault(); onCancel(); }}>
      <h2 id="mapping-title">{t('import.mapping.title', { file: pending.fileName })}</h2>
      <p className="import-summary">{t('import.mapping.summary', { file: describeFile(t, inspection), count: inspection.unknown.length })}</p>
      <table className="report-table">
        <thead><tr><th>{t('import.mapping.heading')}</th><th>{t('import.mapping.field')}</th></tr></thead>
        <tbody>
          {inspection.unknown.map((heading) => (
            <tr key={heading}>
              <td>{heading}</td>
              <td>
                <select
                  aria-label={t('import.mapping.fieldFor', { heading })}
                  value={mapping[heading] ?? ''}
                  onChange={(e) => setMapping({ ...mapping, [heading]: e.target.value === '' ? null : (e.target.value as keyof typeof ITEM_FIELDS) })}
                >
                  <option value="">{t('import.mapping.leaveOut')}</option>
                  {ITEM_FIELD_NAMES.map((field) => (
                    <option key={field} value={field} disabled={taken.has(field) && mapping[heading] !== field}>{say(fieldWords(field))}</option>
                  ))}
                </select>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <div className="dialog-actions">
        <span className="spacer" />
        <button type="button" onClick={onCancel}>{t('common.cancel')}</button>
        <button type="button" className="primary" onClick={() => onImport(mapping)}>{t('import.mapping.import', { count: inspection.rows })}</button>
      </div>
    </dialog>
  );
}
