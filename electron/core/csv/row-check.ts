// The check of an import's rows (issue 41): pure, so that it runs where the file is read (the
// spreadsheet worker, spreadsheet-worker.ts) and the core's thread only writes. Every row is read
// cell by cell (decimal commas, Finnish dates, plain-text descriptions, option words), checked as a
// draft is, and either kept (with its flags: a category not in the cached tree, a time that cannot
// exist, a postal code's lost zeros, a workbook's formula or merged cell) or refused by row, field
// and reason. What the check needs of the account's cache travels as plain data (CheckContext).
import type { ProblemParams, ProblemRule } from '../../../shared/screens/problem-rules.ts';
import type { ListingRules } from '../../../shared/items/listing-rules.ts';
import { parseDecimal } from '../../../shared/format/parse-decimal.ts';
import { fieldKind, isDraftField, type DraftField, type DraftFields } from '../drafts/fields.ts';
import { parseChanges, type FieldValues } from '../drafts/plan-edit.ts';
import { descriptionHtml, parseTimeCell } from '../spreadsheet/cell-values.ts';
import { validateDraft, type ValidationContext } from '../validation/validate-draft.ts';
import { fromFormulaSafe } from './formula-safe.ts';
import { noTitleColumn } from './import-header.ts';
import { readOptionCell } from './option-cells.ts';
import type { CsvRecord } from './rfc4180.ts';

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

/** A list cell's separator (the drafts CSV writes lists so too). */
export const LIST_SEPARATOR = ';';

/** What the check needs of the account's cache, as data that crosses to a worker. */
export interface CheckContext {
  /** The seller's cached listing rules (null before the first pull). */
  rules: ListingRules | null;
  /** The cached categories: id and level (none cached: any category is taken). */
  categories: ReadonlyArray<readonly [number, number]>;
  mapping?: ColumnMapping;
  /** The service's time zone, in which spreadsheet times are read and checked. */
  zone?: string;
}

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

/** One row's outcome: its values when it is imported, and its problems (refusals or flags). */
export interface RowOutcome {
  values: FieldValues | null;
  errors: CsvRowError[];
}

/** The header's verdict: a report when nothing can be imported, else the check of each row. */
export type HeaderVerdict = { report: ImportReport } | { check: (record: CsvRecord) => RowOutcome | null };

/**
 * Reads the header (`records[0]`) and gives the check of a row, or the report of a file that
 * imports nothing (empty, a heading that is no field, a field twice, no title column).
 */
export function rowChecks(header: CsvRecord | undefined, context: CheckContext): HeaderVerdict {
  const zone = context.zone ?? 'Europe/Helsinki';
  if (!header) return { report: { imported: [], errors: [{ row: 1, field: null, rule: 'empty-file', message: 'the file is empty' }], stepId: null } };
  const headings = header.fields.map((name) => name.trim());
  const { columns, errors: headerErrors } = headerProblems(headings, context.mapping);
  if (header.error) headerErrors.unshift({ row: header.row, field: null, rule: header.errorRule ?? 'invalid', message: header.error });
  // A wrong header would put values in the wrong fields of every row: import nothing.
  if (headerErrors.length > 0) return { report: { imported: [], errors: headerErrors, stepId: null } };
  // Nothing mapped to the title: every row would be a blank draft (issue 21). Say why instead.
  if (!columns.includes('title')) return { report: { imported: [], errors: [noTitleColumn(columns.length)], stepId: null } };
  const levels = new Map(context.categories);
  const ctx: ValidationContext = { rules: context.rules, categoryLevel: (id) => levels.get(id) };
  const knownCategory = levels.size > 0 ? levels : null;
  return { check: (record) => checkRow(record, columns, headings, zone, ctx, knownCategory) };
}

/** A row's outcome; null for a row with nothing in it (";;;;" at the end of an Excel sheet: no item). */
function checkRow(
  record: CsvRecord, columns: ReadonlyArray<DraftField | null>, headings: readonly string[], zone: string,
  ctx: ValidationContext, knownCategory: ReadonlyMap<number, number> | null,
): RowOutcome | null {
  if (record.error) return { values: null, errors: [{ row: record.row, field: null, rule: record.errorRule ?? 'invalid', message: record.error }] };
  if (record.fields.length !== columns.length) {
    return { values: null, errors: [{ row: record.row, field: null, rule: 'cell-count', params: { cells: record.fields.length, columns: columns.length }, message: `${record.fields.length} cells, the header has ${columns.length}` }] };
  }
  // A formula without its value is something (noted below).
  if (record.fields.every((cell) => cell.trim() === '') && !record.notes?.length) return null;
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
    return { values: null, errors: [{ row: record.row, field: 'title', ...cell, rule: 'title-missing', message: 'the row has no title: not imported', severity: 'refused' }] };
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
  if (refusals.length > 0) return { values: null, errors: refusals };
  return { values, errors: flags };
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
