// Issue 13 in a real Chromium, web mode: 30 photos as phones and cameras make them (a HEIC, a
// 40 MB JPEG, PNGs and JPEGs) streamed to the local process and prepared in its worker threads;
// a text file named .jpg refused by name, taking no slot; a photo turned and cropped from the
// keyboard. Files are made here (nothing big is committed).
import { mkdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeHeic } from '../core/support/photos.ts';
import { writeLargeJpeg } from '../support/camera-photos.ts';
import { photoSeller } from './photo-seller.ts';
import { openApp, OUTPUT, tempDir, type AppSession } from './support.ts';

let app: AppSession;
let page: Page;
const files = tempDir('e2e-camera-files-');

let photos: string[] = [];

beforeAll(async () => {
  const folder = join(files.path, 'photos');
  mkdirSync(folder);
  const big = await writeLargeJpeg(join(folder, '01-camera-40mb.jpg'), 6000, 4000);
  // Stored 1600x1200 sideways (EXIF orientation 6), as a phone held upright writes it.
  const heic = await makeHeic(folder, '02-iphone.heic', 1600, 1200, 6);
  const small: string[] = [];
  for (let i = 3; i <= 30; i++) {
    const png = i % 7 === 0;
    const path = join(folder, `${String(i).padStart(2, '0')}-photo.${png ? 'png' : 'jpg'}`);
    const image = sharp({ create: { width: 1200, height: 900, channels: 3, background: { r: (i * 37) % 256, g: (i * 91) % 256, b: (i * 53) % 256 } } });
    writeFileSync(path, await (png ? image.png() : image.jpeg({ quality: 85 })).toBuffer());
    small.push(path);
  }
  photos = [big, heic, ...small];
  app = await openApp({ prepareData: photoSeller(40), prefix: 'e2e-camera' });
  page = app.page;
}, 180_000);

afterAll(async () => {
  await app?.close();
  files.remove();
});

const editor = () => page.locator('dialog.editor');
const overall = () => editor().locator('.image-progress .overall label').textContent();

describe('photos as phones and cameras make them, in Chromium', () => {
  it('adds 30 photos including a HEIC and a 40 MB JPEG to a draft, with thumbnails and the bar counting them', async () => {
    expect(statSync(photos[0] as string).size).toBeGreaterThan(38 * 1024 * 1024);
    expect(photos).toHaveLength(30);
    await page.goto(app.web.url);
    await expect.poll(() => page.locator('.count').textContent()).toBe('0 items');
    await page.getByRole('button', { name: 'New draft' }).click();
    await editor().getByLabel('Title').fill('Camera bag with 30 photos');
    await editor().getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => editor().locator('#editor-title').textContent()).toBe('Camera bag with 30 photos');

    await editor().getByLabel('Add photos').setInputFiles(photos);
    await expect.poll(overall, { timeout: 240_000, interval: 500 }).toBe('Prepared 30 of 30');
    await expect.poll(() => editor().locator('.thumbs li img').count(), { timeout: 30_000 }).toBe(30);
    const labels = await editor().locator('.thumbs li').evaluateAll((items) => items.map((li) => li.getAttribute('aria-label')));
    // The 24 MP camera photo scaled to 3000 px; the HEIC turned upright (portrait).
    expect(labels[0]).toBe('Photo 1 of 30, 3000×2000');
    expect(labels[1]).toBe('Photo 2 of 30, 1200×1600');
    await editor().locator('.thumbs li').nth(1).scrollIntoViewIfNeeded();
    await page.screenshot({ path: join(OUTPUT, 'camera-photos-30.png') });
  }, 300_000);

  it('refuses a text file named .jpg with one sentence, taking no slot', async () => {
    const text = join(files.path, 'not-a-photo.jpg');
    writeFileSync(text, 'Dear buyer, this is a text file.');
    await editor().getByLabel('Add photos').setInputFiles([text]);
    await expect.poll(() => editor().locator('.pending[data-file="not-a-photo.jpg"] .pending-phase').textContent(), { timeout: 20_000 })
      .toBe('Not added: not-a-photo.jpg is not a photo the app can read (JPEG, PNG, HEIC, WebP, GIF, TIFF or AVIF), so it was not added.');
    expect(await overall()).toBe('Prepared 0 of 1 · 1 not added');
    expect(await editor().locator('.thumbs li').count()).toBe(30);
  });

  it('turns a photo with R and crops it with C from the keyboard, kept as parameters', async () => {
    const first = editor().locator('.thumbs li').first();
    await first.focus();
    await page.keyboard.press('r');
    await expect.poll(() => editor().locator('.thumbs li').first().getAttribute('aria-label'), { timeout: 30_000 }).toBe('Photo 1 of 30, 2000×3000, turned 90°');
    await editor().locator('.thumbs li').first().focus();
    await page.keyboard.press('c');
    const crop = page.getByRole('dialog', { name: 'Crop photo' });
    await expect.poll(() => crop.locator('.crop-stage img').count(), { timeout: 20_000 }).toBe(1);
    // Shift+arrows size the frame: 10 % narrower and lower, twice, from the top left corner.
    await page.keyboard.press('Shift+Alt+ArrowLeft');
    await page.keyboard.press('Shift+Alt+ArrowUp');
    await page.keyboard.press('Shift+Alt+ArrowLeft');
    await page.keyboard.press('Shift+Alt+ArrowUp');
    expect(await crop.getByLabel('Width %').inputValue()).toBe('80');
    await page.screenshot({ path: join(OUTPUT, 'camera-photos-crop.png') });
    await page.keyboard.press('Enter');
    await expect.poll(() => editor().locator('.thumbs li').first().getAttribute('aria-label'), { timeout: 30_000 }).toBe('Photo 1 of 30, 1600×2400, turned 90°, cropped');
    await page.screenshot({ path: join(OUTPUT, 'camera-photos-edited.png') });
    expect(app.pageErrors).toEqual([]);
  });
});
