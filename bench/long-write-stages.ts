// Where a long write's time goes (issue 41): listens to the core's long-write trace
// (electron/core/db/long-write-trace.ts) while a work runs and sums up each stage (slices, the
// pieces of work in them, full-text merges, the undo record, the commit) by wall time and by the
// thread's CPU time (db/thread-cpu-time.ts): the CPU figure is the work itself, whatever the
// load. The long writes run in the account's writer thread (electron/core/writer/), whose spans
// come at the end of each job (`writer`); what runs on the core's own thread is `core`.
import { collectSpans, WRITER_SPANS_CHANNEL, type LongWriteStage, type TimedSpan } from '../electron/core/db/long-write-trace.ts';
import { threadCpuTime } from '../electron/core/db/thread-cpu-time.ts';
import { subscribe, unsubscribe } from 'node:diagnostics_channel';
import { percentile, round } from './core-probes.ts';

export interface StageFigures {
  count: number;
  wallMaxMs: number;
  wallP95Ms: number;
  cpuMaxMs: number | null;
  cpuP95Ms: number | null;
  cpuTotalMs: number | null;
  /** The stage's items (a piece's rows) at its longest CPU time. */
  itemsAtCpuMax?: number;
}

/** Each stage's figures of `spans`. */
function stageFigures(spans: readonly TimedSpan[]): Partial<Record<LongWriteStage, StageFigures>> {
  const figures: Partial<Record<LongWriteStage, StageFigures>> = {};
  for (const stage of new Set(spans.map((s) => s.stage))) {
    const of = spans.filter((s) => s.stage === stage);
    const walls = of.map((s) => s.wallMs);
    const known = of.every((s) => s.cpuMs !== null);
    const cpus = of.map((s) => s.cpuMs ?? 0);
    const top = of.reduce((a, b) => ((b.cpuMs ?? 0) > (a.cpuMs ?? 0) ? b : a));
    figures[stage] = {
      count: of.length,
      wallMaxMs: round(Math.max(...walls)),
      wallP95Ms: round(percentile(walls, 0.95)),
      cpuMaxMs: known ? round(Math.max(...cpus)) : null,
      cpuP95Ms: known ? round(percentile(cpus, 0.95)) : null,
      cpuTotalMs: known ? Math.round(cpus.reduce((a, b) => a + b, 0)) : null,
      ...(top.items !== undefined ? { itemsAtCpuMax: top.items } : {}),
    };
  }
  return figures;
}

/** Starts listening; `stop` ends it and gives each stage's figures, on the core's thread and in the writer's. */
export function traceLongWrites() {
  const core = collectSpans(threadCpuTime());
  const writer: TimedSpan[] = [];
  const fromWriter = (span: unknown) => writer.push(span as TimedSpan);
  subscribe(WRITER_SPANS_CHANNEL, fromWriter);
  return {
    stop(): { core: Partial<Record<LongWriteStage, StageFigures>>; writer: Partial<Record<LongWriteStage, StageFigures>> } {
      unsubscribe(WRITER_SPANS_CHANNEL, fromWriter);
      return { core: stageFigures(core.stop()), writer: stageFigures(writer) };
    },
  };
}
