// Read path of an item's images as the photos panel shows them.
import { readFileSync } from 'node:fs';
import type { Db } from '../db/open-account-db.ts';

export interface ImageView {
  id: number;
  position: number;
  state: string;
  width: number | null;
  height: number | null;
  bytes: number | null;
  error: string | null;
  /** The thumbnail as a data: URL (the renderer reads no files). */
  thumbnail: string | null;
}

export function imageReads(db: Db) {
  const ofItem = db.prepare(
    // 'uploaded' once the service holds the photo (its remote id is known), else the preparation state.
    `SELECT id, position, CASE WHEN remote_id IS NOT NULL THEN 'uploaded' ELSE prep_state END AS state, width, height, bytes, thumb_path, error
     FROM images WHERE item_local_id = ? ORDER BY position, id`,
  );
  return {
    ofItem(localId: number): ImageView[] {
      const rows = ofItem.all(localId) as Array<Omit<ImageView, 'thumbnail'> & { thumb_path: string | null }>;
      return rows.map(({ thumb_path, ...row }) => ({
        ...row,
        thumbnail: thumb_path ? `data:image/jpeg;base64,${readFileSync(thumb_path).toString('base64')}` : null,
      }));
    },
  };
}
