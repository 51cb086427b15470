// The CPU time of this process's main thread (issue 41): on a machine shared with other work a
// blocked stretch's wall time is mostly the scheduler's, its CPU time is the core's own work.
// Node 20 has no process.threadCpuUsage(); Linux gives each thread's time on a CPU in
// nanoseconds (/proc/self/task/<tid>/schedstat, first field; the main thread's tid is the pid).
// Elsewhere: null, and the figures say so.
import { closeSync, openSync, readSync } from 'node:fs';

/** Milliseconds of CPU the main thread has used, or null where the system does not say. */
export function mainThreadCpu(): (() => number) | null {
  let fd: number;
  try {
    fd = openSync(`/proc/self/task/${process.pid}/schedstat`, 'r');
  } catch {
    return null;
  }
  const buffer = Buffer.alloc(128);
  const read = () => {
    const n = readSync(fd, buffer, 0, buffer.length, 0);
    const text = buffer.toString('latin1', 0, n);
    return Number(text.slice(0, text.indexOf(' '))) / 1e6;
  };
  if (!Number.isFinite(read())) {
    closeSync(fd);
    return null;
  }
  return read;
}
