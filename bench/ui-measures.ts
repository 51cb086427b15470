// bench:ui's measures of what a seller does in the drafts grid: wheel scrolling (real wheel
// events, frame times from requestAnimationFrame), typing a search (keystroke to the rows and
// the count of that text), sorting (click on a heading to its rows). Each waits for the grid to
// show what the core's own query returns for the same input (asked in Node on a second
// connection to the same cache), so a figure is the time to the right rows, not to any change.
// In-page scripts are text: they run in the page, not in Node (and stay clear of the bundler's helpers).
import type { Page } from 'playwright-core';
import type { Db } from '../electron/core/db/open-account-db.ts';
import { gridSearch, type GridQuery } from '../electron/core/search/grid-search.ts';

export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] as number;
}
export const round = (n: number, digits = 1) => Math.round(n * 10 ** digits) / 10 ** digits;

/** p50, p95, max of a list of milliseconds, and whether p95 is under the target. */
export function frameFigures(ms: readonly number[], targetP95Ms: number) {
  const sorted = [...ms].sort((a, b) => a - b);
  const p95 = percentile(sorted, 95);
  return { frames: ms.length, p50Ms: round(percentile(sorted, 50)), p95Ms: round(p95), maxMs: round(sorted.at(-1) ?? Number.NaN), targetP95Ms, met: p95 < targetP95Ms };
}

/** Records every animation frame's delta until STOP_FRAMES. */
export const FRAME_RECORDER = `(() => {
  window.__frames = [];
  window.__stopFrames = false;
  let last = performance.now();
  const frame = (now) => {
    window.__frames.push(now - last);
    last = now;
    if (!window.__stopFrames) requestAnimationFrame(frame);
  };
  requestAnimationFrame((now) => { last = now; requestAnimationFrame(frame); });
})()`;
export const STOP_FRAMES = '(() => { window.__stopFrames = true; return window.__frames; })()';
const NEXT_FRAME = 'new Promise((resolve) => requestAnimationFrame(() => resolve(0)))';

/** What the grid shows at the top once a query has arrived: its count and first rows' ids. */
interface Shown { count: number; ids: number[] }
const SHOWN_ROWS = 3;

function expected(db: Db, query: GridQuery): Shown {
  const search = gridSearch(db);
  return { count: search.count(query), ids: search.search({ ...query, limit: SHOWN_ROWS }).map((r) => r.localId) };
}

/**
 * Arms a watcher in the page: it notes the time of the next `trigger` event (keydown or click,
 * the event's own time stamp) and resolves with the milliseconds from it to the first DOM change
 * after which the grid shows one of `wants` (its count and its first rows), and which one; ms -1
 * after 5 s.
 */
const arm = (trigger: 'keydown' | 'click', wants: readonly Shown[]) => `(() => {
  const wants = ${JSON.stringify(wants)};
  let start = null;
  document.addEventListener('${trigger}', (e) => { start = e.timeStamp; }, { capture: true, once: true });
  const shows = (want) => {
    const count = Number(((document.querySelector('.count')?.textContent ?? '').match(/^[\\d,.\\s\\u00a0\\u202f]+/)?.[0] ?? '').replace(/\\D/g, ''));
    if (count !== want.count) return false;
    return want.ids.every((id, i) => document.querySelector('[role=row][aria-rowindex="' + (i + 2) + '"]')?.getAttribute('data-local-id') === String(id));
  };
  window.__pending = new Promise((resolve) => {
    const observer = new MutationObserver(() => {
      const index = start === null ? -1 : wants.findIndex(shows);
      if (index < 0) return;
      observer.disconnect();
      resolve({ ms: performance.now() - start, index });
    });
    observer.observe(document.body, { childList: true, subtree: true, characterData: true, attributes: true });
    setTimeout(() => { observer.disconnect(); resolve({ ms: -1, index: -1 }); }, 5000);
  });
})()`;
interface Arrived { ms: number; index: number }
const same = (a: Shown, b: Shown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * Types `text` into the search one key at a time, each after the grid showed the previous key's
 * result: per keystroke, the time until the rows and count of the text so far are shown. A
 * keystroke that does not change what is shown (the same count and first rows) cannot be timed
 * this way and is counted apart.
 */
export async function typeSearch(page: Page, db: Db, base: GridQuery, text: string) {
  await page.getByLabel('Search drafts').focus();
  const times: number[] = [];
  let unchanged = 0;
  let timedOut = 0;
  let previous = expected(db, base);
  for (let i = 1; i <= text.length; i++) {
    const want = expected(db, { ...base, text: text.slice(0, i) });
    const key = text[i - 1] as string;
    if (same(want, previous)) {
      unchanged++;
      await page.keyboard.type(key);
      continue;
    }
    await page.evaluate(arm('keydown', [want]));
    await page.keyboard.type(key);
    const { ms } = (await page.evaluate('window.__pending')) as Arrived;
    if (ms < 0) timedOut++;
    else times.push(ms);
    previous = want;
  }
  return { times, unchanged, timedOut };
}

/** Empties the search and waits for the whole list again. */
export async function clearSearch(page: Page, db: Db, base: GridQuery): Promise<void> {
  const search = page.getByLabel('Search drafts');
  await search.focus();
  await page.keyboard.press('Control+a');
  await page.evaluate(arm('keydown', [expected(db, base)]));
  await page.keyboard.press('Backspace');
  await page.evaluate('window.__pending');
}

/**
 * Clicks the sort button of a heading and times the click to the first rows of that sort, in
 * whichever direction the grid chose. Null when the heading does not sort; ms -1 when the rows
 * never came. `shown`: what the grid shows before the click (a candidate equal to it is not
 * watched); the result says what it shows after.
 */
export async function sortBy(page: Page, db: Db, base: GridQuery, heading: string, sort: NonNullable<GridQuery['sort']>, shown: Shown) {
  const button = page.locator('[role=columnheader] button.sort', { hasText: heading }).first();
  if ((await button.count()) === 0) return null;
  const wants = [expected(db, { ...base, sort, direction: 'asc' }), expected(db, { ...base, sort, direction: 'desc' })].filter((w) => !same(w, shown));
  await page.evaluate(arm('click', wants));
  await button.click();
  const { ms, index } = (await page.evaluate('window.__pending')) as Arrived;
  return { ms, shown: wants[index] ?? shown };
}

/** What the grid shows for a query (for sortBy's `shown`). */
export const shownFor = (db: Db, query: GridQuery): Shown => expected(db, query);
export type { Shown };

/**
 * Wheel scrolling as a seller spins the wheel: `steps` notches of `stepPx` down, one per animation
 * frame (each a real wheel event through the browser's input pipeline), then back up a third of
 * the way. Frame times from requestAnimationFrame; how many rows were still loading at the end.
 */
export async function wheelScroll(page: Page, steps: number, stepPx: number) {
  const grid = await page.getByRole('grid').boundingBox();
  if (!grid) throw new Error('no grid on the page');
  await page.mouse.move(grid.x + grid.width / 2, grid.y + grid.height / 2);
  await page.evaluate(FRAME_RECORDER);
  const before = (await page.evaluate(`document.querySelector('[role=grid]').scrollTop`)) as number;
  for (let i = 0; i < steps; i++) {
    await page.mouse.wheel(0, stepPx);
    await page.evaluate(NEXT_FRAME);
  }
  for (let i = 0; i < Math.round(steps / 3); i++) {
    await page.mouse.wheel(0, -stepPx);
    await page.evaluate(NEXT_FRAME);
  }
  const deltas = (await page.evaluate(STOP_FRAMES)) as number[];
  const after = (await page.evaluate(`document.querySelector('[role=grid]').scrollTop`)) as number;
  const rowsInDom = await page.locator('[role=row][data-local-id]').count();
  return { deltas, scrolledPx: Math.round(after - before), rowsInDom };
}
