// CSV export and import of drafts. Columns are the item field names of ItemInput; lists are
// joined with ';'; an empty cell is an unset field. Import creates new drafts: every row is
// checked, the valid rows are written with their outbox rows and ONE undo step (a long import in
// slices of one transaction: batched-import.ts) and every refused row is reported by row
// number, field and message.
import type { ProblemParams, ProblemRule } from '../../../shared/screens/problem-rules.ts';
import { settingsCache } from '../cache/settings-cache.ts';
import type { Db } from '../db/open-account-db.ts';
import { cachedValidationContext } from '../drafts/draft-writes.ts';
import { DRAFT_FIELDS, fieldKind, isDraftField, type DraftField, type DraftFields } from '../drafts/fields.ts';
import { itemReads } from '../drafts/item-rows.ts';
import { parseChanges, type FieldValues } from '../drafts/plan-edit.ts';
import { validateDraft } from '../validation/validate-draft.ts';
import { parseDecimal } from '../../../shared/format/parse-decimal.ts';
import { descriptionHtml, parseTimeCell } from '../spreadsheet/cell-values.ts';
import { noTitleColumn } from './import-header.ts';
import { readOptionCell } from './option-cells.ts';
import { importWrites, writeImportInBatches, type LongWrite } from './batched-import.ts';
import { ImportCancelled, UNCANCELLABLE, type ImportControl } from './import-cancel.ts';
import { drain, runSliced, runWhole, WriteCancelled, type Slices } from '../db/sliced-transaction.ts';
import { formulaSafe, fromFormulaSafe } from './formula-safe.ts';
import { parseCsv, writeCsv, type CsvRecord } from './rfc4180.ts';

export interface CsvRowError {
  /** 1-based row of the file; the header is row 1. */
  row: number;
  /** The item field, or null for a problem of the whole row. */
  field: string | null;
  /** English, for the saved report and logs... */
  message: string;
  /** ...and the rule with its params for the seller's sentence on screen. */
  rule: ProblemRule;
  params?: ProblemParams;
  /** The file's own heading of the cell (set when the problem is one cell's). */
  column?: string;
  /** The cell as the file holds it. */
  value?: string;
  /**
   * Flagged: the row was imported without this cell's value; adjusted: imported with a value the
   * import supplied (a merged range's, a postal code's lost zeros); both for the seller to look at.
   */
  severity?: 'refused' | 'flagged' | 'adjusted';
}

export interface ImportReport {
  imported: number[];
  errors: CsvRowError[];
  /** The undo step of this import, null when nothing was imported. */
  stepId: number | null;
}

/** Headings the file uses for fields under other names: heading -> field, null = leave out. */
export type ColumnMapping = Readonly<Record<string, DraftField | null>>;

const LIST_SEPARATOR = ';';

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

type CellRead = { ok: true; value: unknown } | { ok: false; rule: ProblemRule; reason: string; flag: boolean; options?: string };

/** A cell as the field takes it: decimal commas, Finnish dates, plain-text descriptions. */
function readCell(field: DraftField, cell: string, zone: string): CellRead {
  if (cell.trim() === '') return { ok: true, value: null };
  if (field === 'listTime' || field === 'closingTime') {
    const time = parseTimeCell(cell, zone);
    return time.ok ? { ok: true, value: time.value } : { ok: false, rule: time.rule, reason: time.reason, flag: time.rule === 'date-does-not-exist' };
  }
  if (field === 'description') return { ok: true, value: descriptionHtml(valueOf(field, cell) as string) };
  const option = readOptionCell(field, cell);
  if (option) return option.ok ? option : { ...option, flag: false };
  const kind = fieldKind(field);
  // Not a number: the text as typed, which the field's schema then refuses with the cell named.
  if (kind === 'number' || kind === 'int') return { ok: true, value: parseDecimal(cell) ?? cell.trim() };
  return { ok: true, value: valueOf(field, cell) };
}

function valueOf(field: DraftField, cell: string): unknown {
  if (cell === '') return null;
  switch (fieldKind(field)) {
    case 'list':
      return fromFormulaSafe(cell).split(LIST_SEPARATOR).map((v) => v.trim()).filter((v) => v !== '');
    case 'text':
      return fromFormulaSafe(cell);
    default:
      return cell.trim();
  }
}

export function exportDraftsCsv(db: Db, localIds?: readonly number[], locale: CsvLocale = 'en'): string {
  const reads = itemReads(db);
  const items = localIds ? localIds.map((id) => reads.item(id)).filter((i) => i !== undefined) : reads.drafts();
  const rows = [DRAFT_FIELDS as readonly string[], ...items.map((item) => DRAFT_FIELDS.map((f) => cellOf(f, item.fields[f], locale)))];
  return writeCsv(rows, { delimiter: CSV_SEPARATOR[locale] });
}

export function importDraftsCsv(db: Db, text: string, now = Date.now()): ImportReport {
  return importRecords(db, parseCsv(text), { now });
}

/** The problems of a header: a heading that is no field (and not mapped), a field named twice. */
export function headerProblems(headings: readonly string[], mapping: ColumnMapping = {}): { columns: Array<DraftField | null>; errors: CsvRowError[] } {
  const errors: CsvRowError[] = [];
  const columns = headings.map((raw): DraftField | null | undefined => {
    const name = raw.trim();
    if (isDraftField(name)) return name;
    return Object.hasOwn(mapping, name) ? mapping[name] : undefined;
  });
  columns.forEach((field, index) => {
    const name = (headings[index] as string).trim();
    if (field === undefined) errors.push({ row: 1, field: name, rule: 'unknown-column', params: { column: name }, message: `unknown column "${name}"` });
    else if (field !== null && columns.indexOf(field) !== index) errors.push({ row: 1, field: name, rule: 'repeated-column', params: { column: name }, message: `column "${name}" appears twice` });
  });
  return { columns: columns.map((c) => c ?? null), errors };
}

export interface ImportOptions {
  mapping?: ColumnMapping;
  now?: number;
  /** The service's time zone, in which spreadsheet times are read and checked. */
  zone?: string;
}

/**
 * Imports records (a CSV's or a workbook's): every row is checked, the valid rows are written in
 * ONE transaction with their outbox rows and one undo step. A row whose category is not in the
 * cached tree or whose time cannot exist is imported without that value and flagged, so the
 * seller sees it now rather than a refusal after publish.
 */
export function importRecords(db: Db, records: readonly CsvRecord[], options: ImportOptions = {}): ImportReport {
  const checked = drain(checkSteps(db, records, options));
  if ('report' in checked) return checked.report;
  const { valid, errors } = checked;
  const { imported, stepId } = runWhole(db, () => importWrites(db, valid, options.now ?? Date.now()));
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
 * importRecords in slices (issue 41): the rows are checked in slices of the event loop, with a
 * 'checking' report after each (so the progress reaches the window and other calls are answered),
 * then written in ONE transaction worked in slices (batched-import.ts), visible all at once at its
 * commit with the import's one undo step: a crash leaves none or all, a cancel none.
 */
export async function importRecordsInSteps(
  db: Db, records: readonly CsvRecord[], options: ImportOptions & { batchRows?: number; control?: ImportControl; long?: LongWrite }, onProgress: (progress: ImportStepProgress) => void,
): Promise<ImportReport> {
  const control = options.control ?? UNCANCELLABLE;
  let checked: Checked;
  try {
    checked = await runSliced(checkSteps(db, records, options), { signal: control.signal, onProgress: (p) => onProgress({ phase: 'checking', ...p }) });
  } catch (error) {
    throw error instanceof WriteCancelled ? new ImportCancelled() : error;
  }
  if ('report' in checked) return checked.report;
  const { valid, errors } = checked;
  const { imported, stepId } = await writeImportInBatches(db, valid, {
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
function* checkSteps(db: Db, records: readonly CsvRecord[], options: ImportOptions): Slices<Checked> {
  const zone = options.zone ?? 'Europe/Helsinki';
  const header = records[0];
  if (!header) return { report: { imported: [], errors: [{ row: 1, field: null, rule: 'empty-file', message: 'the file is empty' }], stepId: null } };
  const headings = header.fields.map((name) => name.trim());
  const { columns, errors: headerErrors } = headerProblems(headings, options.mapping);
  if (header.error) headerErrors.unshift({ row: header.row, field: null, rule: header.errorRule ?? 'invalid', message: header.error });
  // A wrong header would put values in the wrong fields of every row: import nothing.
  if (headerErrors.length > 0) return { report: { imported: [], errors: headerErrors, stepId: null } };
  // Nothing mapped to the title: every row would be a blank draft (issue 21). Say why instead.
  if (!columns.includes('title')) return { report: { imported: [], errors: [noTitleColumn(columns.length)], stepId: null } };

  const ctx = cachedValidationContext(db);
  const categories = settingsCache(db).categories();
  const knownCategory = categories.length > 0 ? new Set(categories.map((c) => c.id)) : null;
  const errors: CsvRowError[] = [];
  const valid: FieldValues[] = [];
  const total = records.length - 1;
  let checked = 0;
  for (const record of records.slice(1)) {
    if (checked > 0) yield checked % IMPORT_STEP_ROWS === 0 ? { done: checked, total } : undefined;
    checked += 1;
    if (record.error) {
      errors.push({ row: record.row, field: null, rule: record.errorRule ?? 'invalid', message: record.error });
      continue;
    }
    if (record.fields.length !== columns.length) {
      errors.push({ row: record.row, field: null, rule: 'cell-count', params: { cells: record.fields.length, columns: columns.length }, message: `${record.fields.length} cells, the header has ${columns.length}` });
      continue;
    }
    // A row with nothing in it (";;;;" at the end of an Excel sheet) is no item; a formula
    // without its value is something (noted below).
    if (record.fields.every((cell) => cell.trim() === '') && !record.notes?.length) continue;
    const raw: Record<string, unknown> = {};
    const cellOfField = new Map<string, { column: string; value: string }>();
    const flags: CsvRowError[] = [];
    const refusals: CsvRowError[] = [];
    columns.forEach((field, i) => {
      if (field === null) return;
      const cell = record.fields[i] as string;
      const column = headings[i] as string;
      cellOfField.set(field, { column, value: cell });
      const read = readCell(field, cell, zone);
      if (read.ok) raw[field] = read.value;
      else (read.flag ? flags : refusals).push({ row: record.row, field, column, value: cell, rule: read.rule, params: { text: cell.trim(), ...(read.options ? { options: read.options } : {}) }, message: read.reason, severity: read.flag ? 'flagged' : 'refused' });
    });
    const notes = cellNoteFlags(record, columns, headings);
    flags.push(...notes);
    // A row without a title would be a draft no one can tell apart in the grid: refused, named.
    // (A title whose formula had no value is flagged as such instead.)
    if ((raw.title === null || raw.title === undefined || String(raw.title).trim() === '') && !notes.some((n) => n.field === 'title')) {
      const cell = cellOfField.get('title');
      errors.push({ row: record.row, field: 'title', ...cell, rule: 'title-missing', message: 'the row has no title: not imported', severity: 'refused' });
      continue;
    }
    const { values, problems } = parseChanges(raw);
    if (knownCategory && typeof values.categoryId === 'number' && !knownCategory.has(values.categoryId)) {
      const cell = cellOfField.get('categoryId');
      flags.push({ row: record.row, field: 'categoryId', ...cell, rule: 'category-unknown', params: { id: values.categoryId }, message: `category ${values.categoryId} does not exist; left empty`, severity: 'flagged' });
      delete values.categoryId;
    }
    const zeros = restoredPostalCode(values);
    if (zeros) {
      const cell = cellOfField.get('postalCode');
      flags.push({ row: record.row, field: 'postalCode', ...cell, rule: 'postal-code-zeros', params: { text: zeros.text, value: zeros.value }, message: `postal code ${zeros.text} read as ${zeros.value} (a spreadsheet drops leading zeros)`, severity: 'adjusted' });
    }
    const all = [...problems, ...validateDraft(values as DraftFields, ctx)].filter((p) => p.code !== 'required');
    for (const p of all) refusals.push({ row: record.row, field: p.field, ...cellOfField.get(p.field), rule: p.rule, ...(p.params ? { params: p.params } : {}), message: p.message });
    if (refusals.length > 0) {
      errors.push(...refusals);
      continue;
    }
    errors.push(...flags);
    valid.push(values);
  }
  if (valid.length === 0) return { report: { imported: [], errors, stepId: null } };
  return { valid, errors };
}

/**
 * A Finnish postal code a spreadsheet read as a number and stripped of its leading zeros
 * ("2100" for 02100 Espoo, "100" for 00100 Helsinki): given them back (changing `values`), unless
 * the item is abroad, where codes are other countries'. Null when there was nothing to restore.
 */
function restoredPostalCode(values: FieldValues): { text: string; value: string } | null {
  const text = values.postalCode;
  if (values.isLocationAbroad === 1 || typeof text !== 'string' || !/^\d{3,4}$/.test(text)) return null;
  const value = text.padStart(5, '0');
  values.postalCode = value;
  return { text, value };
}

/**
 * A workbook's cells in mapped columns read without their own value (CellNote): a formula's
 * cell is left empty and flagged; a cell a merged range covers took the range's value, flagged
 * to check.
 */
function cellNoteFlags(record: CsvRecord, columns: ReadonlyArray<string | null>, headings: readonly string[]): CsvRowError[] {
  return (record.notes ?? []).flatMap((note): CsvRowError[] => {
    const field = columns[note.index];
    if (!field) return [];
    const column = headings[note.index] as string;
    if (note.rule === 'merged-cell') {
      const value = record.fields[note.index] ?? '';
      return [{ row: record.row, field, column, value, rule: note.rule, params: { cell: note.cell, range: note.range ?? '', from: note.from ?? '' }, message: `cell ${note.cell} is in the merged cells ${note.range ?? ''}: given the value of ${note.from ?? ''}`, severity: 'adjusted' }];
    }
    const message = note.rule === 'formula-error'
      ? `cell ${note.cell} holds a formula that gives the error ${note.error ?? ''}; left empty`
      : `cell ${note.cell} holds a formula without a saved value (open and save the file in Excel so that it stores the values); left empty`;
    return [{ row: record.row, field, column, value: '', rule: note.rule, params: { cell: note.cell, ...(note.error ? { error: note.error } : {}) }, message, severity: 'flagged' }];
  });
}
