// Issue 13: photos as phones and cameras make them. Real files made here (a HEIC by heif-enc, a
// 60 MP JPEG by sharp, a text file named .jpg), the real worker pool, a real SQLite cache.
import { statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { settingsCache } from '../../electron/core/cache/settings-cache.ts';
import { draftWrites } from '../../electron/core/drafts/draft-writes.ts';
import { addImages, type ImageProgress } from '../../electron/core/images/add-images.ts';
import { imageEdits } from '../../electron/core/images/image-edits.ts';
import { editImage, originalImage } from '../../electron/core/images/image-library.ts';
import { MAX_SIDE, prepareImage } from '../../electron/core/images/prepare-image.ts';
import { sniffImage } from '../../electron/core/images/source-file.ts';
import { createPreparePool } from '../../electron/core/images/worker-pool.ts';
import { privateSellerRules } from './fixtures/sellers.ts';
import { makeJpeg, openTempDb } from './support.ts';
import { makeHeic, makeLargeJpeg } from './support/photos.ts';

const pool = createPreparePool(2);
afterAll(() => pool.close());

/** The colour at a fraction of the picture, as the dominant channel. */
async function colourAt(jpeg: Buffer, fx: number, fy: number): Promise<'red' | 'blue' | 'other'> {
  const { data, info } = await sharp(jpeg).raw().toBuffer({ resolveWithObject: true });
  const at = (Math.floor(fy * (info.height - 1)) * info.width + Math.floor(fx * (info.width - 1))) * info.channels;
  const [r, , b] = [data[at] ?? 0, data[at + 1] ?? 0, data[at + 2] ?? 0];
  return r > 180 && b < 80 ? 'red' : b > 180 && r < 80 ? 'blue' : 'other';
}

describe('photos from phones and cameras', () => {
  it('decodes an iPhone-style HEIC and turns it upright by its EXIF orientation, as a JPEG', async () => {
    const { folder } = openTempDb();
    // Stored 400x200 (red left, blue right), orientation 6: shown turned a quarter clockwise,
    // so upright it is 200x400 with red on top.
    const heic = await makeHeic(folder, 'phone.heic', 400, 200, 6);
    const prepared = await prepareImage(heic);
    expect([prepared.width, prepared.height]).toEqual([200, 400]);
    expect(await colourAt(prepared.data, 0.5, 0.1)).toBe('red');
    expect(await colourAt(prepared.data, 0.5, 0.9)).toBe('blue');
    const meta = await sharp(prepared.data).metadata();
    expect(meta.format).toBe('jpeg');
    expect(meta.exif).toBeUndefined();
  });

  it('tells images from other files by their bytes, not their names', async () => {
    const { folder } = openTempDb();
    const heic = await makeHeic(folder, 'p.heic', 64, 64);
    const { readFileSync } = await import('node:fs');
    expect(sniffImage(readFileSync(heic).subarray(0, 64))).toBe('heif');
    expect(sniffImage(await makeJpeg(10, 10))).toBe('jpeg');
    expect(sniffImage(await sharp({ create: { width: 4, height: 4, channels: 3, background: '#fff' } }).png().toBuffer())).toBe('png');
    expect(sniffImage(Buffer.from('Dear buyer, this is a text file named photo.jpg'))).toBeNull();
  });

  it('prepares a 60-megapixel camera JPEG of about 100 MB down to the marketplace size in a worker while the event loop stays free', async () => {
    const { db, folder } = openTempDb();
    const localId = draftWrites(db).createDraft({ title: 'Camera' }).localId;
    const big = await makeLargeJpeg(join(folder, 'camera.jpg'), 9504, 6336);
    expect(statSync(big).size).toBeGreaterThan(90 * 1024 * 1024);
    const delay = monitorEventLoopDelay({ resolution: 10 });
    delay.enable();
    const started = performance.now();
    const [result] = await addImages(db, { itemLocalId: localId, files: [big], folder: join(folder, 'media'), pool });
    const took = performance.now() - started;
    delay.disable();
    expect(result).toMatchObject({ outcome: 'added' });
    const row = db.prepare(`SELECT width, height, bytes FROM images WHERE id = ?`).get(result?.imageId) as { width: number; height: number; bytes: number };
    expect(row).toMatchObject({ width: MAX_SIDE, height: 2000 });
    expect(row.bytes).toBeLessThanOrEqual(8 * 1024 * 1024);
    // Decoding ran in the worker: the main loop never waited long (it hashes nothing itself either).
    // Judged against the preparation's own time, not a fixed number of milliseconds: a busy machine
    // stretches both alike, while a decode on the main loop would hold it for most of the preparation.
    expect(delay.max / 1e6).toBeLessThan(took / 8);
  }, 120_000);

  it('refuses a text file named .jpg and the photos over the draft limit with one sentence each, taking no slot', async () => {
    const { db, folder } = openTempDb();
    const settings = privateSellerRules();
    settings.images = { ...settings.images, min: 0, max: 3 };
    settingsCache(db).saveRules(settings, 1);
    const localId = draftWrites(db).createDraft({ title: 'Limit' }).localId;
    const text = join(folder, 'photo.jpg');
    writeFileSync(text, 'Dear buyer, this is not a photo.');
    const photos = await Promise.all([1, 2, 3, 4].map(async (seed) => {
      const path = join(folder, `p${seed}.jpg`);
      writeFileSync(path, await makeJpeg(300, 200, { seed }));
      return path;
    }));
    const events: ImageProgress[] = [];
    const results = await addImages(db, { itemLocalId: localId, files: [photos[0]!, text, photos[1]!], folder: join(folder, 'media'), pool, onProgress: (e) => events.push(e) });
    expect(results.map((r) => r.outcome)).toEqual(['added', 'refused', 'added']);
    expect(results[1]?.error).toBe('photo.jpg is not a photo the app can read (JPEG, PNG, HEIC, WebP, GIF, TIFF or AVIF), so it was not added.');
    expect(events.filter((e) => e.phase === 'refused')).toEqual([expect.objectContaining({ file: 'photo.jpg', imageId: null, total: 3 })]);
    // Two on the draft, a limit of three: one more fits, the next is refused by name.
    const more = await addImages(db, { itemLocalId: localId, files: [photos[2]!, photos[3]!], folder: join(folder, 'media'), pool });
    expect(more.map((r) => [r.outcome, r.error])).toEqual([['added', undefined], ['refused', 'p4.jpg was not added: this draft takes at most 3 photos.']]);
    expect(db.prepare(`SELECT count(*) FROM images WHERE item_local_id = ?`).pluck().get(localId)).toBe(3);
    expect(db.prepare(`SELECT count(*) FROM outbox WHERE kind = 'add-image'`).pluck().get()).toBe(3);
  });

  it('a damaged photo fails on its own with a plain sentence, the others are prepared', async () => {
    const { db, folder } = openTempDb();
    const localId = draftWrites(db).createDraft({ title: 'Damaged' }).localId;
    const good = join(folder, 'good.jpg');
    writeFileSync(good, await makeJpeg(300, 200));
    const damaged = join(folder, 'damaged.jpg');
    writeFileSync(damaged, (await makeJpeg(300, 200, { seed: 9 })).subarray(0, 600));
    const results = await addImages(db, { itemLocalId: localId, files: [damaged, good], folder: join(folder, 'media'), pool });
    expect(results.map((r) => r.outcome)).toEqual(['failed', 'added']);
    expect(results[0]?.error).toMatch(/^The photo could not be read: the file is damaged or incomplete/);
  });

  it('rotates and crops non-destructively: the edit is kept as parameters, the upload made from the prepared photo, and undone by clearing it', async () => {
    const { db, folder } = openTempDb();
    const media = join(folder, 'media');
    const localId = draftWrites(db).createDraft({ title: 'Edit' }).localId;
    const heic = await makeHeic(folder, 'side.heic', 400, 200, 1);
    const [added] = await addImages(db, { itemLocalId: localId, files: [heic], folder: media, pool });
    const imageId = added?.imageId as number;
    const row = () => db.prepare(`SELECT edits, file_path, width, height, sha256 FROM images WHERE id = ?`).get(imageId) as { edits: string | null; file_path: string; width: number; height: number; sha256: string };
    const before = row();
    // A quarter turn clockwise: red (left) goes to the top; then keep the top half (the red).
    await editImage(db, media, pool, imageId, { rotate: 90, crop: { x: 0, y: 0, width: 1, height: 0.5 } });
    const edited = row();
    expect(JSON.parse(edited.edits ?? 'null')).toEqual({ rotate: 90, crop: { x: 0, y: 0, width: 1, height: 0.5 } });
    expect([edited.width, edited.height]).toEqual([200, 200]);
    const { readFileSync } = await import('node:fs');
    const upload = readFileSync(edited.file_path);
    expect(await colourAt(upload, 0.5, 0.5)).toBe('red');
    expect(edited.sha256).not.toBe(before.sha256);
    // The crop view draws on the turned, uncropped photo.
    expect(await originalImage(db, media, imageId)).toMatchObject({ width: 200, height: 400 });
    // Non-destructive: clearing the edit gives back the prepared photo exactly.
    await editImage(db, media, pool, imageId, { rotate: 0, crop: null });
    expect(row()).toEqual(before);
    expect(() => statSync(edited.file_path)).toThrow(); // the edited copy no row names is gone
    await editImage(db, media, pool, imageId, { rotate: 180, crop: null });
    const turned = row();
    // Removing the photo removes its files, the edited copy included.
    imageEdits(db).removeImage(imageId);
    expect(() => statSync(turned.file_path)).toThrow();
    expect(() => statSync(before.file_path)).toThrow();
  });
});
