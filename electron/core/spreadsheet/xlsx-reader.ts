// An .xlsx workbook's first sheet read into records, bounded: the ZIP parts capped before and
// while inflating (zip-parts.ts), the sheet XML scanned in slices, one row at a time, counting
// rows, cells and shared strings as it goes and stopping at the first limit passed. Only the
// used range is read: a cell formatted out to column XFD holds no value and costs nothing (a
// whole-document reader such as exceljs's made a Cell for each of the 16,384 columns of every
// row and took the process down on an 11 KB file). Runs in the spreadsheet worker.
import type { CellNote, CsvRecord } from '../csv/rfc4180.ts';
import { applyMergedCells, columnName, parseRange, type CellRange } from './merged-cells.ts';
import { checkClaimedSizes, inflatePart, inflatePartChunks, zipParts, type ZipPart } from './zip-parts.ts';
import { SpreadsheetLimitError, tooMany, type SpreadsheetLimits } from './spreadsheet-limits.ts';

/** Text gathered before a scan (the inflater gives 1 MB chunks). */
const SLICE = 2 * 1024 * 1024;
/** One element (a row, a shared string) larger than this is no spreadsheet a seller made. */
const MAX_ELEMENT_CHARS = 16 * 1024 * 1024;

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

export function decodeXml(text: string): string {
  if (!text.includes('&')) return text;
  return text.replace(/&(#x[0-9a-fA-F]+|#[0-9]+|amp|lt|gt|quot|apos);/g, (whole, name: string) => {
    if (name.startsWith('#x')) return String.fromCodePoint(Number.parseInt(name.slice(2), 16));
    if (name.startsWith('#')) return String.fromCodePoint(Number.parseInt(name.slice(1), 10));
    return ENTITIES[name] ?? whole;
  });
}

function attributes(text: string): Map<string, string> {
  const found = new Map<string, string>();
  for (const m of text.matchAll(/([\w:.-]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/g)) found.set(m[1] as string, decodeXml(m[2] ?? m[3] ?? ''));
  return found;
}

/**
 * Calls `each` for every complete element matched by `pattern` (global, anchored on `open`), the
 * text decoded a slice at a time so that memory holds one slice and one element, never the part.
 */
async function scanElements(chunks: AsyncIterable<Buffer>, pattern: RegExp, open: RegExp, each: (m: RegExpExecArray) => void): Promise<void> {
  const decoder = new TextDecoder('utf-8');
  let pending = '';
  for await (const chunk of chunks) {
    pending += decoder.decode(chunk, { stream: true });
    if (pending.length < SLICE) continue;
    pending = scanPending(pending, pattern, open, each);
  }
  pending += decoder.decode();
  scanPending(pending, pattern, open, each);
}

/** Every complete element of `pending`; what is left is the start of the next one. */
function scanPending(pending: string, pattern: RegExp, open: RegExp, each: (m: RegExpExecArray) => void): string {
  pattern.lastIndex = 0;
  let keep = 0;
  for (let m = pattern.exec(pending); m; m = pattern.exec(pending)) {
    each(m);
    keep = pattern.lastIndex;
  }
  let rest = pending.slice(keep);
  // Keep only from the next element's start (an element cut by the chunk's end); without one,
  // a short tail in case the start itself was cut.
  open.lastIndex = 0;
  const start = open.exec(rest);
  rest = start ? rest.slice(start.index) : rest.slice(-32);
  if (rest.length > MAX_ELEMENT_CHARS) throw new SpreadsheetLimitError('The workbook could not be read: one of its rows is larger than 16 MB.', 'spreadsheet-too-many-columns', { max: 0 });
  return rest;
}

const CELL = /<(?:\w+:)?c\b([^>]*?)(?:\/>|>([\s\S]*?)<\/(?:\w+:)?c>)/g;
const SI = /<(?:\w+:)?si\b[^>]*?(?:\/>|>([\s\S]*?)<\/(?:\w+:)?si>)/g;
const SI_OPEN = /<(?:\w+:)?si\b/g;
const TEXT = /<(?:\w+:)?t\b[^>]*?(?:\/>|>([\s\S]*?)<\/(?:\w+:)?t>)/g;
const PHONETIC = /<(?:\w+:)?rPh\b[\s\S]*?<\/(?:\w+:)?rPh>/g;
const VALUE = /<(?:\w+:)?v\b[^>]*>([\s\S]*?)<\/(?:\w+:)?v>/;
const INLINE = /<(?:\w+:)?is\b[^>]*>([\s\S]*?)<\/(?:\w+:)?is>/;
const FORMULA = /<(?:\w+:)?f\b/;
/** A row or, after the rows, a merged range: one scan of the sheet finds both. */
const ROW_OR_MERGE = /<(?:\w+:)?row\b([^>]*?)(?:\/>|>([\s\S]*?)<\/(?:\w+:)?row>)|<(?:\w+:)?mergeCell\b([^>]*?)\/?>/g;
const ROW_OR_MERGE_OPEN = /<(?:\w+:)?(?:row|mergeCell)\b/g;

/** The text of a string item (<si> or <is>): its runs joined, phonetic guides left out. */
function stringItem(inner: string | undefined): string {
  if (!inner) return '';
  let text = '';
  for (const m of inner.replace(PHONETIC, '').matchAll(TEXT)) text += m[1] ?? '';
  return decodeXml(text);
}

/** Column letters of a reference ("AB12") as a 1-based number; 0 when there are none. */
function columnOf(ref: string): number {
  let n = 0;
  for (let i = 0; i < ref.length; i++) {
    const c = ref.charCodeAt(i);
    if (c >= 65 && c <= 90) n = n * 26 + (c - 64);
    else if (c >= 97 && c <= 122) n = n * 26 + (c - 96);
    else break;
  }
  return n;
}

/** Built-in number formats that show a date or a time (ECMA-376 18.8.30, and the CJK ones). */
const DATE_FORMAT_IDS = new Set([14, 15, 16, 17, 18, 19, 20, 21, 22, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 45, 46, 47, 50, 51, 52, 53, 54, 55, 56, 57, 58]);

function isDateCode(code: string): boolean {
  const bare = code.replace(/"[^"]*"/g, '').replace(/\[[^\]]*\]/g, '').replace(/\\./g, '');
  return /[ymdhs]/i.test(bare) && !/^general$/i.test(bare.trim());
}

/** For each style index of the sheet's cells: whether its number format shows a date. */
function dateStyles(styles: string | null): boolean[] {
  if (!styles) return [];
  const custom = new Map<number, string>();
  for (const m of styles.matchAll(/<(?:\w+:)?numFmt\b([^>]*)\/?>/g)) {
    const a = attributes(m[1] as string);
    custom.set(Number(a.get('numFmtId')), a.get('formatCode') ?? '');
  }
  const xfs = /<(?:\w+:)?cellXfs\b[^>]*>([\s\S]*?)<\/(?:\w+:)?cellXfs>/.exec(styles)?.[1] ?? '';
  return [...xfs.matchAll(/<(?:\w+:)?xf\b([^>]*?)\/?>/g)].map((m) => {
    const id = Number(attributes(m[1] as string).get('numFmtId') ?? 0);
    const code = custom.get(id);
    return code !== undefined ? isDateCode(code) : DATE_FORMAT_IDS.has(id);
  });
}

const pad = (n: number) => String(n).padStart(2, '0');

/** A date as the text a CSV cell would hold: Excel keeps wall-clock time, read here as UTC. */
export function dateText(d: Date): string {
  if (Number.isNaN(d.getTime())) return '';
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`;
}

/** An Excel serial day number (1900 or 1904 system) as a date. */
function serialDate(serial: number, date1904: boolean): Date {
  return new Date(Math.round((serial - 25569 + (date1904 ? 1462 : 0)) * 86_400_000));
}

interface WorkbookParts {
  /** A small part (the workbook, its relationships, the styles), whole. */
  read(name: string): Buffer | null;
  /** A large part (a sheet, the shared strings) in chunks, or null when absent. */
  stream(name: string): AsyncIterable<Buffer> | null;
}

function openParts(bytes: Buffer, limits: SpreadsheetLimits): WorkbookParts {
  const parts = zipParts(bytes);
  const byName = new Map<string, ZipPart>(parts.map((p) => [p.name.replace(/^\//, '').toLowerCase(), p]));
  // Before inflating anything: no part may claim more than the cap.
  checkClaimedSizes(parts.filter((p) => /\.(xml|rels)$/i.test(p.name)), limits);
  let left = limits.totalBytes;
  return {
    read(name) {
      const part = byName.get(name.replace(/^\//, '').toLowerCase());
      if (!part) return null;
      const data = inflatePart(bytes, part, Math.min(limits.partBytes, left), limits);
      left -= data.length;
      return data;
    },
    stream(name) {
      const part = byName.get(name.replace(/^\//, '').toLowerCase());
      if (!part) return null;
      return (async function* counted() {
        for await (const chunk of inflatePartChunks(bytes, part, Math.min(limits.partBytes, left), limits)) {
          left -= chunk.length;
          yield chunk;
        }
      })();
    },
  };
}

/** The part a relationship points at, from the folder of the part that holds it. */
function target(from: string, path: string): string {
  if (path.startsWith('/')) return path.slice(1);
  const parts = from.split('/').slice(0, -1);
  for (const step of path.split('/')) {
    if (step === '..') parts.pop();
    else if (step !== '.') parts.push(step);
  }
  return parts.join('/');
}

export async function readXlsx(bytes: Buffer, limits: SpreadsheetLimits): Promise<CsvRecord[]> {
  const parts = openParts(bytes, limits);
  const workbookXml = parts.read('xl/workbook.xml')?.toString('utf8');
  if (workbookXml === undefined) throw new SpreadsheetLimitError('The workbook could not be read: it has no workbook part.', 'spreadsheet-damaged', {});
  const rels = new Map<string, { type: string; target: string }>();
  for (const m of (parts.read('xl/_rels/workbook.xml.rels')?.toString('utf8') ?? '').matchAll(/<(?:\w+:)?Relationship\b([^>]*?)\/?>/g)) {
    const a = attributes(m[1] as string);
    rels.set(a.get('Id') ?? '', { type: a.get('Type') ?? '', target: target('xl/workbook.xml', a.get('Target') ?? '') });
  }
  const byType = (suffix: string) => [...rels.values()].find((r) => r.type.endsWith(suffix))?.target;
  const firstSheet = /<(?:\w+:)?sheet\b([^>]*?)\/?>/.exec(workbookXml);
  const sheetId = firstSheet ? [...attributes(firstSheet[1] as string)].find(([k]) => k.endsWith(':id'))?.[1] : undefined;
  const sheetPath = (sheetId && rels.get(sheetId)?.target) ?? 'xl/worksheets/sheet1.xml';
  const date1904 = /<(?:\w+:)?workbookPr\b[^>]*\bdate1904\s*=\s*["'](?:1|true)["']/.test(workbookXml);
  const dates = dateStyles(parts.read(byType('/styles') ?? 'xl/styles.xml')?.toString('utf8') ?? null);

  // Shared strings, counted as they are read: three million of them stop at the cap.
  const shared: string[] = [];
  const sharedChunks = parts.stream(byType('/sharedStrings') ?? 'xl/sharedStrings.xml');
  if (sharedChunks) {
    await scanElements(sharedChunks, SI, SI_OPEN, (m) => {
      if (shared.length >= limits.sharedStrings) throw tooMany('strings', limits.sharedStrings);
      shared.push(stringItem(m[1]));
    });
  }

  const sheet = parts.stream(sheetPath);
  if (!sheet) throw new SpreadsheetLimitError('The workbook could not be read: its first sheet is missing.', 'spreadsheet-damaged', {});
  const records: CsvRecord[] = [];
  let width = 0;
  let cells = 0;
  let rowNumber = 0;
  const cellText = (attrs: string, inner: string | undefined): string => {
    const type = /\bt\s*=\s*"([^"]*)"/.exec(attrs)?.[1] ?? 'n';
    if (type === 'inlineStr') return stringItem(INLINE.exec(inner ?? '')?.[1]);
    const raw = VALUE.exec(inner ?? '')?.[1];
    if (raw === undefined) return '';
    const v = decodeXml(raw);
    switch (type) {
      case 's': return shared[Number(v)] ?? '';
      case 'str': return v;
      case 'b': return v.trim() === '1' ? 'true' : 'false';
      case 'e': return '';
      case 'd': return dateText(new Date(v));
      default: {
        const n = Number.parseFloat(v);
        if (Number.isNaN(n)) return v;
        return dates[Number(/\bs\s*=\s*"(\d+)"/.exec(attrs)?.[1] ?? 0)] ? dateText(serialDate(n, date1904)) : String(n);
      }
    }
  };
  const merges: CellRange[] = [];
  await scanElements(sheet, ROW_OR_MERGE, ROW_OR_MERGE_OPEN, (m) => {
    if (m[3] !== undefined) {
      const range = parseRange(/\bref\s*=\s*"([^"]*)"/.exec(m[3])?.[1] ?? '', columnOf);
      if (range) merges.push(range);
      if (merges.length > limits.cells) throw tooMany('cells', limits.cells);
      return;
    }
    rowNumber = Number(/\br\s*=\s*"(\d+)"/.exec(m[1] as string)?.[1] ?? rowNumber + 1) || rowNumber + 1;
    const inner = m[2];
    if (!inner) return;
    const values = new Map<number, string>();
    const notes: Array<Omit<CellNote, 'index'> & { column: number }> = [];
    let column = 0;
    for (const c of inner.matchAll(CELL)) {
      const attrs = c[1] as string;
      const ref = /\br\s*=\s*"([^"]*)"/.exec(attrs)?.[1];
      column = ref ? columnOf(ref) || column + 1 : column + 1;
      // A cell with nothing in it (formatting only) is skipped without a look at its type.
      if (!c[2]) continue;
      if (width > 0 && column > width) continue;
      const text = cellText(attrs, c[2]);
      if (text === '') {
        // A formula the program that wrote the file never calculated (no cached value: no <v>,
        // or an empty one, as openpyxl writes `<f>B2*1.24</f><v></v>`), or one that gave an
        // error: the cell looks empty, but the seller typed something there.
        const cached = VALUE.exec(c[2])?.[1];
        const error = /\bt\s*=\s*"e"/.test(attrs) ? decodeXml(cached ?? '').trim() : '';
        const unvalued = FORMULA.test(c[2]) && (cached === undefined || cached.trim() === '') && !/\bt\s*=\s*"inlineStr"/.test(attrs);
        const cell = ref?.trim() || `${columnName(column)}${rowNumber}`;
        if (error) notes.push({ column, cell, rule: 'formula-error', error });
        else if (unvalued) notes.push({ column, cell, rule: 'formula-no-value' });
        continue;
      }
      if (++cells > limits.cells) throw tooMany('cells', limits.cells);
      values.set(column, text);
    }
    if (values.size === 0 && (width === 0 || notes.length === 0)) return;
    if (width === 0) {
      // The header: its last heading is the last column (formatting past the data is no column).
      width = Math.max(...values.keys());
      if (width > limits.columns) throw tooMany('columns', limits.columns);
    }
    if (records.length > limits.rows) throw tooMany('rows', limits.rows);
    const fields = Array.from({ length: width }, (_, i) => values.get(i + 1) ?? '');
    const record: CsvRecord = { row: rowNumber, line: rowNumber, fields };
    const kept = notes.filter((n) => n.column <= width).map(({ column: at, ...note }) => ({ ...note, index: at - 1 }));
    if (kept.length > 0 && records.length > 0) record.notes = kept;
    records.push(record);
  });
  return applyMergedCells(records, merges);
}
