// What the core's own thread needs to know of a photo's preparation, apart from the code that
// does it (prepare-image.ts, which loads sharp and libheif's WebAssembly): the core's process
// starts without either, and only the preparation workers load them (issue 19: its memory).

/** Refuse decompression bombs: above the 100 megapixels of the largest camera a seller uses. */
export const MAX_INPUT_PIXELS = 120_000_000;

/** The seller's non-destructive edits: a clockwise turn, then a crop in fractions of the turned picture. */
export interface ImageEdits {
  rotate: 0 | 90 | 180 | 270;
  crop: { x: number; y: number; width: number; height: number } | null;
}
export const NO_EDITS: ImageEdits = { rotate: 0, crop: null };
