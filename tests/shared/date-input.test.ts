// The app's own date and time fields read and write the app's language (issue 21, item 11):
// Finnish 24.12.2026 and 14.30, English 24/12/2026 and 14:30, both day first on a 24-hour clock.
import { describe, expect, it } from 'vitest';
import { addDays, formatDateInput, formatTimeInput, parseDateInput, parseTimeInput } from '../../shared/format/date-input.ts';

describe('a typed date', () => {
  it('is written day first in either language', () => {
    expect(formatDateInput('2026-12-04', 'fi')).toBe('4.12.2026');
    expect(formatDateInput('2026-12-04', 'en')).toBe('04/12/2026');
    expect(formatDateInput('', 'fi')).toBe('');
    expect(formatDateInput(null, 'en')).toBe('');
  });

  it('is read from the forms a seller types, and a date that does not exist is refused', () => {
    for (const text of ['4.12.2026', '04.12.2026', '4/12/2026', '4-12-2026', '2026-12-04', ' 4.12.26 ', '4. 12. 2026']) {
      expect(parseDateInput(text), text).toEqual({ ok: true, value: '2026-12-04' });
    }
    expect(parseDateInput('')).toEqual({ ok: true, value: null });
    for (const text of ['31.2.2026', '29.2.2027', '12/31/2026', '0.1.2026', 'huomenna', '4.12', '2026-13-01']) {
      expect(parseDateInput(text), text).toEqual({ ok: false });
    }
    expect(parseDateInput('29.2.2028')).toEqual({ ok: true, value: '2028-02-29' });
  });

  it('moves by a day across months and years', () => {
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2028-03-01', -1)).toBe('2028-02-29');
  });
});

describe('a typed time', () => {
  it('is on a 24-hour clock, with the language\'s separator', () => {
    expect(formatTimeInput('14:30', 'fi')).toBe('14.30');
    expect(formatTimeInput('09:05', 'en')).toBe('09:05');
    for (const [text, value] of [['14.30', '14:30'], ['14:30', '14:30'], ['9.05', '09:05'], ['1430', '14:30'], ['14', '14:00'], ['0.00', '00:00'], ['23.59', '23:59']] as const) {
      expect(parseTimeInput(text), text).toEqual({ ok: true, value });
    }
    for (const text of ['24.00', '12.60', '2 PM', '12:00 AM', '1.5']) expect(parseTimeInput(text), text).toEqual({ ok: false });
  });
});
