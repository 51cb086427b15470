// Probes of the core's responsiveness while it works (issue 41), run in the core's own event loop:
// - blocked: the longest stretch the loop could not run a 1 ms timer (what any call waited at
//   worst before the core could even read it), and monitorEventLoopDelay's max beside it;
// - keystrokes: the grid's request of each keystroke of a typed search (drafts.page with the text
//   so far, the first screenful, as the window asks it), one after another with a typist's pause,
//   timed from the call to its answer.
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { threadCpuTime } from '../electron/core/db/thread-cpu-time.ts';
import { traceLongWrites } from './long-write-stages.ts';

export const round = (x: number, digits = 1) => Number(x.toFixed(digits));
export const percentile = (xs: readonly number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * p))] ?? NaN;

/** What a seller types (bench:ui's searches), one keystroke a request. */
const SEARCHES = ['oak chair', '12345', 'brass 2718', 'sku-0931', 'vintage lamp', 'teak table 48', 'nordic mirror', 'copper kettle 3', 'glass bowl', 'wool rug 77'];
export const KEYSTROKES: readonly string[] = SEARCHES.flatMap((text) => Array.from({ length: text.length }, (_, i) => text.slice(0, i + 1)));

type Invoke = (name: string, input: unknown) => Promise<{ ok: boolean }>;

export interface ProbeFigures {
  /** Longest gap between two ticks of a 1 ms timer chain, less the 1 ms asked for (wall time). */
  longestBlockMs: number;
  /**
   * The core thread's CPU time in that longest gap, and the most CPU time of any gap: its own
   * work in a blocked stretch, which load does not stretch (null where the system does not say:
   * electron/core/db/thread-cpu-time.ts).
   */
  longestBlockCpuMs: number | null;
  mostCpuInAGapMs: number | null;
  eventLoopDelayMaxMs: number;
  keystrokes: { count: number; p50Ms: number; p95Ms: number; maxMs: number };
}

/** Starts both probes; `stop` ends them and gives the figures. `pauseMs`: a typist's pause between keys. */
/** The probes over `ms` with no work: the same run's baseline. */
export async function idle(invoke: Invoke, query: Record<string, unknown>, ms = 3000): Promise<ProbeFigures> {
  const probes = startProbes(invoke, query);
  await new Promise((resolve) => setTimeout(resolve, ms));
  return probes.stop();
}

export function startProbes(invoke: Invoke, query: Record<string, unknown>, pauseMs = 30) {
  let running = true;
  // Read on the core's thread: its own CPU time.
  const cpu = threadCpuTime();
  let last = performance.now();
  let lastCpu = cpu?.() ?? 0;
  let longest = 0;
  let longestCpu = 0;
  let mostCpu = 0;
  let timer: ReturnType<typeof setTimeout> | null = null;
  const gap = () => {
    const now = performance.now();
    const nowCpu = cpu?.() ?? 0;
    if (now - last - 1 > longest) {
      longest = now - last - 1;
      longestCpu = nowCpu - lastCpu;
    }
    mostCpu = Math.max(mostCpu, nowCpu - lastCpu);
    last = now;
    lastCpu = nowCpu;
  };
  const tick = () => {
    gap();
    if (running) timer = setTimeout(tick, 1);
  };
  timer = setTimeout(tick, 1);
  const delay = monitorEventLoopDelay({ resolution: 5 });
  delay.enable();
  const times: number[] = [];
  const typing = (async () => {
    for (let i = 0; running; i++) {
      const text = KEYSTROKES[i % KEYSTROKES.length] as string;
      const started = performance.now();
      const answer = await invoke('drafts.page', { ...query, text, offset: 0, limit: 40 });
      if (!answer.ok) throw new Error(`drafts.page failed: ${JSON.stringify(answer).slice(0, 300)}`);
      times.push(performance.now() - started);
      if (running) await new Promise((resolve) => setTimeout(resolve, pauseMs));
    }
  })();
  return {
    async stop(): Promise<ProbeFigures> {
      running = false;
      if (timer) clearTimeout(timer);
      // The stretch up to now counts too (a work that never let the timer run at all).
      gap();
      await typing;
      delay.disable();
      return {
        longestBlockMs: round(longest),
        longestBlockCpuMs: cpu ? round(longestCpu) : null,
        mostCpuInAGapMs: cpu ? round(mostCpu) : null,
        eventLoopDelayMaxMs: round(delay.max / 1e6),
        keystrokes: { count: times.length, p50Ms: round(percentile(times, 0.5)), p95Ms: round(percentile(times, 0.95)), maxMs: round(Math.max(...times)) },
      };
    },
  };
}

/** Runs `work` with the probes on from its start to its end (the statements are warm: run `idle` first). */
export async function probed<T>(invoke: Invoke, query: Record<string, unknown>, work: () => Promise<T>): Promise<{ value: T; ms: number; probes: ProbeFigures; stages: ReturnType<ReturnType<typeof traceLongWrites>['stop']> }> {
  const probes = startProbes(invoke, query);
  const trace = traceLongWrites();
  const started = performance.now();
  const value = await work();
  const ms = performance.now() - started;
  const stages = trace.stop();
  return { value, ms: Math.round(ms), probes: await probes.stop(), stages };
}
