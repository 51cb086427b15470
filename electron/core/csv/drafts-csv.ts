// CSV export and import of drafts. Columns are the item field names of ItemInput; lists are
// joined with ';'; an empty cell is an unset field. Import creates new drafts: every row is
// checked, the valid rows are written in ONE transaction (with their outbox rows and one undo
// step) and every refused row is reported by row number, field and message.
import { bulkWrites } from '../bulk/bulk-edit.ts';
import type { Db } from '../db/open-account-db.ts';
import { cachedValidationContext, draftWrites } from '../drafts/draft-writes.ts';
import { DRAFT_FIELDS, fieldKind, isDraftField, type DraftField, type DraftFields } from '../drafts/fields.ts';
import { itemReads } from '../drafts/item-rows.ts';
import { parseChanges, type FieldValues } from '../drafts/plan-edit.ts';
import { validateDraft } from '../validation/validate-draft.ts';
import { parseCsv, writeCsv } from './rfc4180.ts';

export interface CsvRowError {
  /** 1-based row of the file; the header is row 1. */
  row: number;
  /** The column, or null for a problem of the whole row. */
  field: string | null;
  message: string;
}

export interface ImportReport {
  imported: number[];
  errors: CsvRowError[];
  /** The undo step of this import, null when nothing was imported. */
  stepId: number | null;
}

const LIST_SEPARATOR = ';';
/** Cells a spreadsheet would run as a formula get a leading quote on export (and lose it on import). */
const FORMULA_START = /^[=+\-@\t\r]/;

function cellOf(field: DraftField, value: unknown): string {
  if (value === null || value === undefined) return '';
  if (Array.isArray(value)) return value.join(LIST_SEPARATOR);
  const text = String(value);
  return fieldKind(field) === 'text' && FORMULA_START.test(text) ? `'${text}` : text;
}

function valueOf(field: DraftField, cell: string): unknown {
  if (cell === '') return null;
  switch (fieldKind(field)) {
    case 'list':
      return cell.split(LIST_SEPARATOR).map((v) => v.trim()).filter((v) => v !== '');
    case 'text':
      return cell.startsWith("'") && FORMULA_START.test(cell.slice(1)) ? cell.slice(1) : cell;
    default:
      return cell.trim();
  }
}

export function exportDraftsCsv(db: Db, localIds?: readonly number[]): string {
  const reads = itemReads(db);
  const items = localIds ? localIds.map((id) => reads.item(id)).filter((i) => i !== undefined) : reads.drafts();
  const rows = [DRAFT_FIELDS as readonly string[], ...items.map((item) => DRAFT_FIELDS.map((f) => cellOf(f, item.fields[f])))];
  return writeCsv(rows);
}

export function importDraftsCsv(db: Db, text: string, now = Date.now()): ImportReport {
  const records = parseCsv(text);
  const header = records[0];
  if (!header) return { imported: [], errors: [{ row: 1, field: null, message: 'the file is empty' }], stepId: null };
  const headerErrors: CsvRowError[] = [];
  if (header.error) headerErrors.push({ row: header.row, field: null, message: header.error });
  const columns = header.fields.map((name) => name.trim());
  columns.forEach((name, index) => {
    if (!isDraftField(name)) headerErrors.push({ row: 1, field: name, message: `unknown column "${name}"` });
    else if (columns.indexOf(name) !== index) headerErrors.push({ row: 1, field: name, message: `column "${name}" appears twice` });
  });
  // A wrong header would put values in the wrong fields of every row: import nothing.
  if (headerErrors.length > 0) return { imported: [], errors: headerErrors, stepId: null };

  const ctx = cachedValidationContext(db);
  const errors: CsvRowError[] = [];
  const valid: FieldValues[] = [];
  for (const record of records.slice(1)) {
    if (record.error) {
      errors.push({ row: record.row, field: null, message: record.error });
      continue;
    }
    if (record.fields.length !== columns.length) {
      errors.push({ row: record.row, field: null, message: `${record.fields.length} cells, the header has ${columns.length}` });
      continue;
    }
    const raw = Object.fromEntries(columns.map((name, i) => [name, valueOf(name as DraftField, record.fields[i] as string)]));
    const { values, problems } = parseChanges(raw);
    const all = [...problems, ...validateDraft(values as DraftFields, ctx)].filter((p) => p.code !== 'required');
    if (all.length > 0) {
      for (const p of all) errors.push({ row: record.row, field: p.field, message: p.message });
      continue;
    }
    valid.push(values);
  }
  if (valid.length === 0) return { imported: [], errors, stepId: null };
  const drafts = draftWrites(db);
  const bulk = bulkWrites(db);
  const { imported, stepId } = db.transaction(() => {
    const ids = valid.map((values) => drafts.insertValidated(values, now));
    return { imported: ids, stepId: bulk.recordImport(ids, now) };
  })();
  return { imported, errors, stepId };
}
