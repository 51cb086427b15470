// Helpers for the desktop core's tests: a per-test folder, an account cache in it, settings as
// the service would send them, and real photos made with sharp.
import { join } from 'node:path';
import { openAccountDb, type Db, type OpenOptions } from '../../electron/core/db/open-account-db.ts';
import { afterThisTest, tempFolder as newTempFolder } from '../support/temp-folder.ts';

export { completeBuyNow, privateSellerRules, privateSellerSettings } from './fixtures/sellers.ts';

export function tempFolder(): string {
  return newTempFolder('core-test-');
}

export function openTempDb(options: OpenOptions = {}): { db: Db; path: string; folder: string } {
  const folder = tempFolder();
  const path = join(folder, 'account.sqlite');
  const db = openAccountDb(path, options);
  afterThisTest(() => db.open && db.close());
  return { db, path, folder };
}

/** A real JPEG with noise (so it compresses like a photo), optionally with an EXIF orientation. */
export async function makeJpeg(width: number, height: number, options: { orientation?: number; seed?: number } = {}): Promise<Buffer> {
  // sharp on first use, as the core loads it: some 60 test files import this module, and most of
  // them never make a photo (loading libvips cost each about 0.4 s of CPU at import).
  const { default: sharp } = await import('sharp');
  const small = await sharp({
    create: { width: Math.max(1, Math.round(width / 10)), height: Math.max(1, Math.round(height / 10)), channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 100 + (options.seed ?? 0), sigma: 30 } },
  }).png().toBuffer();
  let image = sharp(small).resize(width, height, { fit: 'fill' }).jpeg({ quality: 90 });
  if (options.orientation) image = image.withMetadata({ orientation: options.orientation });
  return image.toBuffer();
}
