// One picture per item for the seller's lists (questions, offers): the first local photo's
// thumbnail, else the first marketplace photo's (cached in the account folder, fetched once when
// online). A picture that cannot be had is null, never an error: a list still shows its text.
import { existsSync, readFileSync } from 'node:fs';
import type { Db } from '../db/open-account-db.ts';
import { dataUrl, remoteImages, remoteThumbnail } from './image-library.ts';
import { runPool } from './pool.ts';

export async function itemThumbnails(
  db: Db, folder: string, localIds: readonly number[], media?: (url: string) => Promise<Uint8Array>,
): Promise<Array<{ localId: number; thumbnail: string | null }>> {
  const firstLocal = db.prepare(
    `SELECT thumb_path FROM images WHERE item_local_id = ? AND thumb_path IS NOT NULL ORDER BY position, id LIMIT 1`,
  ).pluck();
  const ids = [...new Set(localIds)];
  const results = await runPool(ids, 4, async (localId) => {
    const path = firstLocal.get(localId) as string | undefined;
    if (path && existsSync(path)) return dataUrl(readFileSync(path));
    const [record] = remoteImages(db, localId);
    if (!record) return null;
    const bytes = await remoteThumbnail(folder, record, media);
    return bytes ? dataUrl(bytes) : null;
  });
  return ids.map((localId, i) => {
    const r = results[i];
    return { localId, thumbnail: r?.ok ? r.value : null };
  });
}
