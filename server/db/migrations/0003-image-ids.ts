// The service's schema, step 3. Frozen once shipped: never edited, and it imports no
// live code (every value is written out here), so today's code cannot change what it did
// (server/db/README.md).
import type { Migration } from '../../../shared/sqlite/migrations.ts';

export const migration: Migration = {
  version: 3,
  name: 'images: ids never reused',
  // Media URLs are /media/images/<id>/<rendition> served as immutable for a year. Without
  // AUTOINCREMENT SQLite hands the id of a just-deleted last image to the next upload, and
  // caches would keep showing the old picture under the new image's URL.
  sql: `
    CREATE TABLE images_v3 (
      id         INTEGER PRIMARY KEY AUTOINCREMENT,
      item_id    INTEGER NOT NULL REFERENCES items(id) ON DELETE CASCADE,
      position   INTEGER NOT NULL,
      sha256     TEXT NOT NULL,
      format     TEXT NOT NULL,                   -- jpeg, png, webp, gif, avif
      width      INTEGER NOT NULL,                -- as displayed (EXIF orientation applied)
      height     INTEGER NOT NULL,
      bytes      INTEGER NOT NULL,
      created    INTEGER NOT NULL
    );
    INSERT INTO images_v3 (id, item_id, position, sha256, format, width, height, bytes, created)
      SELECT id, item_id, position, sha256, format, width, height, bytes, created FROM images;
    DROP TABLE images;
    ALTER TABLE images_v3 RENAME TO images;
    CREATE INDEX images_item ON images(item_id, position);
    CREATE INDEX images_sha ON images(sha256);
  `,
};
