// Real image files for upload tests, made with sharp, plus helpers to upload them, to add items
// straight into SQLite and to photograph the image store for "nothing written" checks.
import { readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { crc32 } from 'node:zlib';
import sharp from 'sharp';
import { LIMITS, type ItemStatus } from '../../shared/api/index.ts';
import type { Db } from '../../server/db/open.ts';
import type { Service } from '../../server/service.ts';

export interface TestImage {
  name: string;
  bytes: Buffer;
  /** What a browser would send; the service must not trust it. */
  type: string;
}

const solid = (width: number, height: number, background = '#3366aa') =>
  sharp({ create: { width, height, channels: 3, background } });

// Noise makes the JPEG large and multi-block, so cutting it in half really truncates pixel data.
const noisy = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 40 } } });

export async function jpegImage(width = 320, height = 240): Promise<TestImage> {
  return { name: 'photo.jpg', bytes: await solid(width, height).jpeg().toBuffer(), type: 'image/jpeg' };
}

/** One small image of each accepted format, with the format name sharp reports for it. */
export async function imagesOfEachFormat(): Promise<Array<TestImage & { format: string; width: number; height: number }>> {
  const base = () => solid(300, 200, '#aa3355');
  return [
    { name: 'a.jpg', bytes: await base().jpeg().toBuffer(), type: 'image/jpeg', format: 'jpeg', width: 300, height: 200 },
    // Transparent PNG: the JPEG renditions must flatten it rather than fail.
    {
      name: 'a.png',
      bytes: await sharp({ create: { width: 300, height: 200, channels: 4, background: { r: 0, g: 128, b: 0, alpha: 0.3 } } })
        .png()
        .toBuffer(),
      type: 'image/png',
      format: 'png',
      width: 300,
      height: 200,
    },
    { name: 'a.webp', bytes: await base().webp().toBuffer(), type: 'image/webp', format: 'webp', width: 300, height: 200 },
    { name: 'a.gif', bytes: await base().gif().toBuffer(), type: 'image/gif', format: 'gif', width: 300, height: 200 },
    { name: 'a.avif', bytes: await base().avif({ effort: 0 }).toBuffer(), type: 'image/avif', format: 'avif', width: 300, height: 200 },
  ];
}

/** Stored 1200x600 with EXIF orientation 6 (rotate 90° clockwise): displayed 600x1200. */
export async function jpegWithOrientation6(): Promise<TestImage> {
  const bytes = await solid(1200, 600).jpeg().withMetadata({ orientation: 6 }).toBuffer();
  return { name: 'rotated.jpg', bytes, type: 'image/jpeg' };
}

/** 4000x3000 (12 MP): large in pixels, small in bytes. */
export async function bigValidJpeg(): Promise<TestImage> {
  return { name: 'big.jpg', bytes: await solid(4000, 3000).jpeg({ quality: 60 }).toBuffer(), type: 'image/jpeg' };
}

/** 8000x7000 = 56 MP of one colour: a few hundred KB that would decode to ~170 MB. */
export async function pixelBombPng(): Promise<TestImage> {
  const bytes = await solid(8000, 7000, '#ffffff').png({ compressionLevel: 9 }).toBuffer();
  return { name: 'bomb.png', bytes, type: 'image/png' };
}

/**
 * A valid PNG of exactly `size` bytes: a private ancillary chunk (which decoders skip) pads it.
 * LIMITS.imageBytes gives a file at the 8 MB bound, one more byte a file just over it.
 */
export async function pngOfExactSize(size: number): Promise<TestImage> {
  const png = await solid(64, 48, '#22aa22').png().toBuffer();
  const overhead = 12; // length, type and CRC of the padding chunk
  const dataLength = size - png.length - overhead;
  if (dataLength < 0) throw new Error(`cannot make a PNG of ${size} bytes`);
  const type = Buffer.from('prVt');
  const data = Buffer.alloc(dataLength, 0x61);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(dataLength);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([type, data])));
  // After the 8-byte signature and the 25-byte IHDR chunk.
  const bytes = Buffer.concat([png.subarray(0, 33), length, type, data, crc, png.subarray(33)]);
  if (bytes.length !== size) throw new Error('padding arithmetic is wrong');
  return { name: 'padded.png', bytes, type: 'image/png' };
}

export const pngAtLimit = () => pngOfExactSize(LIMITS.imageBytes);
export const pngOverLimit = () => pngOfExactSize(LIMITS.imageBytes + 1);

export function textRenamedJpeg(): TestImage {
  return { name: 'notes.jpg', bytes: Buffer.from('These are my notes, not a photo.\n'.repeat(40)), type: 'image/jpeg' };
}

/** A real JPEG cut in half: its header reads fine, its pixels do not. */
export async function truncatedJpeg(): Promise<TestImage> {
  const whole = await noisy(600, 400).jpeg().toBuffer();
  return { name: 'cut.jpg', bytes: whole.subarray(0, Math.floor(whole.length / 2)), type: 'image/jpeg' };
}

/** A well-formed SVG: an image, but not a format the service accepts. */
export function svgImage(): TestImage {
  const svg = '<svg xmlns="http://www.w3.org/2000/svg" width="100" height="100"><rect width="100" height="100" fill="red"/></svg>';
  return { name: 'logo.svg', bytes: Buffer.from(svg), type: 'image/svg+xml' };
}

// ---- HTTP and database helpers ----------------------------------------------------------------

export async function uploadImage(
  url: string,
  image: TestImage | null,
  options: { token?: string; field?: string } = {},
): Promise<{ status: number; body: unknown; headers: Headers }> {
  const form = new FormData();
  if (image) form.set(options.field ?? 'image', new Blob([new Uint8Array(image.bytes)], { type: image.type }), image.name);
  else form.set('comment', 'no file here');
  const headers: Record<string, string> = options.token ? { 'x-marketapitoken': options.token } : {};
  const res = await fetch(url, { method: 'POST', headers, body: form });
  const text = await res.text();
  return { status: res.status, body: text ? (JSON.parse(text) as unknown) : undefined, headers: res.headers };
}

export function setItemStatus(db: Db, itemId: number, status: ItemStatus): void {
  db.prepare('UPDATE items SET status = ? WHERE id = ?').run(status, itemId);
}

export interface StoreSnapshot {
  rows: Array<{ id: number; item_id: number; position: number }>;
  files: string[];
}

/** Every image row and every file under the images folder (temporary uploads included). */
export function storeSnapshot(service: Service): StoreSnapshot {
  const rows = service.db.prepare('SELECT id, item_id, position FROM images ORDER BY id').all() as StoreSnapshot['rows'];
  const files = (readdirSync(service.imagesDir, { recursive: true, withFileTypes: true }) as Array<{ parentPath: string; name: string }>)
    .map((entry) => relative(service.imagesDir, join(entry.parentPath, entry.name)))
    .sort();
  return { rows, files };
}
