// After a large call (a socket frame of megabytes, a spreadsheet given as its content), its copies
// are garbage once it is answered: collected then, where the process allows it (the core's process
// runs with --expose-gc), so that the core does not keep the memory a page's large frames took
// (issue 37: 2.7 GB stayed after 79 MB frames). Several large calls in a row are collected once.
let queued = false;

/** Frames this large or larger are followed by a collection. */
export const LARGE_FRAME_BYTES = 1024 * 1024;

export function giveBackMemory(): void {
  const gc = (globalThis as { gc?: () => void }).gc;
  if (!gc || queued) return;
  queued = true;
  setImmediate(() => {
    queued = false;
    gc();
  });
}
