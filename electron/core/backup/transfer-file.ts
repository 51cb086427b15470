// The one-file format that moves accounts to another computer:
//   "MDESKEXP" | u32 header length | header JSON (clear: format, when, and how the body is sealed)
//   body: entries [u32 name length | name | u64 size | bytes], the first `contents.json`
//   then, when sealed, the 16-byte AES-256-GCM tag
// A passphrase seals the body (scrypt key, AES-256-GCM, the header as additional data so it
// cannot be swapped); without one the file holds no password. The header's format is read
// before anything else: a file from a newer app is refused with its version named.
import { createCipheriv, createDecipheriv, randomBytes, scrypt as scryptCb, type CipherGCM, type DecipherGCM } from 'node:crypto';
import { closeSync, createReadStream, createWriteStream, fstatSync, mkdirSync, openSync, readSync, writeSync } from 'node:fs';
import { once } from 'node:events';
import { dirname, join, normalize, sep } from 'node:path';
import { z } from 'zod';
import { BackupError } from './backup-errors.ts';

export const TRANSFER_FORMAT = 1;
const MAGIC = Buffer.from('MDESKEXP');
const TAG_BYTES = 16;

const Sealed = z.object({ kdf: z.literal('scrypt'), salt: z.string(), n: z.number().int(), r: z.number().int(), p: z.number().int(), iv: z.string() });
export const TransferHeader = z.object({ format: z.number().int(), created: z.number(), sealed: Sealed.nullable() });
export type TransferHeader = z.infer<typeof TransferHeader>;

const SCRYPT = { n: 2 ** 15, r: 8, p: 1 };

function deriveKey(passphrase: string, salt: Buffer, params: { n: number; r: number; p: number }): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scryptCb(passphrase.normalize('NFC'), salt, 32, { N: params.n, r: params.r, p: params.p, maxmem: 128 * params.n * params.r * 2 }, (error, key) => (error ? reject(error) : resolve(key)));
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
  if (passphrase) sealed = { kdf: 'scrypt', salt: salt.toString('base64'), ...SCRYPT, iv: iv.toString('base64') };
  const header = Buffer.from(JSON.stringify({ format: TRANSFER_FORMAT, created: now, sealed } satisfies TransferHeader));
  if (passphrase) {
    cipher = createCipheriv('aes-256-gcm', await deriveKey(passphrase, salt, SCRYPT), iv);
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

/** Reads the clear header; refuses a file that is none of ours or from a newer app. */
export function readTransferHeader(path: string): { header: TransferHeader; bodyStart: number; headerBytes: Buffer; size: number } {
  const fd = openSync(path, 'r');
  try {
    const size = fstatSync(fd).size;
    const start = Buffer.alloc(12);
    readSync(fd, start, 0, 12, 0);
    if (size < 12 || !start.subarray(0, 8).equals(MAGIC)) throw new BackupError('validation', 'this file is not a Market Desk export', { reason: 'export-not-ours' });
    const length = start.readUInt32BE(8);
    if (length > 1 << 20 || 12 + length > size) throw new BackupError('validation', 'this export is damaged', { reason: 'export-damaged' });
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
    return { header, bodyStart: 12 + length, headerBytes, size };
  } finally {
    closeSync(fd);
  }
}

/**
 * Unpacks every entry under `into` (names checked: no path leaves it). A sealed file is
 * authenticated as a whole: the caller uses what was unpacked only after this resolves.
 */
export async function unpackTransfer(path: string, into: string, passphrase: string | null): Promise<TransferHeader> {
  const { header, bodyStart, headerBytes, size } = readTransferHeader(path);
  let decipher: DecipherGCM | null = null;
  let end = size;
  if (header.sealed) {
    if (!passphrase) throw new BackupError('validation', 'this export is sealed with a passphrase', { reason: 'export-passphrase' }, 'passphrase');
    const s = header.sealed;
    decipher = createDecipheriv('aes-256-gcm', await deriveKey(passphrase, Buffer.from(s.salt, 'base64'), s), Buffer.from(s.iv, 'base64'));
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
  const parser = entryParser(into);
  try {
    if (end > bodyStart) {
      for await (const chunk of createReadStream(path, { start: bodyStart, end: end - 1, highWaterMark: 1 << 20 })) {
        parser.push(decipher ? decipher.update(chunk as Buffer) : (chunk as Buffer));
      }
    }
  } catch (error) {
    parser.close();
    // Sealed bytes that make no sense were decrypted with the wrong key (or changed): the tag
    // would refuse them at the end anyway.
    if (decipher && error instanceof BackupError) throw new BackupError('validation', 'the passphrase is wrong, or the file was changed', { reason: 'export-passphrase' }, 'passphrase');
    throw error;
  }
  if (decipher) {
    try {
      parser.push(decipher.final());
    } catch {
      parser.close();
      throw new BackupError('validation', 'the passphrase is wrong, or the file was changed', { reason: 'export-passphrase' }, 'passphrase');
    }
  }
  parser.end();
  return header;
}

function entryParser(into: string) {
  let pending = Buffer.alloc(0);
  let fd: number | null = null;
  let left = 0;
  const root = normalize(into) + sep;
  function open(name: string, size: number): void {
    const target = normalize(join(into, name));
    if (!target.startsWith(root) || name.includes('\0')) throw new BackupError('validation', 'this export is damaged', { reason: 'export-damaged' });
    mkdirSync(dirname(target), { recursive: true, mode: 0o700 });
    fd = openSync(target, 'w', 0o600);
    left = size;
    if (left === 0) closeFile();
  }
  function closeFile(): void {
    if (fd !== null) closeSync(fd);
    fd = null;
  }
  return {
    push(chunk: Buffer): void {
      let data = pending.length > 0 ? Buffer.concat([pending, chunk]) : chunk;
      pending = Buffer.alloc(0);
      while (data.length > 0) {
        if (fd !== null) {
          const take = Math.min(left, data.length);
          writeSync(fd, data, 0, take);
          left -= take;
          data = data.subarray(take);
          if (left === 0) closeFile();
          continue;
        }
        if (data.length < 4) break;
        const nameLength = data.readUInt32BE(0);
        if (nameLength > 4096) throw new BackupError('validation', 'this export is damaged', { reason: 'export-damaged' });
        if (data.length < 12 + nameLength) break;
        const name = data.subarray(4, 4 + nameLength).toString('utf8');
        const fileSize = Number(data.readBigUInt64BE(4 + nameLength));
        data = data.subarray(12 + nameLength);
        open(name, fileSize);
      }
      pending = Buffer.from(data);
    },
    end(): void {
      if (fd !== null || pending.length > 0) {
        closeFile();
        throw new BackupError('validation', 'this export is damaged (it ends early)', { reason: 'export-damaged' });
      }
    },
    close: closeFile,
  };
}
