// One adoption off the core's thread (adopt-rows.ts): reading a file from outside and writing the
// cache made from it take seconds for a large shop, which on the core's thread would hold every
// other call; and a file made to cost memory or time costs this thread, which the core ends
// (adopt-cache.ts), never the app.
import { parentPort, workerData } from 'node:worker_threads';
import { adoptRows, AdoptRefused, type AdoptTask } from './adopt-rows.ts';
import type { AdoptReply } from './adopt-cache.ts';

function run(task: AdoptTask): AdoptReply {
  try {
    const { carried, counts } = adoptRows(task);
    return { ok: true, carried, counts };
  } catch (error) {
    if (error instanceof AdoptRefused) return { ok: false, refusal: error.refusal, message: error.message, what: error.what, code: null };
    const code = (error as { code?: unknown }).code;
    return { ok: false, refusal: null, message: error instanceof Error ? error.message : String(error), what: null, code: typeof code === 'string' ? code : null };
  }
}

parentPort?.postMessage(run(workerData as AdoptTask));
