// Adding photos to an item: many files at once, checked by content first (a file that is no
// photo, or one over the draft's limit, is refused and takes no slot), then prepared in the
// worker threads of worker-pool.ts with per-file progress, each failure reported for its file. The same photo (same source bytes) is prepared
// and stored once per account and attached once per item.
import { isDiskFull } from '../backup/backup-errors.ts';
import { existsSync, mkdirSync } from 'node:fs';
import { basename, join } from 'node:path';
import { settingsCache } from '../cache/settings-cache.ts';
import type { Db } from '../db/open-account-db.ts';
import { DraftError } from '../drafts/draft-error.ts';
import { EDITABLE_STATUSES, SQL_STATE_AFTER_LOCAL_CHANGE } from '../drafts/sync-state.ts';
import { outboxStatements } from '../outbox/outbox.ts';
import { runPool } from './pool.ts';
import { MAX_INPUT_PIXELS, NO_EDITS } from './prepare-terms.ts';
import { preparedName } from './prepared-names.ts';
import { checkSourceFile, SourceRefused } from './source-file.ts';
import { PrepareTimeout, sharedPreparePool, type PreparePool } from './worker-pool.ts';
import type { ProblemParams, ProblemRule } from '../../../shared/screens/problem-rules.ts';

export type ImagePhase = 'reading' | 'preparing' | 'added' | 'duplicate' | 'failed' | 'refused';

export interface ImageProgress {
  file: string;
  /** The caller's key of the file (the renderer's pending entry), when it gave one. */
  key?: string;
  index: number;
  /** null for a refused file: it took no slot, so it has no row. */
  imageId: number | null;
  phase: ImagePhase;
  /** Files finished so far (prepared, reused, failed or refused), of `total`. */
  done: number;
  total: number;
  /** English, for logs... */
  error?: string;
  /** ...and what the seller reads: the rule (shared/screens/problem-rules.ts) and its params. */
  issue?: PhotoIssue;
}

/** Why a photo was refused or failed, for the seller's words. */
export interface PhotoIssue {
  rule: ProblemRule;
  params: ProblemParams;
}

export interface AddImageResult {
  file: string;
  key?: string;
  /** refused: not an image, unreadable, or over the draft's photo limit; no row was written. */
  outcome: 'added' | 'duplicate' | 'failed' | 'refused';
  /** The image row: the new one, or for a duplicate the row already holding that photo. */
  imageId: number | null;
  error?: string;
  issue?: PhotoIssue;
}

/** A photo to add: its path, and what to call it in messages (default: the path's base name). */
export type SourceFile = string | { path: string; name?: string; key?: string };

export interface AddImagesOptions {
  itemLocalId: number;
  files: readonly SourceFile[];
  /** The account's folder for prepared files. */
  folder: string;
  /** Photos in preparation at once (hashing, database, worker); the pool bounds the CPU work. */
  concurrency?: number;
  /** The worker threads that prepare; default: the process's shared pool. */
  pool?: PreparePool;
  onProgress?: (event: ImageProgress) => void;
  now?: () => number;
  /**
   * Waited for before each write that follows a photo's check or preparation: the session's turn
   * of the cache's write gate (issue 41: never inside a long write's transaction). Default: none.
   */
  turn?: () => Promise<void>;
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
    countOnItem: db.prepare(`SELECT count(*) FROM images WHERE item_local_id = ? AND prep_state <> 'failed'`).pluck(),
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
  if (!row || row.deleted_at !== null) throw new DraftError('not-found', `item ${localId} does not exist`, [], undefined, { reason: 'item-not-found', params: { id: localId } });
  if (!EDITABLE_STATUSES.includes(row.status)) throw new DraftError('state', `item ${localId} is ${row.status}: images can be added only in draft or preview`, [], undefined, { reason: 'images-status', params: { status: row.status } });
}

/** The photo limit of the account's cached listing rules, null before the first pull. */
export function imageLimit(db: Db): number | null {
  return settingsCache(db).rules()?.images.max ?? null;
}

function describe(file: SourceFile): { path: string; name: string; key?: string } {
  if (typeof file === 'string') return { path: file, name: basename(file) };
  return { path: file.path, name: file.name ?? basename(file.path), ...(file.key !== undefined ? { key: file.key } : {}) };
}

export async function addImages(db: Db, options: AddImagesOptions): Promise<AddImageResult[]> {
  const { itemLocalId } = options;
  const files = options.files.map(describe);
  const now = options.now ?? Date.now;
  const s = imageStatements(db);
  const report = progressReporter(files, options.onProgress);
  // Content first (magic bytes, size, readable): a file that is no photo takes no slot.
  const checked = await Promise.all(files.map(async (f) => {
    try {
      await checkSourceFile(f.path, f.name);
      return null;
    } catch (error) {
      if (error instanceof SourceRefused) return { message: error.message, issue: { rule: error.rule, params: error.params } };
      throw error;
    }
  }));
  // Rows first, in the user's order, so the order survives any completion order and a crash
  // leaves 'preparing' rows that say which files were asked for (resumeImages picks them up).
  // The draft's limit is applied in the same transaction as the rows it admits.
  await options.turn?.();
  const admitted = db.transaction(() => {
    assertImagesEditable(s.item.get(itemLocalId) as { status: string; deleted_at: number | null } | undefined, itemLocalId);
    const max = imageLimit(db);
    let free = max === null ? Infinity : max - (s.countOnItem.get(itemLocalId) as number);
    let position = s.nextPosition.get(itemLocalId) as number;
    return files.map((file, i): { imageId: number } | { refused: { message: string; issue: PhotoIssue } } => {
      const refusal = checked[i];
      if (refusal) return { refused: refusal };
      if (free <= 0) return { refused: { message: `${file.name} was not added: this draft takes at most ${max} photos.`, issue: { rule: 'photo-limit', params: { name: file.name, max: max ?? 0 } } } };
      free--;
      return { imageId: Number(s.insertPreparing.run(itemLocalId, position++, file.path, now()).lastInsertRowid) };
    });
  })();
  const results: AddImageResult[] = new Array(files.length);
  const rows: PendingImage[] = [];
  admitted.forEach((entry, i) => {
    const file = files[i] as (typeof files)[number];
    const key = file.key !== undefined ? { key: file.key } : {};
    if ('refused' in entry) {
      results[i] = { file: file.name, ...key, outcome: 'refused', imageId: null, error: entry.refused.message, issue: entry.refused.issue };
      report(i, null, 'refused', entry.refused);
    } else rows.push({ imageId: entry.imageId, itemLocalId, file: file.path, index: i });
  });
  const prepared = await prepareRows(db, rows, options, report);
  prepared.forEach((result, n) => {
    const row = rows[n] as PendingImage;
    const file = files[row.index] as (typeof files)[number];
    results[row.index] = { ...result, file: file.name, ...(file.key !== undefined ? { key: file.key } : {}) };
  });
  return results;
}

type Report = (index: number, imageId: number | null, phase: ImagePhase, failure?: { message: string; issue: PhotoIssue }) => void;

function progressReporter(files: ReadonlyArray<{ name: string; key?: string }>, onProgress: AddImagesOptions['onProgress']): Report {
  let done = 0;
  return (index, imageId, phase, failure) => {
    if (phase !== 'reading' && phase !== 'preparing') done++;
    const file = files[index] as { name: string; key?: string };
    onProgress?.({ file: file.name, ...(file.key !== undefined ? { key: file.key } : {}), index, imageId, phase, done, total: files.length, ...(failure ? { error: failure.message, issue: failure.issue } : {}) });
  };
}

/** Finishes the images a crash left 'preparing' (their source files are read again). */
export async function resumeImages(db: Db, options: Omit<AddImagesOptions, 'itemLocalId' | 'files'>): Promise<AddImageResult[]> {
  const rows = (db.prepare(`SELECT id AS imageId, item_local_id AS itemLocalId, source_path AS file FROM images WHERE prep_state = 'preparing' ORDER BY id`).all() as Array<Omit<PendingImage, 'index'>>)
    .map((row, index) => ({ ...row, index }));
  return prepareRows(db, rows, options, progressReporter(rows.map((r) => ({ name: r.file })), options.onProgress));
}

interface PendingImage {
  imageId: number;
  itemLocalId: number;
  file: string;
  /** Its place among the files of the call (for progress and results). */
  index: number;
}

async function prepareRows(db: Db, rows: readonly PendingImage[], options: Omit<AddImagesOptions, 'itemLocalId' | 'files'>, report: Report): Promise<AddImageResult[]> {
  const { folder } = options;
  const now = options.now ?? Date.now;
  const pool = options.pool ?? sharedPreparePool();
  const s = imageStatements(db);
  const outbox = outboxStatements(db);
  mkdirSync(join(folder, 'images'), { recursive: true });
  mkdirSync(join(folder, 'thumbs'), { recursive: true });

  // Twice the workers: while one photo is in a worker, the next one's hash and rows are ready.
  const settled = await runPool(rows, options.concurrency ?? pool.size * 2, async ({ imageId, itemLocalId, file, index }): Promise<AddImageResult> => {
    try {
      report(index, imageId, 'reading');
      const { sha256: sourceSha } = await pool.run({ type: 'hash', path: file });
      await options.turn?.();
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
        report(index, imageId, 'duplicate');
        return { file, outcome: 'duplicate', imageId: existing };
      }
      let ready = s.readyFile.get(sourceSha) as ReadyFile | undefined;
      if (!ready || !existsSync(ready.file_path) || !existsSync(ready.thumb_path)) {
        report(index, imageId, 'preparing');
        const filePath = masterPath(folder, sourceSha);
        const thumbPath = masterThumbPath(folder, sourceSha);
        const prepared = await pool.run({ type: 'prepare', input: file, edits: NO_EDITS, filePath, thumbPath });
        ready = { sha256: prepared.sha256, file_path: filePath, thumb_path: thumbPath, width: prepared.width, height: prepared.height, bytes: prepared.bytes };
      }
      const f = ready;
      await options.turn?.();
      // The image becomes ready together with its outbox row, or not at all.
      db.transaction(() => {
        s.markReady.run(f.sha256, f.file_path, f.thumb_path, f.width, f.height, f.bytes, imageId);
        s.touchItem.run(now(), itemLocalId);
        outbox.enqueue(itemLocalId, 'add-image', { imageId }, now());
      })();
      report(index, imageId, 'added');
      return { file, outcome: 'added', imageId };
    } catch (error) {
      const failure = plainFailure(error);
      await options.turn?.();
      s.markFailed.run(failure.message, imageId);
      report(index, imageId, 'failed', failure);
      return { file, outcome: 'failed', imageId, error: failure.message, issue: failure.issue };
    }
  });
  return settled.map((r, i) => (r.ok ? r.value : { file: rows[i]?.file ?? '', outcome: 'failed', imageId: rows[i]?.imageId ?? null, error: String(r.error) }));
}

/** The prepared, unedited photo of a source: shared by every row of that source (dedupe). */
export const masterPath = (folder: string, sourceSha: string) => join(folder, 'images', preparedName(sourceSha, null));
export const masterThumbPath = (folder: string, sourceSha: string) => join(folder, 'thumbs', preparedName(sourceSha, null));

/** A decoder's message as a sentence the seller can act on (the original kept after it, for logs) and its rule. */
function plainFailure(error: unknown): { message: string; issue: PhotoIssue } {
  const message = error instanceof Error ? error.message : String(error);
  if (error instanceof PrepareTimeout) {
    return { message: `The photo took longer than ${error.seconds} s to prepare, so it was not added: save it again from your camera or photo program and add that copy.`, issue: { rule: 'photo-over-time', params: { seconds: error.seconds } } };
  }
  if (/ERR_WORKER_OUT_OF_MEMORY|out of memory|heap/i.test(message)) {
    return { message: 'Preparing the photo needed more memory than the app allows, so it was not added: save a smaller copy and add that.', issue: { rule: 'photo-over-memory', params: {} } };
  }
  if (/pixel limit/i.test(message)) {
    const megapixels = MAX_INPUT_PIXELS / 1_000_000;
    return { message: `The photo is larger than ${megapixels} megapixels: save a smaller copy and add that.`, issue: { rule: 'photo-too-many-pixels', params: { megapixels } } };
  }
  if (isDiskFull(error) || /ENOSPC|no space left/i.test(message)) {
    return { message: `The disk is full: the photo was not prepared, nothing was written (${message.split('\n')[0]?.slice(0, 160)}).`, issue: { rule: 'photo-disk-full', params: {} } };
  }
  if (/unsupported image format|corrupt|premature end|VipsJpeg|HEIF|bad seek|truncated/i.test(message)) {
    return { message: `The photo could not be read: the file is damaged or incomplete (${message.split('\n')[0]?.slice(0, 160)}).`, issue: { rule: 'photo-damaged', params: {} } };
  }
  return { message: message.split('\n')[0]?.slice(0, 300) ?? message, issue: { rule: 'photo-damaged', params: {} } };
}
