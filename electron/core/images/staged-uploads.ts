// Web mode's way in for photos: the page streams each file's bytes (POST /upload) into a
// temporary file in the account's folder, never holding it in memory, capped at the largest
// photo accepted; images.add then names the upload by its id and the core prepares from the
// path. The temporary copy is removed once the add has run (or by the sweep, if the page went
// away before asking).
import { randomBytes } from 'node:crypto';
import { createWriteStream, mkdirSync, readdirSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { Transform } from 'node:stream';
import type { ImageSource } from '../../../shared/ipc.ts';
import type { SourceFile } from './add-images.ts';
import { MAX_SOURCE_BYTES, SourceRefused } from './source-file.ts';

const incoming = (folder: string) => join(folder, 'incoming');
/** Uploads the page never used are removed after a day (a closed tab, a crash). */
const STALE_MS = 24 * 60 * 60 * 1000;

export const uploadPath = (folder: string, id: string) => join(incoming(folder), `${id}.upload`);

/** Streams a request body into a new upload; refuses (and removes) one above `maxBytes`. */
export async function stageUpload(folder: string, body: Readable, maxBytes = MAX_SOURCE_BYTES): Promise<{ id: string; bytes: number }> {
  mkdirSync(incoming(folder), { recursive: true });
  sweepUploads(folder);
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

export function sweepUploads(folder: string, now = Date.now()): void {
  let names: string[];
  try {
    names = readdirSync(incoming(folder));
  } catch {
    return;
  }
  for (const name of names) {
    const path = join(incoming(folder), name);
    try {
      if (now - statSync(path).mtimeMs > STALE_MS) rmSync(path, { force: true });
    } catch {
      // Gone meanwhile: nothing to sweep.
    }
  }
}

/** The files of an images.add call as paths; `release` removes the uploads they came from. */
export function resolveSources(folder: string, files: ReadonlyArray<{ name: string; key?: string | undefined; source: ImageSource }>): { files: SourceFile[]; release(): void } {
  const uploads: string[] = [];
  const resolved = files.map((file): SourceFile => {
    const path = file.source.kind === 'path' ? file.source.path : uploadPath(folder, file.source.id);
    if (file.source.kind === 'upload') uploads.push(path);
    return { path, name: file.name, ...(file.key !== undefined ? { key: file.key } : {}) };
  });
  return { files: resolved, release: () => uploads.forEach((path) => rmSync(path, { force: true })) };
}
