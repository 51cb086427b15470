// A bounded pool of preparation worker threads. Tasks queue in order; each worker runs one at a
// time; a worker that dies fails only its own task and is replaced. Workers are unref'd so an
// idle pool never keeps the process alive; while tasks are queued or running a timer holds it
// open instead (a pending promise alone would not keep Node running until the answer came, and
// toggling ref()/unref() on a busy worker left its port holding the process in Node 20).
import { availableParallelism } from 'node:os';
import type { Worker } from 'node:worker_threads';
import type { TaskResult, WorkerReply, WorkerTask } from './worker-protocol.ts';
import { startWorker } from '../host/start-worker.ts';

export interface PreparePool {
  readonly size: number;
  run<T extends WorkerTask>(task: T): Promise<TaskResult<T>>;
  close(): Promise<void>;
}

interface Job {
  id: number;
  task: WorkerTask;
  resolve: (value: WorkerReply extends infer R ? R extends { ok: true; value: infer V } ? V : never : never) => void;
  reject: (error: Error) => void;
}

interface Slot {
  worker: Worker;
  /** Ends the worker when its task runs over the time budget. */
  timer: NodeJS.Timeout | null;
  ready: boolean;
  job: Job | null;
  /** Why the thread stopped, for its task's error (an 'error' event comes before 'exit'). */
  failure: string | null;
}

/**
 * From source (tsx, vitest) the worker is the .ts file, loaded through tsx's loader registered
 * inside the thread (Node 20 does not apply --import to a worker's main module); the built app
 * ships it bundled as prepare-worker.js next to main.js (electron/build-shell.ts).
 */
function spawn(limits: PrepareLimits): Worker {
  // The JavaScript heap is capped here; the pixels themselves are bounded by MAX_INPUT_PIXELS,
  // checked before decoding (libvips' and libheif's buffers live outside the heap).
  return startWorker(import.meta.url, 'prepare-worker', { resourceLimits: { maxOldGenerationSizeMb: limits.memoryMb, maxYoungGenerationSizeMb: 32 } });
}

export interface PrepareLimits {
  /** One task's time before its worker is ended (a decoder stuck on a crafted file). */
  timeMs: number;
  /** Each worker's JavaScript heap (worker_threads resourceLimits). */
  memoryMb: number;
  /** An idle worker ends after this long (photos come in bursts; its decoders' memory goes with it). */
  idleMs?: number;
}

export const DEFAULT_PREPARE_LIMITS: PrepareLimits = { timeMs: 120_000, memoryMb: 512, idleMs: 10_000 };

/** A task ended by the pool's time budget: the photo is refused with the limit named. */
export class PrepareTimeout extends Error {
  readonly seconds: number;
  constructor(seconds: number) {
    super(`the photo took longer than ${seconds} s to prepare, so its preparation was stopped`);
    this.name = 'PrepareTimeout';
    this.seconds = seconds;
  }
}

/** Two cores shared with the renderer and the rest of the core: leave one free when there are few. */
export function defaultPoolSize(): number {
  const cores = availableParallelism();
  return Math.max(1, Math.min(4, cores <= 2 ? cores - 1 || 1 : cores - 1));
}

export function createPreparePool(size = defaultPoolSize(), limits: PrepareLimits = DEFAULT_PREPARE_LIMITS): PreparePool {
  const slots: Slot[] = [];
  const queue: Job[] = [];
  let nextId = 1;
  let closed = false;
  let keepAlive: NodeJS.Timeout | null = null;

  function holdProcess(): void {
    const busy = queue.length > 0 || slots.some((s) => s.job !== null);
    if (busy && !keepAlive) keepAlive = setInterval(() => {}, 1 << 30);
    else if (!busy && keepAlive) {
      clearInterval(keepAlive);
      keepAlive = null;
    }
  }

  function start(): Slot {
    const slot: Slot = { worker: spawn(limits), timer: null, ready: false, job: null, failure: null };
    slot.worker.unref();
    slot.worker.on('message', (message: WorkerReply | { ready: true }) => {
      // Unref'd on every message too: Node 20 re-refs a worker's port as it delivers messages.
      slot.worker.unref();
      if ('ready' in message) {
        slot.ready = true;
        return pump();
      }
      const job = slot.job;
      if (!job || job.id !== message.id) return;
      slot.job = null;
      if (slot.timer) clearTimeout(slot.timer);
      slot.timer = null;
      if (message.ok) job.resolve(message.value as never);
      else job.reject(new Error(message.error));
      pump();
    });
    slot.worker.on('error', (error) => {
      slot.failure = error.message;
    });
    slot.worker.on('exit', () => {
      const index = slots.indexOf(slot);
      if (index >= 0) slots.splice(index, 1);
      if (slot.timer) clearTimeout(slot.timer);
      // Its task fails alone (out of memory on one huge photo, say); the queue goes on.
      slot.job?.reject(slot.failure === 'timeout' ? new PrepareTimeout(Math.round(limits.timeMs / 1000)) : new Error(`the photo could not be prepared (the preparation worker stopped${slot.failure ? `: ${slot.failure}` : ''})`));
      slot.job = null;
      if (!closed) pump();
    });
    slots.push(slot);
    return slot;
  }

  let idleTimer: NodeJS.Timeout | null = null;
  /** With nothing queued or running, the workers end after `idleMs`; the next task starts new ones. */
  function retireWhenIdle(): void {
    if (idleTimer) clearTimeout(idleTimer);
    idleTimer = null;
    const busy = queue.length > 0 || slots.some((s) => s.job !== null);
    if (busy || closed || limits.idleMs === undefined || slots.length === 0) return;
    idleTimer = setTimeout(() => {
      idleTimer = null;
      if (queue.length > 0 || slots.some((s) => s.job !== null)) return;
      for (const slot of slots.splice(0)) void slot.worker.terminate();
    }, limits.idleMs);
    idleTimer.unref();
  }

  function pump(): void {
    try {
      if (!closed) dispatch();
    } finally {
      holdProcess();
      retireWhenIdle();
    }
  }

  function dispatch(): void {
    while (queue.length > 0) {
      const idle = slots.find((s) => s.ready && s.job === null);
      if (!idle) {
        if (slots.length < size) start();
        return;
      }
      const job = queue.shift() as Job;
      idle.job = job;
      idle.timer = setTimeout(() => {
        idle.failure = 'timeout';
        void idle.worker.terminate();
      }, limits.timeMs);
      idle.worker.postMessage({ id: job.id, task: job.task });
    }
  }

  return {
    size,
    run<T extends WorkerTask>(task: T): Promise<TaskResult<T>> {
      if (closed) return Promise.reject(new Error('the preparation pool is closed'));
      return new Promise<TaskResult<T>>((resolve, reject) => {
        queue.push({ id: nextId++, task, resolve: resolve as Job['resolve'], reject });
        pump();
      });
    },
    async close() {
      closed = true;
      if (idleTimer) clearTimeout(idleTimer);
      for (const job of queue.splice(0)) job.reject(new Error('the preparation pool is closed'));
      holdProcess();
      await Promise.all(slots.map((s) => s.worker.terminate()));
    },
  };
}

let shared: PreparePool | null = null;

/** The process's one pool: every account and every add shares its workers (and its bound). */
export function sharedPreparePool(): PreparePool {
  shared ??= createPreparePool();
  return shared;
}
