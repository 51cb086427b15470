// The grid's column widths, as style objects shared by the header and every row. Rows are flex
// boxes of fixed-width cells (the title takes what is left): flex with fixed widths lays out in
// a fraction of a grid template's time, and shared objects cost React no diffing per cell.
import type { Column } from './columns.ts';

/** A cell's style: its share of the row. Not React's CSSProperties: the tests load this file into the
 * root type check, where React's stand-in DOM types would hide Playwright's. */
export type CellStyle = { flex: string };

const TITLE_MIN_WIDTH = 154;
const CHECK_WIDTH = 34;
/** Status, sync state, checks. */
const TRAILING_WIDTHS = [72, 90, 92];
const fixed = (width: number): CellStyle => ({ flex: `0 0 ${width}px` });

export const CHECK_STYLE = fixed(CHECK_WIDTH);
export const TRAILING_STYLES: readonly CellStyle[] = TRAILING_WIDTHS.map(fixed);

/** The shown columns with their styles: one object per choice of columns, handed to every row. */
export interface GridLayout {
  columns: readonly Column[];
  /** Each column's heading in the language in use: put into words once per layout, not per cell. */
  headings: readonly string[];
  styles: readonly CellStyle[];
  /** A row's width never depends on its content (see .grid-row's containment). */
  minRowWidth: number;
}

/**
 * widths: the seller's, by field, over the columns' own. The title (width 0) takes what is left
 * of the row, at least its own or the seller's width.
 */
export function gridLayout(
  columns: readonly Column[], widths: Readonly<Record<string, number>> = {}, heading: (column: Column) => string = (c) => c.label,
): GridLayout {
  const widthOf = (c: Column) => widths[c.field] ?? (c.width || TITLE_MIN_WIDTH);
  return {
    columns,
    headings: columns.map(heading),
    styles: columns.map((c) => (c.width === 0 ? { flex: `1 0 ${widthOf(c)}px` } : fixed(widthOf(c)))),
    minRowWidth: CHECK_WIDTH + columns.reduce((sum, c) => sum + widthOf(c), 0) + TRAILING_WIDTHS.reduce((sum, w) => sum + w, 0),
  };
}
