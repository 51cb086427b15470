// The photos of one item as the editor shows them, and the seller's edits of one photo. Local
// photos come from the images table; a pulled item's photos that only the marketplace holds are
// listed from its last read copy (server_copy, read as the app's listing: api/listing-copy.ts)
// with thumbnails fetched once through the marketplace's `media` (with the token) and kept in the
// account folder, so they show offline too.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type Sharp from 'sharp';
import type { ImageEdits } from '../../../shared/ipc/contract.ts';
import { readListingCopy } from '../api/listing-copy.ts';
import type { MarketPhoto } from '../sync/market-listing.ts';
import type { Db } from '../db/open-account-db.ts';
import { DraftError } from '../drafts/draft-error.ts';
import { outboxStatements } from '../outbox/outbox.ts';
import { assertImagesEditable, imageStatements, masterPath, masterThumbPath } from './add-images.ts';
import { runPool } from './pool.ts';
import { NO_EDITS } from './prepare-terms.ts';
import { isNoEdit, preparedName } from './prepared-names.ts';
import { sniffImage } from './source-file.ts';
import type { PreparePool } from './worker-pool.ts';

export interface ListedImage {
  id: number;
  position: number;
  state: string;
  width: number | null;
  height: number | null;
  bytes: number | null;
  thumbnail: string | null;
  error: string | null;
  origin: 'local' | 'remote';
  edits: ImageEdits;
}

/** A row of the images table as listed: the shown fields, plus where its thumbnail is and its remote id. */
type LocalRow = Omit<ListedImage, 'thumbnail' | 'origin' | 'edits'> & { thumb_path: string | null; remote_id: number | null; edits: string | null };

export const dataUrl = (bytes: Buffer) => `data:image/jpeg;base64,${bytes.toString('base64')}`;

function parseEdits(json: string | null): ImageEdits {
  if (!json) return NO_EDITS;
  try {
    return JSON.parse(json) as ImageEdits;
  } catch {
    return NO_EDITS;
  }
}

/**
 * The remote photos of an item's last read copy, in the marketplace's order: as the copy's check
 * passed them (a damaged one, or one whose thumbnail is not a web address, is left out; a
 * thumbnail off the marketplace's own origin is then refused by `media`).
 */
export function remoteImages(db: Db, localId: number): MarketPhoto[] {
  const copy = readListingCopy(db.prepare(`SELECT server_copy FROM items WHERE local_id = ?`).pluck().get(localId) as string | null | undefined);
  return copy?.photos ?? [];
}

export const remoteThumbPath = (folder: string, remoteId: number) => join(folder, 'remote-thumbs', `${remoteId}.jpg`);

/** A marketplace photo's thumbnail: from the account folder, else fetched once (when `media` is given) and kept there. */
export async function remoteThumbnail(folder: string, record: MarketPhoto, media?: (url: string) => Promise<Uint8Array>): Promise<Buffer | null> {
  const path = remoteThumbPath(folder, record.id);
  if (existsSync(path)) return readFileSync(path);
  if (!media) return null;
  const bytes = Buffer.from(await media(record.thumbnail));
  // Only pictures are kept: an error page saved as a thumbnail would show forever.
  if (!sniffImage(bytes.subarray(0, 64))) return null;
  mkdirSync(join(folder, 'remote-thumbs'), { recursive: true });
  const temp = `${path}.${process.pid}.tmp`;
  writeFileSync(temp, bytes);
  renameSync(temp, path);
  return bytes;
}

/**
 * Every photo of the item: local rows in the seller's order, then the marketplace's photos no
 * local row holds. A remote thumbnail missing from the cache is fetched when `media` is given
 * (online); one that cannot be fetched is listed without a picture, never an error.
 */
export async function listItemImages(db: Db, folder: string, localId: number, media?: (url: string) => Promise<Uint8Array>): Promise<ListedImage[]> {
  const rows = db.prepare(
    // 'uploaded' once the service holds the photo (its remote id is known), else the preparation state.
    `SELECT id, position, CASE WHEN remote_id IS NOT NULL THEN 'uploaded' ELSE prep_state END AS state, width, height, bytes, thumb_path, error, remote_id, edits
     FROM images WHERE item_local_id = ? ORDER BY position, id`,
  ).all(localId) as LocalRow[];
  const local: ListedImage[] = rows.map((row) => ({
    id: row.id, position: row.position, state: row.state, width: row.width, height: row.height, bytes: row.bytes, error: row.error,
    thumbnail: row.thumb_path && existsSync(row.thumb_path) ? dataUrl(readFileSync(row.thumb_path)) : null,
    origin: 'local', edits: parseEdits(row.edits),
  }));
  const claimed = new Set(rows.map((r) => r.remote_id).filter((r): r is number => r !== null));
  const remote = remoteImages(db, localId).filter((r) => !claimed.has(r.id));
  if (remote.length === 0) return local;
  const thumbs = await runPool(remote, 4, (record) => remoteThumbnail(folder, record, media));
  return [...local, ...remote.map((record, i): ListedImage => {
    const thumb = thumbs[i];
    return {
      id: -record.id, position: local.length + i, state: 'remote', width: null, height: null, bytes: null, error: null,
      thumbnail: thumb?.ok && thumb.value ? dataUrl(thumb.value) : null, origin: 'remote', edits: NO_EDITS,
    };
  })];
}

interface EditRow {
  id: number;
  item_local_id: number;
  source_sha256: string | null;
  prep_state: string;
  remote_id: number | null;
  file_path: string | null;
}

/**
 * Sets a photo's rotation and crop. Non-destructive: the prepared photo of its source stays as it
 * is; the edited copy is made from it in a worker and becomes what is uploaded. A photo already
 * on the marketplace is replaced there by the next sync (its remote copy removed, the edited one
 * uploaded), both queued in the transaction that records the edit.
 */
/** Returns the item's local id. */
/** `turn`: waited for before the write (the session's write gate, issue 41). */
export async function editImage(db: Db, folder: string, pool: PreparePool, imageId: number, edits: ImageEdits, now = Date.now(), turn: () => Promise<void> = async () => {}): Promise<number> {
  const row = db.prepare(`SELECT id, item_local_id, source_sha256, prep_state, remote_id, file_path FROM images WHERE id = ?`).get(imageId) as EditRow | undefined;
  if (!row) throw new DraftError('not-found', `image ${imageId} does not exist`, [], undefined, { reason: 'image-not-found', params: { id: imageId } });
  const s = imageStatements(db);
  assertImagesEditable(s.item.get(row.item_local_id) as { status: string; deleted_at: number | null } | undefined, row.item_local_id);
  if (row.prep_state !== 'ready' || !row.source_sha256) throw new DraftError('state', 'This photo is not prepared yet: rotate or crop it once it shows its picture.', [], undefined, { reason: 'photo-not-prepared' });
  const master = masterPath(folder, row.source_sha256);
  if (!existsSync(master)) throw new DraftError('state', 'The prepared photo is missing from the app\'s folder: remove it and add it again.', [], undefined, { reason: 'photo-missing' });
  let result = { sha256: '', width: 0, height: 0, bytes: 0 };
  let filePath = master;
  let thumbPath = masterThumbPath(folder, row.source_sha256);
  if (!isNoEdit(edits)) {
    const name = preparedName(row.source_sha256, edits);
    filePath = join(folder, 'images', name);
    thumbPath = join(folder, 'thumbs', name);
    result = await pool.run({ type: 'prepare', input: master, edits, filePath, thumbPath });
  } else {
    const meta = await (await loadSharp())(master).metadata();
    result = { sha256: sha256Of(master), width: meta.width ?? 0, height: meta.height ?? 0, bytes: readFileSync(master).length };
  }
  const outbox = outboxStatements(db);
  await turn();
  const previous = db.prepare(`SELECT file_path, thumb_path FROM images WHERE id = ?`).get(imageId) as { file_path: string | null; thumb_path: string | null };
  db.transaction(() => {
    assertImagesEditable(s.item.get(row.item_local_id) as { status: string; deleted_at: number | null } | undefined, row.item_local_id);
    const current = db.prepare(`SELECT remote_id FROM images WHERE id = ?`).pluck().get(imageId) as number | null | undefined;
    if (current === undefined) throw new DraftError('not-found', `image ${imageId} does not exist`, [], undefined, { reason: 'image-not-found', params: { id: imageId } });
    db.prepare(`UPDATE images SET edits = ?, sha256 = ?, file_path = ?, thumb_path = ?, width = ?, height = ?, bytes = ?, remote_id = NULL WHERE id = ?`)
      .run(isNoEdit(edits) ? null : JSON.stringify(edits), result.sha256, filePath, thumbPath, result.width, result.height, result.bytes, imageId);
    s.touchItem.run(now, row.item_local_id);
    if (current !== null) {
      // On the marketplace already: the old picture goes, the edited one is uploaded in its place.
      outbox.enqueue(row.item_local_id, 'remove-image', { imageId, remoteId: current }, now);
      outbox.enqueue(row.item_local_id, 'add-image', { imageId }, now);
    }
  })();
  // After the commit: the earlier edited copy, once no row names it (the prepared photo stays).
  const used = db.prepare(`SELECT count(*) FROM images WHERE file_path = ? OR thumb_path = ?`).pluck();
  for (const path of [previous.file_path, previous.thumb_path]) {
    if (path && path !== master && path !== masterThumbPath(folder, row.source_sha256) && (used.get(path, path) as number) === 0) rmSync(path, { force: true });
  }
  return row.item_local_id;
}

/** sharp (libvips) on first use: the core's process starts without it; the workers prepare the photos. */
async function loadSharp(): Promise<typeof Sharp> {
  return (await import('sharp')).default;
}

function sha256Of(path: string): string {
  return createHash('sha256').update(readFileSync(path)).digest('hex');
}

/** The photo turned by the seller's rotation but not cropped, at most 1024 px: what the crop view draws on. */
export async function originalImage(db: Db, folder: string, imageId: number): Promise<{ dataUrl: string; width: number; height: number }> {
  const row = db.prepare(`SELECT source_sha256, edits FROM images WHERE id = ? AND prep_state = 'ready'`).get(imageId) as { source_sha256: string | null; edits: string | null } | undefined;
  if (!row?.source_sha256) throw new DraftError('not-found', `image ${imageId} is not a prepared photo`, [], undefined, { reason: 'image-not-found', params: { id: imageId } });
  const sharp = await loadSharp();
  const { data, info } = await sharp(masterPath(folder, row.source_sha256)).rotate(parseEdits(row.edits).rotate).resize({ width: 1024, height: 1024, fit: 'inside', withoutEnlargement: true }).jpeg({ quality: 80 }).toBuffer({ resolveWithObject: true });
  return { dataUrl: dataUrl(data), width: info.width, height: info.height };
}
