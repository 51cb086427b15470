// The backup domain's worker threads (verify-worker.ts, adopt-worker.ts), started as every core
// worker is (host/start-worker.ts), with resource limits when asked.
import type { ResourceLimits, Worker } from 'node:worker_threads';
import { startWorker } from '../host/start-worker.ts';

export function startBackupWorker(name: 'verify-worker' | 'adopt-worker', workerData: unknown, resourceLimits?: ResourceLimits): Worker {
  return startWorker(import.meta.url, name, { workerData, ...(resourceLimits ? { resourceLimits } : {}) });
}
