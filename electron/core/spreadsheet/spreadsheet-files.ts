// A seller's file in and out: inspect (what was found, which headings need a field), import
// (with the chosen mapping, remembered for this header set) and export as an Excel workbook.
import type { Db } from '../db/open-account-db.ts';
import { DRAFT_FIELDS, fieldKind, type DraftField } from '../drafts/fields.ts';
import { itemReads } from '../drafts/item-rows.ts';
import { checkContext, IMPORT_STEP_ROWS, type ColumnMapping, type CsvRowError, type ImportReport } from '../csv/drafts-csv.ts';
import { formulaSafe } from '../csv/formula-safe.ts';
import { UNCANCELLABLE, type ImportControl } from '../csv/import-cancel.ts';
import { writeImportInBatches, type ImportWriter } from '../csv/batched-import.ts';
import { rowStream } from '../csv/row-stream.ts';
import { importMappings } from './import-mappings.ts';
import { readFileFacts, type FileFacts, type ReadInput } from './read-spreadsheet.ts';
import { DEFAULT_SPREADSHEET_LIMITS } from './spreadsheet-limits.ts';
import { runInWorker } from './spreadsheet-worker-host.ts';

export type { FileFacts } from './read-spreadsheet.ts';

/** What the file is and the mapping step it needs (nothing written; its records stay in the worker). */
export async function inspectSpreadsheet(db: Db, bytes: Uint8Array) {
  const facts = await readFileFacts(bytes);
  return { ...facts, ...importMappings(db).proposal(facts.headings) };
}

/** How far an import got: the file read, its rows checked (done of total), then written. */
export interface ImportProgress {
  phase: 'reading' | 'checking' | 'writing';
  done: number;
  total: number;
}

/**
 * Imports a file, or a text pasted into the window (issue 41): its worker reads it and checks its
 * rows, posting them in batches; the import's long write takes them as they come (one
 * transaction in slices, one undo step), so the core's thread only writes, in bounded pieces,
 * while the worker checks the rest.
 */
export async function importSpreadsheet(
  db: Db, input: ReadInput,
  options: { mapping?: ColumnMapping; now?: number; zone?: string; batchRows?: number; control?: ImportControl; long?: ImportWriter; onProgress?: (progress: ImportProgress) => void } = {},
): Promise<ImportReport & { facts: FileFacts }> {
  const { onProgress } = options;
  const control = options.control ?? UNCANCELLABLE;
  onProgress?.({ phase: 'reading', done: 0, total: 0 });
  const rows = rowStream();
  const errors: CsvRowError[] = [];
  let facts: FileFacts | null = null;
  let headerReport: ImportReport | null = null;
  // The worker is ended when the import stops on this side (a failed write) before its check did.
  const stop = new AbortController();
  let started = () => {};
  const firstRows = new Promise<void>((resolve) => (started = resolve));
  const reading = runInWorker(input, DEFAULT_SPREADSHEET_LIMITS, { kind: 'import', context: checkContext(db, options), stepRows: IMPORT_STEP_ROWS }, (message) => {
    if (message.kind === 'facts') facts = message.facts;
    else if (message.kind === 'rows') {
      for (const error of message.errors) errors.push(error);
      rows.push(message.valid, message.total - message.checked);
      if (message.checked < message.total) onProgress?.({ phase: 'checking', done: message.checked, total: message.total });
      if (rows.waiting > 0) started();
    } else if (message.kind === 'end') {
      headerReport = message.report;
      rows.end();
      started();
    }
  }, AbortSignal.any([control.signal, stop.signal]));
  let failure: { error: unknown } | null = null;
  reading.catch((error: unknown) => {
    failure = { error };
    rows.fail(error);
    started();
  });
  try {
    // The write starts with the first valid rows (or not at all: a file that imports nothing).
    await firstRows;
    if (failure) throw (failure as { error: unknown }).error;
    control.check();
    const read = facts as FileFacts | null;
    if (!read) throw new Error('the file could not be read: the reading worker gave no facts');
    let report: ImportReport;
    if (headerReport) report = headerReport;
    else if (rows.complete && rows.waiting === 0) report = { imported: [], errors, stepId: null };
    else {
      const { imported, stepId } = await writeImportInBatches(db, rows, {
        now: options.now ?? Date.now(),
        ...(options.batchRows !== undefined ? { batchRows: options.batchRows } : {}),
        ...(options.long ? { long: options.long } : {}),
        control,
        onBatch: (written, total) => onProgress?.({ phase: 'writing', done: written, total }),
      });
      report = { imported, errors, stepId };
    }
    // Remembered once it was used for an import that read the header (a refused header is not).
    const mapping = options.mapping ?? {};
    if (Object.keys(mapping).length > 0 && !report.errors.some((e) => e.row === 1)) importMappings(db).remember(read.headings, mapping, options.now);
    return { ...report, facts: read };
  } finally {
    // The answer waits for the worker's end (its memory given back), as a file's reading always did.
    stop.abort();
    await reading.catch(() => {});
  }
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
