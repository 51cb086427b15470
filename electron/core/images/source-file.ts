// What a seller hands us as a photo, checked before it takes a slot on a draft: a regular,
// readable file of a sane size whose first bytes say it is an image we can decode. The name
// (".jpg") proves nothing: a text file renamed .jpg is refused here with one plain sentence.
import { open, stat } from 'node:fs/promises';
import { basename, isAbsolute } from 'node:path';
import type { ProblemParams, ProblemRule } from '../../../shared/screens/problem-rules.ts';

/** Cameras make up to ~100 MB (RAW-sized JPEGs, 100 MP); a little above, nothing near memory limits. */
export const MAX_SOURCE_BYTES = 200 * 1024 * 1024;

export type ImageKind = 'jpeg' | 'png' | 'gif' | 'webp' | 'tiff' | 'heif' | 'avif';

/** A photo the seller cannot add: the sentence in English (logs), the rule and params for the seller's words. */
export class SourceRefused extends Error {
  override readonly name = 'SourceRefused';
  constructor(message: string, readonly rule: ProblemRule, readonly params: ProblemParams = {}) {
    super(message);
  }
}

// ISO BMFF brands (the ftyp box) of still HEIF images; AVIF is the AV1 flavour of the same box.
const HEIF_BRANDS = new Set(['heic', 'heix', 'heim', 'heis', 'hevc', 'hevx', 'mif1', 'msf1']);
const AVIF_BRANDS = new Set(['avif', 'avis']);

/** The image kind from the first bytes of a file (at least 32), or null when it is none we read. */
export function sniffImage(head: Uint8Array): ImageKind | null {
  const b = Buffer.from(head.buffer, head.byteOffset, head.byteLength);
  if (b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return 'jpeg';
  if (b.length >= 8 && b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png';
  if (b.length >= 6 && /^GIF8[79]a$/.test(b.toString('latin1', 0, 6))) return 'gif';
  if (b.length >= 12 && b.toString('latin1', 0, 4) === 'RIFF' && b.toString('latin1', 8, 12) === 'WEBP') return 'webp';
  if (b.length >= 4 && (b.toString('latin1', 0, 4) === 'II*\0' || b.toString('latin1', 0, 4) === 'MM\0*')) return 'tiff';
  if (b.length >= 16 && b.toString('latin1', 4, 8) === 'ftyp') {
    const size = Math.min(b.readUInt32BE(0), b.length);
    // The major brand, then the compatible brands: an iPhone file says heic, others mif1 + heic.
    const brands = [b.toString('latin1', 8, 12)];
    for (let at = 16; at + 4 <= size; at += 4) brands.push(b.toString('latin1', at, at + 4));
    if (brands.some((brand) => AVIF_BRANDS.has(brand)) && !brands.some((brand) => brand === 'heic' || brand === 'heix')) return 'avif';
    if (brands.some((brand) => HEIF_BRANDS.has(brand))) return 'heif';
  }
  return null;
}

export interface CheckedSource {
  path: string;
  kind: ImageKind;
  bytes: number;
}

/**
 * Checks a path handed over by the renderer (Electron: webUtils.getPathForFile; web mode: the
 * streamed upload's temporary copy) before anything is written for it. Throws SourceRefused.
 */
export async function checkSourceFile(path: string, displayName = basename(path)): Promise<CheckedSource> {
  if (!isAbsolute(path)) throw new SourceRefused(`${displayName} could not be read: the app was not given its place on disk.`, 'photo-no-path', { name: displayName });
  let info;
  try {
    info = await stat(path);
  } catch {
    throw new SourceRefused(`${displayName} could not be read: it was moved or deleted.`, 'photo-moved', { name: displayName });
  }
  if (!info.isFile()) throw new SourceRefused(`${displayName} is not a file: choose photos, or drop a folder to add the photos in it.`, 'photo-not-a-file', { name: displayName });
  if (info.size === 0) throw new SourceRefused(`${displayName} is empty: it is not a photo.`, 'photo-empty', { name: displayName });
  if (info.size > MAX_SOURCE_BYTES) throw new SourceRefused(`${displayName} is larger than ${MAX_SOURCE_BYTES / 1024 / 1024} MB: no camera photo is that big, so it was not added.`, 'photo-too-big', { name: displayName, mb: MAX_SOURCE_BYTES / 1024 / 1024 });
  const head = Buffer.alloc(64);
  let read = 0;
  try {
    const file = await open(path, 'r');
    try {
      read = (await file.read(head, 0, head.length, 0)).bytesRead;
    } finally {
      await file.close();
    }
  } catch {
    throw new SourceRefused(`${displayName} could not be read: the app may not open it (check its permissions).`, 'photo-unreadable', { name: displayName });
  }
  const kind = sniffImage(head.subarray(0, read));
  if (!kind) throw new SourceRefused(`${displayName} is not a photo the app can read (JPEG, PNG, HEIC, WebP, GIF, TIFF or AVIF), so it was not added.`, 'photo-not-an-image', { name: displayName });
  return { path, kind, bytes: info.size };
}
