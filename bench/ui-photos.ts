// bench:ui's photo figure (issue 13): the renderer's frame times while 40 camera photos
// (bench/photo-files.ts) are streamed to the core and prepared in its worker threads.
import { performance } from 'node:perf_hooks';
import type { Page } from 'playwright-core';
import { makePhotoSet } from './photo-files.ts';
import { FRAME_RECORDER, frameFigures, STOP_FRAMES } from './ui-measures.ts';

/** Adds the photo set to a new draft in the editor; frame times from the pick to "Prepared N of N". */
export async function photoFrames(page: Page, root: string) {
  const set = await makePhotoSet(root, { heic: 8, jpeg24: 20, jpeg60: 2, png: 10 });
  const editor = page.locator('dialog.editor');
  await page.getByRole('button', { name: 'New draft' }).click();
  await editor.getByLabel('Title').fill('Bench: 40 camera photos');
  await editor.getByRole('button', { name: 'Save' }).click();
  // Locators, not waitForFunction: its string predicates are eval'd, which the app's CSP refuses.
  await page.locator('#editor-title', { hasText: 'Bench: 40 camera photos' }).waitFor();
  await page.evaluate(FRAME_RECORDER);
  const started = performance.now();
  await editor.getByLabel('Add photos').setInputFiles(set.files);
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
