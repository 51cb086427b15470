// Restoring a backup into an account's folder, in two halves:
//  prepare: the backup is input from outside (the seller's folder may be a USB stick, a synced
//           folder): its manifest is checked (a newer format or schema, sizes its counts do not
//           explain, a photo not named by its content: refused, with the reason, before anything
//           is read); its cache copied into the account folder (`cache.sqlite.incoming`) and read
//           as data by the adoption worker, which writes `cache.sqlite.restoring` of this app's
//           making with what the live cache learnt since carried forward (adopt-cache.ts,
//           adopt-rows.ts, carry-forward.ts); then its photos are put back by content hash
//           (photo-placement.ts). The live cache is untouched meanwhile (a crash leaves it as it
//           was, and the start-up sweep removes the half-made copies).
//  swap:    with the live cache closed, it is kept under another name (a hard link, never
//           deleted) and the restored copy renamed over it: one rename, so a crash leaves either
//           the old cache or the new one, never none.
import { existsSync, linkSync, copyFileSync, renameSync, rmSync, statSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { latestVersion } from '../db/open-account-db.ts';
import { BackupError, diskFullError, isDiskFull } from './backup-errors.ts';
import { BACKUP_FORMAT, CACHE_NAME, type StoredBackup } from './backup-layout.ts';
import { adoptBudgetMs, adoptCache, copyIncoming, removeCache } from './adopt-cache.ts';
import type { CarryResult } from './carry-forward.ts';
import { assertManifestBudget } from './file-budget.ts';
import { placePhotos } from './photo-placement.ts';
import { folderToRead } from './real-folders.ts';

export const RESTORING_SUFFIX = '.restoring';
/** The backup's cache copied in, read by the adoption worker, removed once read. */
export const INCOMING_SUFFIX = '.incoming';

export interface PreparedRestore {
  path: string;
  carried: CarryResult;
}

/** Refuses a backup this app cannot read: a newer format or a newer schema. */
export function assertReadable(manifest: StoredBackup['manifest'], what = 'backup'): void {
  if (manifest.format > BACKUP_FORMAT || manifest.schemaVersion > latestVersion()) {
    throw new BackupError('state', `this ${what} was made by a newer version of the app (format ${manifest.format}, schema ${manifest.schemaVersion}); update the app first`, { reason: what === 'backup' ? 'backup-newer' : 'export-newer' });
  }
}

export interface RestoreSource {
  backup: StoredBackup;
  /** The backup location it was listed from, and the account whose folder there holds it. */
  location: string;
  accountId: string;
}

/** Makes `<folder>/cache.sqlite.restoring` from the backup; the live cache (`live`, read-only) is not touched. */
export async function prepareRestore(source: RestoreSource, folder: string, live: string | null, now = Date.now()): Promise<PreparedRestore> {
  const { backup: { manifest }, location, accountId } = source;
  assertReadable(manifest);
  assertManifestBudget(manifest, 'backup');
  const path = join(folder, CACHE_NAME + RESTORING_SUFFIX);
  const incoming = join(folder, CACHE_NAME + INCOMING_SUFFIX);
  try {
    await removeCache(path);
    const dir = folderToRead(location, accountId, source.backup.id);
    if (dir === null) throw new BackupError('not-found', `no backup ${source.backup.id}`, { reason: 'backup-not-found' });
    await copyIncoming(join(dir, CACHE_NAME), incoming, manifest.cacheBytes, 'backup');
    const carried = await adoptCache(
      { source: incoming, target: path, folder, counts: manifest.counts, schemaVersion: manifest.schemaVersion, live, now, backupTime: manifest.created },
      'backup', { budgetMs: adoptBudgetMs(manifest.cacheBytes) },
    );
    await placePhotos({ location, parts: [accountId, 'photos'] }, folder, manifest.photos, 'backup');
    return { path, carried };
  } catch (error) {
    await removeCache(path);
    if (isDiskFull(error)) throw diskFullError('the backup could not be restored', error);
    throw error;
  } finally {
    await rm(incoming, { force: true });
  }
}

/**
 * The swap, with the live cache closed: keeps it as `cache.sqlite.before-restore-<time>` and
 * puts the prepared copy in its place. Returns the name it was kept under (null: there was none).
 */
export function swapIn(folder: string, prepared: string, now = Date.now()): string | null {
  const cache = join(folder, CACHE_NAME);
  // A closed WAL database leaves no -wal behind; one that does still holds commits, and renaming
  // a new file under it would apply them to the wrong database.
  if (existsSync(`${cache}-wal`) && statSync(`${cache}-wal`).size > 0) throw new BackupError('state', 'the cache is still open elsewhere; try again', { reason: 'backup-failed' });
  rmSync(`${cache}-wal`, { force: true });
  rmSync(`${cache}-shm`, { force: true });
  let kept: string | null = null;
  if (existsSync(cache)) {
    kept = join(folder, `${CACHE_NAME}.before-restore-${new Date(now).toISOString().replace(/[:.]/g, '-')}`);
    try {
      linkSync(cache, kept);
    } catch {
      copyFileSync(cache, kept);
    }
  }
  renameSync(prepared, cache);
  return kept;
}

/** A cache file with its -wal and -shm. */
export function removeCacheFiles(path: string): void {
  for (const f of [path, `${path}-wal`, `${path}-shm`]) rmSync(f, { force: true });
}

export async function removeQuietly(path: string): Promise<void> {
  await rm(path, { recursive: true, force: true }).catch(() => undefined);
}
