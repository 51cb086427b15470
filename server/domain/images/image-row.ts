// The images table and where rendition files live on disk.
import { join } from 'node:path';
import type { Db } from '../../db/open.ts';
import type { ImageRendition } from '../../../shared/api/index.ts';

export interface ImageRow {
  id: number;
  item_id: number;
  position: number;
  sha256: string;
  format: string;
  width: number;
  height: number;
  bytes: number;
  created: number;
}

/** Images of many items at once, in display order, keyed by item id. */
export function imagesOfItems(db: Db, itemIds: readonly number[]): Map<number, ImageRow[]> {
  const out = new Map<number, ImageRow[]>();
  if (itemIds.length === 0) return out;
  const rows = db
    .prepare('SELECT * FROM images WHERE item_id IN (SELECT value FROM json_each(?)) ORDER BY item_id, position, id')
    .all(JSON.stringify(itemIds)) as ImageRow[];
  for (const row of rows) {
    const list = out.get(row.item_id) ?? [];
    list.push(row);
    out.set(row.item_id, list);
  }
  return out;
}

/** Renditions are stored as <imagesDir>/<imageId>/<rendition>.<ext>; thumbnail and medium are JPEG. */
export function renditionPath(imagesDir: string, image: Pick<ImageRow, 'id' | 'format'>, rendition: ImageRendition): string {
  const ext = rendition === 'original' ? image.format : 'jpg';
  return join(imagesDir, String(image.id), `${rendition}.${ext}`);
}
