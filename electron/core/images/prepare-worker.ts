// One preparation worker thread: hashes and prepares photos off the main process's event loop
// (HEIC decoding is synchronous WebAssembly; a 60 MP JPEG holds the CPU for seconds). Tasks
// arrive one at a time from worker-pool.ts; files are written here, so only small answers
// cross the thread boundary.
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { rename, rm, writeFile } from 'node:fs/promises';
import { parentPort, threadId } from 'node:worker_threads';
import sharp from 'sharp';
import { prepareImage } from './prepare-image.ts';
import type { HashResult, PrepareResult, WorkerReply, WorkerTask } from './worker-protocol.ts';
import { lowerThisThreadPriority } from '../host/background-thread.ts';

/** Writes a file so that a crash leaves either no file or the whole new one. */
async function writeAtomically(path: string, data: Buffer): Promise<void> {
  const temp = `${path}.${process.pid}-${threadId}.tmp`;
  try {
    await writeFile(temp, data);
    await rename(temp, path);
  } catch (error) {
    // A full disk leaves no half-written file behind (issue 24).
    await rm(temp, { force: true }).catch(() => undefined);
    throw error;
  }
}

async function run(task: WorkerTask): Promise<HashResult | PrepareResult> {
  switch (task.type) {
    case 'hash': {
      const hash = createHash('sha256');
      for await (const chunk of createReadStream(task.path, { highWaterMark: 1 << 20 })) hash.update(chunk as Buffer);
      return { sha256: hash.digest('hex') };
    }
    case 'prepare': {
      const prepared = await prepareImage(task.input, task.maxBytes, task.edits);
      await writeAtomically(task.filePath, prepared.data);
      await writeAtomically(task.thumbPath, prepared.thumb);
      return { sha256: prepared.sha256, width: prepared.width, height: prepared.height, bytes: prepared.data.length };
    }
    default: {
      const never: never = task;
      throw new Error(`unknown task ${JSON.stringify(never)}`);
    }
  }
}

// Each photo is decoded once: libvips' operation cache (50 MB by default) would only keep the
// last one's pixels alive in an idle worker.
sharp.cache(false);

lowerThisThreadPriority();
const port = parentPort;
if (!port) throw new Error('prepare-worker.ts runs only as a worker thread');
port.on('message', (message: { id: number; task: WorkerTask }) => {
  run(message.task).then(
    (value) => port.postMessage({ id: message.id, ok: true, value } satisfies WorkerReply),
    (error: unknown) => port.postMessage({ id: message.id, ok: false, error: error instanceof Error ? error.message : String(error) } satisfies WorkerReply),
  );
});
port.postMessage({ ready: true });
