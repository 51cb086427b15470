// The grid's list and closing time cells in the seller's language (issue 42's leftover: they showed
// "2026-11-28 18:00:00" under Finnish screens).
import { describe, expect, it } from 'vitest';
import { createFormatter } from '../../shared/format/formatter.ts';
import { timeCellText } from '../../renderer/src/drafts/time-cells.ts';

describe('time cells of the grid', () => {
  it('writes a list or closing time as the language does, and leaves other fields alone', () => {
    const fi = createFormatter('fi');
    const en = createFormatter('en');
    const stored = '2026-11-28 18:00:00';
    expect(timeCellText('listTime', stored, fi)).toBe(fi.dateTime(stored));
    expect(timeCellText('closingTime', stored, fi)).toMatch(/^28\.11\.2026\D+18\.00$/);
    expect(timeCellText('listTime', stored, en)).toBe('28 Nov 2026, 18:00');
    expect(timeCellText('title', stored, fi)).toBeNull();
    expect(timeCellText('sku', stored, fi)).toBeNull();
  });
});
