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

export function parseCsv(text: string, delimiter = ','): CsvRecord[] {
  const input = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const records: CsvRecord[] = [];
  let line = 1;
  let i = 0;
  const n = input.length;
  while (i < n) {
    const record: CsvRecord = { row: records.length + 1, line, fields: [] };
    let field = '';
    let atRecordEnd = false;
    while (!atRecordEnd) {
      if (i < n && input[i] === '"' && field === '') {
        // Quoted field: runs to the next quote not doubled.
        i++;
        let closed = false;
        while (i < n) {
          const c = input[i] as string;
          if (c === '"') {
            if (input[i + 1] === '"') {
              field += '"';
              i += 2;
              continue;
            }
            i++;
            closed = true;
            break;
          }
          if (c === '\n' || (c === '\r' && input[i + 1] !== '\n')) line++;
          field += c;
          i++;
        }
        if (!closed) markError(record, 'quote-not-closed', 'a quoted field is not closed');
        // After the closing quote only a delimiter or a line end may follow.
        if (closed && i < n && input[i] !== delimiter && input[i] !== '\r' && input[i] !== '\n') {
          markError(record, 'text-after-quote', 'text after a closing quote');
          while (i < n && input[i] !== delimiter && input[i] !== '\r' && input[i] !== '\n') field += input[i++];
        }
      } else {
        while (i < n && input[i] !== delimiter && input[i] !== '\r' && input[i] !== '\n') {
          if (input[i] === '"') markError(record, 'quote-in-field', 'a quote inside an unquoted field (quote the whole field)');
          field += input[i++];
        }
      }
      record.fields.push(field);
      field = '';
      if (i < n && input[i] === delimiter) {
        i++;
        continue;
      }
      // Line end or end of input closes the record.
      if (input[i] === '\r') i += input[i + 1] === '\n' ? 2 : 1;
      else if (input[i] === '\n') i++;
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
