// The one formatter every screen writes money, numbers and times with, and the one parser every
// numeric input reads them with.
import { describe, expect, it } from 'vitest';
import { localeFromSystem } from '../../shared/format/app-locale.ts';
import { createFormatter } from '../../shared/format/formatter.ts';
import { parseDecimal } from '../../shared/format/parse-decimal.ts';

const fi = createFormatter('fi', { timeZone: 'Europe/Helsinki' });
const en = createFormatter('en', { timeZone: 'Europe/Helsinki' });
const NBSP = '\u00a0';
const CLOSING = '2026-11-28T18:00:00+0200';

describe('the formatter', () => {
  it('writes euros as each language does', () => {
    expect(fi.money(2400)).toBe(`2${NBSP}400,00${NBSP}€`);
    expect(en.money(2400)).toBe('€2,400.00');
    expect(fi.amount(12.5)).toBe('12,50');
    expect(en.amount(12.5)).toBe('12.50');
  });

  it('writes numbers and percentages as each language does', () => {
    expect(fi.number(1234.567)).toBe(`1${NBSP}234,57`);
    expect(en.number(1234.567)).toBe('1,234.57');
    expect(fi.percent(0.1)).toBe(`10${NBSP}%`);
    expect(en.percent(0.1)).toBe('10%');
  });

  it('writes dates and times in the marketplace time zone, 24-hour clock in both languages', () => {
    expect(fi.date(CLOSING)).toBe('28.11.2026');
    expect(en.date(CLOSING)).toBe('28 Nov 2026');
    expect(fi.dateTime(CLOSING)).toBe('28.11.2026 klo 18.00');
    expect(en.dateTime(CLOSING)).toBe('28 Nov 2026, 18:00');
    expect(fi.time(CLOSING)).toBe('18.00');
    expect(en.time(CLOSING)).toBe('18:00');
  });

  it('writes a duration as its two largest units', () => {
    const DAY = 86_400_000;
    const HOUR = 3_600_000;
    expect(en.duration(DAY + 4 * HOUR + 59_000)).toBe('1 day 4 hrs');
    expect(fi.duration(DAY + 4 * HOUR)).toBe('1 pv 4 t');
    expect(en.duration(3 * HOUR + 5 * 60_000)).toBe('3 hrs 5 mins');
    expect(en.duration(2 * DAY)).toBe('2 days');
    expect(en.duration(30_000)).toBe('< 1 min');
  });

  it('writes a time relative to now', () => {
    const now = Date.parse('2026-11-25T18:00:00+02:00');
    expect(en.relative(CLOSING, now)).toBe('in 3 days');
    expect(fi.relative(CLOSING, now)).toBe('3 päivän päästä');
    expect(en.relative(now - 2 * 3_600_000, now)).toBe('2 hours ago');
  });
});

describe('reading a typed number', () => {
  it('takes a decimal comma or a decimal point', () => {
    expect(parseDecimal('12,50')).toBe(12.5);
    expect(parseDecimal('12.50')).toBe(12.5);
    expect(parseDecimal(' 7 ')).toBe(7);
    expect(parseDecimal('-3,5')).toBe(-3.5);
    expect(parseDecimal('−3,5')).toBe(-3.5);
  });

  it('takes thousands grouped by spaces, dots or commas, and a euro sign', () => {
    expect(parseDecimal(`1${NBSP}234,50`)).toBe(1234.5);
    expect(parseDecimal('1 234,50 €')).toBe(1234.5);
    expect(parseDecimal('1.234,50')).toBe(1234.5);
    expect(parseDecimal('1,234.50')).toBe(1234.5);
    expect(parseDecimal('€12')).toBe(12);
    expect(parseDecimal(fi.money(2400))).toBe(2400);
  });

  it('refuses what is not one number', () => {
    for (const text of ['', 'abc', '1,2,3', '12,5a', '1.23,4.5', '12,,5', '0x20', '1e3']) expect(parseDecimal(text), text).toBeNull();
  });
});

describe('the language from the system', () => {
  it('is Finnish for a Finnish system, English for an English one or any other', () => {
    expect(localeFromSystem(['fi-FI', 'en-US'])).toBe('fi');
    expect(localeFromSystem(['en-US', 'fi'])).toBe('en');
    expect(localeFromSystem(['sv-FI', 'fi-FI'])).toBe('fi');
    expect(localeFromSystem(['de-DE'])).toBe('en');
    expect(localeFromSystem([])).toBe('en');
  });
});
