// The one temporary-folder helper: a fresh folder per call, removed after the test that made it
// (or, made outside a test: at collection or in a beforeAll, after its file), a failed test's too.
// The hooks that remove them are registered for every file by tests/support/each-file.ts:
// registered here, at this module's top level, they served only the first file of each worker
// (isolate: false keeps this module loaded, so it is evaluated once), and every later file left
// its folders (thousands under /tmp after a few runs, a tmpfs of full-disk.test.ts still mounted).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const afterTest: Array<() => void> = [];
const afterFile: Array<() => void> = [];
let inTest = false;

/** Also runs `cleanup` after the current test, or after the file outside a test (before the folders go: close files first). */
export function afterThisTest(cleanup: () => void): void {
  (inTest ? afterTest : afterFile).push(cleanup);
}

export function tempFolder(prefix = 'market-desk-test-'): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  afterThisTest(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/** each-file.ts's hooks: a test begins; a test ends (its cleanups run, last first); the file ends. */
export const cleanupHooks = {
  testStarts(): void {
    inTest = true;
  },
  testEnded(): void {
    inTest = false;
    runAll(afterTest);
  },
  fileEnded(): void {
    runAll(afterTest);
    runAll(afterFile);
  },
};

/** Every cleanup runs, last registered first, even when one throws; the first error is thrown after. */
function runAll(cleanups: Array<() => void>): void {
  const errors: unknown[] = [];
  while (cleanups.length > 0) {
    try {
      cleanups.pop()?.();
    } catch (error) {
      errors.push(error);
    }
  }
  if (errors.length > 0) throw errors[0];
}
