// Turns a photo into what is uploaded: decoded (HEIC through libheif, the rest through sharp),
// turned upright by its EXIF orientation, the seller's rotation and crop applied, stripped of
// metadata (location, camera serials), at most MAX_SIDE pixels on its longer side, JPEG under
// the 8 MB upload limit (LIMITS.imageBytes, POST /items/{id}/images in the OpenAPI document); plus a small thumbnail for the UI. Runs in the preparation workers
// (prepare-worker.ts); callable directly too (tests, the bench's bare-library comparison).
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import sharp, { type Sharp } from 'sharp';
import { LIMITS } from '../../../shared/items/marketplace-limits.ts';
import { decodeHeic } from './heic.ts';
import { MAX_INPUT_PIXELS, NO_EDITS, type ImageEdits } from './prepare-terms.ts';
import { sniffImage } from './source-file.ts';

export const MAX_SIDE = 3000;
export const THUMB_SIDE = 256;
export { MAX_INPUT_PIXELS, NO_EDITS, type ImageEdits } from './prepare-terms.ts';

export interface PreparedImage {
  data: Buffer;
  thumb: Buffer;
  width: number;
  height: number;
  /** sha256 of `data`, hex. */
  sha256: string;
}

export function sha256Hex(bytes: Buffer): string {
  return createHash('sha256').update(bytes).digest('hex');
}

/** The decoder's input, upright: HEIC decoded to pixels first, the rest oriented by libvips. */
async function upright(input: Buffer | string): Promise<{ image: Sharp; width: number; height: number }> {
  const bytes = typeof input === 'string' ? await readFile(input) : input;
  if (sniffImage(bytes.subarray(0, 64)) === 'heif') {
    const raw = await decodeHeic(bytes, MAX_INPUT_PIXELS);
    return { image: sharp(raw.data, { raw: { width: raw.width, height: raw.height, channels: raw.channels } }), width: raw.width, height: raw.height };
  }
  // sharp writes no metadata unless asked (no withMetadata/keepExif), so EXIF, XMP and GPS are
  // dropped; autoOrient applies the EXIF orientation before any other step.
  const options = { failOn: 'error', limitInputPixels: MAX_INPUT_PIXELS, autoOrient: true } as const;
  const meta = await sharp(bytes, options).metadata();
  const size = meta.autoOrient ?? { width: meta.width ?? 0, height: meta.height ?? 0 };
  return { image: sharp(bytes, options), width: size.width, height: size.height };
}

/** Pixel rectangle of a crop given in fractions, clamped inside the picture and at least 1 px. */
export function cropRect(crop: NonNullable<ImageEdits['crop']>, width: number, height: number) {
  const left = Math.min(width - 1, Math.max(0, Math.round(crop.x * width)));
  const top = Math.min(height - 1, Math.max(0, Math.round(crop.y * height)));
  return {
    left, top,
    width: Math.max(1, Math.min(width - left, Math.round(crop.width * width))),
    height: Math.max(1, Math.min(height - top, Math.round(crop.height * height))),
  };
}

export async function prepareImage(input: Buffer | string, maxBytes: number = LIMITS.imageBytes, edits: ImageEdits = NO_EDITS): Promise<PreparedImage> {
  const source = await upright(input);
  let image = source.image;
  let { width, height } = source;
  if (edits.rotate !== 0) {
    image = image.rotate(edits.rotate);
    if (edits.rotate !== 180) [width, height] = [height, width];
  }
  if (edits.crop) image = image.extract(cropRect(edits.crop, width, height));
  // Decoded and scaled once (shrink-on-load for JPEG); every encoding below starts from these pixels.
  const { data: pixels, info } = await image
    .resize({ width: MAX_SIDE, height: MAX_SIDE, fit: 'inside', withoutEnlargement: true })
    .flatten({ background: '#ffffff' })
    .raw()
    .toBuffer({ resolveWithObject: true });
  const raw = { raw: { width: info.width, height: info.height, channels: info.channels } };
  let side = MAX_SIDE;
  let quality = 85;
  for (;;) {
    const { data, info: out } = await sharp(pixels, raw)
      .resize({ width: side, height: side, fit: 'inside', withoutEnlargement: true })
      .jpeg({ quality })
      .toBuffer({ resolveWithObject: true });
    if (data.length <= maxBytes) {
      const thumb = await sharp(pixels, raw)
        .resize({ width: THUMB_SIDE, height: THUMB_SIDE, fit: 'inside', withoutEnlargement: true })
        .jpeg({ quality: 75 })
        .toBuffer();
      return { data, thumb, width: out.width, height: out.height, sha256: sha256Hex(data) };
    }
    // Too big: lower the quality first, then the size; noise-like photos need both.
    if (quality > 55) quality -= 15;
    else if (side > THUMB_SIDE) {
      side = Math.max(THUMB_SIDE, Math.round(side * 0.7));
      quality = 80;
    } else throw new Error(`cannot bring the image under ${maxBytes} bytes`);
  }
}
