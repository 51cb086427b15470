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
  const noise = await sharp(gaussianNoise(width, height, 120 + (seed % 20), 40, seed), { raw: { width, height, channels: 3 } })
    .jpeg({ quality, chromaSubsampling: '4:4:4' })
    .toBuffer();
  writeFileSync(path, noise);
  return path;
}

/**
 * Raw RGB bytes of gaussian noise (mean, sigma; each channel), the noise sharp's `create` makes.
 * Drawn from a table of 65,536 normal samples by a seeded xorshift: sharp draws every sample by
 * Box-Muller, which took most of the making of a 60 MP file (seconds of CPU beside the encode).
 */
export function gaussianNoise(width: number, height: number, mean: number, sigma: number, seed = 0): Buffer {
  let state = (0x9e3779b9 ^ Math.imul(seed + 1, 0x85ebca6b)) >>> 0 || 1;
  const next = () => {
    state ^= state << 13;
    state >>>= 0;
    state ^= state >>> 17;
    state ^= state << 5;
    state >>>= 0;
    return state;
  };
  const table = new Uint8Array(65_536);
  for (let i = 0; i < table.length; i++) {
    // Box-Muller once per table entry.
    const u = (next() + 1) / 4_294_967_297;
    const v = next() / 4_294_967_296;
    const z = Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
    table[i] = Math.min(255, Math.max(0, Math.round(mean + sigma * z)));
  }
  const out = Buffer.allocUnsafe(width * height * 3);
  const pairs = out.length >>> 1;
  for (let i = 0; i < pairs; i++) {
    const r = next();
    out[2 * i] = table[r & 0xffff]!;
    out[2 * i + 1] = table[r >>> 16]!;
  }
  if (out.length & 1) out[out.length - 1] = table[next() & 0xffff]!;
  return out;
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
