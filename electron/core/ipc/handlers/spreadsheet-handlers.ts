// Spreadsheets in and out: inspect a file (format, encoding, separator, the mapping step), import
// it as drafts with a report the seller can save, export CSV or an Excel workbook.
import { exportDraftsCsv } from '../../csv/drafts-csv.ts';
import { importReportCsv } from '../../csv/import-report-csv.ts';
import { ImportCancelled, importCancels } from '../../csv/import-cancel.ts';
import { exportDraftsXlsx, importSpreadsheet, inspectSpreadsheet } from '../../spreadsheet/spreadsheet-files.ts';
import { readSpreadsheetSource, releaseSpreadsheetSource } from '../../spreadsheet/spreadsheet-source.ts';
import type { CoreSession } from '../../session/core-session.ts';
import { changedEmitter, type HandlerMap } from '../handler-types.ts';
import { needRecords } from '../read-records.ts';

type SpreadsheetMethod = 'csv.inspect' | 'csv.import' | 'csv.importReport' | 'csv.cancelImport' | 'csv.export' | 'xlsx.export';

const today = () => new Date().toISOString().slice(0, 10);

export function spreadsheetHandlers(session: CoreSession): HandlerMap<SpreadsheetMethod> {
  const changed = changedEmitter(session);
  /** The imports under way by the window's names for them (csv.cancelImport). */
  const cancels = importCancels();
  return {
    // The app hands files over by reference (a handle, or web mode's upload): read here, from disk.
    async 'csv.inspect'({ base64, source, fileName }) {
      const bytes = source ? await readSpreadsheetSource(session.files, source, fileName ?? 'the file') : Buffer.from(base64 ?? '', 'base64');
      return inspectSpreadsheet(session.db(), bytes);
    },
    async 'csv.import'({ text, base64, source, fileName, mapping, importId }) {
      const db = session.db();
      // Written as one long write in slices in the account's writer thread (issue 41), which
      // starts while the file is read.
      const long = session.writes().importRows;
      session.writes().warm();
      const control = cancels.start(importId);
      try {
        let bytes: Buffer | null = base64 !== undefined ? Buffer.from(base64, 'base64') : null;
        if (source) {
          try {
            bytes = await readSpreadsheetSource(session.files, source, fileName ?? 'the file');
          } finally {
            await releaseSpreadsheetSource(session.files, source);
          }
        }
        // A pasted text is read and checked in the same worker as a file (issue 41); it has no
        // file facts to show.
        const report = await importSpreadsheet(db, bytes ?? { text: text ?? '' }, { ...(mapping ? { mapping } : {}), control, long, onProgress: (progress) => session.emit('csv.progress', progress) });
        if (report.imported.length > 0) changed(null, 'csv-import');
        return { imported: report.imported.length, stepId: report.stepId, errors: report.errors, file: bytes === null ? null : report.facts };
      } catch (error) {
        // Cancelled before its last step: its pending drafts are gone already (batched-import.ts).
        if (error instanceof ImportCancelled) return { imported: 0, stepId: null, errors: [], file: null, cancelled: true as const };
        throw error;
      } finally {
        cancels.end(importId);
      }
    },
    'csv.importReport'({ problems, locale, words }) {
      return { fileName: `import-report-${today()}.csv`, text: importReportCsv(problems, locale, words) };
    },
    async 'csv.cancelImport'({ importId }) {
      return { outcome: await cancels.cancel(importId) };
    },
    async 'csv.export'({ localIds, locale }) {
      // Every column is written: an item known only from its list summary is read first, never
      // exported with its unknown fields as empty cells (a file that looks complete).
      if (localIds) await needRecords(session, localIds);
      const text = exportDraftsCsv(session.db(), localIds, locale);
      const rows = Math.max(0, text.split('\r\n').filter((line) => line !== '').length - 1);
      return { fileName: `drafts-${today()}.csv`, text, rows };
    },
    async 'xlsx.export'({ localIds }) {
      if (localIds) await needRecords(session, localIds);
      const { bytes, rows } = await exportDraftsXlsx(session.db(), localIds);
      return { fileName: `drafts-${today()}.xlsx`, base64: bytes.toString('base64'), rows };
    },
  };
}
