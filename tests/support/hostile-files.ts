// The hostile files of issue 19, made here as real bytes (nothing big is committed): workbooks
// whose parts inflate to hundreds of megabytes (a deflate stream built by repeating one
// full-flushed block, so a gigabyte costs a few milliseconds to make), parts that lie about their
// size, millions of shared strings or rows, a sheet formatted out to column XFD, and a HEIC whose
// primary image is small while its first top-level image claims 16384x16384.
import { execFile } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { constants, crc32, deflateRawSync } from 'node:zlib';
import sharp from 'sharp';

export interface ZipEntry {
  name: string;
  /** Raw deflate data (method 8). */
  deflated: Buffer;
  size: number;
  crc: number;
  /** What the central directory and the local header claim; the true size when absent. */
  claimedSize?: number;
}

/** A part's content given as pieces, each repeated: deflated once per piece, concatenated. */
export function deflatedPart(name: string, pieces: Array<{ text: string; times?: number }>, claimedSize?: number): ZipEntry {
  const blocks: Buffer[] = [];
  let size = 0;
  let crc = 0;
  for (const { text, times = 1 } of pieces) {
    const raw = Buffer.from(text, 'utf8');
    // A full flush ends byte-aligned with no reference behind it: the block may be repeated.
    const block = deflateRawSync(raw, { finishFlush: constants.Z_FULL_FLUSH, level: times > 1 ? 9 : 1 });
    for (let i = 0; i < times; i++) {
      blocks.push(block);
      crc = crc32(raw, crc);
    }
    size += raw.length * times;
  }
  blocks.push(Buffer.from([0x03, 0x00])); // an empty final block
  return { name, deflated: Buffer.concat(blocks), size, crc, ...(claimedSize !== undefined ? { claimedSize } : {}) };
}

export function zipFile(entries: readonly ZipEntry[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const e of entries) {
    const name = Buffer.from(e.name, 'utf8');
    const size = e.claimedSize ?? e.size;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x0800, 6);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(e.crc >>> 0, 14);
    local.writeUInt32LE(e.deflated.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x0800, 8);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(e.crc >>> 0, 16);
    central.writeUInt32LE(e.deflated.length, 20);
    central.writeUInt32LE(size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, e.deflated);
    centrals.push(central, name);
    offset += 30 + name.length + e.deflated.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

const NS = 'xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"';

/** A workbook's fixed parts around a sheet (and shared strings, when given). */
export function workbook(sheet: ZipEntry, sharedStrings?: ZipEntry): Buffer {
  const part = (name: string, text: string) => deflatedPart(name, [{ text }]);
  const types = `<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/><Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/>${sharedStrings ? '<Override PartName="/xl/sharedStrings.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sharedStrings+xml"/>' : ''}</Types>`;
  const rels = '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>';
  const book = `<?xml version="1.0" encoding="UTF-8"?><workbook ${NS}><sheets><sheet name="Sheet1" sheetId="1" r:id="rId1"/></sheets></workbook>`;
  const bookRels = `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/styles" Target="styles.xml"/>${sharedStrings ? '<Relationship Id="rId3" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/sharedStrings" Target="sharedStrings.xml"/>' : ''}</Relationships>`;
  const styles = `<?xml version="1.0" encoding="UTF-8"?><styleSheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><fonts count="1"><font><sz val="11"/><name val="Calibri"/></font></fonts><fills count="1"><fill><patternFill patternType="none"/></fill></fills><borders count="1"><border/></borders><cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs><cellXfs count="2"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0" applyFill="1"/></cellXfs></styleSheet>`;
  return zipFile([
    part('[Content_Types].xml', types), part('_rels/.rels', rels), part('xl/workbook.xml', book),
    part('xl/_rels/workbook.xml.rels', bookRels), part('xl/styles.xml', styles), sheet, ...(sharedStrings ? [sharedStrings] : []),
  ]);
}

const SHEET_OPEN = `<?xml version="1.0" encoding="UTF-8"?><worksheet ${NS}><sheetData>`;
const SHEET_CLOSE = '</sheetData></worksheet>';
const inline = (ref: string, text: string) => `<c r="${ref}" t="inlineStr"><is><t>${text}</t></is></c>`;
const HEADER = `<row r="1">${inline('A1', 'title')}${inline('B1', 'quantity')}</row>`;

/** What Excel writes when a seller formats whole rows: 1,200 rows, one formatted cell in column XFD. */
export function xfdWorkbook(rows = 1200): Buffer {
  let body = `<row r="1">${inline('A1', 'title')}${inline('B1', 'quantity')}<c r="XFD1" s="1"/></row>`;
  for (let r = 2; r <= rows; r++) body += `<row r="${r}">${inline(`A${r}`, `Lamp ${r}`)}<c r="B${r}"><v>1</v></c></row>`;
  return workbook(deflatedPart('xl/worksheets/sheet1.xml', [{ text: `${SHEET_OPEN.replace('<sheetData>', '<dimension ref="A1:XFD1200"/><sheetData>')}${body}${SHEET_CLOSE}` }]));
}

/** One sheet whose XML inflates to about `megabytes` MB of rows (the same row repeated), claiming its size or `claimedSize`. */
export function inflatingWorkbook(megabytes: number, claimedSize?: number): Buffer {
  const row = `<row>${inline('A2', 'Lamppu'.repeat(150))}<c r="B2"><v>1</v></c></row>`; // ~1 KB
  const perMb = Math.ceil((1024 * 1024) / row.length);
  const mb = row.repeat(perMb);
  return workbook(deflatedPart('xl/worksheets/sheet1.xml', [{ text: SHEET_OPEN + HEADER }, { text: mb, times: megabytes }, { text: SHEET_CLOSE }], claimedSize));
}

/** A workbook of `count` different shared strings (a two-row sheet uses two of them). */
export function sharedStringsWorkbook(count: number): Buffer {
  const chunk: string[] = [];
  const pieces: Array<{ text: string }> = [{ text: `<?xml version="1.0" encoding="UTF-8"?><sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" count="${count}" uniqueCount="${count}">` }];
  for (let i = 0; i < count; i++) {
    chunk.push(`<si><t>s${i}</t></si>`);
    if (chunk.length === 100_000) pieces.push({ text: chunk.splice(0).join('') });
  }
  pieces.push({ text: `${chunk.join('')}</sst>` });
  const sheet = `${SHEET_OPEN}<row r="1"><c r="A1" t="s"><v>0</v></c></row><row r="2"><c r="A2" t="s"><v>1</v></c></row>${SHEET_CLOSE}`;
  return workbook(deflatedPart('xl/worksheets/sheet1.xml', [{ text: sheet }]), deflatedPart('xl/sharedStrings.xml', pieces));
}

/** A sheet filled to Excel's last row: 1,048,576 rows (a header, then a title and a quantity each). */
export function allRowsWorkbook(rows = 1_048_576): Buffer {
  const pieces: Array<{ text: string }> = [{ text: SHEET_OPEN + HEADER }];
  let chunk = '';
  for (let r = 2; r <= rows; r++) {
    chunk += `<row r="${r}"><c r="A${r}" t="inlineStr"><is><t>L${r}</t></is></c><c r="B${r}"><v>1</v></c></row>`;
    if (r % 50_000 === 0) {
      pieces.push({ text: chunk });
      chunk = '';
    }
  }
  pieces.push({ text: chunk + SHEET_CLOSE });
  return workbook(deflatedPart('xl/worksheets/sheet1.xml', pieces));
}

/**
 * A HEIC whose primary image is 2048x2048 (what sharp reports) while its first top-level image
 * claims 16384x16384 (what the decoder decodes first): made by heif-enc, then its primary item
 * (pitm) and the first image's size property (ispe) rewritten.
 */
export async function heicWithHugeSecondImage(folder: string): Promise<string> {
  const small = join(folder, 'small.png');
  const primary = join(folder, 'primary.png');
  await sharp({ create: { width: 64, height: 64, channels: 3, background: '#993366' } }).png().toFile(small);
  await sharp({ create: { width: 2048, height: 2048, channels: 3, background: '#336699' } }).png().toFile(primary);
  const out = join(folder, 'made.heic');
  await promisify(execFile)('heif-enc', ['-q', '50', small, primary, '-o', out]);
  const bytes = readFileSync(out);
  const pitm = bytes.indexOf('pitm');
  bytes.writeUInt16BE(2, pitm + 8); // version 0: a 16-bit item id; item 2 is the 2048x2048 one
  const ispe = bytes.indexOf('ispe');
  bytes.writeUInt32BE(16384, ispe + 8);
  bytes.writeUInt32BE(16384, ispe + 12);
  const path = join(folder, 'hostile.heic');
  writeFileSync(path, bytes);
  return path;
}
