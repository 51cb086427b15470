// Turns a photo into what is uploaded: decoded, turned upright by its EXIF orientation, stripped
// of metadata (location, camera serials), at most MAX_SIDE pixels on its longer side, JPEG under
// the 8 MB upload limit (LIMITS.imageBytes, POST /items/{id}/images in the OpenAPI document); plus a small thumbnail for the UI.
import { createHash } from 'node:crypto';
import sharp from 'sharp';
import { LIMITS } from '../../../shared/api/items.ts';

export const MAX_SIDE = 3000;
export const THUMB_SIDE = 256;
/** Refuse decompression bombs: 100 megapixels is beyond any camera a seller uses. */
const MAX_INPUT_PIXELS = 100_000_000;

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

function pipeline(input: Buffer | string) {
  // sharp writes no metadata unless asked (no withMetadata/keepExif), so EXIF, XMP and GPS are
  // dropped; rotate() without an angle applies the EXIF orientation first.
  return sharp(input, { failOn: 'error', limitInputPixels: MAX_INPUT_PIXELS }).rotate().flatten({ background: '#ffffff' });
}

export async function prepareImage(input: Buffer | string, maxBytes: number = LIMITS.imageBytes): Promise<PreparedImage> {
  let side = MAX_SIDE;
  let quality = 85;
  for (;;) {
    const { data, info } = await pipeline(input)
      .resize({ width: side, height: side, fit: 'inside', withoutEnlargement: true })
      .jpeg({ quality })
      .toBuffer({ resolveWithObject: true });
    if (data.length <= maxBytes) {
      const thumb = await pipeline(input)
        .resize({ width: THUMB_SIDE, height: THUMB_SIDE, fit: 'inside', withoutEnlargement: true })
        .jpeg({ quality: 75 })
        .toBuffer();
      return { data, thumb, width: info.width, height: info.height, sha256: sha256Hex(data) };
    }
    // Too big: lower the quality first, then the size; noise-like photos need both.
    if (quality > 55) quality -= 15;
    else if (side > THUMB_SIDE) {
      side = Math.max(THUMB_SIDE, Math.round(side * 0.7));
      quality = 80;
    } else throw new Error(`cannot bring the image under ${maxBytes} bytes`);
  }
}
