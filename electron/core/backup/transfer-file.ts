// The one-file format that moves accounts to another computer:
//   "MDESKEXP" | u32 header length | header JSON (clear: format, when, and how the body is sealed)
//   body: entries [u32 name length | name | u64 size | bytes], the first `contents.json`
//   then, when sealed, the 16-byte AES-256-GCM tag
// A passphrase seals the body (scrypt key, AES-256-GCM, the header as additional data so it
// cannot be swapped); without one the file holds no password. The header's format is read
// before anything else: a file from a newer app is refused with its version named. The key's
// cost is the app's, by format (KDF_COST): a file names its format, never scrypt's N, r or p (a
// file that set its own took gigabytes and minutes); a format-1 file, which wrote them, is read
// only when they are the app's. A file is unpacked only after its `contents.json` (held in
// memory, bounded) says what every other entry is, and the file's length agrees to the byte
// (`plan`): nothing of a file over its budget is written.
import { createCipheriv, createDecipheriv, randomBytes, scrypt as scryptCb, type CipherGCM, type DecipherGCM } from 'node:crypto';
import { closeSync, createReadStream, createWriteStream, fstatSync, mkdirSync, openSync, readSync, writeSync } from 'node:fs';
import { once } from 'node:events';
import { dirname, join, normalize, sep } from 'node:path';
import { z } from 'zod';
import { BackupError } from './backup-errors.ts';

export const TRANSFER_FORMAT = 2;
const MAGIC = Buffer.from('MDESKEXP');
const TAG_BYTES = 16;
const IV_BYTES = 12;
/** The clear header is a few hundred bytes. */
const MAX_HEADER_BYTES = 64 * 1024;
/** contents.json, read into memory before anything is unpacked: the manifests of every account. */
export const MAX_CONTENTS_BYTES = 64 * 1024 * 1024;

interface KdfCost { n: number; r: number; p: number }
/** scrypt's cost for each format: 2^15 × 8 is 32 MB and a few hundred milliseconds. */
const KDF_COST: Readonly<Record<number, KdfCost>> = { 1: { n: 2 ** 15, r: 8, p: 1 }, 2: { n: 2 ** 15, r: 8, p: 1 } };

const Base64 = (min: number, max: number) => z.string().max(200).refine((v) => {
  const bytes = Buffer.from(v, 'base64');
  return bytes.toString('base64') === v && bytes.length >= min && bytes.length <= max;
}, 'base64 of the expected length');
const SealedV2 = z.object({ kdf: z.literal('scrypt'), salt: Base64(16, 64), iv: Base64(IV_BYTES, IV_BYTES) }).strict();
/** Format 1 wrote scrypt's parameters: read only when they are the app's own. */
const SealedV1 = SealedV2.extend({ n: z.number().int(), r: z.number().int(), p: z.number().int() }).strict();
export const TransferHeader = z.object({ format: z.number().int().min(1), created: z.number(), sealed: z.union([SealedV2, SealedV1]).nullable() }).strict();
export type TransferHeader = z.infer<typeof TransferHeader>;

function deriveKey(passphrase: string, salt: Buffer, cost: KdfCost): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scryptCb(passphrase.normalize('NFC'), salt, 32, { N: cost.n, r: cost.r, p: cost.p, maxmem: 128 * cost.n * cost.r * 2 }, (error, key) => (error ? reject(error) : resolve(key)));
  });
}

export interface TransferWriter {
  /** An entry from bytes in memory. */
  addBytes(name: string, bytes: Buffer): Promise<void>;
  /** An entry streamed from a file of a known size. */
  addFile(name: string, path: string, size: number): Promise<void>;
  finish(): Promise<void>;
  abort(): void;
}

export async function openTransferWriter(path: string, passphrase: string | null, now: number): Promise<TransferWriter> {
  let sealed: TransferHeader['sealed'] = null;
  let cipher: CipherGCM | null = null;
  const salt = randomBytes(16);
  const iv = randomBytes(12);
  if (passphrase) sealed = { kdf: 'scrypt', salt: salt.toString('base64'), iv: iv.toString('base64') };
  const header = Buffer.from(JSON.stringify({ format: TRANSFER_FORMAT, created: now, sealed } satisfies TransferHeader));
  if (passphrase) {
    cipher = createCipheriv('aes-256-gcm', await deriveKey(passphrase, salt, KDF_COST[TRANSFER_FORMAT] as KdfCost), iv);
    cipher.setAAD(header);
  }
  mkdirSync(dirname(path), { recursive: true });
  const out = createWriteStream(path, { mode: 0o600 });
  let failed: Error | null = null;
  out.on('error', (error) => {
    failed = error;
  });
  async function raw(chunk: Buffer): Promise<void> {
    if (failed) throw failed;
    if (!out.write(chunk)) await Promise.race([once(out, 'drain'), once(out, 'error')]);
    if (failed) throw failed;
  }
  const body = (chunk: Buffer) => raw(cipher ? cipher.update(chunk) : chunk);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(header.length);
  await raw(Buffer.concat([MAGIC, length, header]));
  async function entryHead(name: string, size: number): Promise<void> {
    const nameBytes = Buffer.from(name);
    const head = Buffer.alloc(12 + nameBytes.length);
    head.writeUInt32BE(nameBytes.length, 0);
    nameBytes.copy(head, 4);
    head.writeBigUInt64BE(BigInt(size), 4 + nameBytes.length);
    await body(head);
  }
  return {
    async addBytes(name, bytes) {
      await entryHead(name, bytes.length);
      await body(bytes);
    },
    async addFile(name, file, size) {
      await entryHead(name, size);
      let written = 0;
      for await (const chunk of createReadStream(file, { highWaterMark: 1 << 20 })) {
        written += (chunk as Buffer).length;
        await body(chunk as Buffer);
      }
      if (written !== size) throw new Error(`${name} changed while it was exported`);
    },
    async finish() {
      if (cipher) {
        const last = cipher.final();
        if (last.length > 0) await raw(last);
        await raw(cipher.getAuthTag());
      }
      out.end();
      await once(out, 'close');
      if (failed) throw failed;
    },
    abort() {
      out.destroy();
    },
  };
}

/** Reads the clear header; refuses a file that is none of ours or from a newer app, or one that names its own key cost. */
export function readTransferHeader(path: string): { header: TransferHeader; cost: KdfCost | null; bodyStart: number; headerBytes: Buffer; size: number } {
  const fd = openSync(path, 'r');
  try {
    const size = fstatSync(fd).size;
    const start = Buffer.alloc(12);
    readSync(fd, start, 0, 12, 0);
    if (size < 12 || !start.subarray(0, 8).equals(MAGIC)) throw new BackupError('validation', 'this file is not a Market Desk export', { reason: 'export-not-ours' });
    const length = start.readUInt32BE(8);
    if (length > MAX_HEADER_BYTES || 12 + length > size) throw new BackupError('validation', 'this export is damaged', { reason: 'export-damaged' });
    const headerBytes = Buffer.alloc(length);
    readSync(fd, headerBytes, 0, length, 12);
    let header: TransferHeader;
    try {
      const json = JSON.parse(headerBytes.toString('utf8')) as { format?: unknown };
      if (typeof json.format === 'number' && json.format > TRANSFER_FORMAT) {
        throw new BackupError('state', `this export was made by a newer version of the app (format ${json.format}; this app reads ${TRANSFER_FORMAT}): update the app first`, { reason: 'export-newer', params: { found: json.format, known: TRANSFER_FORMAT } });
      }
      header = TransferHeader.parse(json);
    } catch (error) {
      if (error instanceof BackupError) throw error;
      throw new BackupError('validation', 'this export is damaged', { reason: 'export-damaged' });
    }
    return { header, cost: header.sealed ? sealingCost(header) : null, bodyStart: 12 + length, headerBytes, size };
  } finally {
    closeSync(fd);
  }
}

/** The key's cost: the app's for the file's format; a file that names another is none of ours. */
function sealingCost(header: TransferHeader): KdfCost {
  const cost = KDF_COST[header.format];
  const named = header.sealed && 'n' in header.sealed ? { n: header.sealed.n, r: header.sealed.r, p: header.sealed.p } : null;
  // Format 1 named its cost (always the app's); later formats never do.
  const fits = header.format === 1 ? named !== null && cost !== undefined && named.n === cost.n && named.r === cost.r && named.p === cost.p : named === null;
  if (!cost || !fits) throw new BackupError('validation', 'this export names a key cost of its own: it was not made by Market Desk', { reason: 'export-not-ours' });
  return cost;
}

/** An entry of the body: its name and size. */
export interface PlannedEntry { name: string; size: number }
/**
 * Given contents.json (the first entry, in memory), every later entry in order; it checks what
 * the contents say (names, sizes, budgets) and throws a BackupError to refuse the file.
 */
export type UnpackPlan = (contents: Buffer) => PlannedEntry[];

const damaged = (why: string) => new BackupError('validation', `this export is damaged: ${why}`, { reason: 'export-damaged' });

/**
 * Unpacks every entry under `into`: first contents.json (held in memory and returned), then, only
 * once `plan` has said what the rest is and the file's length agrees, each planned entry (and
 * nothing else) in its order. A sealed file is authenticated as a whole: the caller uses what was
 * unpacked only after this resolves.
 */
export async function unpackTransfer(path: string, into: string, passphrase: string | null, plan: UnpackPlan): Promise<{ header: TransferHeader; contents: Buffer }> {
  const { header, cost, bodyStart, headerBytes, size } = readTransferHeader(path);
  let decipher: DecipherGCM | null = null;
  let end = size;
  if (header.sealed && cost) {
    if (!passphrase) throw new BackupError('validation', 'this export is sealed with a passphrase', { reason: 'export-passphrase' }, 'passphrase');
    if (size - bodyStart < TAG_BYTES) throw damaged('it ends before its seal');
    const s = header.sealed;
    decipher = createDecipheriv('aes-256-gcm', await deriveKey(passphrase, Buffer.from(s.salt, 'base64'), cost), Buffer.from(s.iv, 'base64'));
    decipher.setAAD(headerBytes);
    const tag = Buffer.alloc(TAG_BYTES);
    const fd = openSync(path, 'r');
    try {
      readSync(fd, tag, 0, TAG_BYTES, size - TAG_BYTES);
    } finally {
      closeSync(fd);
    }
    decipher.setAuthTag(tag);
    end = size - TAG_BYTES;
  }
  const parser = entryParser(into, end - bodyStart, plan);
  // Sealed bytes that make no sense were decrypted with the wrong key (or changed): the tag would
  // refuse them at the end anyway. What the contents say of a file that decrypted is said as it is.
  const wrongKey = (error: unknown) => decipher !== null && error instanceof BackupError && error.detail?.reason === 'export-damaged' && !parser.planned();
  try {
    if (end > bodyStart) {
      for await (const chunk of createReadStream(path, { start: bodyStart, end: end - 1, highWaterMark: 1 << 20 })) {
        parser.push(decipher ? decipher.update(chunk as Buffer) : (chunk as Buffer));
      }
    }
    if (decipher) {
      try {
        parser.push(decipher.final());
      } catch (error) {
        if (error instanceof BackupError) throw error;
        throw new BackupError('validation', 'the passphrase is wrong, or the file was changed', { reason: 'export-passphrase' }, 'passphrase');
      }
    }
    return { header, contents: parser.end() };
  } catch (error) {
    parser.close();
    if (wrongKey(error)) throw new BackupError('validation', 'the passphrase is wrong, or the file was changed', { reason: 'export-passphrase' }, 'passphrase');
    throw error;
  }
}

const CONTENTS = 'contents.json';
const entryBytes = (e: PlannedEntry) => 12 + Buffer.byteLength(e.name) + e.size;

function entryParser(into: string, bodyLength: number, plan: UnpackPlan) {
  let pending = Buffer.alloc(0);
  let fd: number | null = null;
  let left = 0;
  /** contents.json as it comes in; null once planned. */
  let contents: Buffer[] | null = null;
  let contentsBytes: Buffer | null = null;
  let planned: PlannedEntry[] | null = null;
  let next = 0;
  const root = normalize(into) + sep;
  function open(name: string, size: number): void {
    if (planned === null) {
      if (name !== CONTENTS || size > MAX_CONTENTS_BYTES) throw damaged('it does not begin with its contents');
      contents = [];
      left = size;
      if (left === 0) finishContents();
      return;
    }
    const expected = planned[next++];
    if (!expected || expected.name !== name || expected.size !== size) throw damaged(`${name.slice(0, 120)} is not the entry its contents name next`);
    const target = normalize(join(into, name));
    if (!target.startsWith(root) || name.includes('\0')) throw damaged('an entry names a place outside the export');
    mkdirSync(dirname(target), { recursive: true, mode: 0o700 });
    fd = openSync(target, 'wx', 0o600);
    left = size;
    if (left === 0) closeFile();
  }
  function finishContents(): void {
    contentsBytes = Buffer.concat(contents ?? []);
    contents = null;
    const entries = plan(contentsBytes);
    const total = entryBytes({ name: CONTENTS, size: contentsBytes.length }) + entries.reduce((n, e) => n + entryBytes(e), 0);
    if (total !== bodyLength) throw damaged(`it is ${bodyLength} bytes long, its contents say ${total}`);
    planned = entries;
  }
  function closeFile(): void {
    if (fd !== null) closeSync(fd);
    fd = null;
  }
  return {
    planned: () => planned !== null,
    push(chunk: Buffer): void {
      let data = pending.length > 0 ? Buffer.concat([pending, chunk]) : chunk;
      pending = Buffer.alloc(0);
      while (data.length > 0) {
        if (contents !== null || fd !== null) {
          const take = Math.min(left, data.length);
          if (contents !== null) contents.push(Buffer.from(data.subarray(0, take)));
          else writeSync(fd as number, data, 0, take);
          left -= take;
          data = data.subarray(take);
          if (left === 0) {
            if (contents !== null) finishContents();
            else closeFile();
          }
          continue;
        }
        if (data.length < 4) break;
        const nameLength = data.readUInt32BE(0);
        if (nameLength > 4096) throw damaged('an entry\'s name is too long');
        if (data.length < 12 + nameLength) break;
        const name = data.subarray(4, 4 + nameLength).toString('utf8');
        const fileSize = Number(data.readBigUInt64BE(4 + nameLength));
        data = data.subarray(12 + nameLength);
        open(name, fileSize);
      }
      pending = Buffer.from(data);
    },
    end(): Buffer {
      if (fd !== null || contents !== null || pending.length > 0 || planned === null || next < planned.length || contentsBytes === null) {
        closeFile();
        throw damaged('it ends early');
      }
      return contentsBytes;
    },
    close: closeFile,
  };
}
