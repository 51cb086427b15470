// A seller's file, whatever wrote it, read into records: an Excel workbook (its first sheet) or a
// CSV whose encoding (UTF-8 with or without a BOM, Windows-1252: what Excel saves in Finland)
// and separator (comma, semicolon, tab) are found here and reported, never assumed.
import chardet from 'chardet';
import ExcelJS from 'exceljs';
import iconv from 'iconv-lite';
import { parseCsv, type CsvRecord } from '../csv/rfc4180.ts';

export type TextEncoding = 'UTF-8' | 'UTF-8 with BOM' | 'Windows-1252';
export type Separator = 'comma' | 'semicolon' | 'tab';

export interface SpreadsheetRead {
  format: 'csv' | 'xlsx';
  /** Null for a workbook (it has no text encoding). */
  encoding: TextEncoding | null;
  separator: Separator | null;
  records: CsvRecord[];
}

const SEPARATORS: Array<[Separator, string]> = [['comma', ','], ['semicolon', ';'], ['tab', '\t']];
const SAMPLE_BYTES = 64 * 1024;

function isZip(bytes: Uint8Array): boolean {
  return bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04;
}

function isUtf8(bytes: Uint8Array): boolean {
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    return true;
  } catch {
    return false;
  }
}

/**
 * The text of a CSV file and the encoding it was in. A BOM settles it; otherwise bytes that are
 * valid UTF-8 are UTF-8 (chardet's guess is only asked for the rest, on a sample: it is a guess,
 * and Windows-1252 is the only single-byte encoding a Finnish spreadsheet program writes).
 */
export function decodeText(bytes: Uint8Array): { text: string; encoding: TextEncoding; guessed: string | null } {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) {
    return { text: new TextDecoder('utf-8').decode(bytes.subarray(3)), encoding: 'UTF-8 with BOM', guessed: null };
  }
  if (isUtf8(bytes)) return { text: new TextDecoder('utf-8').decode(bytes), encoding: 'UTF-8', guessed: null };
  const guessed = chardet.detect(bytes.subarray(0, SAMPLE_BYTES));
  return { text: iconv.decode(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), 'windows-1252'), encoding: 'Windows-1252', guessed };
}

/**
 * The separator that splits the first lines into the same number of cells as the header, more
 * than one; ties go to the one giving more cells (a comma inside a semicolon file's prices).
 */
export function detectSeparator(text: string): Separator {
  const sample = text.slice(0, 16 * 1024);
  const cut = sample.length < text.length ? sample.slice(0, Math.max(sample.lastIndexOf('\n'), 1)) : sample;
  let best: { separator: Separator; score: number; cells: number } = { separator: 'comma', score: -1, cells: 0 };
  for (const [separator, char] of SEPARATORS) {
    const records = parseCsv(cut, char).slice(0, 20);
    const cells = records[0]?.fields.length ?? 0;
    if (cells < 2) continue;
    const same = records.filter((r) => r.fields.length === cells && !r.error).length;
    const score = same / records.length;
    if (score > best.score || (score === best.score && cells > best.cells)) best = { separator, score, cells };
  }
  return best.separator;
}

type CellValue = ExcelJS.CellValue;

function pad(n: number): string {
  return String(n).padStart(2, '0');
}

/** A workbook cell as the text a CSV cell would hold. Excel dates carry wall-clock time as UTC. */
function cellText(value: CellValue): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) {
    const d = value;
    const date = `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
    return `${date} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`;
  }
  if (typeof value === 'object') {
    if ('richText' in value) return value.richText.map((r) => r.text).join('');
    if ('formula' in value || 'sharedFormula' in value) return cellText((value as ExcelJS.CellFormulaValue).result as CellValue);
    if ('text' in value) return String(value.text);
    if ('error' in value) return '';
    return '';
  }
  return String(value);
}

export async function readWorkbook(bytes: Uint8Array): Promise<CsvRecord[]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength) as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0];
  if (!sheet) return [];
  const width = sheet.columnCount;
  const records: CsvRecord[] = [];
  sheet.eachRow({ includeEmpty: false }, (row, rowNumber) => {
    const fields: string[] = [];
    for (let c = 1; c <= width; c++) fields.push(cellText(row.getCell(c).value));
    // Trailing empty columns of the header (formatting reaching past the data) are not columns.
    records.push({ row: rowNumber, line: rowNumber, fields });
  });
  const header = records[0];
  if (header) {
    let last = header.fields.length;
    while (last > 0 && header.fields[last - 1] === '') last--;
    for (const record of records) record.fields = record.fields.slice(0, last);
  }
  return records.filter((r) => r.fields.some((f) => f !== ''));
}

/** A file by its bytes: a workbook by its ZIP signature (whatever its name), else CSV text. */
export async function readSpreadsheet(bytes: Uint8Array): Promise<SpreadsheetRead> {
  if (isZip(bytes)) return { format: 'xlsx', encoding: null, separator: null, records: await readWorkbook(bytes) };
  const { text, encoding } = decodeText(bytes);
  const separator = detectSeparator(text);
  const char = SEPARATORS.find(([name]) => name === separator)?.[1] ?? ',';
  return { format: 'csv', encoding, separator, records: parseCsv(text, char) };
}
