// Where a long write's blocked stretches come from (issue 41): listens to the core's long-write
// trace (electron/core/db/long-write-trace.ts) while a work runs and sums up each stage (slices,
// the pieces of work in them, full-text merges, the undo record, the commit) by wall time and by
// the core thread's CPU time (thread-cpu.ts): the CPU figure is the work itself, whatever the load.
import { LONG_WRITE_CHANNEL, type LongWriteSpan, type LongWriteStage } from '../electron/core/db/long-write-trace.ts';
import { tracingChannel } from 'node:diagnostics_channel';
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

/** Starts listening; `stop` ends it and gives each stage's figures. */
export function traceLongWrites() {
  const cpu = mainThreadCpu();
  const spans: Array<{ stage: LongWriteStage; wall: number; cpu: number; items?: number }> = [];
  const handlers = {
    start(context: Timed) {
      context.wallStart = performance.now();
      context.cpuStart = cpu?.() ?? 0;
    },
    end(context: Timed) {
      spans.push({ stage: context.stage, wall: performance.now() - (context.wallStart ?? 0), cpu: (cpu?.() ?? 0) - (context.cpuStart ?? 0), ...(context.items !== undefined ? { items: context.items } : {}) });
    },
    asyncStart() {},
    asyncEnd() {},
    error() {},
  };
  const channel = tracingChannel<unknown, Timed>(LONG_WRITE_CHANNEL);
  channel.subscribe(handlers);
  return {
    stop(): Partial<Record<LongWriteStage, StageFigures>> {
      channel.unsubscribe(handlers);
      const figures: Partial<Record<LongWriteStage, StageFigures>> = {};
      for (const stage of new Set(spans.map((s) => s.stage))) {
        const of = spans.filter((s) => s.stage === stage);
        const walls = of.map((s) => s.wall);
        const cpus = of.map((s) => s.cpu);
        const top = of.reduce((a, b) => (b.cpu > a.cpu ? b : a));
        figures[stage] = {
          count: of.length,
          wallMaxMs: round(Math.max(...walls)),
          wallP95Ms: round(percentile(walls, 0.95)),
          cpuMaxMs: cpu ? round(Math.max(...cpus)) : null,
          cpuP95Ms: cpu ? round(percentile(cpus, 0.95)) : null,
          cpuTotalMs: cpu ? Math.round(cpus.reduce((a, b) => a + b, 0)) : null,
          ...(top.items !== undefined ? { itemsAtCpuMax: top.items } : {}),
        };
      }
      return figures;
    },
  };
}
