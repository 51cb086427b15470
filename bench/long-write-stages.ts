// Where a long write's time goes (issue 41): listens to the core's long-write trace
// (electron/core/db/long-write-trace.ts) while a work runs and sums up each stage (slices, the
// pieces of work in them, full-text merges, the undo record, the commit) by wall time and by the
// thread's CPU time (thread-cpu.ts): the CPU figure is the work itself, whatever the load. The
// long writes run in the account's writer thread (electron/core/writer/), whose spans come at the
// end of each job (`writer`); what runs on the core's own thread is `core`.
import { LONG_WRITE_CHANNEL, WRITER_SPANS_CHANNEL, type LongWriteSpan, type LongWriteStage, type WriterSpan } from '../electron/core/db/long-write-trace.ts';
import { subscribe, tracingChannel, unsubscribe } from 'node:diagnostics_channel';
import { percentile, round } from './core-probes.ts';
import { mainThreadCpu } from './thread-cpu.ts';

type Timed = LongWriteSpan & { wallStart?: number; cpuStart?: number };

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

type Span = { stage: LongWriteStage; wall: number; cpu: number | null; items?: number };

/** Each stage's figures of `spans`. */
function stageFigures(spans: readonly Span[]): Partial<Record<LongWriteStage, StageFigures>> {
  const figures: Partial<Record<LongWriteStage, StageFigures>> = {};
  for (const stage of new Set(spans.map((s) => s.stage))) {
    const of = spans.filter((s) => s.stage === stage);
    const walls = of.map((s) => s.wall);
    const known = of.every((s) => s.cpu !== null);
    const cpus = of.map((s) => s.cpu ?? 0);
    const top = of.reduce((a, b) => ((b.cpu ?? 0) > (a.cpu ?? 0) ? b : a));
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
  const cpu = mainThreadCpu();
  const spans: Span[] = [];
  const writer: Span[] = [];
  const fromWriter = (message: unknown) => {
    const span = message as WriterSpan;
    writer.push({ stage: span.stage, wall: span.wallMs, cpu: span.cpuMs, ...(span.items !== undefined ? { items: span.items } : {}) });
  };
  const handlers = {
    start(context: Timed) {
      context.wallStart = performance.now();
      context.cpuStart = cpu?.() ?? 0;
    },
    end(context: Timed) {
      spans.push({ stage: context.stage, wall: performance.now() - (context.wallStart ?? 0), cpu: cpu ? cpu() - (context.cpuStart ?? 0) : null, ...(context.items !== undefined ? { items: context.items } : {}) });
    },
    asyncStart() {},
    asyncEnd() {},
    error() {},
  };
  const channel = tracingChannel<unknown, Timed>(LONG_WRITE_CHANNEL);
  channel.subscribe(handlers);
  subscribe(WRITER_SPANS_CHANNEL, fromWriter);
  return {
    stop(): { core: Partial<Record<LongWriteStage, StageFigures>>; writer: Partial<Record<LongWriteStage, StageFigures>> } {
      channel.unsubscribe(handlers);
      unsubscribe(WRITER_SPANS_CHANNEL, fromWriter);
      return { core: stageFigures(spans), writer: stageFigures(writer) };
    },
  };
}
