// Waits until a just-launched Chromium has finished starting. A fresh profile's first start writes
// its databases and starts its helper processes for about a second after the launch returns; a page
// loaded at once shares the machine with that, a one-time cost of the bench's new profile that a
// seller's app (whose window opens in a browser that has started) never pays. The bare baseline,
// measured later in the same browser, never paid it either, so the ratios compared unlike starts.
import { readdirSync, readFileSync } from 'node:fs';

/** CPU time (ms) used so far by every Chromium process on the machine. */
function chromiumCpuMs(): number {
  let ticks = 0;
  for (const pid of readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    try {
      if (!readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('chromium')) continue;
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      ticks += Number(fields[11]) + Number(fields[12]);
    } catch {
      // The process ended between the listing and the read.
    }
  }
  return ticks * 10; // USER_HZ is 100 on Linux
}

/**
 * Resolves once Chromium used under `idleShare` of a core over a `windowMs` window, or after
 * `maxMs` (then `settled` is false). Linux only (/proc), as the bench is.
 */
export async function browserSettled(options: { windowMs?: number; idleShare?: number; maxMs?: number } = {}): Promise<{ settled: boolean; waitedMs: number }> {
  const { windowMs = 250, idleShare = 0.1, maxMs = 10_000 } = options;
  const start = Date.now();
  let before = chromiumCpuMs();
  while (Date.now() - start < maxMs) {
    await new Promise((resolve) => setTimeout(resolve, windowMs));
    const now = chromiumCpuMs();
    if (now - before <= windowMs * idleShare) return { settled: true, waitedMs: Date.now() - start };
    before = now;
  }
  return { settled: false, waitedMs: Date.now() - start };
}
