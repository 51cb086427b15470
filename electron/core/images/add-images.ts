// Adding photos to an item: many files at once, prepared in a bounded pool with per-file
// progress, each failure reported for its file. The same photo (same source bytes) is prepared
// and stored once per account and attached once per item.
import { mkdirSync, readFileSync, renameSync, writeFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Db } from '../db/open-account-db.ts';
import { DraftError } from '../drafts/draft-error.ts';
import { EDITABLE_STATUSES, SQL_STATE_AFTER_LOCAL_CHANGE } from '../drafts/sync-state.ts';
import { outboxStatements } from '../outbox/outbox.ts';
import { runPool } from './pool.ts';
import { prepareImage, sha256Hex } from './prepare-image.ts';

export interface ImageProgress {
  file: string;
  index: number;
  imageId: number;
  phase: 'reading' | 'preparing' | 'added' | 'duplicate' | 'failed';
  /** Files finished so far, of `total`. */
  done: number;
  total: number;
  error?: string;
}

export interface AddImageResult {
  file: string;
  outcome: 'added' | 'duplicate' | 'failed';
  /** The image row: the new one, or for a duplicate the row already holding that photo. */
  imageId: number | null;
  error?: string;
}

export interface AddImagesOptions {
  itemLocalId: number;
  files: readonly string[];
  /** The account's folder for prepared files. */
  folder: string;
  concurrency?: number;
  onProgress?: (event: ImageProgress) => void;
  now?: () => number;
}

interface ReadyFile {
  sha256: string;
  file_path: string;
  thumb_path: string;
  width: number;
  height: number;
  bytes: number;
}

export function imageStatements(db: Db) {
  return {
    item: db.prepare(`SELECT status, deleted_at FROM items WHERE local_id = ?`),
    nextPosition: db.prepare(`SELECT coalesce(max(position), -1) + 1 FROM images WHERE item_local_id = ?`).pluck(),
    insertPreparing: db.prepare(
      `INSERT INTO images (item_local_id, position, source_path, prep_state, created) VALUES (?, ?, ?, 'preparing', ?)`,
    ),
    sameInItem: db.prepare(`SELECT id FROM images WHERE item_local_id = ? AND source_sha256 = ? AND id <> ?`).pluck(),
    claim: db.prepare(`UPDATE images SET source_sha256 = ? WHERE id = ?`),
    deleteRow: db.prepare(`DELETE FROM images WHERE id = ?`),
    readyFile: db.prepare(
      `SELECT sha256, file_path, thumb_path, width, height, bytes FROM images
       WHERE source_sha256 = ? AND prep_state = 'ready' LIMIT 1`,
    ),
    markReady: db.prepare(
      `UPDATE images SET prep_state = 'ready', error = NULL, sha256 = ?, file_path = ?, thumb_path = ?, width = ?, height = ?, bytes = ?
       WHERE id = ?`,
    ),
    markFailed: db.prepare(`UPDATE images SET prep_state = 'failed', error = ? WHERE id = ?`),
    touchItem: db.prepare(`UPDATE items SET updated = ?, sync_state = ${SQL_STATE_AFTER_LOCAL_CHANGE} WHERE local_id = ?`),
  };
}

/** Images may be added only to drafts and previews (the service refuses an image upload to an item in another status). */
export function assertImagesEditable(row: { status: string; deleted_at: number | null } | undefined, localId: number): void {
  if (!row || row.deleted_at !== null) throw new DraftError('not-found', `item ${localId} does not exist`);
  if (!EDITABLE_STATUSES.includes(row.status)) throw new DraftError('state', `item ${localId} is ${row.status}: images can be added only in draft or preview`);
}

/** Writes a file so that a crash leaves either the old state or the whole new file. */
function writeAtomically(path: string, data: Buffer): void {
  const temp = `${path}.${process.pid}.tmp`;
  writeFileSync(temp, data);
  renameSync(temp, path);
}

export async function addImages(db: Db, options: AddImagesOptions): Promise<AddImageResult[]> {
  const { itemLocalId, files } = options;
  const now = options.now ?? Date.now;
  const s = imageStatements(db);
  // Rows first, in the user's order, so the order survives any completion order and a crash
  // leaves 'preparing' rows that say which files were asked for (resumeImages picks them up).
  const imageIds = db.transaction(() => {
    assertImagesEditable(s.item.get(itemLocalId) as { status: string; deleted_at: number | null } | undefined, itemLocalId);
    const first = s.nextPosition.get(itemLocalId) as number;
    return files.map((file, i) => Number(s.insertPreparing.run(itemLocalId, first + i, file, now()).lastInsertRowid));
  })();
  return prepareRows(db, files.map((file, i) => ({ imageId: imageIds[i] as number, itemLocalId, file })), options);
}

/** Finishes the images a crash left 'preparing' (their source files are read again). */
export async function resumeImages(db: Db, options: Omit<AddImagesOptions, 'itemLocalId' | 'files'>): Promise<AddImageResult[]> {
  const rows = db.prepare(`SELECT id AS imageId, item_local_id AS itemLocalId, source_path AS file FROM images WHERE prep_state = 'preparing' ORDER BY id`).all() as PendingImage[];
  return prepareRows(db, rows, options);
}

interface PendingImage {
  imageId: number;
  itemLocalId: number;
  file: string;
}

async function prepareRows(db: Db, rows: readonly PendingImage[], options: Omit<AddImagesOptions, 'itemLocalId' | 'files'>): Promise<AddImageResult[]> {
  const { folder } = options;
  const now = options.now ?? Date.now;
  const s = imageStatements(db);
  const outbox = outboxStatements(db);
  mkdirSync(join(folder, 'images'), { recursive: true });
  mkdirSync(join(folder, 'thumbs'), { recursive: true });

  let done = 0;
  const progress = (index: number, phase: ImageProgress['phase'], error?: string) => {
    if (phase === 'added' || phase === 'duplicate' || phase === 'failed') done++;
    const row = rows[index] as PendingImage;
    options.onProgress?.({ file: row.file, index, imageId: row.imageId, phase, done, total: rows.length, ...(error ? { error } : {}) });
  };

  const settled = await runPool(rows, options.concurrency ?? 2, async ({ imageId, itemLocalId, file }, index): Promise<AddImageResult> => {
    try {
      progress(index, 'reading');
      const source = readFileSync(file);
      const sourceSha = sha256Hex(source);
      // Claiming the hash on our row makes a second copy of the same photo, even one running
      // in parallel, see this row and stand down.
      const existing = db.transaction(() => {
        const other = s.sameInItem.get(itemLocalId, sourceSha, imageId) as number | undefined;
        if (other !== undefined) {
          s.deleteRow.run(imageId);
          return other;
        }
        s.claim.run(sourceSha, imageId);
        return undefined;
      })();
      if (existing !== undefined) {
        progress(index, 'duplicate');
        return { file, outcome: 'duplicate', imageId: existing };
      }
      let ready = s.readyFile.get(sourceSha) as ReadyFile | undefined;
      if (!ready || !existsSync(ready.file_path) || !existsSync(ready.thumb_path)) {
        progress(index, 'preparing');
        const prepared = await prepareImage(source);
        const filePath = join(folder, 'images', `${sourceSha}.jpg`);
        const thumbPath = join(folder, 'thumbs', `${sourceSha}.jpg`);
        writeAtomically(filePath, prepared.data);
        writeAtomically(thumbPath, prepared.thumb);
        ready = { sha256: prepared.sha256, file_path: filePath, thumb_path: thumbPath, width: prepared.width, height: prepared.height, bytes: prepared.data.length };
      }
      const f = ready;
      // The image becomes ready together with its outbox row, or not at all.
      db.transaction(() => {
        s.markReady.run(f.sha256, f.file_path, f.thumb_path, f.width, f.height, f.bytes, imageId);
        s.touchItem.run(now(), itemLocalId);
        outbox.enqueue(itemLocalId, 'add-image', { imageId }, now());
      })();
      progress(index, 'added');
      return { file, outcome: 'added', imageId };
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      s.markFailed.run(message, imageId);
      progress(index, 'failed', message);
      return { file, outcome: 'failed', imageId, error: message };
    }
  });
  return settled.map((r, i) => (r.ok ? r.value : { file: rows[i]?.file ?? '', outcome: 'failed', imageId: rows[i]?.imageId ?? null, error: String(r.error) }));
}
