// A small RFC 4180 reader and writer (no CSV library is installed). Reading accepts a UTF-8 BOM,
// CRLF, LF or CR line ends, quoted fields with "" for a quote and line breaks inside quotes.
// A record with a quoting mistake is returned with its error so the caller can report the row.

export interface CsvRecord {
  /** 1-based record number (a spreadsheet's row number when no field spans lines). */
  row: number;
  /** 1-based line where the record starts. */
  line: number;
  fields: string[];
  /** A quoting mistake, in English (logs, the saved report)... */
  error?: string;
  /** ...and as a rule for the seller's sentence. */
  errorRule?: 'quote-not-closed' | 'text-after-quote' | 'quote-in-field';
  /** A workbook's cells read without their own value (a formula never calculated, an error value, a merged cell): flagged on import. */
  notes?: CellNote[];
}

/**
 * A workbook cell whose value could not be read (its field is left empty and flagged), or one a
 * merged range covers (it takes the range's value, flagged for the seller to check).
 */
export interface CellNote {
  /** 0-based index in `fields`. */
  index: number;
  /** The cell's reference in the sheet ("C7"). */
  cell: string;
  rule: 'formula-no-value' | 'formula-error' | 'merged-cell';
  /** An error value as the file holds it ("#DIV/0!"). */
  error?: string;
  /** The merged range ("C3:C5") and its top-left cell, whose value it took ("C3"). */
  range?: string;
  from?: string;
}

function markError(record: CsvRecord, rule: NonNullable<CsvRecord['errorRule']>, message: string): void {
  if (record.error !== undefined) return;
  record.error = message;
  record.errorRule = rule;
}

const QUOTE = 0x22;
const CR = 0x0d;
const LF = 0x0a;

/** Line ends in `text` (CRLF, LF, or a CR alone). */
function lineEnds(text: string): number {
  let ends = 0;
  for (let k = 0; k < text.length; k++) {
    const c = text.charCodeAt(k);
    if (c === LF || (c === CR && text.charCodeAt(k + 1) !== LF)) ends++;
  }
  return ends;
}

export function parseCsv(text: string, delimiter = ','): CsvRecord[] {
  const input = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const records: CsvRecord[] = [];
  const sep = delimiter.charCodeAt(0);
  let line = 1;
  let i = 0;
  const n = input.length;
  // Fields are cut out of the text whole (slices, not a character at a time: a 100,000-row file
  // is read in the worker's first second, issue 41).
  while (i < n) {
    const record: CsvRecord = { row: records.length + 1, line, fields: [] };
    let atRecordEnd = false;
    while (!atRecordEnd) {
      let field: string;
      if (i < n && input.charCodeAt(i) === QUOTE) {
        // Quoted field: runs to the next quote not doubled.
        i++;
        field = '';
        let closed = false;
        while (i < n) {
          const quote = input.indexOf('"', i);
          const part = input.slice(i, quote === -1 ? n : quote);
          if (part.includes('\n') || part.includes('\r')) line += lineEnds(part);
          field += part;
          if (quote === -1) {
            i = n;
            break;
          }
          if (input.charCodeAt(quote + 1) === QUOTE) {
            field += '"';
            i = quote + 2;
            continue;
          }
          i = quote + 1;
          closed = true;
          break;
        }
        if (!closed) markError(record, 'quote-not-closed', 'a quoted field is not closed');
        // After the closing quote only a delimiter or a line end may follow.
        if (closed && i < n && input.charCodeAt(i) !== sep && input.charCodeAt(i) !== CR && input.charCodeAt(i) !== LF) {
          markError(record, 'text-after-quote', 'text after a closing quote');
          const from = i;
          while (i < n && input.charCodeAt(i) !== sep && input.charCodeAt(i) !== CR && input.charCodeAt(i) !== LF) i++;
          field += input.slice(from, i);
        }
      } else {
        const from = i;
        let quoted = false;
        for (; i < n; i++) {
          const c = input.charCodeAt(i);
          if (c === sep || c === CR || c === LF) break;
          if (c === QUOTE) quoted = true;
        }
        if (quoted) markError(record, 'quote-in-field', 'a quote inside an unquoted field (quote the whole field)');
        field = input.slice(from, i);
      }
      record.fields.push(field);
      if (i < n && input.charCodeAt(i) === sep) {
        i++;
        continue;
      }
      // Line end or end of input closes the record.
      if (input.charCodeAt(i) === CR) i += input.charCodeAt(i + 1) === LF ? 2 : 1;
      else if (input.charCodeAt(i) === LF) i++;
      line++;
      atRecordEnd = true;
    }
    // A blank line is no record (spreadsheets leave them at the end).
    if (record.fields.length === 1 && record.fields[0] === '' && !record.error) continue;
    records.push(record);
  }
  return records;
}

function needsQuotes(value: string, delimiter: string): boolean {
  return value.includes(delimiter) || /["\r\n]/.test(value) || value !== value.trim();
}

/** CRLF line ends and, by default, a BOM so spreadsheet programs read UTF-8. */
export function writeCsv(rows: readonly (readonly string[])[], options: { bom?: boolean; delimiter?: string } = {}): string {
  const delimiter = options.delimiter ?? ',';
  const body = rows
    .map((row) => row.map((v) => (needsQuotes(v, delimiter) ? `"${v.replaceAll('"', '""')}"` : v)).join(delimiter))
    .join('\r\n');
  return `${options.bom === false ? '' : '\ufeff'}${body}\r\n`;
}
