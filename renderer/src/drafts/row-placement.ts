// Where rows go when fresh copies arrive, apart from the store that holds them. Pure functions.
import type { DraftRow } from '../../../shared/ipc/contract.ts';

export type SparseRows = ReadonlyArray<DraftRow | undefined>;

/**
 * Puts fresh copies in place of the loaded rows of the same drafts. A copy older than the one
 * shown (an answer overtaken by a later edit's) is ignored. `newer`: some row changed, so it may
 * now stand out of the sort order (a second answer for the same edit changes nothing).
 */
export function mergeFresh(rows: SparseRows, fresh: readonly DraftRow[]): { rows: Array<DraftRow | undefined>; newer: boolean } {
  const byId = new Map(fresh.map((row) => [row.localId, row]));
  let newer = false;
  const merged = rows.map((row) => {
    const next = row && byId.get(row.localId);
    if (!next || next.updated < row.updated) return row;
    newer ||= next.updated > row.updated;
    return next;
  });
  return { rows: merged, newer };
}

/**
 * Where the keyboard focus and the shift anchor go after a reload: to the rows of the drafts they
 * were on, when those are loaded; else the focus stays at its index (within the rows) and the
 * anchor is dropped.
 */
export function followDrafts(
  rows: SparseRows,
  total: number,
  drafts: { focusedId: number | undefined; anchorId: number | undefined },
  focusRow: number,
): { focusRow: number; anchor?: number | null } {
  const indexOf = (id: number | undefined) => (id === undefined ? -1 : rows.findIndex((r) => r?.localId === id));
  const focus = indexOf(drafts.focusedId);
  const anchor = indexOf(drafts.anchorId);
  return {
    focusRow: focus >= 0 ? focus : Math.min(focusRow, Math.max(0, total - 1)),
    ...(drafts.anchorId !== undefined ? { anchor: anchor >= 0 ? anchor : null } : {}),
  };
}
