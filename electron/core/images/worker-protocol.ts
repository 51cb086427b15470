// The messages between worker-pool.ts and prepare-worker.ts.
import type { ImageEdits } from './prepare-terms.ts';

export type WorkerTask =
  | { type: 'hash'; path: string }
  | { type: 'prepare'; input: string; edits: ImageEdits; maxBytes?: number; filePath: string; thumbPath: string };

export interface HashResult { sha256: string }
export interface PrepareResult { sha256: string; width: number; height: number; bytes: number }

export type TaskResult<T extends WorkerTask> = T extends { type: 'hash' } ? HashResult : PrepareResult;

export type WorkerReply =
  | { id: number; ok: true; value: HashResult | PrepareResult }
  | { id: number; ok: false; error: string };
