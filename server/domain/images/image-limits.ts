// Bounds on uploaded images. The byte limit (8 MB, part 8) is enforced by the multipart parser
// from LIMITS.imageBytes; the rest live here.
import { itemRules, type RuleSubject } from '../user-rules.ts';

/**
 * How many images this user may attach to one item: `image.max` of the user's settings (2.9),
 * read from the one place GET /users/{id}/settings also reads.
 */
export function maxImagesFor(user: RuleSubject): number {
  return itemRules(user).image.max;
}

/**
 * Decompression-bomb guard: a small file may declare a huge canvas. 50 megapixels covers every
 * camera a seller is likely to use (a 48 MP phone sensor included) and keeps one decode under
 * ~200 MB of memory.
 */
export const MAX_IMAGE_PIXELS = 50_000_000;

/**
 * Formats accepted, as stored in images.format (also the original's file extension). HEIC is not
 * accepted: the bundled libvips decodes only the AV1 flavour of HEIF (AVIF). SVG is refused
 * because it can carry scripts and would be served from this origin; TIFF and raw camera
 * formats because browsers cannot show the original.
 */
export const IMAGE_FORMATS = ['jpeg', 'png', 'webp', 'gif', 'avif'] as const;
export type ImageFormat = (typeof IMAGE_FORMATS)[number];

export const CONTENT_TYPES: Record<ImageFormat, string> = {
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  gif: 'image/gif',
  avif: 'image/avif',
};

/** Renditions derived from the original: JPEG, fitting inside these boxes, never enlarged. */
export const RENDITION_BOX = { medium: 800, thumbnail: 200 } as const;
