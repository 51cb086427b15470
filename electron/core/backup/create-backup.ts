// Takes one backup of an account: SQLite's online backup of its cache (better-sqlite3's
// `backup()`, which copies a batch of pages per turn of the event loop, so the app keeps working
// and the copy is the state of one moment even while it changes), verified in a worker
// (integrity_check, and its rows per table against the cache's at that moment), the prepared
// photos it names added to the location's photo store (hard links where the file system allows,
// copies otherwise), a manifest written last, the folder renamed into place. Anything failing
// removes the half-written folder: a location holds whole backups or none.
import Database from 'better-sqlite3';
import { randomUUID } from 'node:crypto';
import { constants as fsc } from 'node:fs';
import { copyFile, link, lstat, open, readdir, rename, rm, stat } from 'node:fs/promises';
import { dirname, join, relative, sep } from 'node:path';
import type { Db } from '../db/open-account-db.ts';
import type { ProblemParams } from '../../../shared/screens/problem-rules.ts';
import { CoreError } from '../errors/core-error.ts';
import { BackupError, diskFullError, isDiskFull } from './backup-errors.ts';
import type { Manifest} from './backup-layout.ts';
import {
  BACKUP_FORMAT, backupName, CACHE_NAME, listStored, MANIFEST_NAME, PARTIAL, photoPool, rotationKeeps,
  type BackupReason, type PhotoEntry, type StoredBackup,
} from './backup-layout.ts';
import { folderToWrite } from './real-folders.ts';
import { countsDiffer, tableCountsInTurns } from './table-counts.ts';
import { verifyCacheFile } from './verify.ts';

export interface BackupSource {
  accountId: string;
  accountName: string;
  /** The account's folder (its cache and prepared photos). */
  folder: string;
  db: Db;
}

export interface BackupOptions {
  /** The data folder's backups first, then the seller's folder (if chosen). */
  locations: readonly string[];
  reason: BackupReason;
  now?: () => number;
  /** Pages the online backup copies per turn of the event loop (other calls run between). */
  pagesPerStep?: number;
}

export interface LocationResult {
  location: string;
  ok: boolean;
  id?: string;
  error?: PlainError;
}

export interface BackupResult {
  manifest: Manifest;
  results: LocationResult[];
}

/** A backup at every location. The first (the data folder) must succeed; a later one failing is reported, not thrown. */
export async function createBackup(source: BackupSource, options: BackupOptions): Promise<BackupResult> {
  const [primary, ...others] = options.locations;
  if (!primary) throw new BackupError('validation', 'no backup location');
  const created = (options.now ?? Date.now)();
  const name = backupName(created, options.reason);
  const first = await writePrimary(source, primary, name, created, options);
  const results: LocationResult[] = [{ location: primary, ok: true, id: name }];
  for (const location of others) {
    try {
      await copyBackup(first, location);
      results.push({ location, ok: true, id: name });
    } catch (error) {
      results.push({ location, ok: false, error: plainError(error) });
    }
  }
  return { manifest: first.manifest, results };
}

/** A failure as the status keeps it: the reason and its params, for the seller's words. */
export interface PlainError { code: string; message: string; reason?: string; params?: ProblemParams }

export function plainError(error: unknown): PlainError {
  // A backup's own refusals, and a folder refused on the way (real-folders.ts).
  if (error instanceof CoreError) return { code: error.code, message: error.message, ...(error.detail ? { reason: error.detail.reason, ...(error.detail.params ? { params: error.detail.params } : {}) } : {}) };
  if (isDiskFull(error)) return { code: 'state', message: String((error as Error).message), reason: 'disk-full' };
  return { code: 'internal', message: error instanceof Error ? error.message : String(error) };
}

async function writePrimary(source: BackupSource, location: string, name: string, created: number, options: BackupOptions): Promise<StoredBackup> {
  // Every folder on the way checked at this write (real-folders.ts), as in copyBackup.
  const parent = folderToWrite(location, source.accountId);
  const partial = join(parent, name + PARTIAL);
  await sweepUnfinished(parent);
  try {
    folderToWrite(location, source.accountId, name + PARTIAL);
    const file = join(partial, CACHE_NAME);
    // A fixed batch of pages per turn of the event loop: 256 pages (1 MB) cost a few
    // milliseconds, and every other call runs between two batches. (Timing the batches cannot
    // tell the copy from the other work done in between.)
    const pages = options.pagesPerStep ?? 256;
    const expected = await copyOfOneMoment(source.db.name, file, pages);
    const checked = await verifyCacheFile({ path: file, singleFile: true, photos: true });
    if (!checked.ok) throw new BackupError('state', `the backup did not pass its check: ${checked.problem}`, { reason: 'backup-failed' });
    const differs = countsDiffer(expected, checked.counts);
    if (differs) throw new BackupError('state', `the backup's rows differ from the cache's: ${differs}`, { reason: 'backup-failed' });
    const photos = await addPhotos(source.folder, checked.photos ?? [], photoFolders(location, source.accountId));
    const manifest: Manifest = {
      format: BACKUP_FORMAT, accountId: source.accountId, accountName: source.accountName, created, reason: options.reason,
      schemaVersion: checked.schemaVersion, counts: checked.counts, drafts: checked.drafts, cacheBytes: (await stat(file)).size,
      folder: source.folder, photos,
    };
    await writeDurably(join(partial, MANIFEST_NAME), JSON.stringify(manifest, null, 1));
    const dir = join(parent, name);
    await rename(partial, dir);
    await rotate(location, source.accountId);
    return { id: name, dir, manifest };
  } catch (error) {
    await rm(partial, { recursive: true, force: true }).catch(() => undefined);
    if (isDiskFull(error)) throw diskFullError('the backup could not be written', error);
    throw error;
  }
}

/**
 * Copies the cache at `path` to `file` and counts its tables, both of ONE moment: on a
 * connection of the backup's own, inside one read transaction. A long write in the writer thread
 * may commit at any time (issue 41); the copy does not start over for it, and the counts are
 * the copy's.
 */
async function copyOfOneMoment(path: string, file: string, pagesPerStep: number): Promise<Record<string, number>> {
  const snapshot = new Database(path, { fileMustExist: true });
  try {
    snapshot.exec('BEGIN');
    // The read transaction begins at its first read.
    snapshot.prepare('SELECT count(*) FROM sqlite_master').pluck().get();
    await snapshot.backup(file, { progress: () => pagesPerStep });
    const counts = await tableCountsInTurns(snapshot);
    snapshot.exec('COMMIT');
    return counts;
  } finally {
    snapshot.close();
  }
}

/** A finished backup copied to another location (the seller's folder), verified there against its manifest. */
export async function copyBackup(backup: StoredBackup, location: string): Promise<StoredBackup> {
  const { manifest } = backup;
  // The seller's folder is checked at every write, each folder on the way (no link, the seller's
  // own): a link planted at market-desk-backups or below refuses the copy, with its name.
  const parent = folderToWrite(location, manifest.accountId);
  const partial = join(parent, backup.id + PARTIAL);
  await sweepUnfinished(parent);
  try {
    folderToWrite(location, manifest.accountId, backup.id + PARTIAL);
    const file = join(partial, CACHE_NAME);
    await copyFile(join(backup.dir, CACHE_NAME), file);
    await verifyCopy(file, manifest);
    const pool = photoFolders(location, manifest.accountId);
    const fromPool = photoPool(dirname(dirname(backup.dir)), manifest.accountId);
    await runLimited(manifest.photos, 8, (p) => placeFile(join(fromPool, p.kind, p.name), join(pool, p.kind, p.name), p.bytes));
    await writeDurably(join(partial, MANIFEST_NAME), JSON.stringify(manifest, null, 1));
    const dir = join(parent, backup.id);
    await rename(partial, dir);
    await rotate(location, manifest.accountId);
    return { id: backup.id, dir, manifest };
  } catch (error) {
    await rm(partial, { recursive: true, force: true }).catch(() => undefined);
    if (isDiskFull(error)) throw diskFullError('the backup could not be copied', error);
    throw error;
  }
}

/**
 * What a backup killed half-way left (its `.partial` folder, a photo's temporary file): removed
 * before the next one starts. Backups of an account run one at a time, so none is in use.
 */
export async function sweepUnfinished(parent: string): Promise<void> {
  for (const name of await readdir(parent).catch(() => [] as string[])) {
    if (name.endsWith(PARTIAL)) await rm(join(parent, name), { recursive: true, force: true });
  }
  for (const kind of ['images', 'thumbs']) {
    const dir = join(parent, 'photos', kind);
    for (const name of await readdir(dir).catch(() => [] as string[])) if (name.endsWith('.tmp')) await rm(join(dir, name), { force: true });
  }
}

/** integrity_check and the manifest's rows per table: a copy that differs is refused. */
export async function verifyCopy(file: string, manifest: Manifest): Promise<void> {
  const checked = await verifyCacheFile({ path: file, singleFile: true });
  if (!checked.ok) throw new BackupError('state', `the copy did not pass its check: ${checked.problem}`, { reason: 'backup-failed' });
  const differs = countsDiffer(manifest.counts, checked.counts);
  if (differs) throw new BackupError('state', `the copy's rows differ from the backup's: ${differs}`, { reason: 'backup-failed' });
}

/** Prepared photos under the account folder go to the store (others, e.g. a source outside it, are not ours to keep). */
async function addPhotos(folder: string, files: readonly string[], pool: string): Promise<PhotoEntry[]> {
  const entries: PhotoEntry[] = [];
  await runLimited(files, 8, async (file) => {
    const rel = relative(folder, file);
    const [kind, name, ...rest] = rel.split(sep);
    if ((kind !== 'images' && kind !== 'thumbs') || !name || rest.length > 0) return;
    let bytes: number;
    try {
      bytes = (await stat(file)).size;
    } catch {
      return; // Removed since (its row went too, after the snapshot): nothing to keep.
    }
    await placeFile(file, join(pool, kind, name), bytes);
    entries.push({ kind, name, bytes });
  });
  return entries.sort((a, b) => (a.kind + a.name < b.kind + b.name ? -1 : 1));
}

/** A location's photo store of an account, its images/ and thumbs/ folders checked (and made) at this write. */
function photoFolders(location: string, accountId: string): string {
  for (const kind of ['images', 'thumbs']) folderToWrite(location, accountId, 'photos', kind);
  return photoPool(location, accountId);
}

/**
 * Puts `from` at `to` unless a file of that size is there (names are content addresses): a hard
 * link where the file system allows, else a copy; through a temporary name, so a crash or a
 * full disk leaves the whole file or none. `to`'s folder is made and checked by the caller; a
 * link found at `to` is replaced, never followed.
 */
export async function placeFile(from: string, to: string, bytes: number): Promise<void> {
  const there = await lstat(to).catch(() => null);
  if (there?.isFile() && there.size === bytes) return;
  const temp = `${to}.${randomUUID()}.tmp`;
  try {
    try {
      await link(from, temp);
    } catch (error) {
      const code = (error as { code?: string }).code;
      if (code !== 'EXDEV' && code !== 'EPERM' && code !== 'ENOTSUP' && code !== 'EMLINK') throw error;
      await copyFile(from, temp, fsc.COPYFILE_FICLONE);
    }
    await rename(temp, to);
  } catch (error) {
    await rm(temp, { force: true }).catch(() => undefined);
    throw error;
  }
}

export async function writeDurably(path: string, text: string): Promise<void> {
  const temp = `${path}.tmp`;
  const handle = await open(temp, 'w', 0o600);
  try {
    await handle.writeFile(text);
    await handle.sync();
  } finally {
    await handle.close();
  }
  await rename(temp, path);
}

/** Drops what the rotation does not keep, then the photos no kept backup names. */
export async function rotate(location: string, accountId: string): Promise<void> {
  const stored = listStored(location, accountId);
  const keep = rotationKeeps(stored);
  for (const b of stored) if (!keep.has(b.id)) await rm(b.dir, { recursive: true, force: true });
  await sweepPhotos(location, accountId, stored.filter((b) => keep.has(b.id)));
}

async function sweepPhotos(location: string, accountId: string, kept: readonly StoredBackup[]): Promise<void> {
  const named = new Set(kept.flatMap((b) => b.manifest.photos.map((p) => `${p.kind}/${p.name}`)));
  const pool = photoPool(location, accountId);
  for (const kind of ['images', 'thumbs']) {
    const names = await readdir(join(pool, kind)).catch(() => [] as string[]);
    for (const name of names) if (!named.has(`${kind}/${name}`) && !name.endsWith('.tmp')) await rm(join(pool, kind, name), { force: true });
  }
}

export async function runLimited<T>(items: readonly T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  let failure: unknown = null;
  const lanes = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (failure === null && next < items.length) {
      const item = items[next++] as T;
      try {
        await work(item);
      } catch (error) {
        failure ??= error;
      }
    }
  });
  await Promise.all(lanes);
  if (failure !== null) throw failure;
}
