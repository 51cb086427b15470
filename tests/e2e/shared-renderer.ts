// The renderer's production build, made once per test run and shared by every e2e file (each
// file used to build its own: about 4 s of both cores, twenty times a run). The first worker to
// get here takes a lock folder and builds; the others wait for its "built" mark. The build is only
// read afterwards: web mode serves it, nothing writes to it.
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { inject } from 'vitest';

const BUILD_WAIT_MS = 300_000;

export function sharedRenderer(build: (outDir: string) => Promise<void>): Promise<string> {
  return sharedOnce('renderer', build);
}

/** `make(folder)` run once per test run (by the first file to ask), the folder shared by every file after it. */
export async function sharedOnce(name: string, build: (outDir: string) => Promise<void>): Promise<string> {
  const folder = join(inject('runShared'), name);
  // The marks sit beside the build, not in it: web mode serves the folder as it is.
  const built = `${folder}.built`;
  const failed = `${folder}.failed`;
  let mine = false;
  try {
    mkdirSync(`${folder}.lock`);
    mine = true;
  } catch {
    // Another worker builds it.
  }
  if (mine) {
    try {
      await build(folder);
      writeFileSync(built, '');
    } catch (error) {
      writeFileSync(failed, String(error));
      throw error;
    }
    return folder;
  }
  for (const started = Date.now(); Date.now() - started < BUILD_WAIT_MS; await sleep(200)) {
    if (existsSync(built)) return folder;
    if (existsSync(failed)) throw new Error(`the shared ${name} build failed in another test file`);
  }
  throw new Error(`the shared ${name} build did not finish within ${BUILD_WAIT_MS / 1000} s`);
}
