// The backup domain's worker threads (verify-worker.ts, adopt-worker.ts): from source (tsx,
// vitest) the .ts file through tsx's loader; the built app ships `<name>.js` beside the core's
// bundle (electron/build-shell.ts, electron/web/core-bundle.ts), where this module is bundled too.
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker, type ResourceLimits } from 'node:worker_threads';

export function startBackupWorker(name: 'verify-worker' | 'adopt-worker', workerData: unknown, resourceLimits?: ResourceLimits): Worker {
  const here = fileURLToPath(import.meta.url);
  const options = { workerData, ...(resourceLimits ? { resourceLimits } : {}) };
  if (here.endsWith('.ts')) {
    const url = pathToFileURL(join(dirname(here), `${name}.ts`)).href;
    return new Worker(`import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(url)}); })`, { eval: true, ...options });
  }
  return new Worker(join(dirname(here), `${name}.js`), options);
}
