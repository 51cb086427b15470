// The core's worker threads (photos, spreadsheets, backups) start one way. From source (tsx,
// vitest) the worker's .ts file is loaded through tsx's loader; the built app ships `<name>.js`
// beside the core's bundle (electron/build-shell.ts, electron/web/core-bundle.ts), where the
// module that starts it is bundled too: `callerUrl` (its import.meta.url) says which case holds.
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker, type WorkerOptions } from 'node:worker_threads';

export function startWorker(callerUrl: string, name: string, options: WorkerOptions = {}): Worker {
  const here = fileURLToPath(callerUrl);
  if (here.endsWith('.ts')) {
    const url = pathToFileURL(join(dirname(here), `${name}.ts`)).href;
    return new Worker(`import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(url)}); })`, { ...options, eval: true });
  }
  return new Worker(join(dirname(here), `${name}.js`), options);
}
