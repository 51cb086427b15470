// The outcome of an import: what the file was (format, encoding, separator), how many drafts were
// created, and every refused or flagged row with its column, value and reason (in the seller's
// words); the report can be saved as CSV to work through beside the spreadsheet.
import type { SpreadsheetFacts } from '../../../shared/ipc.ts';
import { describeProblem } from '../i18n/describe-error.ts';
import { useFormatter, useMessage, useT, type Translate } from '../i18n/intl.ts';
import type { ImportReport as Report } from './drafts-store.ts';
import { download } from './file-transfer.ts';
import { useModalDialog } from '../navigation/use-modal-dialog.ts';
import type { RememberedOffer } from './mappings-store.ts';

/** "Excel workbook" / "CSV, Windows-1252, separated by semicolons". */
export function describeFile(t: Translate, facts: Pick<SpreadsheetFacts, 'format' | 'encoding' | 'separator'>): string {
  if (facts.format === 'xlsx') return t('import.file.xlsx');
  return t('import.file.csv', { encoding: facts.encoding ?? 'UTF-8', separator: facts.separator ?? 'comma' });
}

export function ImportReport({ report, onClose, remembered, onSuggestCategories }: {
  report: Report; onClose(): void; remembered?: RememberedOffer | null;
  /** Categories from the market for the imported drafts without one (issue 39). */
  onSuggestCategories?: ((stepId: number) => void) | undefined;
}) {
  const t = useT();
  const say = useMessage();
  const format = useFormatter();
  const ref = useModalDialog();
  const refused = new Set(report.errors.filter((e) => e.severity !== 'flagged').map((e) => e.row)).size;
  const flagged = new Set(report.errors.filter((e) => e.severity === 'flagged').map((e) => e.row)).size;
  const save = () => download(`import-report-${new Date().toISOString().slice(0, 10)}.csv`, new Blob([report.reportCsv], { type: 'text/csv;charset=utf-8' }));
  return (
    <dialog ref={ref} className="dialog" aria-labelledby="import-title" onCancel={(e) => { e.preventDefault(); onClose(); }}>
      <h2 id="import-title">{t('import.title')}</h2>
      {report.file && <p className="import-file">{t('import.readAs', { file: describeFile(t, report.file) })}</p>}
      <p className="import-summary">
        {t('import.summary', { imported: report.imported, refused, flagged })}
        {report.imported > 0 && <> {t('import.canUndo')}</>}
      </p>
      {remembered && <p className="hint mapping-remembered">{t('mappings.report.remembered')}</p>}
      {report.errors.length > 0 && (
        <table className="report-table">
          <thead><tr><th>{t('import.column.row')}</th><th>{t('import.column.column')}</th><th>{t('import.column.value')}</th><th>{t('import.column.outcome')}</th><th>{t('import.column.reason')}</th></tr></thead>
          <tbody>
            {report.errors.slice(0, 500).map((e, i) => (
              <tr key={i} className={e.severity === 'flagged' ? 'row-flagged' : 'row-refused'}>
                <td>{format.number(e.row, 0)}</td><td>{e.column ?? e.field ?? t('common.none')}</td><td>{e.value ?? ''}</td>
                <td>{e.severity === 'flagged' ? t('import.flagged') : t('import.refused')}</td><td>{say(describeProblem(e))}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {report.errors.length > 500 && <p>{t('import.firstOf', { count: report.errors.length })}</p>}
      <div className="dialog-actions">
        {report.errors.length > 0 && <button type="button" onClick={save}>{t('import.save')}</button>}
        {remembered && <button type="button" onClick={remembered.onChange}>{t('mappings.report.change')}</button>}
        {remembered && <button type="button" onClick={remembered.onShowList}>{t('mappings.openList')}</button>}
        {onSuggestCategories && report.stepId !== null && report.imported > 0 && (
          <button type="button" onClick={() => { onSuggestCategories(report.stepId!); onClose(); }}>{t('research.import.suggest')}</button>
        )}
        <span className="spacer" />
        <button type="button" className="primary" autoFocus onClick={onClose}>{t('common.close')}</button>
      </div>
    </dialog>
  );
}
