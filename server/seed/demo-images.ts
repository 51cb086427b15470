// Real JPEG pictures for the demo items. Rendering is the slow part of seeding, so each distinct
// picture (one per section, two detail shots per main category) is rendered once and its files
// are hard-linked for every image that shows it. Files follow renditionPath():
// <imagesDir>/<imageId>/original.jpg, medium.jpg (fits 800x800), thumbnail.jpg (fits 200x200).
import { createHash } from 'node:crypto';
import { copyFileSync, linkSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import sharp from 'sharp';
import type { ImageRendition } from '../../shared/api/index.ts';
import { renditionPath } from '../domain/images/image-row.ts';
import { DEMO_CATEGORIES } from './category-data.ts';

export interface DemoPicture {
  /** The three renditions as JPEG bytes. */
  files: Record<ImageRendition, Buffer>;
  width: number;
  height: number;
  sha256: string;
}

const WIDTH = 1024;
const HEIGHT = 768;
const RENDITIONS: readonly ImageRendition[] = ['original', 'medium', 'thumbnail'];

interface PictureSpec {
  title: string;
  caption: string;
  hue: number;
  variant: number;
}

/** Every picture the demo may use, by the key item-plan.ts gives it. */
function pictureSpecs(): Map<string, PictureSpec> {
  const specs = new Map<string, PictureSpec>();
  DEMO_CATEGORIES.forEach((main) => {
    main.sections.forEach((section, s) => {
      specs.set(`section-${section.id}`, { title: section.name, caption: main.name, hue: main.hue + s * 12, variant: 0 });
    });
    for (const i of [1, 2]) {
      specs.set(`detail-${main.id}-${i}`, { title: main.name, caption: i === 1 ? 'Detail' : 'Another view', hue: main.hue + 180 * (i - 1) + 20, variant: i });
    }
  });
  return specs;
}

/** Renders the pictures with these keys, two at a time (the machine may have two cores). */
export async function renderDemoPictures(keys: Iterable<string>): Promise<Map<string, DemoPicture>> {
  const specs = pictureSpecs();
  const queue = [...new Set(keys)];
  const out = new Map<string, DemoPicture>();
  const worker = async () => {
    for (let key = queue.shift(); key !== undefined; key = queue.shift()) {
      const spec = specs.get(key);
      if (!spec) throw new Error(`no demo picture ${key}`);
      out.set(key, await renderPicture(spec));
    }
  };
  await Promise.all([worker(), worker()]);
  return out;
}

async function renderPicture(spec: PictureSpec): Promise<DemoPicture> {
  const original = await sharp(Buffer.from(pictureSvg(spec))).jpeg({ quality: 82, mozjpeg: false }).toBuffer();
  const [medium, thumbnail] = await Promise.all([
    sharp(original).resize(800, 800, { fit: 'inside', withoutEnlargement: true }).jpeg({ quality: 80 }).toBuffer(),
    sharp(original).resize(200, 200, { fit: 'inside', withoutEnlargement: true }).jpeg({ quality: 75 }).toBuffer(),
  ]);
  return {
    files: { original, medium, thumbnail },
    width: WIDTH,
    height: HEIGHT,
    sha256: createHash('sha256').update(original).digest('hex'),
  };
}

function pictureSvg({ title, caption, hue, variant }: PictureSpec): string {
  const shape =
    variant === 0
      ? `<circle cx="${WIDTH / 2}" cy="330" r="210" fill="hsl(${hue}, 70%, 85%)" fill-opacity="0.35"/>
         <rect x="${WIDTH / 2 - 120}" y="230" width="240" height="200" rx="28" fill="hsl(${hue}, 60%, 25%)" fill-opacity="0.45"/>`
      : variant === 1
        ? `<path d="M0 ${HEIGHT} L${WIDTH * 0.45} 200 L${WIDTH} ${HEIGHT} Z" fill="hsl(${hue}, 55%, 80%)" fill-opacity="0.3"/>
           <circle cx="${WIDTH * 0.75}" cy="180" r="90" fill="hsl(${hue + 40}, 80%, 90%)" fill-opacity="0.5"/>`
        : `<g fill="hsl(${hue}, 50%, 90%)" fill-opacity="0.18">${Array.from({ length: 8 }, (_, i) => `<rect x="${i * 140 - 60}" y="0" width="60" height="${HEIGHT}" transform="rotate(18 ${i * 140} ${HEIGHT / 2})"/>`).join('')}</g>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}">
  <defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1">
    <stop offset="0" stop-color="hsl(${hue}, 55%, 55%)"/><stop offset="1" stop-color="hsl(${hue + 30}, 50%, 28%)"/>
  </linearGradient></defs>
  <rect width="100%" height="100%" fill="url(#bg)"/>
  ${shape}
  <text x="${WIDTH / 2}" y="610" font-family="DejaVu Sans, Arial, sans-serif" font-size="64" font-weight="bold" fill="#ffffff" text-anchor="middle">${xml(title)}</text>
  <text x="${WIDTH / 2}" y="680" font-family="DejaVu Sans, Arial, sans-serif" font-size="34" fill="#ffffff" fill-opacity="0.85" text-anchor="middle">${xml(caption)} · Market Desk demo</text>
</svg>`;
}

const xml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * Writes one image's rendition files. The first image showing a picture gets real files; later
 * ones are hard links to them (a copy where linking is not possible), so deleting one image's
 * folder never affects another.
 */
export function writeImageFiles(imagesDir: string, imageId: number, picture: DemoPicture, firstImageId: number | undefined): void {
  // A folder left over from an earlier database with this image id is replaced, not mixed in.
  rmSync(imageFolder(imagesDir, imageId), { recursive: true, force: true });
  mkdirSync(imageFolder(imagesDir, imageId), { recursive: true });
  for (const rendition of RENDITIONS) {
    const target = renditionPath(imagesDir, { id: imageId, format: 'jpeg' }, rendition);
    if (firstImageId === undefined) {
      writeFileSync(target, picture.files[rendition]);
      continue;
    }
    const source = renditionPath(imagesDir, { id: firstImageId, format: 'jpeg' }, rendition);
    try {
      linkSync(source, target);
    } catch {
      copyFileSync(source, target);
    }
  }
}

export function removeImageFiles(imagesDir: string, imageIds: readonly number[]): void {
  for (const id of imageIds) rmSync(imageFolder(imagesDir, id), { recursive: true, force: true });
}

const imageFolder = (imagesDir: string, id: number) => dirname(renditionPath(imagesDir, { id, format: 'jpeg' }, 'original'));
