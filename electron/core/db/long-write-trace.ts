// Where a long write's time goes (issue 41): its slices, the pieces of work in them, the
// full-text index's merges, the undo record and the commit, each traced where it runs on a
// diagnostics tracing channel (a start and an end event around the work, on the thread doing
// it). Nothing is traced unless someone listens: bench:core's responsive figure does, and reads
// the core thread's CPU time at each start and end beside the wall time.
import { channel, tracingChannel } from 'node:diagnostics_channel';

/** What one traced stretch of a long write is. */
export type LongWriteStage = 'slice' | 'piece' | 'merge' | 'commit' | 'undo-record';

/** The context a listener gets at the start and the end of a stretch (and may add to). */
export interface LongWriteSpan {
  stage: LongWriteStage;
  /** Rows or drafts it took (a piece), when it has any. */
  items?: number;
}

export const LONG_WRITE_CHANNEL = 'market-desk:long-write';
export const longWriteTrace = tracingChannel<unknown, LongWriteSpan>(LONG_WRITE_CHANNEL);

/** Runs `work`, traced as `stage` when someone listens. */
export function traced<T>(stage: LongWriteStage, work: () => T, items?: number): T {
  if (!longWriteTrace.hasSubscribers) return work();
  return longWriteTrace.traceSync(work, items === undefined ? { stage } : { stage, items });
}

/** A traced stretch with the time it took: wall time, and its thread's CPU time. */
export interface TimedSpan {
  stage: LongWriteStage;
  wallMs: number;
  /** The thread's CPU time in it (null where the system does not say: thread-cpu-time.ts). */
  cpuMs: number | null;
  items?: number;
}

/** The writer thread's spans, published on the core's thread once its job ended (when someone listens). */
export const WRITER_SPANS_CHANNEL = 'market-desk:long-write-writer-spans';
export const writerSpans = channel(WRITER_SPANS_CHANNEL);

/**
 * Collects the spans traced on this thread until `stop` (the writer thread while a job is traced,
 * bench:core on the core's thread); `cpu` reads this thread's CPU time in milliseconds.
 */
export function collectSpans(cpu: (() => number) | null): { stop(): TimedSpan[] } {
  const spans: TimedSpan[] = [];
  type Timed = LongWriteSpan & { wallStart?: number; cpuStart?: number };
  const handlers = {
    start(context: Timed) {
      context.wallStart = performance.now();
      context.cpuStart = cpu?.() ?? 0;
    },
    end(context: Timed) {
      spans.push({
        stage: context.stage, wallMs: performance.now() - (context.wallStart ?? 0), cpuMs: cpu ? cpu() - (context.cpuStart ?? 0) : null,
        ...(context.items !== undefined ? { items: context.items } : {}),
      });
    },
    asyncStart() {},
    asyncEnd() {},
    error() {},
  };
  const traced = tracingChannel<unknown, Timed>(LONG_WRITE_CHANNEL);
  traced.subscribe(handlers);
  return {
    stop() {
      traced.unsubscribe(handlers);
      return spans;
    },
  };
}
