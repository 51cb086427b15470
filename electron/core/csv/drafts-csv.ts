// CSV export and import of drafts. Columns are the item field names of ItemInput; lists are
// joined with ';'; an empty cell is an unset field. Import creates new drafts: every row is
// checked, the valid rows are written with their outbox rows and ONE undo step (a long import in
// slices of one transaction: batched-import.ts) and every refused row is reported by row
// number, field and message.
import { settingsCache } from '../cache/settings-cache.ts';
import type { Db } from '../db/open-account-db.ts';
import { DRAFT_FIELDS, fieldKind, type DraftField } from '../drafts/fields.ts';
import { itemReads } from '../drafts/item-rows.ts';
import type { FieldValues } from '../drafts/plan-edit.ts';
import { importWrites, writeImportInBatches, type LongWrite } from './batched-import.ts';
import { ImportCancelled, UNCANCELLABLE, type ImportControl } from './import-cancel.ts';
import { drain, runSliced, runWhole, WriteCancelled, type Slices } from '../db/sliced-transaction.ts';
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
    settings: cache.settings()?.item ?? null,
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
  const checked = drain(checkSteps(records, checkContext(db, options)));
  if ('report' in checked) return checked.report;
  const { valid, errors } = checked;
  const { imported, stepId } = runWhole(db, () => importWrites(db, rowsOf(valid), options.now ?? Date.now()));
  return { imported, errors, stepId };
}

/** Rows checked between two progress reports of a long import. */
export const IMPORT_STEP_ROWS = 500;

/** How far a long import got: rows checked of the file's, then drafts written of the valid rows. */
export interface ImportStepProgress {
  phase: 'checking' | 'writing';
  done: number;
  total: number;
}

/**
 * importRecords in slices (issue 41) for records already on this thread (a text pasted into the
 * window, tests): the rows are checked in slices of the event loop, with a 'checking' report after
 * each, then written in ONE transaction worked in slices (batched-import.ts), visible all at once
 * at its commit with the import's one undo step: a crash leaves none or all, a cancel none. A
 * file is read and checked in its worker instead (spreadsheet-files.ts).
 */
export async function importRecordsInSteps(
  db: Db, records: readonly CsvRecord[], options: ImportOptions & { batchRows?: number; control?: ImportControl; long?: LongWrite }, onProgress: (progress: ImportStepProgress) => void,
): Promise<ImportReport> {
  const control = options.control ?? UNCANCELLABLE;
  let checked: Checked;
  try {
    checked = await runSliced(checkSteps(records, checkContext(db, options)), { signal: control.signal, onProgress: (p) => onProgress({ phase: 'checking', ...p }) });
  } catch (error) {
    throw error instanceof WriteCancelled ? new ImportCancelled() : error;
  }
  if ('report' in checked) return checked.report;
  const { valid, errors } = checked;
  const { imported, stepId } = await writeImportInBatches(db, rowsOf(valid), {
    now: options.now ?? Date.now(),
    ...(options.batchRows !== undefined ? { batchRows: options.batchRows } : {}),
    ...(options.long ? { long: options.long } : {}),
    control,
    onBatch: (written, total) => onProgress({ phase: 'writing', done: written, total }),
  });
  return { imported, errors, stepId };
}

/** What checking found: a report when nothing is to be written, else the valid rows and the problems. */
type Checked = { report: ImportReport } | { valid: FieldValues[]; errors: CsvRowError[] };

/** The check of an import as a generator: yields after each row how many of them are checked. */
function* checkSteps(records: readonly CsvRecord[], context: CheckContext): Slices<Checked> {
  const verdict = rowChecks(records[0], context);
  if ('report' in verdict) return verdict;
  const errors: CsvRowError[] = [];
  const valid: FieldValues[] = [];
  const total = records.length - 1;
  for (let i = 1; i < records.length; i++) {
    if (i > 1) yield (i - 1) % IMPORT_STEP_ROWS === 0 ? { done: i - 1, total } : undefined;
    const outcome = verdict.check(records[i] as CsvRecord);
    if (!outcome) continue;
    errors.push(...outcome.errors);
    if (outcome.values) valid.push(outcome.values);
  }
  if (valid.length === 0) return { report: { imported: [], errors, stepId: null } };
  return { valid, errors };
}
