// An import's report as a CSV the seller saves and opens beside the file: each refused or flagged
// row with the file's own heading and cell, the field, what became of the row and why. The words
// are the seller's language's, from the renderer's catalog (headings, the fields' labels, the
// outcomes and each reason as the report's table says it), as the sales CSV's are: the core knows
// no language. Without them (logs, tests) it speaks the English of the problems' messages.
import { formulaSafe } from './formula-safe.ts';
import { writeCsv } from './rfc4180.ts';
import { CSV_SEPARATOR, type CsvLocale, type CsvRowError } from './drafts-csv.ts';

type Severity = NonNullable<CsvRowError['severity']>;

export interface ImportReportWords {
  headings: { row: string; column: string; field: string; value: string; outcome: string; reason: string };
  outcomes: Record<Severity, string>;
  /** A field's label by its name; a name without one is written as it is. */
  fields: Readonly<Record<string, string>>;
  /** The reason of each problem, in the order of the problems. */
  reasons: readonly string[];
}

const ENGLISH: Omit<ImportReportWords, 'reasons'> = {
  headings: { row: 'row', column: 'column', field: 'field', value: 'value', outcome: 'outcome', reason: 'reason' },
  outcomes: { refused: 'refused', flagged: 'imported, value left empty', adjusted: 'imported, value filled in' },
  fields: {},
};

export function importReportCsv(errors: readonly CsvRowError[], locale: CsvLocale = 'en', words?: ImportReportWords): string {
  const { headings: h, outcomes, fields } = words ?? ENGLISH;
  // Every cell may carry the file's own text (its headings, its cells, reasons quoting them).
  return writeCsv([
    [h.row, h.column, h.field, h.value, h.outcome, h.reason],
    ...errors.map((e, i) => [
      String(e.row), e.column ?? '', e.field === null ? '' : (fields[e.field] ?? e.field), e.value ?? '', outcomes[e.severity ?? 'refused'], words?.reasons[i] ?? e.message,
    ].map(formulaSafe)),
  ], { delimiter: CSV_SEPARATOR[locale] });
}
