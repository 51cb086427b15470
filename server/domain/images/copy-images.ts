// Copies an item's images (rows and rendition files) to another item, as originalId copies and
// republishing need. Files are copied before the rows are committed; a failure leaves no rows.
import { cpSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { Service } from '../../service.ts';
import type { ImageRow } from './image-row.ts';

export function copyItemImages(service: Service, fromItemId: number, toItemId: number, now: number): number[] {
  const { db, imagesDir } = service;
  const sources = db.prepare('SELECT * FROM images WHERE item_id = ? ORDER BY position, id').all(fromItemId) as ImageRow[];
  const insert = db.prepare(
    `INSERT INTO images (item_id, position, sha256, format, width, height, bytes, created)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const created: number[] = [];
  try {
    db.transaction(() => {
      for (const source of sources) {
        const id = Number(
          insert.run(toItemId, source.position, source.sha256, source.format, source.width, source.height, source.bytes, now)
            .lastInsertRowid,
        );
        created.push(id);
        cpSync(join(imagesDir, String(source.id)), join(imagesDir, String(id)), { recursive: true });
      }
    })();
  } catch (err) {
    for (const id of created) rmSync(join(imagesDir, String(id)), { recursive: true, force: true });
    throw err;
  }
  return created;
}
