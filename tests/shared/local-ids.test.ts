// Issue 41: a selection of a whole shop (100,000 local ids) is checked in one loop, as strictly as
// an array of LocalId was: every id a positive whole number, one to 100,000 of them, a wrong one
// named by its place.
import { describe, expect, it } from 'vitest';
import { LocalIds, MAX_LOCAL_IDS } from '../../shared/ipc/common.ts';
import { IPC_METHODS } from '../../shared/ipc/contract.ts';

describe('LocalIds', () => {
  it('takes one to 100,000 positive whole numbers', () => {
    const all = Array.from({ length: MAX_LOCAL_IDS }, (_, i) => i + 1);
    expect(LocalIds.parse(all)).toHaveLength(MAX_LOCAL_IDS);
    expect(LocalIds.parse([7])).toEqual([7]);
  });

  it('refuses what is not, naming the place of a wrong id', () => {
    for (const [input, path] of [
      [[], []], [Array.from({ length: MAX_LOCAL_IDS + 1 }, (_, i) => i + 1), []], ['1,2', []], [null, []], [{ 0: 1, length: 1 }, []],
      [[1, 0], [1]], [[1, 2, -3], [2]], [[1.5], [0]], [[Number.NaN], [0]], [[2 ** 53], [0]], [['3'], [0]], [[null], [0]],
    ] as const) {
      const result = LocalIds.safeParse(input);
      expect(result.success, JSON.stringify(input).slice(0, 40)).toBe(false);
      expect(result.error?.issues[0]?.path).toEqual(path);
    }
  });

  it("names the input's field in a contract's refusal", () => {
    const result = IPC_METHODS['drafts.bulkEdit'].input.safeParse({ localIds: [4, -1], changes: {} });
    expect(result.error?.issues[0]?.path).toEqual(['localIds', 1]);
  });
});
