// Web mode runs the core as the app ships it: bundled JavaScript on plain Node (Electron's
// out/main/core-host.js and its workers, electron/build-shell.ts), not the TypeScript sources
// through tsx. tsx's loader runs its hooks on a thread of its own (a second V8 heap in every
// process and in every worker thread: ~34 MB each), which alone kept web mode's process tree over
// the 300 MB a hostile file may leave behind (issue 19). The bundle is made once per process with
// esbuild (half a second), dependencies left to node_modules, in a folder named by its content:
// web mode started again on the same sources reuses it, and other versions are pruned.
import { join } from 'node:path';
import { keepBundle } from './bundle-cache.ts';

const ROOT = join(import.meta.dirname, '..', '..');
/** Under the project's node_modules, so that the bundle's bare imports resolve as the sources' do. */
const CACHE = join(ROOT, 'node_modules', '.cache', 'market-desk-core');
/** The core host and the workers it starts, named as build-shell.ts names them beside core-host.js. */
const ENTRIES = {
  'core-host': 'electron/core/host/core-host-main.ts',
  'prepare-worker': 'electron/core/images/prepare-worker.ts',
  'spreadsheet-worker': 'electron/core/spreadsheet/spreadsheet-worker.ts',
  'verify-worker': 'electron/core/backup/verify-worker.ts',
  'adopt-worker': 'electron/core/backup/adopt-worker.ts',
  'checkpoint-worker': 'electron/core/db/checkpoint-worker.ts',
  'writer-thread': 'electron/core/writer/writer-thread.ts',
} as const;

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
    return keepBundle(CACHE, result.outputFiles, 'core-host.js');
  } finally {
    await esbuild.stop();
  }
}
