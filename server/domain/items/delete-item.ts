// DELETE /items/{id}: only drafts, only by the seller. The image files go with the rows.
import { conflict, forbidden, notFound } from '../../http/errors.ts';
import type { Service } from '../../service.ts';
import { removeImageFiles } from '../images/image-store.ts';
import { findItem } from './item-row.ts';

export function deleteDraft(service: Service, sellerId: number, itemId: number): void {
  const { db, imagesDir } = service;
  const item = findItem(db, itemId);
  if (!item) throw notFound(`item ${itemId}`);
  if (item.seller_id !== sellerId) throw forbidden('not_owner', 'only the seller may delete this item');
  if (item.status !== 'draft') throw conflict('not_draft', `only drafts can be deleted; this item is ${item.status}`);
  const imageIds = db.transaction(() => {
    const ids = (db.prepare('SELECT id FROM images WHERE item_id = ?').all(itemId) as Array<{ id: number }>).map((r) => r.id);
    // images and favorites go by ON DELETE CASCADE, the search index by trigger.
    db.prepare(`DELETE FROM items WHERE id = ? AND status = 'draft'`).run(itemId);
    return ids;
  })();
  // Files after the commit: a failed delete must not leave rows pointing at removed files.
  removeImageFiles(imagesDir, imageIds);
}
