// The mapping step of an import: each heading of the file that is no field name gets a field
// (or is left out). What the core remembered or suggested is preselected; the choice is kept
// for this header set by the import. The step warns when no column holds the title (the core
// refuses such an import: every row would be a blank draft) and when few columns map, and opens
// the list of remembered mappings.
import { useState } from 'react';
import type { ITEM_FIELDS } from '../../../shared/items/item-fields.ts';
import { ITEM_FIELD_NAMES } from '../../../shared/items/item-fields.ts';
import { fieldWords } from '../i18n/describe-error.ts';
import { useMessage, useT } from '../i18n/intl.ts';
import { mapsTitle } from './drafts-actions.ts';
import type { ColumnMapping, FileInspection, PendingImport } from './drafts-state.ts';
import { describeFile } from './import-report.tsx';
import { useModalDialog } from '../navigation/use-modal-dialog.ts';

/** What the core offered (csv.inspect) and how it found each field: a guess is marked for the seller to check. */
type Offered = Pick<FileInspection, 'mapping' | 'recognition'>;

/** The table of headings and their fields, with the warnings of a mapping. */
export function MappingTable({ headings, unknown, mapping, offered, onChange }: {
  headings: readonly string[]; unknown: readonly string[]; mapping: ColumnMapping; offered?: Offered; onChange(mapping: ColumnMapping): void;
}) {
  const t = useT();
  const say = useMessage();
  const taken = new Set([...headings, ...Object.values(mapping)].filter((f) => f !== null));
  const mapped = headings.filter((h) => !unknown.includes(h)).length + unknown.filter((h) => (mapping[h] ?? null) !== null).length;
  const total = headings.length;
  return (
    <>
      <table className="report-table">
        <thead><tr><th>{t('import.mapping.heading')}</th><th>{t('import.mapping.field')}</th></tr></thead>
        <tbody>
          {unknown.map((heading, index) => {
            // Marked while the guess stands: a field the seller chose is no guess.
            const guess = offered?.recognition[heading] === 'guess' && mapping[heading] === offered.mapping[heading];
            return (
            <tr key={heading}>
              <td>{heading}</td>
              <td className="mapping-choice">
                <select
                  aria-label={t('import.mapping.fieldFor', { heading })}
                  aria-describedby={guess ? `mapping-guess-${index}` : undefined}
                  value={mapping[heading] ?? ''}
                  onChange={(e) => onChange({ ...mapping, [heading]: e.target.value === '' ? null : (e.target.value as keyof typeof ITEM_FIELDS) })}
                >
                  <option value="">{t('import.mapping.leaveOut')}</option>
                  {ITEM_FIELD_NAMES.map((field) => (
                    <option key={field} value={field} disabled={taken.has(field) && mapping[heading] !== field}>{say(fieldWords(field))}</option>
                  ))}
                </select>
                {guess && <span className="hint mapping-guess" id={`mapping-guess-${index}`}>{t('import.mapping.guess')}</span>}
              </td>
            </tr>
            );
          })}
        </tbody>
      </table>
      {!mapsTitle(headings, mapping) && <p className="mapping-warning" role="alert" id="mapping-no-title">{t('mappings.noTitle')}</p>}
      {mapsTitle(headings, mapping) && mapped * 2 < total && <p className="mapping-warning" role="status">{t('mappings.few', { mapped, total })}</p>}
    </>
  );
}

export function ImportMapping({ pending, onImport, onCancel, onShowRemembered }: { pending: PendingImport; onImport(mapping: ColumnMapping): void; onCancel(): void; onShowRemembered(): void }) {
  const t = useT();
  const ref = useModalDialog();
  const { inspection } = pending;
  const [mapping, setMapping] = useState<ColumnMapping>(inspection.mapping);
  const canImport = mapsTitle(inspection.headings, mapping);
  const count = (how: FileInspection['recognition'][string]) => inspection.unknown.filter((h) => inspection.recognition[h] === how).length;
  const known = count('known') + count('remembered');
  // The hints follow the seller's choices: a guess changed, a field chosen, is no longer one to check.
  const guessed = inspection.unknown.filter((h) => inspection.recognition[h] === 'guess' && mapping[h] === inspection.mapping[h]).length;
  const unmatched = inspection.unknown.filter((h) => inspection.recognition[h] === undefined && (mapping[h] ?? null) === null).length;
  return (
    <dialog ref={ref} className="dialog" aria-labelledby="mapping-title" onCancel={(e) => { e.preventDefault(); onCancel(); }}>
      <h2 id="mapping-title">{t('import.mapping.title', { file: pending.fileName })}</h2>
      <p className="import-summary">
        {known === inspection.unknown.length
          ? t('import.mapping.recognised', { file: describeFile(t, inspection), count: known })
          : t('import.mapping.summary', { file: describeFile(t, inspection), known })}
      </p>
      {guessed > 0 && <p className="hint">{t('import.mapping.guessed', { count: guessed })}</p>}
      {unmatched > 0 && <p className="hint">{t('import.mapping.unmatched', { count: unmatched })}</p>}
      {inspection.remembered && <p className="hint">{t('mappings.rememberedNote')}</p>}
      <MappingTable headings={inspection.headings} unknown={inspection.unknown} mapping={mapping} offered={inspection} onChange={setMapping} />
      <div className="dialog-actions">
        <button type="button" onClick={onShowRemembered}>{t('mappings.openList')}</button>
        <span className="spacer" />
        <button type="button" onClick={onCancel}>{t('common.cancel')}</button>
        <button type="button" className="primary" disabled={!canImport} aria-describedby={canImport ? undefined : 'mapping-no-title'} onClick={() => onImport(mapping)}>{t('import.mapping.import', { count: inspection.rows })}</button>
      </div>
    </dialog>
  );
}
