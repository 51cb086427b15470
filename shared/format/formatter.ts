// The one formatter of money, numbers, dates, times and durations: every screen writes these
// through it, so a price or a time reads the same everywhere. Built on Intl; one formatter per
// locale (and time zone), its Intl objects made once, on first use: making one loads its locale's
// data (a few ms each; twelve of them were 28 ms of the core's start and 7 % of the window's load).
import { INTL_LOCALE, type AppLocale } from './app-locale.ts';

export interface FormatterOptions {
  /** IANA time zone for dates and times; the system's when left out. Tests pin it. */
  timeZone?: string;
}

/** A time as the service and the cache write it: ISO 8601, `2026-11-28T18:00:00+0200`, or a Date. */
export type TimeInput = string | number | Date;

export function toDate(time: TimeInput): Date {
  if (time instanceof Date) return time;
  if (typeof time === 'number') return new Date(time);
  // The service writes offsets without a colon (+0200), which not every engine parses.
  const iso = time.trim().replace(' ', 'T').replace(/([+-]\d{2})(\d{2})$/, '$1:$2');
  return new Date(iso);
}

const DAY = 86_400_000;
const HOUR = 3_600_000;
const MINUTE = 60_000;

export interface Formatter {
  readonly locale: AppLocale;
  /** Euros with two decimals and the sign where the language puts it: `2 400,00 €`, `€2,400.00`. */
  money(euros: number): string;
  /** A plain number, grouped, with at most `maxDecimals` decimals. */
  number(value: number, maxDecimals?: number): string;
  /** A number with exactly two decimals and no sign, for a price in an input or a grid cell. */
  amount(euros: number): string;
  /** A fraction as a percentage: 0.1 -> `10 %` / `10%`. */
  percent(fraction: number, maxDecimals?: number): string;
  /** `24.11.2026` / `24 Nov 2026`. */
  date(time: TimeInput): string;
  /** `24.11.2026 klo 18.00` / `24 Nov 2026, 18:00`. */
  dateTime(time: TimeInput): string;
  /** `18.00` / `18:00`. */
  time(time: TimeInput): string;
  /** The largest two units of a span: `1 pv 4 t` / `1 day 4 hr`; under a minute: `< 1 min`. */
  duration(ms: number): string;
  /** A time from now in words: `3 päivän päästä` / `in 3 days`, `2 tuntia sitten` / `2 hours ago`. */
  relative(time: TimeInput, now?: number): string;
}

/** The value `make` gives, made at the first call and kept. */
function once<T>(make: () => T): () => T {
  let made: T | undefined;
  return () => (made ??= make());
}

export function createFormatter(locale: AppLocale, options: FormatterOptions = {}): Formatter {
  const tag = INTL_LOCALE[locale];
  const zone = options.timeZone;
  const money = once(() => new Intl.NumberFormat(tag, { style: 'currency', currency: 'EUR', minimumFractionDigits: 2, maximumFractionDigits: 2 }));
  const amount = once(() => new Intl.NumberFormat(tag, { minimumFractionDigits: 2, maximumFractionDigits: 2 }));
  const numbers = new Map<number, Intl.NumberFormat>();
  const numberFormat = (decimals: number): Intl.NumberFormat => {
    let made = numbers.get(decimals);
    if (!made) numbers.set(decimals, (made = new Intl.NumberFormat(tag, { maximumFractionDigits: decimals })));
    return made;
  };
  const percent = once(() => new Intl.NumberFormat(tag, { style: 'percent', maximumFractionDigits: 1 }));
  const date = once(() => new Intl.DateTimeFormat(tag, { dateStyle: locale === 'fi' ? 'short' : 'medium', timeZone: zone }));
  const dateTime = once(() => new Intl.DateTimeFormat(tag, { dateStyle: locale === 'fi' ? 'short' : 'medium', timeStyle: 'short', timeZone: zone }));
  const time = once(() => new Intl.DateTimeFormat(tag, { timeStyle: 'short', timeZone: zone }));
  const unit = (name: 'day' | 'hour' | 'minute') => once(() => new Intl.NumberFormat(tag, { style: 'unit', unit: name, unitDisplay: 'short' }));
  const units = { day: unit('day'), hour: unit('hour'), minute: unit('minute') };
  const list = once(() => new Intl.ListFormat(tag, { type: 'unit', style: 'narrow' }));
  const relative = once(() => new Intl.RelativeTimeFormat(tag, { numeric: 'auto' }));
  // Intl writes 24.11.2026 for Finnish short dates; 'short' for English would be 24/11/2026.
  return {
    locale,
    money: (euros) => money().format(euros),
    number: (value, maxDecimals = 2) => numberFormat(maxDecimals).format(value),
    amount: (euros) => amount().format(euros),
    percent: (fraction, maxDecimals = 1) => (maxDecimals === 1 ? percent() : new Intl.NumberFormat(tag, { style: 'percent', maximumFractionDigits: maxDecimals })).format(fraction),
    date: (t) => date().format(toDate(t)),
    dateTime: (t) => dateTime().format(toDate(t)),
    time: (t) => time().format(toDate(t)),
    duration(ms) {
      const span = Math.max(0, Math.round(ms));
      if (span < MINUTE) return `< ${units.minute().format(1)}`;
      const days = Math.floor(span / DAY);
      const hours = Math.floor((span % DAY) / HOUR);
      const minutes = Math.floor((span % HOUR) / MINUTE);
      const parts = days > 0
        ? [units.day().format(days), ...(hours > 0 ? [units.hour().format(hours)] : [])]
        : hours > 0
          ? [units.hour().format(hours), ...(minutes > 0 ? [units.minute().format(minutes)] : [])]
          : [units.minute().format(minutes)];
      return list().format(parts);
    },
    relative(t, now = Date.now()) {
      const diff = toDate(t).getTime() - now;
      const abs = Math.abs(diff);
      if (abs >= DAY) return relative().format(Math.round(diff / DAY), 'day');
      if (abs >= HOUR) return relative().format(Math.round(diff / HOUR), 'hour');
      return relative().format(Math.round(diff / MINUTE), 'minute');
    },
  };
}
