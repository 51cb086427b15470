// The grid's column widths, as style objects shared by the header and every row. Rows are flex
// boxes of fixed-width cells (the title takes what is left): flex with fixed widths lays out in
// a fraction of a grid template's time, and shared objects cost React no diffing per cell.
import type { CSSProperties } from 'react';
import { COLUMNS } from './columns.ts';

const TITLE_MIN_WIDTH = 164;
const CHECK_WIDTH = 40;
/** Status, sync state, checks. */
const TRAILING_WIDTHS = [72, 90, 92];
const fixed = (width: number): CSSProperties => ({ flex: `0 0 ${width}px` });

export const CHECK_STYLE = fixed(CHECK_WIDTH);
export const COLUMN_STYLES: readonly CSSProperties[] = COLUMNS.map((c) => (c.width === 0 ? { flex: `1 0 ${TITLE_MIN_WIDTH}px` } : fixed(c.width)));
export const TRAILING_STYLES: readonly CSSProperties[] = TRAILING_WIDTHS.map(fixed);

/** A row's width never depends on its content (see .grid-row's containment). */
export const MIN_ROW_WIDTH = CHECK_WIDTH + COLUMNS.reduce((sum, c) => sum + (c.width || TITLE_MIN_WIDTH), 0)
  + TRAILING_WIDTHS.reduce((sum, w) => sum + w, 0);
