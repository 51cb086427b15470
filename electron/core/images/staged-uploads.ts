// Web mode's way in for files: the page streams each file's bytes (POST /upload) into a
// temporary file under the data root (`incoming/`, whichever account is open), never holding it
// in memory, capped at the largest file accepted; images.add or csv.import then names the upload
// by its id and the core reads it there. A temporary copy is removed once used, when the page
// that made it is gone (its event stream closed), or after an hour; all of them together stay
// under a total cap (the oldest go first).
import { randomBytes } from 'node:crypto';
import { createWriteStream, mkdirSync, readdirSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { Transform } from 'node:stream';
import type { ImageSource } from '../../../shared/ipc/contract.ts';
import type { ProblemRule } from '../../../shared/screens/problem-rules.ts';
import { FileRefused, type FileRefusal, type SellerFiles } from '../session/seller-files.ts';
import type { SourceFile } from './add-images.ts';
import { MAX_SOURCE_BYTES, SourceRefused } from './source-file.ts';

const incoming = (folder: string) => join(folder, 'incoming');
/** Uploads the page never used are removed after an hour (a closed tab, a crash). */
export const UPLOAD_STALE_MS = 60 * 60 * 1000;
/** All uploads waiting together: room for a few of the largest photos, not a full disk. */
export const UPLOADS_TOTAL_BYTES = 1024 * 1024 * 1024;

export const uploadPath = (folder: string, id: string) => join(incoming(folder), `${id}.upload`);

/** Streams a request body into a new upload; refuses (and removes) one above `maxBytes`. */
export async function stageUpload(folder: string, body: Readable, maxBytes = MAX_SOURCE_BYTES, totalBytes = UPLOADS_TOTAL_BYTES): Promise<{ id: string; bytes: number }> {
  mkdirSync(incoming(folder), { recursive: true });
  // Room for this one at its largest: stale uploads go, then the oldest until the rest fit.
  sweepUploads(folder, Date.now(), Math.max(0, totalBytes - maxBytes));
  const id = randomBytes(16).toString('hex');
  const path = uploadPath(folder, id);
  let bytes = 0;
  const cap = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      bytes += chunk.length;
      if (bytes > maxBytes) callback(new SourceRefused(`The file is larger than ${Math.round(maxBytes / 1024 / 1024)} MB: no camera photo is that big, so it was not added.`, 'photo-too-big', { name: '', mb: Math.round(maxBytes / 1024 / 1024) }));
      else callback(null, chunk);
    },
  });
  try {
    await pipeline(body, cap, createWriteStream(path, { flags: 'wx', mode: 0o600 }));
  } catch (error) {
    rmSync(path, { force: true });
    throw error;
  }
  return { id, bytes };
}

/** Removes uploads older than an hour, then the oldest until the rest hold at most `keepBytes`. */
export function sweepUploads(folder: string, now = Date.now(), keepBytes = UPLOADS_TOTAL_BYTES): void {
  let names: string[];
  try {
    names = readdirSync(incoming(folder));
  } catch {
    return;
  }
  const kept: Array<{ path: string; mtime: number; size: number }> = [];
  for (const name of names) {
    const path = join(incoming(folder), name);
    try {
      const info = statSync(path);
      if (now - info.mtimeMs > UPLOAD_STALE_MS) rmSync(path, { force: true });
      else kept.push({ path, mtime: info.mtimeMs, size: info.size });
    } catch {
      // Gone meanwhile: nothing to sweep.
    }
  }
  let total = kept.reduce((sum, f) => sum + f.size, 0);
  for (const file of kept.sort((a, b) => a.mtime - b.mtime)) {
    if (total <= keepBytes) break;
    rmSync(file.path, { force: true });
    total -= file.size;
  }
}

/** Removes the given uploads (the page that made them is gone). */
export function removeUploads(folder: string, ids: Iterable<string>): void {
  for (const id of ids) rmSync(uploadPath(folder, id), { force: true });
}

/** A file of an images.add call as the seller's, or its refusal (which takes no slot, like a file that is no photo). */
export type ResolvedSource = { file: SourceFile } | { refused: SourceRefused };

const PHOTO_RULES: Record<FileRefusal, ProblemRule> = {
  'file-no-place': 'photo-no-path',
  'file-gone': 'photo-moved',
  'file-not-a-file': 'photo-not-a-file',
  'file-not-handed-over': 'photo-not-handed-over',
  'file-private': 'photo-private',
};

/** The files of an images.add call as checked real paths, in order; `release` removes the uploads they came from. */
export async function resolveSources(files: SellerFiles, list: ReadonlyArray<{ name: string; key?: string | undefined; source: ImageSource }>): Promise<{ sources: ResolvedSource[]; release(): void }> {
  const uploads = list.flatMap((file) => (file.source.kind === 'upload' ? [join(files.uploads, `${file.source.id}.upload`)] : []));
  const sources = await Promise.all(list.map(async (file): Promise<ResolvedSource> => {
    try {
      const handed = await files.resolve(file.source, file.name);
      return { file: { path: handed.path, name: file.name, ...(file.key !== undefined ? { key: file.key } : {}) } };
    } catch (error) {
      if (!(error instanceof FileRefused)) throw error;
      const reason = (error.detail?.reason ?? 'file-not-handed-over') as FileRefusal;
      return { refused: new SourceRefused(error.message, PHOTO_RULES[reason], { name: file.name }) };
    }
  }));
  return { sources, release: () => uploads.forEach((path) => rmSync(path, { force: true })) };
}
