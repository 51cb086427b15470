// Real photo files made in the test: a HEIC encoded by Debian's heif-enc (libheif-examples, as
// a phone writes it: HEVC with the camera's EXIF) and camera-sized JPEGs. Nothing big is committed.
import { execFile } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import sharp from 'sharp';

const run = promisify(execFile);

/**
 * A HEIC of width x height whose left half is red and right half blue, stored as the sensor saw
 * it with EXIF orientation `orientation` (heif-enc keeps the JPEG's EXIF and writes no irot).
 */
export async function makeHeic(folder: string, name: string, width: number, height: number, orientation = 1, quality = 50): Promise<string> {
  const half = Math.round(width / 2);
  const jpeg = await sharp({ create: { width, height, channels: 3, background: '#ff0000' } })
    .composite([{ input: { create: { width: width - half, height, channels: 3, background: '#0000ff' } }, left: half, top: 0 }])
    .jpeg({ quality: 92 })
    .withMetadata({ orientation })
    .toBuffer();
  const source = join(folder, `${name}.source.jpg`);
  writeFileSync(source, jpeg);
  const path = join(folder, name);
  await run('heif-enc', ['-q', String(quality), '-o', path, source]);
  return path;
}

/**
 * A camera-sized JPEG with fine noise (it compresses like a detailed photo): about 0.65 bytes a
 * pixel at quality 95, so 60 MP makes ~40 MB. `seed` makes each file's bytes differ.
 */
export async function makeLargeJpeg(path: string, width: number, height: number, seed = 0, quality = 95): Promise<string> {
  const noise = await sharp({ create: { width, height, channels: 3, background: { r: 120 + seed, g: 110, b: 100 }, noise: { type: 'gaussian', mean: 120 + (seed % 20), sigma: 40 } } })
    .jpeg({ quality, chromaSubsampling: '4:4:4' })
    .toBuffer();
  writeFileSync(path, noise);
  return path;
}

/** A HEIC of a photo-like (noisy) picture, encoded by heif-enc from a JPEG made here. */
export async function makeNoisyHeic(folder: string, name: string, width: number, height: number, orientation = 1, quality = 50): Promise<string> {
  const source = join(folder, `${name}.source.jpg`);
  const jpeg = await sharp({ create: { width, height, channels: 3, background: { r: 120, g: 110, b: 100 }, noise: { type: 'gaussian', mean: 120, sigma: 25 } } })
    .blur(0.8)
    .jpeg({ quality: 90 })
    .withMetadata({ orientation })
    .toBuffer();
  writeFileSync(source, jpeg);
  const path = join(folder, name);
  await run('heif-enc', ['-q', String(quality), '-o', path, source]);
  return path;
}
