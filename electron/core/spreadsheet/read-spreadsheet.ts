// A seller's file, whatever wrote it, read into records: an Excel workbook (its first sheet) or a
// CSV whose encoding (UTF-8 with or without a BOM, Windows-1252: what Excel saves in Finland)
// and separator (comma, semicolon, tab) are found here and reported, never assumed.
import chardet from 'chardet';
import iconv from 'iconv-lite';
import { parseCsv, type CsvRecord } from '../csv/rfc4180.ts';
import { DEFAULT_SPREADSHEET_LIMITS, SpreadsheetLimitError, tooMany, type SpreadsheetLimits } from './spreadsheet-limits.ts';
import { runInWorker } from './spreadsheet-worker-host.ts';
import { readXlsx } from './xlsx-reader.ts';

export type TextEncoding = 'UTF-8' | 'UTF-8 with BOM' | 'Windows-1252';
export type Separator = 'comma' | 'semicolon' | 'tab';

export interface SpreadsheetRead {
  format: 'csv' | 'xlsx';
  /** Null for a workbook (it has no text encoding) and a pasted text (already text). */
  encoding: TextEncoding | null;
  separator: Separator | null;
  records: CsvRecord[];
}

/** What a file is, without its records (what crosses back from the worker for an inspect or an import). */
export type FileFacts = Omit<SpreadsheetRead, 'records'> & { rows: number; headings: string[] };

export function factsOf(read: SpreadsheetRead): FileFacts {
  return { format: read.format, encoding: read.encoding, separator: read.separator, rows: Math.max(0, read.records.length - 1), headings: read.records[0]?.fields.map((h) => h.trim()) ?? [] };
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

function checkSize(bytes: number, limits: SpreadsheetLimits): void {
  if (bytes <= limits.fileBytes) return;
  const megabytes = Math.round(limits.fileBytes / 1024 / 1024);
  throw new SpreadsheetLimitError(`The file is larger than ${megabytes} MB: split it into smaller files.`, 'spreadsheet-file-too-large', { megabytes });
}

/** The file read where it is (the spreadsheet worker calls this), every limit checked as it goes. */
export async function readSpreadsheetNow(bytes: Uint8Array, limits: SpreadsheetLimits = DEFAULT_SPREADSHEET_LIMITS): Promise<SpreadsheetRead> {
  checkSize(bytes.byteLength, limits);
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (isZip(bytes)) return { format: 'xlsx', encoding: null, separator: null, records: await readXlsx(buffer, limits) };
  const { text, encoding } = decodeText(bytes);
  const separator = detectSeparator(text);
  return { format: 'csv', encoding, separator, records: withinLimits(parseCsv(text, separatorChar(separator)), limits) };
}

const separatorChar = (separator: Separator) => SEPARATORS.find(([name]) => name === separator)?.[1] ?? ',';

/** A CSV's records, once they are within the limits of rows, columns and cells. */
function withinLimits(records: CsvRecord[], limits: SpreadsheetLimits): CsvRecord[] {
  if (records.length - 1 > limits.rows) throw tooMany('rows', limits.rows);
  const width = records[0]?.fields.length ?? 0;
  if (width > limits.columns) throw tooMany('columns', limits.columns);
  let cells = 0;
  for (const record of records) cells += record.fields.length;
  if (cells > limits.cells) throw tooMany('cells', limits.cells);
  return records;
}

/** A text pasted into the window: a file's text as the drafts CSV writes it (commas), never a workbook. */
export interface PastedText {
  text: string;
}

/** What the reading worker reads: a file's bytes or a pasted text. */
export type ReadInput = Uint8Array | PastedText;

/** A pasted text read where it is (the spreadsheet worker), under a file's limits. */
export function readPastedTextNow({ text }: PastedText, limits: SpreadsheetLimits = DEFAULT_SPREADSHEET_LIMITS): SpreadsheetRead {
  checkSize(Buffer.byteLength(text), limits);
  return { format: 'csv', encoding: null, separator: 'comma', records: withinLimits(parseCsv(text, separatorChar('comma')), limits) };
}

/**
 * A file by its bytes: a workbook by its ZIP signature (whatever its name), else CSV text. Read
 * in a worker thread of its own, bounded in time and memory (spreadsheet-worker-host.ts): the
 * worst file costs a refusal naming the limit it met, never the core's thread. The bytes are
 * handed to the worker as a copy: the caller's buffer is left whole.
 */
export async function readSpreadsheet(bytes: Uint8Array, limits?: Partial<SpreadsheetLimits>, signal?: AbortSignal): Promise<SpreadsheetRead> {
  let read: SpreadsheetRead | null = null;
  await runInWorker(bytes, { ...DEFAULT_SPREADSHEET_LIMITS, ...limits }, { kind: 'records' }, (message) => {
    if (message.kind === 'records') read = message.read;
  }, signal);
  if (!read) throw new Error('the file could not be read: the reading worker gave no records');
  return read;
}

/** What a file is and its headings (readSpreadsheet's facts): its records stay in the worker. */
export async function readFileFacts(bytes: Uint8Array, limits?: Partial<SpreadsheetLimits>, signal?: AbortSignal): Promise<FileFacts> {
  let facts: FileFacts | null = null;
  await runInWorker(bytes, { ...DEFAULT_SPREADSHEET_LIMITS, ...limits }, { kind: 'facts' }, (message) => {
    if (message.kind === 'facts') facts = message.facts;
  }, signal);
  if (!facts) throw new Error('the file could not be read: the reading worker gave no facts');
  return facts;
}
