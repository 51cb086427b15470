// Where a long write's time goes (issue 41): its slices, the pieces of work in them, the
// full-text index's merges, the undo record and the commit, each traced where it runs on a
// diagnostics tracing channel (a start and an end event around the work, on the thread doing
// it). Nothing is traced unless someone listens: bench:core's responsive figure does, and reads
// the core thread's CPU time at each start and end beside the wall time.
import { tracingChannel } from 'node:diagnostics_channel';

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
