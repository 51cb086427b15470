// Where backups live and what a finished one holds. A backup location (the data folder's
// `backups/`, or the seller's own folder's `market-desk-backups/`) keeps per account:
//   <account>/photos/{images,thumbs}/<name>   prepared photos, shared by every backup (their names
//                                              are content addresses: a name is always the same bytes)
//   <account>/<stamp>-<reason>/cache.sqlite    the cache as SQLite's online backup wrote it
//   <account>/<stamp>-<reason>/manifest.json   written last: a folder without it is no backup
//   <account>/<stamp>-<reason>.partial/        one being written (a crash leaves it; swept later)
// A backup is a folder renamed into place only after it was verified, so every folder without
// `.partial` is whole.
import { closeSync, constants, existsSync, fstatSync, openSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';

/** Bumped when a manifest's meaning changes; an app refuses a newer one (it cannot know its rules). */
export const BACKUP_FORMAT = 1;

export const BACKUP_REASONS = ['daily', 'manual', 'before-migration', 'before-bulk-delete', 'before-undo', 'before-restore', 'before-import'] as const;
export type BackupReason = (typeof BACKUP_REASONS)[number];

export const PhotoEntry = z.object({ kind: z.enum(['images', 'thumbs']), name: z.string().max(300), bytes: z.number().int().min(0) });
export type PhotoEntry = z.infer<typeof PhotoEntry>;

export const Manifest = z.object({
  format: z.number().int(),
  accountId: z.string(),
  accountName: z.string(),
  created: z.number(),
  reason: z.enum(BACKUP_REASONS),
  /** The cache's PRAGMA user_version. */
  schemaVersion: z.number().int(),
  /** Rows per table of the backup file (what every copy is verified against). */
  counts: z.record(z.string().max(100), z.number().int().min(0).max(Number.MAX_SAFE_INTEGER)),
  drafts: z.number().int().min(0),
  cacheBytes: z.number().int().min(0),
  /** The account folder when the backup was taken (kept for the record: a restore recomputes every photo path, adopt-rows.ts). */
  folder: z.string(),
  photos: z.array(PhotoEntry),
});
export type Manifest = z.infer<typeof Manifest>;

export const CACHE_NAME = 'cache.sqlite';
export const MANIFEST_NAME = 'manifest.json';
export const PARTIAL = '.partial';

export const accountDir = (location: string, accountId: string) => join(location, accountId);
export const photoPool = (location: string, accountId: string) => join(location, accountId, 'photos');

export function backupName(created: number, reason: BackupReason): string {
  // Sortable and readable; the milliseconds keep two backups of one second apart.
  return `${new Date(created).toISOString().replace(/[:.]/g, '-')}-${reason}`;
}

export interface StoredBackup {
  /** The folder name: the backup's id within its account and location. */
  id: string;
  dir: string;
  manifest: Manifest;
}

/** The finished backups of an account at a location, newest first. Unreadable manifests, and another account's, are skipped. */
export function listStored(location: string, accountId: string): StoredBackup[] {
  const dir = accountDir(location, accountId);
  if (!existsSync(dir)) return [];
  const out: StoredBackup[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (!entry.isDirectory() || entry.name === 'photos' || entry.name.endsWith(PARTIAL)) continue;
    const file = join(dir, entry.name, MANIFEST_NAME);
    if (!existsSync(file)) continue;
    try {
      const manifest = Manifest.parse(JSON.parse(readManifest(file)));
      // A backup is this account's only in this account's folder (its photos are read from there).
      if (manifest.accountId === accountId) out.push({ id: entry.name, dir: join(dir, entry.name), manifest });
    } catch {
      // A manifest this app cannot read is left where it is, and not offered.
    }
  }
  return out.sort((a, b) => b.manifest.created - a.manifest.created);
}

/** The largest manifest read: one names each prepared photo, a few dozen bytes each. */
const MAX_MANIFEST_BYTES = 64 * 1024 * 1024;

/** A manifest's text: a regular file (never through a link: the seller's folder is input from outside) of a bounded size. */
function readManifest(file: string): string {
  const fd = openSync(file, constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0));
  try {
    const info = fstatSync(fd);
    if (!info.isFile() || info.size > MAX_MANIFEST_BYTES) throw new Error(`${file} is not a manifest`);
    return readFileSync(fd, 'utf8');
  } finally {
    closeSync(fd);
  }
}

/**
 * Which backups a rotation keeps: the newest of each of the last 7 days that have backups, the
 * newest of each of the last 4 weeks, and the 5 newest whatever their reason (a backup taken
 * before a bulk delete stays until five more came after it).
 */
export function rotationKeeps(backups: readonly StoredBackup[], policy = { days: 7, weeks: 4, latest: 5 }): Set<string> {
  const sorted = [...backups].sort((a, b) => b.manifest.created - a.manifest.created);
  const keep = new Set(sorted.slice(0, policy.latest).map((b) => b.id));
  const byDay = new Map<string, string>();
  const byWeek = new Map<number, string>();
  for (const b of sorted) {
    const day = new Date(b.manifest.created).toISOString().slice(0, 10);
    if (!byDay.has(day) && byDay.size < policy.days) byDay.set(day, b.id);
    // Weeks counted from the epoch's Monday (1970-01-05): whole weeks, UTC.
    const week = Math.floor((b.manifest.created - 4 * 86_400_000) / (7 * 86_400_000));
    if (!byWeek.has(week) && byWeek.size < policy.weeks) byWeek.set(week, b.id);
  }
  for (const id of byDay.values()) keep.add(id);
  for (const id of byWeek.values()) keep.add(id);
  return keep;
}
