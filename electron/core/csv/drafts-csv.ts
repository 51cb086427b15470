// CSV export and import of drafts. Columns are the item field names of ItemInput; lists are
// joined with ';'; an empty cell is an unset field. Import creates new drafts: every row is
// checked, the valid rows are written with their outbox rows and ONE undo step and every refused
// row is reported by row number, field and message. The app imports a file or a pasted text
// through the reading worker (spreadsheet/spreadsheet-files.ts: checked there, written in slices
// of one transaction: batched-import.ts); importRecords does it all at once here (tests).
import { settingsCache } from '../cache/settings-cache.ts';
import type { Db } from '../db/open-account-db.ts';
import { DRAFT_FIELDS, fieldKind, type DraftField } from '../drafts/fields.ts';
import { itemReads } from '../drafts/item-rows.ts';
import type { FieldValues } from '../drafts/plan-edit.ts';
import { importWrites } from './batched-import.ts';
import { runWhole } from '../db/sliced-transaction.ts';
import { formulaSafe } from './formula-safe.ts';
import { parseCsv, writeCsv, type CsvRecord } from './rfc4180.ts';
import { rowsOf } from './row-stream.ts';
import { LIST_SEPARATOR, rowChecks, type CheckContext, type ColumnMapping, type CsvRowError, type ImportReport } from './row-check.ts';

export { headerProblems, type CheckContext, type ColumnMapping, type CsvRowError, type ImportReport } from './row-check.ts';

/** A number in the file's language: a decimal comma in Finnish (the `;` file Excel reads there). */
function numberText(value: number, locale: CsvLocale): string {
  return locale === 'fi' ? String(value).replace('.', ',') : String(value);
}

function cellOf(field: DraftField, value: unknown, locale: CsvLocale): string {
  if (value === null || value === undefined) return '';
  // Text and lists of words are the seller's: never a formula in any separator's reading.
  if (Array.isArray(value)) return formulaSafe(value.join(LIST_SEPARATOR));
  const kind = fieldKind(field);
  if (typeof value === 'number' && (kind === 'number' || kind === 'int')) return numberText(value, locale);
  const text = String(value);
  return kind === 'text' ? formulaSafe(text) : text;
}

/** The seller's language decides the file's list separator and decimal mark (as the sales CSV's). */
export type CsvLocale = 'fi' | 'en';
export const CSV_SEPARATOR: Record<CsvLocale, string> = { fi: ';', en: ',' };

export function exportDraftsCsv(db: Db, localIds?: readonly number[], locale: CsvLocale = 'en'): string {
  const reads = itemReads(db);
  const items = localIds ? localIds.map((id) => reads.item(id)).filter((i) => i !== undefined) : reads.drafts();
  const rows = [DRAFT_FIELDS as readonly string[], ...items.map((item) => DRAFT_FIELDS.map((f) => cellOf(f, item.fields[f], locale)))];
  return writeCsv(rows, { delimiter: CSV_SEPARATOR[locale] });
}

export function importDraftsCsv(db: Db, text: string, now = Date.now()): ImportReport {
  return importRecords(db, parseCsv(text), { now });
}

export interface ImportOptions {
  mapping?: ColumnMapping;
  now?: number;
  /** The service's time zone, in which spreadsheet times are read and checked. */
  zone?: string;
}

/** What the check of an import needs of the account's cache (row-check.ts), as of now. */
export function checkContext(db: Db, options: ImportOptions = {}): CheckContext {
  const cache = settingsCache(db);
  return {
    rules: cache.rules(),
    categories: [...cache.categoryIndex()].map(([id, { level }]) => [id, level] as const),
    ...(options.mapping ? { mapping: options.mapping } : {}),
    ...(options.zone ? { zone: options.zone } : {}),
  };
}

/**
 * Imports records (a CSV's or a workbook's): every row is checked, the valid rows are written in
 * ONE transaction with their outbox rows and one undo step. A row whose category is not in the
 * cached tree or whose time cannot exist is imported without that value and flagged, so the
 * seller sees it now rather than a refusal after publish.
 */
export function importRecords(db: Db, records: readonly CsvRecord[], options: ImportOptions = {}): ImportReport {
  const checked = checkAll(records, checkContext(db, options));
  if ('report' in checked) return checked.report;
  const { valid, errors } = checked;
  const { imported, stepId } = runWhole(db, () => importWrites(db, rowsOf(valid), options.now ?? Date.now()));
  return { imported, errors, stepId };
}

/** Rows an import's reading worker checks between two batches it posts (spreadsheet-files.ts). */
export const IMPORT_STEP_ROWS = 500;

/** What checking found: a report when nothing is to be written, else the valid rows and the problems. */
export type Checked = { report: ImportReport } | { valid: FieldValues[]; errors: CsvRowError[] };

/** The check of records at hand, at once (importRecords; tests that hand an import its rows). */
export function checkAll(records: readonly CsvRecord[], context: CheckContext): Checked {
  const verdict = rowChecks(records[0], context);
  if ('report' in verdict) return verdict;
  const errors: CsvRowError[] = [];
  const valid: FieldValues[] = [];
  for (let i = 1; i < records.length; i++) {
    const outcome = verdict.check(records[i] as CsvRecord);
    if (!outcome) continue;
    errors.push(...outcome.errors);
    if (outcome.values) valid.push(outcome.values);
  }
  if (valid.length === 0) return { report: { imported: [], errors, stepId: null } };
  return { valid, errors };
}
