// A sheet's merged ranges (<mergeCells>, written after the rows). The file holds a range's value
// in its top-left cell only; Excel clears the other cells when it merges, but LibreOffice and
// others may keep what they held ("keep the contents of hidden cells"), hidden under the merge.
// What the seller sees decides: a range over several rows shows its value beside each of them
// ("Hyvä" merged down the condition column of three items), so each row of its first column takes
// it, flagged for the seller to check (issue 42); across columns the value is one cell's, and a
// hidden cell's text would land in the next column's field (issue 21, item 9): cleared.
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
 * Gives each data row a merged range covers the range's value in the range's first column (a
 * note says so) and empties every other cell it hides, with their notes; a row left with nothing
 * in it is no row. The header's ranges fill nothing. The work is bounded by the rows read and the
 * sheet's width, whatever the ranges claim.
 */
export function applyMergedCells(records: CsvRecord[], ranges: readonly CellRange[]): CsvRecord[] {
  if (ranges.length === 0 || records.length === 0) return records;
  const byRow = new Map(records.map((r) => [r.row, r]));
  const header = records[0]?.row ?? 0;
  const hidden = new Set<CsvRecord>();
  for (const range of ranges) {
    const rows = range.bottom - range.top + 1 <= records.length
      ? Array.from({ length: range.bottom - range.top + 1 }, (_, i) => byRow.get(range.top + i))
      : records.filter((r) => r.row >= range.top && r.row <= range.bottom);
    const value = range.top > header ? (byRow.get(range.top)?.fields[range.left - 1] ?? '') : '';
    const from = `${columnName(range.left)}${range.top}`;
    const ref = `${from}:${columnName(range.right)}${range.bottom}`;
    for (const record of rows) {
      if (!record) continue;
      const last = Math.min(range.right, record.fields.length);
      // A row with nothing outside the range is no item of its own: the merge only made it tall.
      const ownValues = record.fields.some((cell, i) => cell !== '' && (i < range.left - 1 || i > range.right - 1));
      for (let column = range.left; column <= last; column++) {
        if (record.row === range.top && column === range.left) continue;
        if (column === range.left && value !== '' && ownValues) {
          record.fields[column - 1] = value;
          record.notes = [...(record.notes ?? []).filter((n) => n.index !== column - 1), { index: column - 1, cell: `${columnName(column)}${record.row}`, rule: 'merged-cell', range: ref, from }];
          continue;
        }
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
