// Where rows, the focus and the shift anchor go when fresh rows arrive.
import { describe, expect, it } from 'vitest';
import { followDrafts, mergeFresh } from '../../renderer/src/drafts/row-placement.ts';
import type { DraftRow } from '../../shared/ipc/contract.ts';

const row = (localId: number, updated: number, title = `draft ${localId}`) => ({ localId, updated, fields: { title } }) as unknown as DraftRow;

describe('row placement', () => {
  it('puts newer copies in place, keeps newer rows against older answers, and says whether anything changed', () => {
    const shown = [row(1, 10), undefined, row(3, 30)];
    const merged = mergeFresh(shown, [row(1, 11, 'edited'), row(3, 29, 'stale'), row(9, 50)]);
    expect(merged.rows.map((r) => r?.fields.title)).toEqual(['edited', undefined, 'draft 3']);
    expect(merged.newer).toBe(true);
    expect(mergeFresh(merged.rows, [row(1, 11, 'edited')]).newer).toBe(false);
  });

  it('follows the focused and anchor drafts to their new rows, or keeps the focus in range and drops the anchor', () => {
    const rows = [row(5, 1), row(7, 1), row(6, 1)];
    expect(followDrafts(rows, 3, { focusedId: 6, anchorId: 7 }, 0)).toEqual({ focusRow: 2, anchor: 1 });
    expect(followDrafts(rows, 3, { focusedId: 99, anchorId: 98 }, 8)).toEqual({ focusRow: 2, anchor: null });
    expect(followDrafts(rows, 3, { focusedId: undefined, anchorId: undefined }, 1)).toEqual({ focusRow: 1 });
  });
});
