// A sheet's merged ranges (<mergeCells>, written after the rows): a range's value belongs to its
// top-left cell only. Excel clears the other cells when it merges, but LibreOffice and others
// may keep what they held ("keep the contents of hidden cells"), hidden under the merge: read as
// they stand, that text would land in the next column's field (issue 21, item 9).
import type { CsvRecord } from '../csv/rfc4180.ts';

export interface CellRange {
  top: number;
  left: number;
  bottom: number;
  right: number;
}

/** Column letters of a 1-based column number ("A", "AB"). */
export function columnName(column: number): string {
  let name = '';
  for (let n = column; n > 0; n = Math.floor((n - 1) / 26)) name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
  return name;
}

/** A range reference ("A3:C4", or one cell "B2") given the reader's column function; null when it is none. */
export function parseRange(ref: string, columnOf: (letters: string) => number): CellRange | null {
  const m = /^\$?([A-Za-z]{1,3})\$?(\d+)(?::\$?([A-Za-z]{1,3})\$?(\d+))?$/.exec(ref.trim());
  if (!m) return null;
  const left = columnOf(m[1] as string);
  const top = Number(m[2]);
  const right = m[3] ? columnOf(m[3]) : left;
  const bottom = m[4] ? Number(m[4]) : top;
  if (!left || !top || right < left || bottom < top) return null;
  return { top, left, bottom, right };
}

/**
 * Empties every cell a merged range hides (all but its top-left), and its notes; a row left
 * with nothing in it is no row. The work is bounded by the rows read and the sheet's width,
 * whatever the ranges claim.
 */
export function clearMergedCells(records: CsvRecord[], ranges: readonly CellRange[]): CsvRecord[] {
  if (ranges.length === 0 || records.length === 0) return records;
  const byRow = new Map(records.map((r) => [r.row, r]));
  const hidden = new Set<CsvRecord>();
  for (const range of ranges) {
    const rows = range.bottom - range.top + 1 <= records.length
      ? Array.from({ length: range.bottom - range.top + 1 }, (_, i) => byRow.get(range.top + i))
      : records.filter((r) => r.row >= range.top && r.row <= range.bottom);
    for (const record of rows) {
      if (!record) continue;
      const last = Math.min(range.right, record.fields.length);
      for (let column = range.left; column <= last; column++) {
        if (record.row === range.top && column === range.left) continue;
        if (record.fields[column - 1] !== '') {
          record.fields[column - 1] = '';
          hidden.add(record);
        }
        if (record.notes) record.notes = record.notes.filter((n) => n.index !== column - 1);
      }
      if (record.notes?.length === 0) delete record.notes;
    }
  }
  // Only a row the merge emptied goes: a blank row never came out of the reader.
  return records.filter((r) => !hidden.has(r) || r.fields.some((f) => f !== '') || (r.notes?.length ?? 0) > 0);
}
