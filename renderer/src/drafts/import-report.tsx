// The outcome of an import: what the file was (format, encoding, separator), how many drafts were
// created, and every refused or flagged row with its column, value and reason (in the seller's
// words); the report can be saved as CSV to work through beside the spreadsheet.
import type { SpreadsheetFacts } from '../../../shared/ipc/contract.ts';
import { ITEM_FIELD_NAMES } from '../../../shared/items/item-fields.ts';
import { describeProblem, fieldWords } from '../i18n/describe-error.ts';
import { useFormatter, useMessage, useT, type Translate } from '../i18n/intl.ts';
import type { Msg } from '../i18n/messages.ts';
import type { DraftsStore, ImportReport as Report } from './drafts-store.ts';
import type { ImportReportWords } from './drafts-state.ts';
import { download } from './file-transfer.ts';
import { useModalDialog } from '../navigation/use-modal-dialog.ts';
import type { RememberedOffer } from './mappings-store.ts';

/** "Excel workbook" / "CSV, Windows-1252, separated by semicolons". */
export function describeFile(t: Translate, facts: Pick<SpreadsheetFacts, 'format' | 'encoding' | 'separator'>): string {
  if (facts.format === 'xlsx') return t('import.file.xlsx');
  return t('import.file.csv', { encoding: facts.encoding ?? 'UTF-8', separator: facts.separator ?? 'comma' });
}

type Severity = NonNullable<Report['errors'][number]['severity']>;
const SEVERITY_WORDS = { refused: 'import.refused', flagged: 'import.flagged', adjusted: 'import.adjusted' } as const;
const SEVERITY_CLASS = { refused: 'row-refused', flagged: 'row-flagged', adjusted: 'row-adjusted' } as const;

/** The saved report's words: the table's, in the language the seller reads it in. */
function reportWords(t: Translate, say: (m: Msg) => string, report: Report): ImportReportWords {
  return {
    headings: { row: t('import.column.row'), column: t('import.column.column'), field: t('import.column.field'), value: t('import.column.value'), outcome: t('import.column.outcome'), reason: t('import.column.reason') },
    outcomes: { refused: t('import.outcome.refused'), flagged: t('import.outcome.flagged'), adjusted: t('import.outcome.adjusted') },
    fields: Object.fromEntries(ITEM_FIELD_NAMES.map((field) => [field, say(fieldWords(field))])),
    reasons: report.errors.map((e) => say(describeProblem(e))),
  };
}

export function ImportReport({ report, store, onClose, remembered, onSuggestCategories }: {
  report: Report; store: DraftsStore; onClose(): void; remembered?: RememberedOffer | null;
  /** Categories from the market for the imported drafts without one (issue 39). */
  onSuggestCategories?: ((stepId: number) => void) | undefined;
}) {
  const t = useT();
  const say = useMessage();
  const format = useFormatter();
  const ref = useModalDialog();
  const rowsOf = (severity: Severity) => new Set(report.errors.filter((e) => (e.severity ?? 'refused') === severity).map((e) => e.row)).size;
  const save = async () => {
    const file = await store.getState().importReportFile(reportWords(t, say, report));
    if (file) download(file.fileName, new Blob([file.text], { type: 'text/csv;charset=utf-8' }));
  };
  return (
    <dialog ref={ref} className="dialog" aria-labelledby="import-title" onCancel={(e) => { e.preventDefault(); onClose(); }}>
      <h2 id="import-title">{t('import.title')}</h2>
      {report.file && <p className="import-file">{t('import.readAs', { file: describeFile(t, report.file) })}</p>}
      <p className="import-summary">
        {t('import.summary', { imported: report.imported, refused: rowsOf('refused'), flagged: rowsOf('flagged'), adjusted: rowsOf('adjusted') })}
        {report.imported > 0 && <> {t('import.canUndo')}</>}
      </p>
      {remembered && <p className="hint mapping-remembered">{t('mappings.report.remembered')}</p>}
      {report.errors.length > 0 && (
        <table className="report-table">
          <thead><tr><th>{t('import.column.row')}</th><th>{t('import.column.column')}</th><th>{t('import.column.value')}</th><th>{t('import.column.outcome')}</th><th>{t('import.column.reason')}</th></tr></thead>
          <tbody>
            {report.errors.slice(0, 500).map((e, i) => (
              <tr key={i} className={SEVERITY_CLASS[e.severity ?? 'refused']}>
                <td>{format.number(e.row, 0)}</td><td>{e.column ?? e.field ?? t('common.none')}</td><td>{e.value ?? ''}</td>
                <td>{t(SEVERITY_WORDS[e.severity ?? 'refused'])}</td><td>{say(describeProblem(e))}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {report.errors.length > 500 && <p>{t('import.firstOf', { count: report.errors.length })}</p>}
      <div className="dialog-actions">
        {report.errors.length > 0 && <button type="button" onClick={() => void save()}>{t('import.save')}</button>}
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
