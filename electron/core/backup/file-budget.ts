// What a file from outside may cost for what it says it holds, checked before any of it is read
// (a backup's cache) or unpacked (an export's entries): the cache no larger than its rows per
// table explain, at most two prepared files per photo row, each photo named by its content and of
// a plausible size (photo-placement.ts). The worker that reads the cache then copies no more rows
// than the manifest counts, so the work is bounded by what the file declared.
import { BackupError } from './backup-errors.ts';
import type { Manifest } from './backup-layout.ts';
import { assertPhotoEntries } from './photo-placement.ts';
import type { AdoptKind } from './adopt-cache.ts';

/** A cache's pages beyond its rows: the schema, indexes, the full-text index, free pages. */
const CACHE_BASE_BYTES = 16 * 1024 * 1024;
/**
 * A row's share at most: an item holds its description (up to 100,000 characters) three times
 * (its value, the service's last copy, the base of a merge) and in the full-text index.
 */
const CACHE_BYTES_PER_ROW = 2 * 1024 * 1024;

export function cacheBudget(counts: Readonly<Record<string, number>>): number {
  const rows = Object.values(counts).reduce((n, c) => n + c, 0);
  return CACHE_BASE_BYTES + rows * CACHE_BYTES_PER_ROW;
}

/** Refuses a manifest whose sizes its counts do not explain, or a photo the app would not name so. */
export function assertManifestBudget(manifest: Manifest, kind: AdoptKind): void {
  assertPhotoEntries(manifest.photos);
  const over = (why: string) => new BackupError('validation', `the ${kind} is larger than its rows explain: ${why}`, { reason: 'file-over-budget' });
  if (manifest.cacheBytes > cacheBudget(manifest.counts)) throw over(`a cache of ${manifest.cacheBytes} bytes for ${Object.values(manifest.counts).reduce((n, c) => n + c, 0)} rows`);
  const photoRows = manifest.counts.images ?? 0;
  if (manifest.photos.length > 2 * photoRows) throw over(`${manifest.photos.length} photo files for ${photoRows} photos`);
}
