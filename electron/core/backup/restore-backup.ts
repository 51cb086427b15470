// Restoring a backup into an account's folder, in two halves:
//  prepare: the backup's cache copied beside the live one as `cache.sqlite.restoring`, verified
//           against its manifest, migrated to this app's schema, its photo paths moved to this
//           folder, what the live cache learnt since carried forward (carry-forward.ts), its
//           photos put back; the live cache is untouched meanwhile (a crash leaves it as it was,
//           and the start-up sweep removes the half-made copy).
//  swap:    with the live cache closed, it is kept under another name (a hard link, never
//           deleted) and the restored copy renamed over it: one rename, so a crash leaves either
//           the old cache or the new one, never none.
import { existsSync, linkSync, copyFileSync, renameSync, rmSync, statSync } from 'node:fs';
import { copyFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { latestVersion, openAccountDb, type Db } from '../db/open-account-db.ts';
import { BackupError, diskFullError, isDiskFull } from './backup-errors.ts';
import { BACKUP_FORMAT, CACHE_NAME, photoPool, type StoredBackup } from './backup-layout.ts';
import { carryForward, type CarryResult, type LiveState } from './carry-forward.ts';
import { placeFile, runLimited, verifyCopy } from './create-backup.ts';

export const RESTORING_SUFFIX = '.restoring';

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

/** Makes `<folder>/cache.sqlite.restoring` from the backup; the live cache is not touched. */
export async function prepareRestore(backup: StoredBackup, location: string, folder: string, live: LiveState | null, now = Date.now()): Promise<PreparedRestore> {
  const { manifest } = backup;
  assertReadable(manifest);
  const path = join(folder, CACHE_NAME + RESTORING_SUFFIX);
  try {
    removeCacheFiles(path);
    await copyFile(join(backup.dir, CACHE_NAME), path);
    await verifyCopy(path, manifest);
    const pool = photoPool(location, manifest.accountId);
    await runLimited(manifest.photos, 8, (p) => placeFile(join(pool, p.kind, p.name), join(folder, p.kind, p.name), p.bytes));
    const db = openAccountDb(path);
    let carried: CarryResult;
    try {
      movePhotoPaths(db, manifest.folder, folder);
      carried = carryForward(db, live, now, manifest.created);
      db.pragma('wal_checkpoint(TRUNCATE)');
    } finally {
      db.close();
    }
    return { path, carried };
  } catch (error) {
    removeCacheFiles(path);
    if (isDiskFull(error)) throw diskFullError('the backup could not be restored', error);
    throw error;
  }
}

/** Stored photo paths under the backup's folder now point into this one (another computer, another data folder). */
export function movePhotoPaths(db: Db, from: string, to: string): void {
  if (from === to) return;
  const prefix = from.endsWith('/') || from.endsWith('\\') ? from : `${from}/`;
  const target = to.endsWith('/') ? to : `${to}/`;
  for (const column of ['file_path', 'thumb_path']) {
    db.prepare(`UPDATE images SET ${column} = ? || substr(${column}, ?) WHERE substr(${column}, 1, ?) = ?`).run(target, prefix.length + 1, prefix.length, prefix);
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
