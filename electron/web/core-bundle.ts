// Web mode runs the core as the app ships it: bundled JavaScript on plain Node (Electron's
// out/main/core-host.js and its workers, electron/build-shell.ts), not the TypeScript sources
// through tsx. tsx's loader runs its hooks on a thread of its own (a second V8 heap in every
// process and in every worker thread: ~34 MB each), which alone kept web mode's process tree over
// the 300 MB a hostile file may leave behind (issue 19). The bundle is made once per process with
// esbuild (half a second), dependencies left to node_modules, in a folder named by its content:
// web mode started again on the same sources reuses it, and other versions are pruned.
import { createHash, randomBytes } from 'node:crypto';
import { mkdirSync, readdirSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';

const ROOT = join(import.meta.dirname, '..', '..');
/** Under the project's node_modules, so that the bundle's bare imports resolve as the sources' do. */
const CACHE = join(ROOT, 'node_modules', '.cache', 'market-desk-core');
/** The core host and the workers it starts, named as build-shell.ts names them beside core-host.js. */
const ENTRIES = {
  'core-host': 'electron/core/host/core-host-main.ts',
  'prepare-worker': 'electron/core/images/prepare-worker.ts',
  'spreadsheet-worker': 'electron/core/spreadsheet/spreadsheet-worker.ts',
  'verify-worker': 'electron/core/backup/verify-worker.ts',
} as const;
/** Other versions' folders older than this are removed (a running web mode may still use one). */
const PRUNE_AFTER_MS = 24 * 60 * 60 * 1000;

let bundled: Promise<string> | null = null;

/** The bundled core host's path (its workers beside it), made on the first call of this process. */
export function bundledCoreEntry(): Promise<string> {
  bundled ??= bundle().catch((error: unknown) => {
    bundled = null;
    throw error;
  });
  return bundled;
}

async function bundle(): Promise<string> {
  // Loaded only here: the server process keeps no bundler, and the service esbuild starts is stopped below.
  const esbuild = await import('esbuild');
  try {
    const result = await esbuild.build({
      absWorkingDir: ROOT,
      entryPoints: Object.fromEntries(Object.entries(ENTRIES).map(([name, path]) => [name, join(ROOT, path)])),
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      packages: 'external',
      outdir: CACHE,
      write: false,
      logLevel: 'silent',
    });
    const hash = createHash('sha256');
    for (const file of result.outputFiles) hash.update(basename(file.path)).update(file.contents);
    const folder = join(CACHE, hash.digest('hex').slice(0, 16));
    const entry = join(folder, 'core-host.js');
    if (!exists(entry)) {
      // Written aside and renamed into place whole: another web mode may be making the same one.
      const making = join(CACHE, `.making-${randomBytes(6).toString('hex')}`);
      mkdirSync(making, { recursive: true });
      for (const file of result.outputFiles) writeFileSync(join(making, basename(file.path)), file.contents);
      try {
        renameSync(making, folder);
      } catch {
        rmSync(making, { recursive: true, force: true });
        if (!exists(entry)) throw new Error(`the core's bundle could not be written to ${folder}`);
      }
    }
    prune(folder);
    return entry;
  } finally {
    await esbuild.stop();
  }
}

function exists(path: string): boolean {
  try {
    return statSync(path).isFile();
  } catch {
    return false;
  }
}

function prune(keep: string): void {
  const now = Date.now();
  for (const name of readdirSync(CACHE)) {
    const path = join(CACHE, name);
    if (path === keep) continue;
    try {
      if (now - statSync(path).mtimeMs > PRUNE_AFTER_MS) rmSync(path, { recursive: true, force: true });
    } catch {
      // Removed meanwhile by another web mode.
    }
  }
}
