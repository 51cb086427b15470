// A seller's file in and out: inspect (what was found, which headings need a field), import
// (with the chosen mapping, remembered for this header set) and export as an Excel workbook.
import type { Db } from '../db/open-account-db.ts';
import { DRAFT_FIELDS, fieldKind, type DraftField } from '../drafts/fields.ts';
import { itemReads } from '../drafts/item-rows.ts';
import { importRecordsInSteps, type ColumnMapping, type ImportReport } from '../csv/drafts-csv.ts';
import { formulaSafe } from '../csv/formula-safe.ts';
import type { ImportControl } from '../csv/import-cancel.ts';
import type { LongWrite } from '../csv/batched-import.ts';
import { importMappings } from './import-mappings.ts';
import { readSpreadsheet, type SpreadsheetRead } from './read-spreadsheet.ts';

export type FileFacts = Omit<SpreadsheetRead, 'records'> & { rows: number; headings: string[] };

function factsOf(read: SpreadsheetRead): FileFacts {
  return { format: read.format, encoding: read.encoding, separator: read.separator, rows: Math.max(0, read.records.length - 1), headings: read.records[0]?.fields.map((h) => h.trim()) ?? [] };
}

/** What the file is and the mapping step it needs (nothing written). */
export async function inspectSpreadsheet(db: Db, bytes: Uint8Array) {
  const read = await readSpreadsheet(bytes);
  const facts = factsOf(read);
  return { ...facts, ...importMappings(db).proposal(facts.headings) };
}

/** How far an import got: the file read, its rows checked (done of total), then written. */
export interface ImportProgress {
  phase: 'reading' | 'checking' | 'writing';
  done: number;
  total: number;
}

export async function importSpreadsheet(
  db: Db, bytes: Uint8Array,
  options: { mapping?: ColumnMapping; now?: number; zone?: string; batchRows?: number; control?: ImportControl; long?: LongWrite; onProgress?: (progress: ImportProgress) => void } = {},
): Promise<ImportReport & { facts: FileFacts }> {
  const { onProgress, ...importOptions } = options;
  onProgress?.({ phase: 'reading', done: 0, total: 0 });
  const read = await readSpreadsheet(bytes, undefined, options.control?.signal);
  options.control?.check();
  const facts = factsOf(read);
  const report = await importRecordsInSteps(db, read.records, importOptions, (progress) => onProgress?.(progress));
  // Remembered once it was used for an import that read the header (a refused header is not).
  const mapping = options.mapping ?? {};
  if (Object.keys(mapping).length > 0 && !report.errors.some((e) => e.row === 1)) importMappings(db).remember(facts.headings, mapping, options.now);
  return { ...report, facts };
}

function cellValue(field: DraftField, value: unknown): string | number | null {
  if (value === null || value === undefined) return null;
  if (Array.isArray(value)) return formulaSafe(value.join(';'));
  const kind = fieldKind(field);
  // Numbers stay numbers (Excel sums them); text stays text, never a formula.
  if (kind === 'number' || kind === 'int' || kind === 'flag') return Number(value);
  // A workbook's text cell is never a formula in Excel, but the seller may save it as CSV.
  return kind === 'text' ? formulaSafe(String(value)) : String(value);
}

/** The drafts (or the given items) as an .xlsx workbook: one sheet, field names as headings. */
export async function exportDraftsXlsx(db: Db, localIds?: readonly number[]): Promise<{ bytes: Buffer; rows: number }> {
  const reads = itemReads(db);
  const items = localIds ? localIds.map((id) => reads.item(id)).filter((i) => i !== undefined) : reads.drafts();
  // exceljs on first export only: the core's process starts without it (issue 19: its memory).
  const { default: ExcelJS } = await import('exceljs');
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Drafts');
  sheet.addRow([...DRAFT_FIELDS]);
  sheet.getRow(1).font = { bold: true };
  for (const item of items) sheet.addRow(DRAFT_FIELDS.map((f) => cellValue(f, item.fields[f])));
  const bytes = Buffer.from(await workbook.xlsx.writeBuffer());
  return { bytes, rows: items.length };
}
