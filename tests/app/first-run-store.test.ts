// The first-run guide's state (issue 21, item 13): shown on a first start, hidden for good once
// the seller hides it (kept where the language choice is: the window's localStorage), shown again
// on request with the focus asked for. The storage is a Map behind localStorage's three methods.
import { describe, expect, it } from 'vitest';
import { createFirstRunStore, GUIDE_STORAGE_KEY } from '../../renderer/src/first-run/first-run-store.ts';

function storage() {
  const values = new Map<string, string>();
  return { values, getItem: (k: string) => values.get(k) ?? null, setItem: (k: string, v: string) => void values.set(k, v) };
}

describe('the first-run guide', () => {
  it('shows on a first start and stays hidden on the next start once hidden', () => {
    const kept = storage();
    const first = createFirstRunStore(kept);
    expect(first.getState()).toMatchObject({ open: true, focusRequest: 0 });
    first.getState().dismiss();
    expect(first.getState().open).toBe(false);
    expect(kept.values.get(GUIDE_STORAGE_KEY)).toBe('dismissed');
    expect(createFirstRunStore(kept).getState().open).toBe(false);
  });

  it('shows again from Help, asking for the focus each time, and hiding it again is remembered', () => {
    const kept = storage();
    kept.setItem(GUIDE_STORAGE_KEY, 'dismissed');
    const store = createFirstRunStore(kept);
    store.getState().show();
    expect(store.getState()).toMatchObject({ open: true, focusRequest: 1 });
    store.getState().show();
    expect(store.getState().focusRequest).toBe(2);
    store.getState().dismiss();
    expect(createFirstRunStore(kept).getState().open).toBe(false);
  });
});
