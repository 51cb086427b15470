// The core's worker threads do background work beside the core's thread, which answers the
// window: a long write (writer/), a file's reading and check, a backup's check, a checkpoint,
// photos. On a machine of few cores they compete for the CPU, and a read of the grid waited for
// the scheduler behind them (issue 41, two cores at load 2: blocks of 72 to 93 ms during a backup
// and an import, of which the core's own work was 25 to 38 ms). Each worker lowers its own
// thread's priority a little (nice 5: a third of the core's share where both want one core; other
// programs' work does not starve it), so the scheduler prefers the core's thread. On Linux
// a thread has a nice value of its own (setpriority on its thread id); elsewhere the same call
// would lower the whole process, so nothing is done there.
import { readlinkSync } from 'node:fs';
import { setPriority } from 'node:os';

/** The nice value of the core's worker threads (0 is the core's own; 19 the lowest). */
export const BACKGROUND_NICE = 5;

/** Lowers the calling worker thread's priority (Linux only; never the process's main thread). True when it did. */
export function lowerThisThreadPriority(): boolean {
  if (process.platform !== 'linux') return false;
  try {
    // "<pid>/task/<tid>"
    const tid = Number(readlinkSync('/proc/thread-self').split('/').pop());
    if (!Number.isSafeInteger(tid) || tid <= 0 || tid === process.pid) return false;
    setPriority(tid, BACKGROUND_NICE);
    return true;
  } catch {
    // A system that refuses it: the work runs at the core's priority, as before.
    return false;
  }
}
