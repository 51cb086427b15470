// The core's worker threads (photos, spreadsheets, backups) start one way. From source (tsx,
// vitest) the worker's .ts file is bundled into plain JavaScript first (source-worker.ts); the built app ships `<name>.js`
// beside the core's bundle (electron/build-shell.ts, electron/web/core-bundle.ts), where the
// module that starts it is bundled too: `callerUrl` (its import.meta.url) says which case holds.
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker, type WorkerOptions } from 'node:worker_threads';
import { sourceWorkerFile } from './source-worker.ts';

export function startWorker(callerUrl: string, name: string, options: WorkerOptions = {}): Worker {
  const here = fileURLToPath(callerUrl);
  if (here.endsWith('.ts')) return new Worker(sourceWorkerFile(join(dirname(here), `${name}.ts`)), options);
  return new Worker(join(dirname(here), `${name}.js`), options);
}
