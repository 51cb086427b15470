// The embedded sandbox marketplace's demo data (the category tree, the demo accounts, 300+ items
// with their pictures), seeded once per test run and copied into each e2e file's data folder.
// Web mode seeds an empty sandbox on its first start (rendering the pictures, hashing the demo
// passwords: seconds of CPU per file); finding the copy, it opens it as on any later start.
// The seed is made by the same code web mode runs (startSandbox), so the files see the same shop.
// Its times are relative to when it was made: published items close an hour or more later,
// longer than a run lasts.
import { cpSync } from 'node:fs';
import { join } from 'node:path';
import { sharedFolder } from './shared-renderer.ts';

/** The seeded sandbox of this run (made by the first file that asks): `<folder>/sandbox`. */
export function sharedSandboxSeed(): Promise<string> {
  return sharedFolder('sandbox-seed', async (outDir) => {
    const { startSandbox } = await import('../../electron/sandbox/embedded-marketplace.ts');
    const sandbox = await startSandbox(outDir);
    await sandbox.close();
  });
}

/** For openApp's prepareData: the seeded sandbox copied into a fresh data folder. */
export function copySandboxSeed(seed: string, dataDir: string): void {
  cpSync(join(seed, 'sandbox'), join(dataDir, 'sandbox'), { recursive: true });
}
