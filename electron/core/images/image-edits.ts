// Removing and reordering an item's images: each a local change written with its outbox row.
import { rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { Db } from '../db/open-account-db.ts';
import { DraftError } from '../drafts/draft-error.ts';
import { outboxStatements } from '../outbox/outbox.ts';
import { assertImagesEditable, imageStatements } from './add-images.ts';

interface ImageRow {
  id: number;
  item_local_id: number;
  remote_id: number | null;
  source_sha256: string | null;
  file_path: string | null;
  thumb_path: string | null;
}

export function imageEdits(db: Db) {
  const s = imageStatements(db);
  const outbox = outboxStatements(db);
  const byId = db.prepare(`SELECT id, item_local_id, remote_id, source_sha256, file_path, thumb_path FROM images WHERE id = ?`);
  const remove = db.prepare(`DELETE FROM images WHERE id = ?`);
  const stillUsed = db.prepare(`SELECT count(*) FROM images WHERE source_sha256 = ?`).pluck();
  const pathUsed = db.prepare(`SELECT count(*) FROM images WHERE file_path = ? OR thumb_path = ?`).pluck();
  const itemImages = db.prepare(`SELECT id FROM images WHERE item_local_id = ? AND prep_state <> 'failed' ORDER BY position, id`).pluck();
  const setPosition = db.prepare(`UPDATE images SET position = ? WHERE id = ?`);

  return {
    /**
     * Removes an image (same state rule as adding: draft or preview). The outbox row carries the
     * remote id if known; one whose upload is still queued is dropped by the sync engine when it
     * finds the image gone. The prepared file is deleted once no row uses it.
     */
    removeImage(imageId: number, now = Date.now()): void {
      const row = byId.get(imageId) as ImageRow | undefined;
      if (!row) throw new DraftError('not-found', `image ${imageId} does not exist`, [], undefined, { reason: 'image-not-found', params: { id: imageId } });
      const orphaned = db.transaction(() => {
        assertImagesEditable(s.item.get(row.item_local_id) as { status: string; deleted_at: number | null } | undefined, row.item_local_id);
        remove.run(imageId);
        s.touchItem.run(now, row.item_local_id);
        outbox.enqueue(row.item_local_id, 'remove-image', { imageId, remoteId: row.remote_id }, now);
        const sourceUnused = row.source_sha256 !== null && (stillUsed.get(row.source_sha256) as number) === 0;
        // The row's own files (an edited copy), and the source's prepared photo once no row uses it.
        const paths = [row.file_path, row.thumb_path].filter((p): p is string => p !== null && (pathUsed.get(p, p) as number) === 0);
        if (sourceUnused && row.file_path && row.thumb_path && row.source_sha256) {
          paths.push(join(dirname(row.file_path), `${row.source_sha256}.jpg`), join(dirname(row.thumb_path), `${row.source_sha256}.jpg`));
        }
        return [...new Set(paths)];
      })();
      // After the commit: a crash here leaves only an unused file, never a row without its file.
      for (const path of orphaned) rmSync(path, { force: true });
    },

    /** Sets the order of an item's images; `imageIds` must name each of them exactly once. */
    reorderImages(itemLocalId: number, imageIds: readonly number[], now = Date.now()): void {
      db.transaction(() => {
        assertImagesEditable(s.item.get(itemLocalId) as { status: string; deleted_at: number | null } | undefined, itemLocalId);
        const current = itemImages.all(itemLocalId) as number[];
        const same = current.length === imageIds.length && new Set(imageIds).size === imageIds.length && imageIds.every((id) => current.includes(id));
        if (!same) throw new DraftError('validation', `the new order must list each of the item's ${current.length} images once`, [], undefined, { reason: 'photo-order' });
        imageIds.forEach((id, position) => setPosition.run(position, id));
        s.touchItem.run(now, itemLocalId);
        outbox.enqueue(itemLocalId, 'reorder-images', { imageIds: [...imageIds] }, now);
      })();
    },
  };
}
