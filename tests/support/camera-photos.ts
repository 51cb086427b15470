// Camera photos of 24-60 MP, each at most the 12 MB the window makes a local preview for (issue 19,
// item 5): the photo-previews e2e and bench:ui's "14 camera photos" figure add the same set.
import { randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';

/** 24, 33, 45 and 60 MP: what sellers' cameras write. */
export const CAMERA_SIZES: ReadonlyArray<readonly [number, number]> = [[6000, 4000], [7008, 4672], [8192, 5464], [9504, 6336]];

/**
 * Raw RGB grain: each byte `low` plus a uniform random step below `span`. Made in JavaScript from
 * random bytes: libvips' gaussian noise took about 7 s of a core for a 60 MP camera's half.
 */
function grain(width: number, height: number, low: number, span: number): Buffer {
  const bytes = randomBytes(width * height * 3);
  for (let i = 0; i < bytes.length; i++) bytes[i] = low + ((bytes[i] as number) % span);
  return bytes;
}

/**
 * JPEG without optimised Huffman tables: about 10 % larger, and encoded in a seventh of the time
 * (the optimising second pass took ~3 s of a 60 MP photo). The decoder's work is the same.
 */
const FAST_JPEG = { optimiseCoding: false } as const;

/** A camera-like JPEG (grain at half resolution, scaled up): as many pixels as a camera's, in under 12 MB. */
async function cameraJpeg(width: number, height: number, seed: number): Promise<Buffer> {
  const half = { width: width / 2, height: height / 2, channels: 3 as const };
  return sharp(grain(half.width, half.height, 96 + seed * 8, 32), { raw: half }).resize(width, height, { kernel: 'nearest' }).jpeg({ quality: 70, ...FAST_JPEG }).toBuffer();
}

/**
 * A camera-sized JPEG of fine full-resolution grain that compresses like a detailed photo at
 * quality 95 (4:4:4): about 1.8 bytes a pixel, so 24 MP makes ~43 MB. Two seconds where
 * tests/core/support/photos.ts's makeLargeJpeg (libvips noise, optimised coding) takes 15.
 */
export async function writeLargeJpeg(path: string, width: number, height: number): Promise<string> {
  const jpeg = await sharp(grain(width, height, 64, 128), { raw: { width, height, channels: 3 } }).jpeg({ quality: 95, chromaSubsampling: '4:4:4', ...FAST_JPEG }).toBuffer();
  writeFileSync(path, jpeg);
  return path;
}

/** The same picture as other bytes (a JPEG comment after the start marker): a photo of its own to the core. */
function withComment(jpeg: Buffer, text: string): Buffer {
  const body = Buffer.from(text, 'latin1');
  const segment = Buffer.alloc(4);
  segment.writeUInt16BE(0xfffe, 0);
  segment.writeUInt16BE(body.length + 2, 2);
  return Buffer.concat([jpeg.subarray(0, 2), segment, body, jpeg.subarray(2)]);
}

/** `count` photos in `folder`, the sizes in turn; their paths and megapixels. */
export async function writeCameraPhotos(folder: string, count: number): Promise<{ paths: string[]; megapixels: number[] }> {
  mkdirSync(folder, { recursive: true });
  const bases: Buffer[] = [];
  for (const [i, [w, h]] of CAMERA_SIZES.entries()) bases.push(await cameraJpeg(w, h, i));
  const paths: string[] = [];
  const megapixels: number[] = [];
  for (let i = 0; i < count; i++) {
    const path = join(folder, `${String(i + 1).padStart(2, '0')}-camera.jpg`);
    writeFileSync(path, withComment(bases[i % bases.length] as Buffer, `camera photo ${i + 1}`));
    const [w, h] = CAMERA_SIZES[i % CAMERA_SIZES.length] as readonly [number, number];
    paths.push(path);
    megapixels.push((w * h) / 1e6);
  }
  return { paths, megapixels };
}
