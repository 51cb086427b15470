// The CPU time of the calling thread, for the traces of long writes (long-write-trace.ts) and
// bench:core's probes only:
// Node 20 has no process.threadCpuUsage(); Linux gives each thread's time on a CPU in
// nanoseconds (/proc/thread-self/schedstat, first field). Elsewhere: null.
import { closeSync, openSync, readSync } from 'node:fs';

/** Milliseconds of CPU this thread has used so far, or null where the system does not say. */
export function threadCpuTime(): (() => number) | null {
  let fd: number;
  try {
    fd = openSync('/proc/thread-self/schedstat', 'r');
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
