// The grid's height in the window, remembered from one start to the next. Until the scroll box is
// measured (after the first layout), the grid cannot know how many rows fit, and a window's height
// of rows was twice what shows below the header and toolbar (issue 19: the first render is the
// first rows' cost). What is remembered is the window's height less the grid's, which holds when
// the window is resized between starts: its least, seen with no notice above the grid, so the first
// render may draw a row or two more than fit (a notice is up) but never leaves the bottom empty.
const STORAGE_KEY = 'market-desk.grid-chrome-height';

// localStorage throws in a sandboxed frame and may be absent: then nothing is remembered.
function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/** The least chrome kept (0: none yet), read from storage once: a resize measures every frame. */
let kept: number | null = null;
function keptChrome(): number {
  if (kept === null) {
    const stored = Number(storage()?.getItem(STORAGE_KEY) ?? 0);
    kept = Number.isFinite(stored) && stored > 0 ? stored : 0;
  }
  return kept;
}

/** The grid's expected height at start: the window's, less what was above and below it last time. */
export function expectedGridHeight(): number {
  return Math.max(0, window.innerHeight - keptChrome());
}

/** Notes a measured height of the grid (written only when it is the tallest seen for the window). */
export function rememberGridHeight(height: number): void {
  const chrome = Math.round(window.innerHeight - height);
  if (chrome <= 0 || (keptChrome() > 0 && keptChrome() <= chrome)) return;
  kept = chrome;
  try {
    storage()?.setItem(STORAGE_KEY, String(chrome));
  } catch {
    // A full or refused storage only costs the next start a few rows drawn twice.
  }
}
