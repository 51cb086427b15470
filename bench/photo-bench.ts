// Issue 13's photo figure: 40 mixed photos (12 MP HEIC, 24 MP JPEG, 60 MP JPEG, PNG) added to a
// draft through the core (content check, hashing, preparation in the worker pool, files and
// rows), against bare calls of the same libraries on the same files (sharp; heic-decode for
// HEIC) with the same parallelism in one thread, writing nothing. Ratio = bare time / ours,
// summed over alternating rounds (bare, ours, bare, ours...) so that a change in the machine's
// load (it is shared) falls on both sides.
import { availableParallelism, loadavg } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import decodeHeicPixels from 'heic-decode';
import { readFile } from 'node:fs/promises';
import sharp from 'sharp';
import { openAccountDb } from '../electron/core/db/open-account-db.ts';
import { addImages } from '../electron/core/images/add-images.ts';
import { runPool } from '../electron/core/images/pool.ts';
import { sniffImage } from '../electron/core/images/source-file.ts';
import { createPreparePool, defaultPoolSize } from '../electron/core/images/worker-pool.ts';
import { makePhotoSet } from './photo-files.ts';

const round = (x: number, digits = 2) => Number(x.toFixed(digits));

/** What the libraries do for one photo, called directly: decode, orient, scale to 3000 px, JPEG q85, a 256 px thumbnail. */
async function bare(file: string): Promise<void> {
  const bytes = await readFile(file);
  let image;
  if (sniffImage(bytes.subarray(0, 64)) === 'heif') {
    const decoded = await decodeHeicPixels({ buffer: bytes });
    // The set's HEIC carries EXIF orientation 6 (a phone held upright): a quarter turn.
    image = sharp(Buffer.from(decoded.data.buffer), { raw: { width: decoded.width, height: decoded.height, channels: 4 } }).rotate(90);
  } else image = sharp(bytes, { autoOrient: true, limitInputPixels: 120_000_000 });
  const { data, info } = await image.resize({ width: 3000, height: 3000, fit: 'inside', withoutEnlargement: true }).flatten({ background: '#ffffff' }).raw().toBuffer({ resolveWithObject: true });
  const raw = { raw: { width: info.width, height: info.height, channels: info.channels } };
  await sharp(data, raw).jpeg({ quality: 85 }).toBuffer();
  await sharp(data, raw).resize({ width: 256, height: 256, fit: 'inside' }).jpeg({ quality: 75 }).toBuffer();
}

export async function benchCameraPhotos(root: string, poolSize = defaultPoolSize(), rounds = 2) {
  const started = performance.now();
  const set = await makePhotoSet(join(root, 'camera-photos'));
  const makeMs = performance.now() - started;

  const pool = createPreparePool(poolSize);
  let bareMs = 0;
  let oursMs = 0;
  let results: Awaited<ReturnType<typeof addImages>> = [];
  try {
    for (let round = 0; round < rounds; round++) {
      let t = performance.now();
      await runPool(set.files, poolSize, bare);
      bareMs += performance.now() - t;
      // A fresh account each round: nothing is reused by hash from the round before.
      const db = openAccountDb(join(root, `camera-photos-${round}.sqlite`));
      try {
        const localId = Number(db.prepare(`INSERT INTO items (created, updated) VALUES (0, 0)`).run().lastInsertRowid);
        t = performance.now();
        results = await addImages(db, { itemLocalId: localId, files: set.files, folder: join(root, `camera-account-${round}`), pool });
        oursMs += performance.now() - t;
      } finally {
        db.close();
      }
    }
    const count = set.files.length * rounds;
    return {
      photos: set.files.length,
      rounds,
      mix: set.mix,
      sourceMb: round(set.bytes / 1024 / 1024, 0),
      workers: poolSize,
      photosPerSecond: round((count / oursMs) * 1000),
      barePhotosPerSecond: round((count / bareMs) * 1000),
      ratio: round(bareMs / oursMs),
      targetRatio: 0.9,
      met: bareMs / oursMs >= 0.9,
      outcomes: Object.fromEntries(['added', 'duplicate', 'failed', 'refused'].map((o) => [o, results.filter((r) => r.outcome === o).length])),
      makeFilesMs: round(makeMs, 0),
      machine: { cpus: availableParallelism(), loadAverage1m: round(loadavg()[0] ?? 0) },
    };
  } finally {
    await pool.close();
  }
}
