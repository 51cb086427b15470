// Once per test run: a folder for what every end-to-end file shares and nothing changes during a
// run (the renderer's production build), and one Chromium for every browser the e2e files open.
// Nothing is built here: a run of server tests alone pays nothing for the build; the first e2e file
// that needs the renderer builds it (tests/e2e/shared-renderer.ts).
//
// The browser: each app session used to launch Chromium on a fresh profile (2 to 5 s with both
// cores busy, and about 1 s more to close it), some thirty times a run. The run launches one
// browser server instead; a session connects to it and opens a browser context of its own
// (tests/e2e/support.ts newBrowserContext), as isolated from the others as a fresh profile: its
// own cookies, storage, cache and permissions, nothing written to disk. A run without e2e files
// pays for it too: 0.5-0.7 s to launch and 0.4 s to close (measured at load 3).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import type { TestProject } from 'vitest/node';
import { CHROMIUM, CHROMIUM_ARGS } from './chromium.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** This run's shared folder (removed at the end of the run). */
    runShared: string;
    /** This run's Chromium server (playwright's `chromium.connect` endpoint), closed at the end of the run. */
    browserEndpoint: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const folder = mkdtempSync(join(tmpdir(), 'market-desk-run-'));
  project.provide('runShared', folder);
  const browser = await chromium.launchServer({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS });
  project.provide('browserEndpoint', browser.wsEndpoint());
  return async () => {
    await browser.close();
    rmSync(folder, { recursive: true, force: true });
  };
}
