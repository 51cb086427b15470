// Adding, deleting and reordering an item's images: the rows and the rendition files together.
// Invariant: a committed row always has its three files in <imagesDir>/<id>/, and a refused or
// failed request leaves neither a row nor a file behind.
import { randomUUID } from 'node:crypto';
import { mkdirSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { open } from 'node:fs/promises';
import { basename, join } from 'node:path';
import type { ImageRendition, ItemStatus } from '../../../shared/api/index.ts';
import type { Db } from '../../db/open.ts';
import { conflict, forbidden, invalid, notFound } from '../../http/errors.ts';
import type { Service } from '../../service.ts';
import type { AuthUser } from '../users.ts';
import { findItem, PUBLIC_ITEM_STATUSES, visibleItem, type ItemWithSeller } from '../items/item-row.ts';
import { renditionPath, type ImageRow } from './image-row.ts';
import { maxImagesFor } from './image-limits.ts';
import type { ProcessedImage } from './process-image.ts';

/** Rule 3 of part 3: images change only while the item is a draft or in preview. */
export const IMAGE_EDITABLE_STATUSES: readonly ItemStatus[] = ['draft', 'preview'];
/** Statuses whose images anyone may read; the others are the seller's own business. */
export const IMAGE_PUBLIC_STATUSES: readonly ItemStatus[] = PUBLIC_ITEM_STATUSES;

const TEMP_PREFIX = '.tmp-';
const RENDITIONS: readonly ImageRendition[] = ['original', 'medium', 'thumbnail'];

// ---- reads ----------------------------------------------------------------------------------

export function imagesOfItem(db: Db, itemId: number): ImageRow[] {
  return db.prepare('SELECT * FROM images WHERE item_id = ? ORDER BY position, id').all(itemId) as ImageRow[];
}

export function findImage(db: Db, imageId: number): ImageRow | undefined {
  return db.prepare('SELECT * FROM images WHERE id = ?').get(imageId) as ImageRow | undefined;
}

/** The item if the viewer may see its images: published and closed to anyone, the rest to the seller. */
export function itemForImageRead(db: Db, viewerId: number | null, itemId: number): ItemWithSeller {
  return visibleItem(db, itemId, viewerId);
}

/** The item if `user` is its seller: 404 unknown, 403 someone else's. */
export function ownedItem(db: Db, user: AuthUser, itemId: number): ItemWithSeller {
  const item = findItem(db, itemId);
  if (!item) throw notFound('item');
  if (item.seller_id !== user.id) throw forbidden('not_owner', "only the item's seller may change its images");
  return item;
}

export function assertImagesEditable(item: ItemWithSeller): void {
  if (!IMAGE_EDITABLE_STATUSES.includes(item.status)) {
    throw conflict('item_state', `images can be changed only while the item is draft or preview; it is ${item.status}`);
  }
}

function assertRoomForImage(db: Db, user: AuthUser, itemId: number): void {
  const { n } = db.prepare('SELECT count(*) AS n FROM images WHERE item_id = ?').get(itemId) as { n: number };
  const max = maxImagesFor(user);
  if (n >= max) throw conflict('image_limit', `an item may have at most ${max} images; this one has ${n}`, 'image');
}

/** Every check an upload must pass before its bytes are worth decoding. */
export function assertMayAddImage(db: Db, user: AuthUser, itemId: number): void {
  const item = ownedItem(db, user, itemId);
  assertImagesEditable(item);
  assertRoomForImage(db, user, itemId);
}

// ---- writes ---------------------------------------------------------------------------------

async function writeDurably(path: string, bytes: Buffer): Promise<void> {
  const handle = await open(path, 'wx');
  try {
    await handle.writeFile(bytes);
    // The row is committed with synchronous=FULL; its files must be on disk no later.
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/** Stores a checked image as the item's last, after the upload rules (owner, state, count). */
export function addImage(service: Service, user: AuthUser, itemId: number, image: ProcessedImage, now: number): Promise<ImageRow> {
  // Checked again under the write lock: state, owner or count may have changed while decoding.
  return storeImage(service, itemId, image, now, () => assertMayAddImage(service.db, user, itemId));
}

/**
 * Stores a decoded image as the item's last, with no rule checks of its own (the seed uses it
 * directly; uploads go through addImage). Files are written under a temporary folder, then the
 * row is inserted and the folder renamed to the row's id in one transaction: the rename is the
 * last step that can fail before the commit, and a failure after it removes the folder again.
 * `check` runs first inside that transaction; throwing there refuses with nothing written.
 */
export async function storeImage(
  service: Service,
  itemId: number,
  image: ProcessedImage,
  now: number,
  check: () => void = () => {},
): Promise<ImageRow> {
  const { db, imagesDir } = service;
  const temp = join(imagesDir, `${TEMP_PREFIX}${randomUUID()}`);
  const fileName = (rendition: ImageRendition) => basename(renditionPath(imagesDir, { id: 0, format: image.format }, rendition));
  let final: string | null = null;
  try {
    mkdirSync(temp);
    for (const rendition of RENDITIONS) await writeDurably(join(temp, fileName(rendition)), image[rendition]);
    return db.transaction(() => {
      check();
      const { last } = db.prepare('SELECT coalesce(max(position), 0) AS last FROM images WHERE item_id = ?').get(itemId) as {
        last: number;
      };
      const row = db
        .prepare(
          `INSERT INTO images (item_id, position, sha256, format, width, height, bytes, created)
           VALUES (?, ?, ?, ?, ?, ?, ?, ?) RETURNING *`,
        )
        .get(itemId, last + 1, image.sha256, image.format, image.width, image.height, image.original.length, now) as ImageRow;
      db.prepare('UPDATE items SET updated = ? WHERE id = ?').run(now, itemId);
      const target = join(imagesDir, String(row.id));
      // Ids are never reused (AUTOINCREMENT), so no row owns a folder of this name: a leftover
      // from a crash between commit and cleanup may go.
      rmSync(target, { recursive: true, force: true });
      renameSync(temp, target);
      final = target;
      return row;
    })();
  } catch (err) {
    rmSync(temp, { recursive: true, force: true });
    if (final) rmSync(final, { recursive: true, force: true });
    throw err;
  }
}

/** Deletes one image; later images move up one position. Returns whether the files went too. */
export function deleteImage(service: Service, user: AuthUser, itemId: number, imageId: number, now: number): boolean {
  const { db, imagesDir } = service;
  db.transaction(() => {
    const item = ownedItem(db, user, itemId);
    const image = findImage(db, imageId);
    if (!image || image.item_id !== itemId) throw notFound('image');
    assertImagesEditable(item);
    db.prepare('DELETE FROM images WHERE id = ?').run(imageId);
    db.prepare('UPDATE images SET position = position - 1 WHERE item_id = ? AND position > ?').run(itemId, image.position);
    db.prepare('UPDATE items SET updated = ? WHERE id = ?').run(now, itemId);
  })();
  // Files go only after the commit: a failed delete must never leave a row without its files.
  return removeImageFiles(imagesDir, [imageId]);
}

/** Sets the display order; `order` must hold each of the item's image ids exactly once. */
export function reorderImages(service: Service, user: AuthUser, itemId: number, order: readonly number[], now: number): ImageRow[] {
  const { db } = service;
  return db.transaction(() => {
    const item = ownedItem(db, user, itemId);
    assertImagesEditable(item);
    const current = imagesOfItem(db, itemId).map((i) => i.id);
    const wanted = new Set(order);
    if (wanted.size !== order.length || order.length !== current.length || current.some((id) => !wanted.has(id))) {
      throw invalid(
        'order',
        'invalid_order',
        `order: must list each of the item's image ids exactly once (${current.join(', ') || 'none'})`,
      );
    }
    const update = db.prepare('UPDATE images SET position = ? WHERE id = ?');
    order.forEach((id, index) => update.run(index + 1, id));
    db.prepare('UPDATE items SET updated = ? WHERE id = ?').run(now, itemId);
    return imagesOfItem(db, itemId);
  })();
}

/**
 * Removes rendition folders of images whose rows are gone (also for item deletion, whose rows go
 * by ON DELETE CASCADE). A folder left behind is harmless: ids are never reused.
 */
export function removeImageFiles(imagesDir: string, imageIds: readonly number[]): boolean {
  let ok = true;
  for (const id of imageIds) {
    try {
      rmSync(join(imagesDir, String(id)), { recursive: true, force: true });
    } catch {
      ok = false;
    }
  }
  return ok;
}

/** Temporary upload folders left by a crash mid-upload; run at start-up, before any upload. */
export function removeStaleUploads(imagesDir: string): void {
  for (const name of readdirSync(imagesDir)) {
    if (name.startsWith(TEMP_PREFIX)) rmSync(join(imagesDir, name), { recursive: true, force: true });
  }
}
