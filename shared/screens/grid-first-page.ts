// The drafts grid's first request at launch, known to both sides: the window's boot script asks
// for it before the app's code has loaded (renderer/src/main.tsx), and the core reads it once as it
// starts (electron/core/host/core-host.ts), so that request finds its statements prepared, its
// rows in SQLite's cache, its count known and the code that checks its rows compiled.
import type { GridQueryInput } from '../ipc/contract.ts';

export type GridQuery = Omit<GridQueryInput, 'offset' | 'limit'>;

/**
 * The first request of an empty grid or a new query (a keystroke in the search, a sort): a
 * screenful and a little more, so it comes back fast (the core checks every row it sends).
 */
export const FIRST_PAGE_SIZE = 40;
/**
 * No sort until the seller picks one: the core then lists the latest updated first, and with text
 * the most recently cached first, which the full-text index serves in its own order and stops
 * after a page (a sort by a column would sort every match of each keystroke).
 */
export const DEFAULT_QUERY: GridQuery = { status: ['draft'] };

/** The first page's input, built in one place: the boot script's early request must match it exactly. */
export function firstPageInput(query: GridQuery, limit: number): GridQueryInput {
  return { ...query, offset: 0, limit };
}

/** What the window asks for first at launch. */
export const launchPageInput = (): GridQueryInput => firstPageInput(DEFAULT_QUERY, FIRST_PAGE_SIZE);
