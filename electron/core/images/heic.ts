// HEIC/HEIF (the iPhone's default): sharp's prebuilt libvips reads the container but cannot
// decode HEVC, so the pixels come from libheif compiled to WebAssembly (heic-decode). That is
// CPU-bound JavaScript: it runs only in the preparation workers (prepare-worker.ts), never on
// the main process's event loop.
import decodeHeicPixels from 'heic-decode';
import sharp, { type Sharp } from 'sharp';

export interface RawImage {
  data: Buffer;
  width: number;
  height: number;
  channels: 4;
}

/**
 * Whether the file carries HEIF's own rotation or mirroring (irot/imir item properties in
 * meta/iprp/ipco). libheif applies those while decoding; the EXIF orientation then describes the
 * stored pixels before that turn and must not be applied a second time (iPhones write both).
 */
export function hasHeifTransforms(file: Buffer): boolean {
  const children = (start: number, end: number, header = 0): Array<{ type: string; start: number; end: number }> => {
    const boxes: Array<{ type: string; start: number; end: number }> = [];
    for (let at = start + header; at + 8 <= end;) {
      let size = file.readUInt32BE(at);
      const type = file.toString('latin1', at + 4, at + 8);
      let body = at + 8;
      if (size === 1 && at + 16 <= end) {
        size = Number(file.readBigUInt64BE(at + 8));
        body = at + 16;
      } else if (size === 0) size = end - at;
      if (size < body - at || at + size > end) break;
      boxes.push({ type, start: body, end: at + size });
      at += size;
    }
    return boxes;
  };
  const meta = children(0, file.length).find((b) => b.type === 'meta');
  if (!meta) return false;
  // meta is a full box: 4 bytes of version and flags before its children.
  const iprp = children(meta.start, meta.end, 4).find((b) => b.type === 'iprp');
  const ipco = iprp && children(iprp.start, iprp.end).find((b) => b.type === 'ipco');
  return !!ipco && children(ipco.start, ipco.end).some((b) => b.type === 'irot' || b.type === 'imir');
}

/**
 * The Orientation tag (0x0112) of IFD0 of an EXIF block, 1 when absent. libvips does not parse
 * the EXIF of a HEIF file (its block starts without the "Exif\0\0" header), so it is read here.
 */
export function exifOrientation(exif: Buffer | undefined): number {
  if (!exif) return 1;
  const at = [0, 4, 6, 10].find((o) => o + 8 <= exif.length && /^(II\*\0|MM\0\*)$/.test(exif.toString('latin1', o, o + 4)));
  if (at === undefined) return 1;
  const le = exif[at] === 0x49;
  const u16 = (o: number) => (le ? exif.readUInt16LE(o) : exif.readUInt16BE(o));
  const u32 = (o: number) => (le ? exif.readUInt32LE(o) : exif.readUInt32BE(o));
  const ifd = at + u32(at + 4);
  if (ifd + 2 > exif.length) return 1;
  const count = u16(ifd);
  for (let i = 0; i < count; i++) {
    const entry = ifd + 2 + i * 12;
    if (entry + 12 > exif.length) break;
    if (u16(entry) === 0x0112) {
      const value = u16(entry + 8);
      return value >= 1 && value <= 8 ? value : 1;
    }
  }
  return 1;
}

/** EXIF orientation (1..8) as a clockwise turn and an optional mirror after it. */
function orientationSteps(orientation: number): { angle: number; flop: boolean } {
  switch (orientation) {
    case 2: return { angle: 0, flop: true };
    case 3: return { angle: 180, flop: false };
    case 4: return { angle: 180, flop: true };
    case 5: return { angle: 90, flop: true };
    case 6: return { angle: 90, flop: false };
    case 7: return { angle: 270, flop: true };
    case 8: return { angle: 270, flop: false };
    default: return { angle: 0, flop: false };
  }
}

/**
 * Decodes a HEIC/HEIF file to upright RGBA pixels: EXIF orientation applied as for a JPEG.
 * EVERY top-level image the file holds is checked against the pixel limit before any is decoded:
 * sharp reports the primary image's size, while the decoder decodes the first top-level image,
 * which a crafted file makes a 16384x16384 grid behind a 2048x2048 primary.
 */
export async function decodeHeic(file: Buffer, limitInputPixels: number): Promise<RawImage> {
  // The container's metadata is read by libvips without decoding: size (for the pixel limit,
  // before the decoder allocates) and the EXIF orientation.
  const meta = await sharp(file).metadata();
  if ((meta.width ?? 0) * (meta.height ?? 0) > limitInputPixels) throw new Error('Input image exceeds pixel limit');
  const images = await decodeHeicPixels.all({ buffer: file });
  let decoded;
  try {
    // Sizes come from the container's properties (ispe); nothing is decoded yet.
    if (images.some((i) => i.width * i.height > limitInputPixels)) throw new Error('Input image exceeds pixel limit');
    const first = images[0];
    if (!first) throw new Error('HEIF image not found');
    decoded = await first.decode();
  } finally {
    images.dispose();
  }
  let image: RawImage = { data: Buffer.from(decoded.data.buffer, decoded.data.byteOffset, decoded.data.byteLength), width: decoded.width, height: decoded.height, channels: 4 };
  const { angle, flop } = orientationSteps(hasHeifTransforms(file) ? 1 : meta.orientation ?? exifOrientation(meta.exif));
  // One step a pass: libvips would otherwise pick its own order of the turn and the mirror.
  if (angle !== 0) image = await step(image, (s) => s.rotate(angle));
  if (flop) image = await step(image, (s) => s.flop());
  return image;
}

async function step(image: RawImage, op: (s: Sharp) => Sharp): Promise<RawImage> {
  const { data, info } = await op(sharp(image.data, { raw: { width: image.width, height: image.height, channels: 4 } })).raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height, channels: 4 };
}
