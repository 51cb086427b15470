// Bundles the Electron shell into out/: main as one ES module (dependencies stay external and
// load from node_modules: better-sqlite3 and sharp are native), the preload as one CommonJS file
// (a sandboxed preload can require only 'electron' and a few built-ins, no files from disk).
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';

const root = resolve(import.meta.dirname, '..');

async function bundle(entry: string, outDir: string, fileName: string, format: 'es' | 'cjs', emptyOutDir = true): Promise<void> {
  // vitest sets NODE_ENV=test; the shell is always built as shipped.
  process.env.NODE_ENV = 'production';
  await build({
    configFile: false,
    root,
    logLevel: 'warn',
    build: {
      ssr: resolve(root, entry),
      outDir,
      emptyOutDir,
      target: 'node22',
      minify: false,
      sourcemap: false,
      rolldownOptions: { output: { format, entryFileNames: fileName } },
    },
  });
}

/** Writes <out>/main/main.js (+ prepare-worker.js, core-host.js) and <out>/preload/preload.cjs (the renderer goes to <out>/renderer). */
export async function buildShell(out = join(root, 'out')): Promise<void> {
  const previous = process.env.NODE_ENV;
  try {
    await bundle('electron/main.ts', join(out, 'main'), 'main.js', 'es');
    // The photo preparation worker thread, next to main.js (electron/core/images/worker-pool.ts).
    await bundle('electron/core/images/prepare-worker.ts', join(out, 'main'), 'prepare-worker.js', 'es', false);
    // The core's own process (utilityProcess.fork in main.ts; issue 19).
    await bundle('electron/core/host/core-host-main.ts', join(out, 'main'), 'core-host.js', 'es', false);
    // The backup check's worker thread (integrity_check off the main thread, electron/core/backup/verify.ts).
    await bundle('electron/core/backup/verify-worker.ts', join(out, 'main'), 'verify-worker.js', 'es', false);
    // The worker that reads a restored backup's or an imported export's cache as data (electron/core/backup/adopt-cache.ts).
    await bundle('electron/core/backup/adopt-worker.ts', join(out, 'main'), 'adopt-worker.js', 'es', false);
    // The checkpoint of a long write's WAL off the core's main thread (electron/core/db/long-write-wal.ts).
    await bundle('electron/core/db/checkpoint-worker.ts', join(out, 'main'), 'checkpoint-worker.js', 'es', false);
    // The spreadsheet reading worker (electron/core/spreadsheet/spreadsheet-worker-host.ts).
    await bundle('electron/core/spreadsheet/spreadsheet-worker.ts', join(out, 'main'), 'spreadsheet-worker.js', 'es', false);
    // The account's writer thread: every long write (electron/core/writer/writer-client.ts).
    await bundle('electron/core/writer/writer-thread.ts', join(out, 'main'), 'writer-thread.js', 'es', false);
    await bundle('electron/preload.ts', join(out, 'preload'), 'preload.cjs', 'cjs');
  } finally {
    process.env.NODE_ENV = previous;
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await buildShell();
