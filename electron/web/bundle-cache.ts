// esbuild's output kept in a folder named by its content, under node_modules/.cache (the
// bundles' bare imports resolve to the project's node_modules from there): the core's bundle
// (core-bundle.ts) and the tests' web-mode bundle (tests/e2e/web-bundle.ts). Written aside and
// renamed into place whole, since another process may be making the same one; other versions'
// folders a day old are removed (a running web mode may still use a younger one).
import { createHash, randomBytes } from 'node:crypto';
import { mkdirSync, readdirSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';

const PRUNE_AFTER_MS = 24 * 60 * 60 * 1000;

interface OutputFile {
  path: string;
  contents: Uint8Array;
}

/** The folder under `cache` holding `files` (made when missing), the path of its `entry` file. */
export function keepBundle(cache: string, files: readonly OutputFile[], entry: string): string {
  const hash = createHash('sha256');
  for (const file of files) hash.update(basename(file.path)).update(file.contents);
  const folder = join(cache, hash.digest('hex').slice(0, 16));
  const entryPath = join(folder, entry);
  if (!isFile(entryPath)) {
    const making = join(cache, `.making-${randomBytes(6).toString('hex')}`);
    mkdirSync(making, { recursive: true });
    for (const file of files) writeFileSync(join(making, basename(file.path)), file.contents);
    try {
      renameSync(making, folder);
    } catch {
      rmSync(making, { recursive: true, force: true });
      if (!isFile(entryPath)) throw new Error(`the bundle could not be written to ${folder}`);
    }
  }
  prune(cache, folder);
  return entryPath;
}

function isFile(path: string): boolean {
  try {
    return statSync(path).isFile();
  } catch {
    return false;
  }
}

function prune(cache: string, keep: string): void {
  const now = Date.now();
  for (const name of readdirSync(cache)) {
    const path = join(cache, name);
    if (path === keep) continue;
    try {
      if (now - statSync(path).mtimeMs > PRUNE_AFTER_MS) rmSync(path, { recursive: true, force: true });
    } catch {
      // Removed meanwhile by another process.
    }
  }
}
