// Research of a selection in the background (one run at a time per account): six drafts in
// flight (the marketplace's latency overlaps; identical searches are asked once: research-draft's
// cache and in-flight sharing), the event loop yielded after every draft so every other call of
// the core runs between two, a progress event per draft. It stops by itself when the budget is
// spent or the marketplace cannot be reached, waits out a rate limit (Retry-After) and goes on,
// and stops at the seller's cancel. A lost connection is tried again three times (1, 3, 9 s)
// before the run stops.
import { randomUUID } from 'node:crypto';
import type { BulkResearchProgress } from '../../../shared/ipc/research.ts';
import { RateLimited, type Research } from './research-draft.ts';

/** Drafts in flight: the API client's own cap on requests in flight is 6. */
const CONCURRENCY = 6;
/** A marketplace not reached is tried again after these waits before the run stops. */
const UNREACHABLE_WAITS = [1000, 3000, 9000];

export interface BulkResearchOptions {
  research: Research;
  emit(progress: BulkResearchProgress): void;
  now?: () => number;
  /** Waits (a test clock may stand in). */
  sleep?: (ms: number, signal: AbortSignal) => Promise<void>;
  /**
   * A turn of the cache's write gate (issue 41, db/write-gate.ts): each draft's research writes
   * (its request's log) before it asks the marketplace, so it waits while a long write holds the cache.
   */
  writeTurn?: () => Promise<void>;
}

const realSleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => {
      clearTimeout(timer);
      resolve();
    }, { once: true });
  });

const turn = () => new Promise<void>((resolve) => setImmediate(resolve));

export function bulkResearch(options: BulkResearchOptions) {
  const now = options.now ?? Date.now;
  const sleep = options.sleep ?? realSleep;
  type Job = { progress: BulkResearchProgress; stop: AbortController; finished: Promise<void> };
  let current: Job | null = null;

  const budget = () => options.research.store.budget(now());

  async function run(job: Job, localIds: readonly number[]): Promise<void> {
    const { stop } = job;
    const publish = (patch: Partial<BulkResearchProgress>) => {
      job.progress = { ...job.progress, ...patch, budget: budget() };
      options.emit(job.progress);
    };
    let next = 0;
    let ending: BulkResearchProgress['state'] | null = null;
    const worker = async () => {
      while (!ending && !stop.signal.aborted && next < localIds.length) {
        const localId = localIds[next++]!;
        for (let attempt = 0; ; attempt++) {
          try {
            await options.writeTurn?.();
            if (stop.signal.aborted) return;
            const result = await options.research.draft(localId, { signal: stop.signal });
            // A lost connection: the same draft again after a wait, a few times, before the run stops.
            if (result?.unavailable === 'unreachable' && attempt < UNREACHABLE_WAITS.length && !ending) {
              await sleep(UNREACHABLE_WAITS[attempt]!, stop.signal);
              if (stop.signal.aborted) return;
              continue;
            }
            const p = job.progress;
            const unavailable = result?.unavailable === 'unreachable' ? 'offline' : result?.unavailable;
            if (unavailable === 'budget' || unavailable === 'offline') ending ??= unavailable;
            publish({
              state: 'running', resumesAt: null, done: p.done + 1, requests: p.requests + (result?.requests ?? 0),
              priced: p.priced + (result && result.stats.median !== null && !result.stale ? 1 : 0),
              failed: p.failed + (unavailable === 'failed' ? 1 : 0),
            });
            break;
          } catch (error) {
            if (stop.signal.aborted) return;
            if (error instanceof RateLimited) {
              // The marketplace's Retry-After, then the same draft again.
              publish({ state: 'waiting', resumesAt: now() + error.retryAfterMs });
              await sleep(error.retryAfterMs, stop.signal);
              if (stop.signal.aborted) return;
              continue;
            }
            publish({ done: job.progress.done + 1, failed: job.progress.failed + 1 });
            break;
          }
        }
        // A turn of the event loop between two drafts: every other call of the core runs here.
        await turn();
      }
    };
    await Promise.all(Array.from({ length: Math.min(CONCURRENCY, localIds.length) }, worker));
    publish({ state: stop.signal.aborted ? 'cancelled' : ending ?? 'done', resumesAt: null });
  }

  return {
    /** Starts a run over these drafts; a run already going is cancelled first. */
    start(localIds: readonly number[]): BulkResearchProgress {
      current?.stop.abort();
      const stop = new AbortController();
      const unique = [...new Set(localIds)];
      const progress: BulkResearchProgress = {
        jobId: randomUUID(), state: 'running', total: unique.length, done: 0, priced: 0, requests: 0, failed: 0, resumesAt: null, budget: budget(),
      };
      const job: Job = { progress, stop, finished: Promise.resolve() };
      current = job;
      job.finished = turn().then(() => run(job, unique)).catch(() => {
        job.progress = { ...job.progress, state: 'cancelled', resumesAt: null, budget: budget() };
        options.emit(job.progress);
      });
      options.emit(progress);
      return progress;
    },
    cancel(jobId: string): BulkResearchProgress | null {
      if (!current || current.progress.jobId !== jobId) return null;
      current.stop.abort();
      return current.progress;
    },
    status(): BulkResearchProgress | null {
      return current ? { ...current.progress, budget: budget() } : null;
    },
    /** Resolves when the current run has ended (tests, closing the account). */
    async settled(): Promise<void> {
      await current?.finished;
    },
    close(): void {
      current?.stop.abort();
    },
  };
}

export type BulkResearch = ReturnType<typeof bulkResearch>;
