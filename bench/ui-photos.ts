// bench:ui's photo figures: the renderer's frame times while 40 photos of every kind
// (bench/photo-files.ts) are streamed to the core and prepared in its worker threads (issue 13),
// and the longest frame while 14 camera photos of 24-60 MP are added (issue 19: under 200 ms).
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import type { Page } from 'playwright-core';
import { writeCameraPhotos } from '../tests/support/camera-photos.ts';
import { makePhotoSet } from './photo-files.ts';
import { FRAME_RECORDER, frameFigures, STOP_FRAMES } from './ui-measures.ts';

/**
 * A new draft saved in the editor under `title` (an editor left open by an earlier figure closed
 * first), the frame recorder started, then `files` picked: the editor and when they were picked.
 */
async function addToNewDraft(page: Page, title: string, files: string[]) {
  const editor = page.locator('dialog.editor');
  if (await editor.isVisible()) await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'New draft' }).click();
  await editor.getByLabel('Title').fill(title);
  await editor.getByRole('button', { name: 'Save' }).click();
  // Locators, not waitForFunction: its string predicates are eval'd, which the app's CSP refuses.
  await page.locator('#editor-title', { hasText: title }).waitFor();
  await page.evaluate(FRAME_RECORDER);
  const started = performance.now();
  await editor.getByLabel('Add photos').setInputFiles(files);
  return { editor, started };
}

/** Adds the photo set to a new draft in the editor; frame times from the pick to "Prepared N of N". */
export async function photoFrames(page: Page, root: string) {
  const set = await makePhotoSet(root, { heic: 8, jpeg24: 20, jpeg60: 2, png: 10 });
  const { editor, started } = await addToNewDraft(page, 'Bench: 40 camera photos', set.files);
  // Until every file has an outcome (prepared, already there, failed or refused).
  const finished = editor.locator('.pending.pending-added, .pending.pending-duplicate, .pending.pending-failed, .pending.pending-refused');
  while ((await finished.count()) < set.files.length) await page.waitForTimeout(250);
  const failures = await editor.locator('.pending.pending-failed .pending-phase, .pending.pending-refused .pending-phase').allTextContents();
  if (failures.length > 0) console.error(`not prepared:\n${failures.join('\n')}`);
  const seconds = (performance.now() - started) / 1000;
  const deltas = (await page.evaluate(STOP_FRAMES)) as number[];
  const frames = frameFigures(deltas, 50);
  return {
    photos: set.files.length, prepared: await editor.locator('.pending.pending-added').count(), mix: set.mix, sourceMb: Math.round(set.bytes / 1024 / 1024),
    seconds: Math.round(seconds * 10) / 10, photosPerSecond: Math.round((set.files.length / seconds) * 100) / 100,
    frames: frames.frames, p50Ms: frames.p50Ms, p95Ms: frames.p95Ms, maxMs: frames.maxMs, framesOver50Ms: deltas.filter((d) => d > 50).length,
    targetP95Ms: 50, met: frames.met,
  };
}

/** Adds 14 camera photos of 24-60 MP to a new draft; the longest frame from the pick to "Prepared 14 of 14". */
export async function cameraPhotoFrames(page: Page, root: string, count = 14) {
  const { paths, megapixels } = await writeCameraPhotos(join(root, 'camera'), count);
  const { editor, started } = await addToNewDraft(page, `Bench: ${count} camera photos`, paths);
  const overall = editor.locator('.image-progress .overall label');
  while ((await overall.textContent()) !== `Prepared ${count} of ${count}`) await page.waitForTimeout(250);
  const seconds = (performance.now() - started) / 1000;
  const deltas = (await page.evaluate(STOP_FRAMES)) as number[];
  const frames = frameFigures(deltas, 50);
  return {
    photos: count, megapixels: [Math.min(...megapixels), Math.max(...megapixels)], seconds: Math.round(seconds * 10) / 10,
    frames: frames.frames, p95Ms: frames.p95Ms, longestFrameMs: frames.maxMs, framesOver100Ms: deltas.filter((d) => d > 100).length,
    targetLongestMs: 200, met: frames.maxMs < 200,
  };
}
