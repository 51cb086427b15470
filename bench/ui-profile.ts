// bench:ui's optional looks inside (UI_BENCH_PROFILE): the hottest functions of a CPU profile,
// and the renderer main thread's time by kind of work from a trace.
import type { CDPSession } from 'playwright-core';

export type CpuProfile = { nodes: Array<{ id: number; hitCount?: number; callFrame: { functionName: string; url: string; lineNumber: number } }> };

/** The 25 functions with the most self time, as "percent name file:line" lines. */
export function hottest(profile: CpuProfile): string {
  const self = new Map<string, number>();
  let total = 0;
  for (const n of profile.nodes) {
    const key = `${n.callFrame.functionName || '(anon)'} ${n.callFrame.url.split('/').pop()}:${n.callFrame.lineNumber}`;
    self.set(key, (self.get(key) ?? 0) + (n.hitCount ?? 0));
    total += n.hitCount ?? 0;
  }
  return [...self].sort((a, b) => b[1] - a[1]).slice(0, 25).map(([k, v]) => `${(100 * v / total).toFixed(1)}% ${k}`).join('\n');
}

interface TraceEvent { name: string; ph: string; dur?: number; tid: number; pid: number; args?: { name?: string } }
/**
 * UI_BENCH_PROFILE=trace: where the renderer's main thread spends its time, by trace event
 * (script, style, layout, paint, GC...), summed between start and stop.
 */
export async function startTrace(cdp: CDPSession) {
  const events: TraceEvent[] = [];
  cdp.on('Tracing.dataCollected', (data) => events.push(...(data.value as unknown as TraceEvent[])));
  const complete = new Promise<void>((resolve) => cdp.once('Tracing.tracingComplete', () => resolve()));
  await cdp.send('Tracing.start', { categories: 'devtools.timeline,v8', transferMode: 'ReportEvents' });
  return {
    async stop(): Promise<string> {
      await cdp.send('Tracing.end');
      await complete;
      // Every renderer main thread: a navigation may move the page to a new renderer process.
      const mains = new Set(events.filter((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain').map((e) => `${e.pid}:${e.tid}`));
      const totals = new Map<string, { ms: number; count: number }>();
      for (const e of events) {
        if (!mains.has(`${e.pid}:${e.tid}`) || e.ph !== 'X' || e.dur === undefined) continue;
        const t = totals.get(e.name) ?? { ms: 0, count: 0 };
        t.ms += e.dur / 1000;
        t.count += 1;
        totals.set(e.name, t);
      }
      return [...totals].sort((a, b) => b[1].ms - a[1].ms).slice(0, 20)
        .map(([name, t]) => `${t.ms.toFixed(0).padStart(6)} ms ${String(t.count).padStart(5)}× ${name}`).join('\n');
    },
  };
}

/** Starts the sampling profiler; stop() gives the hottest functions. */
export async function startProfile(cdp: CDPSession, intervalUs?: number) {
  await cdp.send('Profiler.enable');
  if (intervalUs) await cdp.send('Profiler.setSamplingInterval', { interval: intervalUs });
  await cdp.send('Profiler.start');
  return { stop: async () => hottest(((await cdp.send('Profiler.stop')) as { profile: CpuProfile }).profile) };
}
