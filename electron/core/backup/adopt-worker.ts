// One adoption off the core's thread (adopt-rows.ts): reading a file from outside and writing the
// cache made from it take seconds for a large shop, which on the core's thread would hold every
// other call; and a file made to cost memory or time costs this thread, which the core ends
// (adopt-cache.ts), never the app.
import { parentPort, workerData } from 'node:worker_threads';
import { adoptRows, AdoptRefused, type AdoptTask } from './adopt-rows.ts';
import type { AdoptReply } from './adopt-cache.ts';
import { lowerThisThreadPriority } from '../host/background-thread.ts';

/** The core's word to stop: a shared flag it sets when the time budget is spent (adopt-cache.ts). */
export interface AdoptWorkerData { task: AdoptTask; stop: SharedArrayBuffer }

function run({ task, stop }: AdoptWorkerData): AdoptReply {
  const flag = new Int32Array(stop);
  const stopAsked = () => {
    if (Atomics.load(flag, 0) !== 0) throw new AdoptRefused('stopped', 'the time budget was spent');
  };
  try {
    const { carried, counts } = adoptRows(task, stopAsked);
    return { ok: true, carried, counts };
  } catch (error) {
    if (error instanceof AdoptRefused) return { ok: false, refusal: error.refusal, message: error.message, what: error.what, code: null };
    const code = (error as { code?: unknown }).code;
    return { ok: false, refusal: null, message: error instanceof Error ? error.message : String(error), what: null, code: typeof code === 'string' ? code : null };
  }
}

lowerThisThreadPriority();
parentPort?.postMessage(run(workerData as AdoptWorkerData));
