// The parts of a workbook's ZIP container, read with their sizes capped BEFORE anything is
// inflated (the central directory says what each part claims to hold) and again WHILE inflating
// (a part may lie about its size: the inflater is stopped the moment it passes the cap). A
// 409 KB sheet that inflates to 400 MB, or a 1 MB part that inflates to 1 GB, costs a refusal
// in milliseconds, never the memory. Runs in the spreadsheet worker (spreadsheet-worker.ts).
import { createInflateRaw, inflateRawSync } from 'node:zlib';
import { SpreadsheetLimitError, type SpreadsheetLimits } from './spreadsheet-limits.ts';

export interface ZipPart {
  name: string;
  method: number;
  compressedSize: number;
  /** What the central directory claims; checked, then enforced while inflating. */
  size: number;
  localHeader: number;
}

const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;

function damaged(what: string): SpreadsheetLimitError {
  return new SpreadsheetLimitError(`The workbook could not be read: ${what}.`, 'spreadsheet-damaged', {});
}

/** The central directory's entries (ZIP64 is refused: no workbook part needs 4 GB). */
export function zipParts(bytes: Buffer): ZipPart[] {
  // The end record sits in the last 22 + 65,535 bytes (its comment may be that long).
  let end = -1;
  for (let at = bytes.length - 22; at >= Math.max(0, bytes.length - 22 - 0xffff); at--) {
    if (bytes.readUInt32LE(at) === EOCD) {
      end = at;
      break;
    }
  }
  if (end < 0) throw damaged('it is not a complete ZIP file');
  const count = bytes.readUInt16LE(end + 10);
  let at = bytes.readUInt32LE(end + 16);
  const parts: ZipPart[] = [];
  for (let i = 0; i < count; i++) {
    if (at + 46 > bytes.length || bytes.readUInt32LE(at) !== CENTRAL) throw damaged('its table of contents is broken');
    const method = bytes.readUInt16LE(at + 10);
    const compressedSize = bytes.readUInt32LE(at + 20);
    const size = bytes.readUInt32LE(at + 24);
    const nameLength = bytes.readUInt16LE(at + 28);
    const extraLength = bytes.readUInt16LE(at + 30);
    const commentLength = bytes.readUInt16LE(at + 32);
    const localHeader = bytes.readUInt32LE(at + 42);
    const name = bytes.toString('utf8', at + 46, at + 46 + nameLength);
    if (size === 0xffffffff || compressedSize === 0xffffffff || localHeader === 0xffffffff) throw damaged(`its part ${name} is in the ZIP64 format`);
    parts.push({ name, method, compressedSize, size, localHeader });
    at += 46 + nameLength + extraLength + commentLength;
  }
  return parts;
}

/** Every part's claimed size against the per-part and total caps: before inflating anything. */
export function checkClaimedSizes(parts: readonly ZipPart[], limits: SpreadsheetLimits): void {
  let total = 0;
  for (const part of parts) {
    if (part.size > limits.partBytes) throw partTooLarge(part.name, limits.partBytes);
    total += part.size;
  }
  if (total > limits.totalBytes) throw partTooLarge('(all parts together)', limits.totalBytes);
}

export function partTooLarge(name: string, cap: number): SpreadsheetLimitError {
  const megabytes = Math.round(cap / 1024 / 1024);
  return new SpreadsheetLimitError(`The workbook could not be read: its part ${name} unpacks to more than ${megabytes} MB.`, 'spreadsheet-part-too-large', { megabytes });
}

/** The compressed bytes of a part (its local header may differ from the central one in extra length). */
function compressedBytes(bytes: Buffer, part: ZipPart): Buffer {
  const at = part.localHeader;
  if (at + 30 > bytes.length || bytes.readUInt32LE(at) !== LOCAL) throw damaged(`its part ${part.name} is missing`);
  const start = at + 30 + bytes.readUInt16LE(at + 26) + bytes.readUInt16LE(at + 28);
  if (start + part.compressedSize > bytes.length) throw damaged(`its part ${part.name} is cut short`);
  return bytes.subarray(start, start + part.compressedSize);
}

/**
 * A part inflated, never past `cap` bytes whatever it claimed: zlib stops and throws as soon as
 * its output would pass maxOutputLength, so a lying part costs at most `cap` bytes of memory.
 * `cap` is the smaller of the per-part cap and what is left of the total; a part inflating past
 * what its entry claims is a lie, stopped there.
 */
export function inflatePart(bytes: Buffer, part: ZipPart, cap: number, limits: SpreadsheetLimits): Buffer {
  const data = compressedBytes(bytes, part);
  if (part.method === 0) {
    if (data.length > cap) throw partTooLarge(part.name, Math.min(cap, limits.partBytes));
    return data;
  }
  if (part.method !== 8) throw damaged(`its part ${part.name} is packed in a way workbooks never are (method ${part.method})`);
  try {
    return inflateRawSync(data, { maxOutputLength: Math.max(1, Math.min(cap, part.size)) });
  } catch (error) {
    if (error instanceof RangeError || (error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') {
      if (part.size < cap) throw damaged(`its part ${part.name} unpacks to more than the ${part.size} bytes it claims`);
      throw partTooLarge(part.name, limits.partBytes);
    }
    throw damaged(`its part ${part.name} is damaged`);
  }
}

/**
 * A large part (a sheet, the shared strings) inflated a chunk at a time, for a reader that may stop
 * early (the 100,001st row): a refused sheet is never inflated past the row that refused it, and
 * the count of bytes out is checked on every chunk against `cap`, whatever the part claimed.
 */
export async function* inflatePartChunks(bytes: Buffer, part: ZipPart, cap: number, limits: SpreadsheetLimits): AsyncGenerator<Buffer> {
  const data = compressedBytes(bytes, part);
  if (part.method === 0) {
    if (data.length > cap) throw partTooLarge(part.name, Math.min(cap, limits.partBytes));
    yield data;
    return;
  }
  if (part.method !== 8) throw damaged(`its part ${part.name} is packed in a way workbooks never are (method ${part.method})`);
  const inflater = createInflateRaw({ chunkSize: 1024 * 1024 });
  inflater.end(data);
  let out = 0;
  try {
    for await (const chunk of inflater) {
      out += (chunk as Buffer).length;
      if (out > cap) throw partTooLarge(part.name, limits.partBytes);
      // More than its entry claimed: a part that lies about its size is stopped at the lie.
      if (out > part.size) throw damaged(`its part ${part.name} unpacks to more than the ${part.size} bytes it claims`);
      yield chunk as Buffer;
    }
  } catch (error) {
    if (error instanceof SpreadsheetLimitError) throw error;
    throw damaged(`its part ${part.name} is damaged`);
  } finally {
    inflater.destroy();
  }
}
