// The one temporary-folder helper: a fresh folder per call, removed after the test that made it.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach } from 'vitest';

const cleanups: Array<() => void> = [];
afterEach(() => {
  while (cleanups.length > 0) cleanups.pop()?.();
});

/** Also runs `cleanup` after the current test (before the folders go: close files first). */
export function afterThisTest(cleanup: () => void): void {
  cleanups.push(cleanup);
}

export function tempFolder(prefix = 'market-desk-test-'): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  afterThisTest(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}
