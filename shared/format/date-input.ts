// Dates and times as the seller types them, in the app's language, for the app's own date and
// time fields (renderer/src/a11y/date-time-fields.tsx). Chromium's native date inputs follow the
// browser's locale, not the app's (mm/dd/yyyy and AM/PM under Finnish screens, issue 21): these
// write and read the language's own format. Both languages put the day first (Finnish 25.11.2026,
// British English 25/11/2026) and use a 24-hour clock (Finnish 14.30, English 14:30).
import type { AppLocale } from './app-locale.ts';

/** A calendar date as the app keeps it: `2026-11-25`. */
export type IsoDate = string;
/** A wall-clock time: `14:30`. */
export type IsoTime = string;

const DATE_SEPARATOR: Record<AppLocale, string> = { fi: '.', en: '/' };
const TIME_SEPARATOR: Record<AppLocale, string> = { fi: '.', en: ':' };

const pad = (n: number) => String(n).padStart(2, '0');

/** `2026-11-25` as the language writes it: `25.11.2026`, `25/11/2026`; '' for none or a malformed one. */
export function formatDateInput(iso: IsoDate | null | undefined, locale: AppLocale): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso ?? '');
  if (!m) return '';
  const [, y, mo, d] = m;
  const sep = DATE_SEPARATOR[locale];
  return locale === 'fi' ? `${Number(d)}${sep}${Number(mo)}${sep}${y}` : `${d}${sep}${mo}${sep}${y}`;
}

/** `14:30` as the language writes it: `14.30`, `14:30`. */
export function formatTimeInput(time: IsoTime | null | undefined, locale: AppLocale): string {
  const m = /^(\d{2}):(\d{2})$/.exec(time ?? '');
  return m ? `${m[1]}${TIME_SEPARATOR[locale]}${m[2]}` : '';
}

export type Parsed<T> = { ok: true; value: T | null } | { ok: false };

function isRealDate(y: number, m: number, d: number): boolean {
  if (m < 1 || m > 12 || d < 1) return false;
  return d <= new Date(Date.UTC(y, m, 0)).getUTCDate();
}

/**
 * A typed date: day, month and year separated by `.`, `/` or `-` in either language (`25.11.2026`,
 * `25/11/2026`, `25-11-2026`; a two-digit year is this century's), or ISO `2026-11-25`. Empty is
 * "no date" (value null); anything else that is no real date is refused.
 */
export function parseDateInput(text: string): Parsed<IsoDate> {
  const s = text.trim();
  if (s === '') return { ok: true, value: null };
  let y: number;
  let mo: number;
  let d: number;
  const iso = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(s);
  const dayFirst = /^(\d{1,2})\s*[./-]\s*(\d{1,2})\s*[./-]\s*(\d{2}|\d{4})\.?$/.exec(s);
  if (iso) [y, mo, d] = [Number(iso[1]), Number(iso[2]), Number(iso[3])];
  else if (dayFirst) {
    [d, mo, y] = [Number(dayFirst[1]), Number(dayFirst[2]), Number(dayFirst[3])];
    if ((dayFirst[3] ?? '').length === 2) y += 2000;
  } else return { ok: false };
  if (y < 1900 || y > 2999 || !isRealDate(y, mo, d)) return { ok: false };
  return { ok: true, value: `${y}-${pad(mo)}-${pad(d)}` };
}

/** A typed time on a 24-hour clock: `14.30`, `14:30`, `9.05`, `1430` or just the hour `14`. */
export function parseTimeInput(text: string): Parsed<IsoTime> {
  const s = text.trim();
  if (s === '') return { ok: true, value: null };
  const m = /^(\d{1,2})(?:\s*[.:]\s*(\d{2}))?$/.exec(s) ?? /^(\d{2})(\d{2})$/.exec(s);
  if (!m) return { ok: false };
  const h = Number(m[1]);
  const min = Number(m[2] ?? '0');
  if (h > 23 || min > 59) return { ok: false };
  return { ok: true, value: `${pad(h)}:${pad(min)}` };
}

/** `2026-11-25` moved by `days` (the arrow keys of a date field). */
export function addDays(iso: IsoDate, days: number): IsoDate {
  const [y, m, d] = iso.split('-').map(Number) as [number, number, number];
  const t = new Date(Date.UTC(y, m - 1, d + days));
  return `${t.getUTCFullYear()}-${pad(t.getUTCMonth() + 1)}-${pad(t.getUTCDate())}`;
}
