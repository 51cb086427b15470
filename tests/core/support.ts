// Helpers for the desktop core's tests: a per-test folder, an account cache in it, settings as
// the service would send them, and real photos made with sharp.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterEach } from 'vitest';
import type { UserSettings } from '../../shared/api/users.ts';
import { openAccountDb, type Db, type OpenOptions } from '../../electron/core/db/open-account-db.ts';

const cleanups: Array<() => void> = [];
afterEach(() => {
  while (cleanups.length > 0) cleanups.pop()?.();
});

export function tempFolder(): string {
  const dir = mkdtempSync(join(tmpdir(), 'core-test-'));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

export function openTempDb(options: OpenOptions = {}): { db: Db; path: string; folder: string } {
  const folder = tempFolder();
  const path = join(folder, 'account.sqlite');
  const db = openAccountDb(path, options);
  cleanups.push(() => db.open && db.close());
  return { db, path, folder };
}

const allowed = { isAllowed: true, isRequired: false };
const required = { isAllowed: true, isRequired: true };
const forbidden = { isAllowed: false, isRequired: false };

/** Settings of a regular private seller, as the service describes them (2.9). */
export function privateSellerSettings(): UserSettings {
  return {
    item: {
      closingTime: allowed,
      condition: required,
      deliveryMethods: allowed,
      description: allowed,
      identificationRequired: forbidden,
      image: { ...allowed, min: 0, max: 10 },
      listTime: allowed,
      location: required,
      mainCategoryId: required,
      minimumFeedback: forbidden,
      minimumIncrease: forbidden,
      openDays: {
        auction: { ...allowed, min: 1, max: 14 },
        buyNow: { ...allowed, min: 1, max: 30 },
        hybrid: { ...forbidden, min: 0, max: 0 },
      },
      paymentMethods: allowed,
      quantity: { ...allowed, min: 1, max: 100 },
      republish: forbidden,
      saleMethod: required,
      sectionCategoryId: allowed,
      subCategoryId: allowed,
      deliveryTerms: allowed,
      title: required,
      vat: forbidden,
      marginalTax: forbidden,
      reservePrice: forbidden,
      paymentTerms: allowed,
      offersAllowed: allowed,
    },
    updated: '2025-01-01T12:00:00+0200',
  };
}

/** A complete buy-now draft a private seller may publish. */
export function completeBuyNow(title = 'Oak table'): Record<string, unknown> {
  return {
    saleMethod: 'buy-now', title, description: '<p>Solid oak, seats six.</p>', categoryId: 12, condition: 'good',
    buyNowPrice: 120, quantity: 1, openDays: 14, postalCode: '00100', deliveryMethods: ['pickup'],
    paymentMethods: ['cash', 'mobile-pay'],
  };
}

/** A real JPEG with noise (so it compresses like a photo), optionally with an EXIF orientation. */
export async function makeJpeg(width: number, height: number, options: { orientation?: number; seed?: number } = {}): Promise<Buffer> {
  const small = await sharp({
    create: { width: Math.max(1, Math.round(width / 10)), height: Math.max(1, Math.round(height / 10)), channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 100 + (options.seed ?? 0), sigma: 30 } },
  }).png().toBuffer();
  let image = sharp(small).resize(width, height, { fit: 'fill' }).jpeg({ quality: 90 });
  if (options.orientation) image = image.withMetadata({ orientation: options.orientation });
  return image.toBuffer();
}
