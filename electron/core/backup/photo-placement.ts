// Photos from outside (a backup's photo store, an unpacked export) put into an account's folder.
// A photo is addressed by its content hash (images/prepared-names.ts): a manifest naming anything
// else (a folder, `..`, another extension) refuses the whole restore or import, with the name,
// before a file is read or written. Each file is opened without following a link and must be a
// regular file of the manifest's size; it is placed through a temporary name in the account's
// own images/ or thumbs/ folder (real folders, checked) and renamed: a hard link to the very file
// that was checked where the file system allows, a copy of it otherwise.
import { randomUUID } from 'node:crypto';
import { constants } from 'node:fs';
import { link, lstat, mkdir, open, rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { isPreparedName } from '../images/prepared-names.ts';
import { BackupError } from './backup-errors.ts';
import type { PhotoEntry } from './backup-layout.ts';
import { runLimited } from './create-backup.ts';
import type { AdoptKind } from './adopt-cache.ts';
import { copyBytes, O_NOFOLLOW, openIncoming, type Damaged } from './incoming-file.ts';
import { folderToRead } from './real-folders.ts';

/** The largest prepared photo or thumbnail taken (a 3000 px JPEG is a few megabytes). */
export const PHOTO_MAX_BYTES = 64 * 1024 * 1024;

/** Every photo the manifest names is one the app would name so, of a plausible size; else the whole file is refused. */
export function assertPhotoEntries(photos: readonly PhotoEntry[]): void {
  for (const photo of photos) {
    if (!isPreparedName(photo.name)) {
      throw new BackupError('validation', `a photo is named ${JSON.stringify(photo.name.slice(0, 120))}, not by its content hash as the app names photos`, { reason: 'foreign-photo-name', params: { name: photo.name.slice(0, 120) } });
    }
    if (photo.bytes < 0 || photo.bytes > PHOTO_MAX_BYTES) {
      throw new BackupError('validation', `the photo ${photo.name} is said to be ${photo.bytes} bytes`, { reason: 'file-over-budget' });
    }
  }
}

/**
 * Puts each photo of `photos` from `pool` (`<pool>/<kind>/<name>`) into `folder` (`<folder>/<kind>/<name>`).
 * `pool` is a backup location's store or an export's unpacked folder; `folder` the account's.
 */
export async function placePhotos(pool: { location: string; parts: string[] }, folder: string, photos: readonly PhotoEntry[], kind: AdoptKind): Promise<void> {
  assertPhotoEntries(photos);
  const damaged: Damaged = (why) => new BackupError('validation', `the ${kind}'s photo ${why}`, { reason: kind === 'backup' ? 'backup-failed' : 'export-damaged' });
  const from = new Map<string, string>();
  const to = new Map<string, string>();
  for (const kindFolder of ['images', 'thumbs'] as const) {
    if (!photos.some((p) => p.kind === kindFolder)) continue;
    const source = folderToRead(pool.location, ...pool.parts, kindFolder);
    if (source === null) throw damaged(`folder ${kindFolder} is missing`);
    from.set(kindFolder, source);
    to.set(kindFolder, await accountFolder(folder, kindFolder));
  }
  await runLimited(photos, 8, (p) => placeOne(join(from.get(p.kind) as string, p.name), join(to.get(p.kind) as string, p.name), p.bytes, damaged));
}

/** The account's images/ or thumbs/ folder: made where missing, a real folder (never a link). */
async function accountFolder(folder: string, kind: 'images' | 'thumbs'): Promise<string> {
  const path = join(folder, kind);
  await mkdir(path, { recursive: true, mode: 0o700 });
  const info = await lstat(path);
  if (info.isSymbolicLink() || !info.isDirectory()) throw new BackupError('state', `the account's ${kind} folder is not a folder`, { reason: 'backup-failed' });
  return path;
}

async function placeOne(from: string, to: string, bytes: number, damaged: Damaged): Promise<void> {
  const there = await lstat(to).catch(() => null);
  // Names are content addresses: a file of this name and size is this photo.
  if (there?.isFile() && there.size === bytes) return;
  const source = await openIncoming(from, bytes, damaged);
  const temp = `${to}.${randomUUID()}.tmp`;
  try {
    let linked = false;
    try {
      await link(from, temp);
      // The name may have been swapped since it was opened: only the very file checked is kept.
      const placed = await lstat(temp);
      linked = placed.isFile() && placed.ino === source.ino && placed.dev === source.dev;
      if (!linked) await rm(temp, { force: true });
    } catch (error) {
      const code = (error as { code?: string }).code;
      if (code !== 'EXDEV' && code !== 'EPERM' && code !== 'ENOTSUP' && code !== 'EMLINK') throw error;
    }
    if (!linked) {
      const target = await open(temp, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | O_NOFOLLOW, 0o600);
      try {
        await copyBytes(source.handle, target, bytes, damaged);
      } finally {
        await target.close();
      }
    }
    await rename(temp, to);
  } catch (error) {
    await rm(temp, { force: true }).catch(() => undefined);
    throw error;
  } finally {
    await source.handle.close();
  }
}
