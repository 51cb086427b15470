// The real image check and the renditions. The file name and the client's Content-Type are never
// trusted: the bytes are decoded by libvips (sharp), metadata first, then every pixel, and any
// decoder warning (a truncated JPEG, a broken PNG chunk) refuses the upload.
import { createHash } from 'node:crypto';
import sharp, { type Metadata, type SharpOptions } from 'sharp';
import { invalid } from '../../http/errors.ts';
import { IMAGE_FORMATS, MAX_IMAGE_PIXELS, RENDITION_BOX, type ImageFormat } from './image-limits.ts';

export interface ProcessedImage {
  format: ImageFormat;
  /** Of the uploaded bytes (they are not kept: `original` is re-encoded without metadata). */
  /** Displayed size: EXIF orientation applied. */
  width: number;
  height: number;
  sha256: string;
  original: Buffer;
  medium: Buffer;
  thumbnail: Buffer;
}

// failOn 'warning': libjpeg only warns about a premature end and fills the rest with grey.
const DECODE: SharpOptions = { failOn: 'warning', limitInputPixels: MAX_IMAGE_PIXELS };

const invalidImage = (message: string) => invalid('image', 'invalid_image', `image: ${message}`);

function formatOf(meta: Metadata): ImageFormat | null {
  // AVIF is a HEIF container with AV1 compression; libvips reports it as heif.
  const name = meta.format === 'heif' && meta.compression === 'av1' ? 'avif' : meta.format;
  return (IMAGE_FORMATS as readonly string[]).includes(name) ? (name as ImageFormat) : null;
}

/** Checks the bytes are a whole image of an accepted format and builds its renditions. */
export async function processImage(original: Buffer): Promise<ProcessedImage> {
  let meta: Metadata;
  try {
    // Headers only, no pixels: the pixel limit is applied by our own check below, with its own code.
    meta = await sharp(original, { failOn: 'warning', limitInputPixels: false }).metadata();
  } catch {
    throw invalidImage('the file is not an image this service can read (accepted: JPEG, PNG, WebP, GIF, AVIF)');
  }
  const format = formatOf(meta);
  if (!format) {
    throw invalid('image', 'unsupported_image_format', `image: format ${meta.format} is not accepted (accepted: JPEG, PNG, WebP, GIF, AVIF)`);
  }
  const width = meta.autoOrient.width;
  const height = meta.autoOrient.height;
  if (!(width > 0 && height > 0)) throw invalidImage('the image has no pixels');
  // Checked before any decode so a bomb never allocates its canvas (limitInputPixels is the backstop).
  if (width * height > MAX_IMAGE_PIXELS) {
    throw invalid(
      'image',
      'too_many_pixels',
      `image: ${width}x${height} is over the ${MAX_IMAGE_PIXELS / 1_000_000} megapixel maximum`,
    );
  }

  let stripped: Buffer;
  let medium: Buffer;
  let thumbnail: Buffer;
  try {
    stripped = await strippedOriginal(original, format, meta.pages ?? 1);
    // Decoding reads every scan of the file: this is the pixel check.
    // autoOrient applies EXIF orientation; output metadata is stripped (sharp keeps none by default).
    medium = await sharp(original, DECODE)
      .autoOrient()
      .resize(RENDITION_BOX.medium, RENDITION_BOX.medium, { fit: 'inside', withoutEnlargement: true })
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: 82, mozjpeg: true })
      .toBuffer();
    thumbnail = await sharp(medium, DECODE)
      .resize(RENDITION_BOX.thumbnail, RENDITION_BOX.thumbnail, { fit: 'inside', withoutEnlargement: true })
      .jpeg({ quality: 78, mozjpeg: true })
      .toBuffer();
  } catch {
    throw invalidImage('the file is damaged or incomplete and cannot be decoded');
  }
  const sha256 = createHash('sha256').update(original).digest('hex');
  return { format, width, height, sha256, original: stripped, medium, thumbnail };
}

/**
 * The `original` rendition: full size, same format, the EXIF orientation applied and every piece
 * of metadata (EXIF with GPS and camera owner names, XMP, IPTC, comments) left out (issue 9,
 * finding 5). sharp writes no metadata unless asked to. Re-encoded at high quality: a seller's
 * full-size photo stays full size; only what could identify them goes. An animated GIF or WebP
 * keeps its frames (such files carry no orientation to apply).
 */
async function strippedOriginal(bytes: Buffer, format: ImageFormat, pages: number): Promise<Buffer> {
  const animated = pages > 1 && (format === 'gif' || format === 'webp');
  const image = sharp(bytes, { ...DECODE, animated });
  if (!animated) image.autoOrient();
  switch (format) {
    case 'jpeg':
      return image.jpeg({ quality: 92, chromaSubsampling: '4:4:4' }).toBuffer();
    case 'png':
      return image.png({ compressionLevel: 6 }).toBuffer();
    case 'webp':
      return image.webp({ quality: 92 }).toBuffer();
    case 'gif':
      return image.gif().toBuffer();
    case 'avif':
      return image.avif({ quality: 70, effort: 2 }).toBuffer();
    default: {
      const never: never = format;
      throw new Error(`unknown format ${String(never)}`);
    }
  }
}
