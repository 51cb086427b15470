import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { draftWrites } from '../../electron/core/drafts/draft-writes.ts';
import { addImages, resumeImages, type ImageProgress } from '../../electron/core/images/add-images.ts';
import { imageEdits } from '../../electron/core/images/image-edits.ts';
import { runPool } from '../../electron/core/images/pool.ts';
import { MAX_SIDE, prepareImage, sha256Hex } from '../../electron/core/images/prepare-image.ts';
import { DraftError as DraftError } from '../../electron/core/drafts/draft-error.ts';
import { makeJpeg, openTempDb } from './support.ts';

async function writePhotos(folder: string, specs: Array<{ name: string; width: number; height: number; orientation?: number; seed?: number }>) {
  const paths: string[] = [];
  for (const spec of specs) {
    const path = join(folder, spec.name);
    writeFileSync(path, await makeJpeg(spec.width, spec.height, spec));
    paths.push(path);
  }
  return paths;
}

describe('image preparation', () => {
  it('turns a photo upright by its EXIF orientation and strips its metadata', async () => {
    // Orientation 6: stored landscape, shown rotated 90 degrees clockwise (portrait).
    const source = await makeJpeg(400, 200, { orientation: 6 });
    expect((await sharp(source).metadata()).orientation).toBe(6);
    const prepared = await prepareImage(source);
    const meta = await sharp(prepared.data).metadata();
    expect([meta.width, meta.height]).toEqual([200, 400]);
    expect(meta.orientation).toBeUndefined();
    expect(meta.exif).toBeUndefined();
    expect(meta.format).toBe('jpeg');
    expect(prepared.sha256).toBe(sha256Hex(prepared.data));
    const thumb = await sharp(prepared.thumb).metadata();
    expect([thumb.width, thumb.height]).toEqual([128, 256]);
  });

  it('scales a large photo to the maximum side and fits a byte budget', async () => {
    const prepared = await prepareImage(await makeJpeg(4000, 2000));
    expect([prepared.width, prepared.height]).toEqual([MAX_SIDE, MAX_SIDE / 2]);
    // A budget far below the 8 MB limit forces lower quality and then smaller sides.
    const tight = await prepareImage(await makeJpeg(1200, 800), 20_000);
    expect(tight.data.length).toBeLessThanOrEqual(20_000);
    expect(tight.width).toBeLessThan(1200);
  });

  it('refuses a file that is not an image', async () => {
    await expect(prepareImage(Buffer.from('not a photo'))).rejects.toThrow();
  });
});

describe('adding images to a draft', () => {
  // Issue 13 changed this test on purpose: a file that is no image (or is gone) is now refused
  // before it takes a slot (outcome 'refused', no row), not written as a failed row.
  it('adds many files with progress, stores a photo added twice once, and refuses what is no photo per file', async () => {
    const { db, folder } = openTempDb();
    const localId = draftWrites(db).createDraft({ title: 'Camera' }).localId;
    const [a, b, c] = await writePhotos(folder, [
      { name: 'a.jpg', width: 640, height: 480, seed: 1 },
      { name: 'b.jpg', width: 480, height: 640, seed: 2, orientation: 6 },
      { name: 'c.jpg', width: 300, height: 300, seed: 3 },
    ]);
    const copyOfA = join(folder, 'copy-of-a.jpg');
    writeFileSync(copyOfA, readFileSync(a!));
    const broken = join(folder, 'broken.jpg');
    writeFileSync(broken, 'garbage');
    const missing = join(folder, 'missing.jpg');
    const events: ImageProgress[] = [];
    const results = await addImages(db, {
      itemLocalId: localId, files: [a!, b!, copyOfA, broken, c!, missing], folder: join(folder, 'media'), concurrency: 2,
      onProgress: (e) => events.push(e),
    });
    expect(results.map((r) => r.outcome)).toEqual(['added', 'added', 'duplicate', 'refused', 'added', 'refused']);
    expect(results[2]!.imageId).toBe(results[0]!.imageId);
    expect(results[3]).toMatchObject({ imageId: null, error: 'broken.jpg is not a photo the app can read (JPEG, PNG, HEIC, WebP, GIF, TIFF or AVIF), so it was not added.' });
    expect(results[5]).toMatchObject({ imageId: null, error: 'missing.jpg could not be read: it was moved or deleted.' });
    const finished = events.filter((e) => ['added', 'duplicate', 'failed', 'refused'].includes(e.phase));
    expect(finished.map((e) => e.done).sort((x, y) => x - y)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(new Set(finished.map((e) => e.index))).toEqual(new Set([0, 1, 2, 3, 4, 5]));

    const rows = db.prepare(`SELECT id, position, prep_state, file_path, thumb_path, width, height FROM images WHERE item_local_id = ? AND prep_state = 'ready' ORDER BY position`).all(localId) as Array<{ id: number; file_path: string; thumb_path: string; width: number; height: number }>;
    // The user's order survives whatever order the pool finished in.
    expect(rows.map((r) => r.id)).toEqual([results[0]!.imageId, results[1]!.imageId, results[4]!.imageId]);
    // Stored 480x640 with orientation 6: shown, and prepared, as 640x480.
    expect(rows[1]).toMatchObject({ width: 640, height: 480 });
    for (const row of rows) expect(existsSync(row.file_path) && existsSync(row.thumb_path)).toBe(true);
    const notReady = db.prepare(`SELECT count(*) FROM images WHERE prep_state <> 'ready'`).pluck().get();
    expect(notReady).toBe(0);
    const outbox = db.prepare(`SELECT payload FROM outbox WHERE kind = 'add-image' ORDER BY id`).pluck().all() as string[];
    expect(outbox.map((p) => JSON.parse(p).imageId).sort()).toEqual(rows.map((r) => r.id).sort());
  });

  it('the same photo on two items is prepared and stored once', async () => {
    const { db, folder } = openTempDb();
    const drafts = draftWrites(db);
    const one = drafts.createDraft({ title: 'One' }).localId;
    const two = drafts.createDraft({ title: 'Two' }).localId;
    const [photo] = await writePhotos(folder, [{ name: 'p.jpg', width: 500, height: 400 }]);
    const media = join(folder, 'media');
    await addImages(db, { itemLocalId: one, files: [photo!], folder: media });
    const events: ImageProgress[] = [];
    await addImages(db, { itemLocalId: two, files: [photo!], folder: media, onProgress: (e) => events.push(e) });
    expect(events.map((e) => e.phase)).toEqual(['reading', 'added']); // no 'preparing'
    const paths = db.prepare(`SELECT DISTINCT file_path FROM images`).pluck().all();
    expect(paths).toHaveLength(1);
  });

  it('images cannot be added to a published item (part 3, rule 3)', async () => {
    const { db, folder } = openTempDb();
    const localId = draftWrites(db).createDraft({ title: 'Sold' }).localId;
    db.prepare(`UPDATE items SET status = 'published' WHERE local_id = ?`).run(localId);
    await expect(addImages(db, { itemLocalId: localId, files: [], folder })).rejects.toThrow(/images can be added only/);
  });
});

describe('removing, reordering and resuming images', () => {
  it('reorders with one outbox row, refuses an order that does not list every image, and removes files no row uses', async () => {
    const { db, folder } = openTempDb();
    const drafts = draftWrites(db);
    const one = drafts.createDraft({ title: 'One' }).localId;
    const two = drafts.createDraft({ title: 'Two' }).localId;
    const [p, q] = await writePhotos(folder, [{ name: 'p.jpg', width: 200, height: 100, seed: 1 }, { name: 'q.jpg', width: 100, height: 200, seed: 2 }]);
    const media = join(folder, 'media');
    const [rp, rq] = await addImages(db, { itemLocalId: one, files: [p!, q!], folder: media });
    const [shared] = await addImages(db, { itemLocalId: two, files: [p!], folder: media });
    const edits = imageEdits(db);
    // A reorder is a change of the item: its `updated` moves to the reorder's time (the grid's
    // default sort and the sync's "changed since" both read it).
    const reorderedAt = Date.now() + 60_000;
    edits.reorderImages(one, [rq!.imageId!, rp!.imageId!], reorderedAt);
    const order = db.prepare(`SELECT id FROM images WHERE item_local_id = ? ORDER BY position`).pluck().all(one);
    expect(order).toEqual([rq!.imageId, rp!.imageId]);
    expect(db.prepare(`SELECT updated FROM items WHERE local_id = ?`).pluck().get(one)).toBe(reorderedAt);
    expect(() => edits.reorderImages(one, [rq!.imageId!])).toThrow(/each of the item's 2 images once/);
    expect(() => edits.reorderImages(one, [rq!.imageId!, rq!.imageId!])).toThrow(DraftError);

    const pathOf = (id: number) => db.prepare(`SELECT file_path FROM images WHERE id = ?`).pluck().get(id) as string;
    const sharedFile = pathOf(rp!.imageId!);
    const ownFile = pathOf(rq!.imageId!);
    edits.removeImage(rp!.imageId!);
    expect(existsSync(sharedFile)).toBe(true); // item two still shows this photo
    edits.removeImage(rq!.imageId!);
    expect(existsSync(ownFile)).toBe(false);
    edits.removeImage(shared!.imageId!);
    expect(existsSync(sharedFile)).toBe(false);
    const kinds = db.prepare(`SELECT kind FROM outbox WHERE item_local_id = ? ORDER BY id`).pluck().all(one);
    expect(kinds).toEqual(['create', 'add-image', 'add-image', 'reorder-images', 'remove-image', 'remove-image']);
  });

  it('finishes images that a crash left half prepared', async () => {
    const { db, folder } = openTempDb();
    const localId = draftWrites(db).createDraft({ title: 'Interrupted' }).localId;
    const [p] = await writePhotos(folder, [{ name: 'p.jpg', width: 300, height: 200 }]);
    // What a crash between reserving the row and preparing the file leaves behind.
    db.prepare(`INSERT INTO images (item_local_id, position, source_path, source_sha256, prep_state, created) VALUES (?, 0, ?, ?, 'preparing', 1)`)
      .run(localId, p!, sha256Hex(readFileSync(p!)));
    const results = await resumeImages(db, { folder: join(folder, 'media') });
    expect(results.map((r) => r.outcome)).toEqual(['added']);
    expect(db.prepare(`SELECT prep_state, width, height FROM images`).get()).toEqual({ prep_state: 'ready', width: 300, height: 200 });
    expect(db.prepare(`SELECT count(*) FROM outbox WHERE kind = 'add-image'`).pluck().get()).toBe(1);
  });
});

describe('the bounded pool', () => {
  it('never runs more tasks at once than its limit and keeps results in input order', async () => {
    let running = 0;
    let peak = 0;
    const results = await runPool([5, 1, 4, 2, 3, 0], 2, async (n) => {
      running++;
      peak = Math.max(peak, running);
      for (let i = 0; i < n; i++) await Promise.resolve();
      running--;
      if (n === 4) throw new Error('four');
      return n * 10;
    });
    expect(peak).toBe(2);
    expect(results.map((r) => (r.ok ? r.value : 'failed'))).toEqual([50, 10, 'failed', 20, 30, 0]);
  });
});
