// The backup before a migration: taken while the account's cache is not open yet (nothing
// writes), synchronously, as part of opening it. `VACUUM INTO` writes a consistent, compact
// copy; it is checked (integrity_check and rows per table against the cache), its photos
// linked into the location's store, its manifest written last and the folder renamed into
// place, as create-backup.ts does for the others.
import Database from 'better-sqlite3';
import { copyFileSync, existsSync, linkSync, mkdirSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';
import { latestVersion } from '../db/open-account-db.ts';
import { accountDir, BACKUP_FORMAT, backupName, CACHE_NAME, MANIFEST_NAME, PARTIAL, photoPool, type Manifest, type PhotoEntry } from './backup-layout.ts';
import { countsDiffer, draftCount, tableCounts } from './table-counts.ts';

/** Backs the cache up when its schema is older than this app's; returns the backup's id, or null when none was needed. */
export function backupBeforeMigration(cachePath: string, account: { id: string; name: string; folder: string }, location: string, now = Date.now()): string | null {
  if (!existsSync(cachePath)) return null;
  const source = new Database(cachePath, { fileMustExist: true });
  const parent = accountDir(location, account.id);
  const name = backupName(now, 'before-migration');
  const partial = join(parent, name + PARTIAL);
  try {
    const version = source.pragma('user_version', { simple: true }) as number;
    if (version === 0 || version >= latestVersion()) return null;
    mkdirSync(partial, { recursive: true, mode: 0o700 });
    const file = join(partial, CACHE_NAME);
    source.prepare('VACUUM INTO ?').run(file);
    const expected = tableCounts(source);
    const copy = new Database(file, { fileMustExist: true });
    let manifest: Manifest;
    try {
      const check = copy.pragma('integrity_check', { simple: true });
      if (check !== 'ok') throw new Error(`the backup before the migration did not pass its check: ${String(check)}`);
      const counts = tableCounts(copy);
      const differs = countsDiffer(expected, counts);
      if (differs) throw new Error(`the backup before the migration differs: ${differs}`);
      const files = copy.prepare(`SELECT file_path FROM images WHERE file_path IS NOT NULL UNION SELECT thumb_path FROM images WHERE thumb_path IS NOT NULL`).pluck().all() as string[];
      const photos: PhotoEntry[] = [];
      const pool = photoPool(location, account.id);
      for (const f of files) {
        const [kind, base, ...rest] = relative(account.folder, f).split(sep);
        if ((kind !== 'images' && kind !== 'thumbs') || !base || rest.length > 0 || !existsSync(f)) continue;
        const bytes = statSync(f).size;
        const to = join(pool, kind, base);
        if (!existsSync(to) || statSync(to).size !== bytes) {
          mkdirSync(dirname(to), { recursive: true, mode: 0o700 });
          const temp = `${to}.${process.pid}.tmp`;
          try {
            linkSync(f, temp);
          } catch {
            copyFileSync(f, temp);
          }
          renameSync(temp, to);
        }
        photos.push({ kind, name: base, bytes });
      }
      manifest = {
        format: BACKUP_FORMAT, accountId: account.id, accountName: account.name, created: now, reason: 'before-migration',
        schemaVersion: version, counts, drafts: draftCount(copy), cacheBytes: statSync(file).size, folder: account.folder, photos,
      };
    } finally {
      copy.close();
    }
    writeFileSync(join(partial, MANIFEST_NAME), JSON.stringify(manifest, null, 1), { mode: 0o600 });
    renameSync(partial, join(parent, name));
    return name;
  } catch (error) {
    rmSync(partial, { recursive: true, force: true });
    throw error;
  } finally {
    source.close();
  }
}
