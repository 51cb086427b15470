// The 40 photos of issue 13's figures, as phones and cameras make them: 12 MP HEIC (heif-enc),
// 24 MP JPEGs, two 60 MP JPEGs and PNGs. One file of each kind is encoded, the others are byte
// copies made distinct (so nothing is reused by hash) without changing the pixels: bytes after a
// JPEG's end marker or a PNG's IEND, a 'free' box after a HEIF's boxes. Each is decoded in full.
import { copyFileSync, appendFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { makeLargeJpeg, makeNoisyHeic } from '../tests/core/support/photos.ts';

export interface PhotoSet {
  files: string[];
  mix: Record<string, number>;
  bytes: number;
}

/** A distinct copy: trailing bytes decoders skip (ISO BMFF: a well-formed 'free' box). */
function distinctCopy(source: string, target: string, index: number, heif: boolean): void {
  copyFileSync(source, target);
  const tag = Buffer.from(`market-desk bench copy ${index}`);
  if (heif) {
    const box = Buffer.alloc(8 + tag.length);
    box.writeUInt32BE(box.length, 0);
    box.write('free', 4, 'latin1');
    tag.copy(box, 8);
    appendFileSync(target, box);
  } else appendFileSync(target, tag);
}

export async function makePhotoSet(folder: string, counts = { heic: 8, jpeg24: 20, jpeg60: 2, png: 10 }): Promise<PhotoSet> {
  mkdirSync(folder, { recursive: true });
  const bases = join(folder, 'bases');
  mkdirSync(bases, { recursive: true });
  const heic = await makeNoisyHeic(bases, 'phone-12mp.heic', 4032, 3024, 6, 40);
  const jpeg24 = await makeLargeJpeg(join(bases, 'camera-24mp.jpg'), 6000, 4000, 1, 92);
  const jpeg60 = await makeLargeJpeg(join(bases, 'camera-60mp.jpg'), 9504, 6336, 2, 95);
  const png = join(bases, 'screenshot.png');
  await sharp({ create: { width: 2400, height: 1600, channels: 3, background: '#406080', noise: { type: 'gaussian', mean: 110, sigma: 30 } } }).png({ compressionLevel: 3 }).toFile(png);
  const files: string[] = [];
  const plan: Array<[string, string, number, boolean]> = [
    [heic, 'heic', counts.heic, true], [jpeg24, 'jpg', counts.jpeg24, false], [jpeg60, 'jpg', counts.jpeg60, false], [png, 'png', counts.png, false],
  ];
  let n = 0;
  for (const [base, ext, count, heif] of plan) {
    for (let i = 0; i < count; i++) {
      const target = join(folder, `photo-${String(++n).padStart(2, '0')}.${ext}`);
      distinctCopy(base, target, n, heif);
      files.push(target);
    }
  }
  // Interleaved as a seller's folder would be: not all the slow ones at the end.
  files.sort((a, b) => hashOrder(a) - hashOrder(b));
  const { statSync } = await import('node:fs');
  return { files, mix: { heic12mp: counts.heic, jpeg24mp: counts.jpeg24, jpeg60mp: counts.jpeg60, png4mp: counts.png }, bytes: files.reduce((sum, f) => sum + statSync(f).size, 0) };
}

function hashOrder(name: string): number {
  let h = 0;
  for (const c of name) h = (h * 31 + c.charCodeAt(0)) >>> 0;
  return h;
}
