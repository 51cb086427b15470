// The request time reading without a date library (shared/node/request-time.ts, issue 41) agrees
// with luxon's zones on every time: the earliest instant that luxon writes back as exactly that
// time, within the range and at a whole-minute offset. Random times in zones with daylight saving
// (also at half hours and 45 minutes), whole days skipped (Apia, 2011), offsets of no whole minutes
// (Monrovia until 1972), and every 20 minutes around each change of offset. (luxon's own
// fromFormat took the instant of the offset the zone has on the day the code runs for a time an
// autumn night repeats: the later one in winter. The service says the first, and now reads it.)
import fc from 'fast-check';
import { DateTime, FixedOffsetZone, IANAZone } from 'luxon';
import { describe, expect, it } from 'vitest';
import { localInstant, parseRequestTime, REQUEST_TIME_RANGE } from '../../shared/node/request-time.ts';

const FORMAT = 'yyyy-MM-dd HH:mm:ss';
/** Zones whose changes are odd: at half hours, by 30 minutes, a whole day, from a -0:44:30 offset. */
const CHANGING = ['Europe/Helsinki', 'Australia/Lord_Howe', 'America/St_Johns', 'Pacific/Chatham', 'Pacific/Apia', 'Africa/Monrovia'];
const ZONES = ['Europe/Helsinki', 'America/New_York', 'Australia/Lord_Howe', 'America/St_Johns', 'Asia/Kathmandu', 'Pacific/Chatham', 'Pacific/Apia', 'Africa/Monrovia', 'Pacific/Kiritimati', 'UTC'];

/** luxon's zone objects, made once (a zone given by name is checked by making a formatter each time). */
const zones = new Map<string, IANAZone>();
const zoneOf = (name: string) => zones.get(name) ?? zones.set(name, IANAZone.create(name)).get(name) as IANAZone;

/** The earliest instant luxon writes back as `text` in `zone` (within the range, at whole minutes). */
function luxonReading(text: string, name: string): number | null {
  if (!/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/.test(text)) return null;
  const zone = zoneOf(name);
  const wall = DateTime.fromFormat(text, FORMAT, { zone: FixedOffsetZone.utcInstance });
  if (!wall.isValid || wall.toFormat(FORMAT) !== text) return null;
  const local = wall.toMillis();
  const offsets = new Set([-14, 0, 14].map((h) => DateTime.fromMillis(local + h * 3_600_000, { zone }).offset));
  const instants = [...offsets].map((o) => local - o * 60_000).filter((t) => {
    const at = DateTime.fromMillis(t, { zone });
    return at.toFormat(FORMAT) === text && Number.isInteger(at.offset);
  });
  if (instants.length === 0) return null;
  const ms = Math.min(...instants);
  return ms < REQUEST_TIME_RANGE.from || ms > REQUEST_TIME_RANGE.to ? null : ms;
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');
const text = (y: number, mo: number, d: number, h: number, mi: number, s: number) => `${pad(y, 4)}-${pad(mo)}-${pad(d)} ${pad(h)}:${pad(mi)}:${pad(s)}`;

/** Every instant (to the minute) in 1969-2030 at which `zone` changes its offset (a zone changes it weeks apart). */
function changes(name: string): number[] {
  const zone = zoneOf(name);
  const offset = (t: number) => DateTime.fromMillis(t, { zone }).offset;
  const out: number[] = [];
  const WEEK = 7 * 86_400_000;
  for (let t = Date.UTC(1969, 0, 1); t < Date.UTC(2031, 0, 1); t += WEEK) {
    if (offset(t) === offset(t + WEEK)) continue;
    let [low, high] = [t, t + WEEK];
    while (high - low > 60_000) {
      const middle = low + Math.floor((high - low) / 120_000) * 60_000;
      if (offset(middle) === offset(low)) low = middle;
      else high = middle;
    }
    out.push(high);
  }
  return out;
}

describe('the request time reading', () => {
  it('agrees with luxon on random times in ten zones, invalid days and hours included', () => {
    fc.assert(fc.property(
      fc.constantFrom(...ZONES), fc.integer({ min: 1960, max: 2060 }), fc.integer({ min: 0, max: 13 }), fc.integer({ min: 0, max: 32 }),
      fc.integer({ min: 0, max: 24 }), fc.integer({ min: 0, max: 60 }), fc.integer({ min: 0, max: 60 }),
      (zone, y, mo, d, h, mi, s) => {
        const t = text(y, mo, d, h, mi, s);
        expect(parseRequestTime(t, zone)).toBe(luxonReading(t, zone));
      },
    ), { numRuns: 1000, seed: 41 });
  });

  it('agrees with luxon on every 20 minutes around each change of offset from 1969 to 2030 in six odd zones', () => {
    let compared = 0;
    for (const zone of CHANGING) {
      for (const at of changes(zone)) {
        for (let t = at - 2 * 3_600_000; t <= at + 2 * 3_600_000; t += 20 * 60_000) {
          const wall = DateTime.fromMillis(t, { zone: FixedOffsetZone.utcInstance });
          const local = wall.toFormat(FORMAT);
          expect(parseRequestTime(local, zone), `${zone} ${local}`).toBe(luxonReading(local, zone));
          compared += 1;
        }
      }
    }
    expect(compared).toBeGreaterThan(2_000);
  });

  it('reads the spring gap as no time, the autumn repeat as its first instant, and the range ends', () => {
    expect(localInstant({ year: 2026, month: 3, day: 29, hour: 3, minute: 30, second: 0 }, 'Europe/Helsinki')).toBe('gap');
    expect(parseRequestTime('2026-03-29 03:30:00', 'Europe/Helsinki')).toBeNull();
    expect(parseRequestTime('2026-10-25 03:30:00', 'Europe/Helsinki')).toBe(Date.UTC(2026, 9, 25, 0, 30));
    expect(parseRequestTime('2026-11-28 24:00:00', 'Europe/Helsinki')).toBeNull();
    expect(parseRequestTime('2026-02-29 12:00:00', 'Europe/Helsinki')).toBeNull();
    expect(parseRequestTime('1970-01-01 02:00:00', 'Europe/Helsinki')).toBe(0);
    expect(parseRequestTime('1970-01-01 01:59:59', 'Europe/Helsinki')).toBeNull();
    expect(parseRequestTime('9999-12-31 02:00:00', 'Europe/Helsinki')).toBe(REQUEST_TIME_RANGE.to);
    expect(parseRequestTime('2026-11-28 18:00:00', 'No/Such_Zone')).toBeNull();
    expect(localInstant({ year: 1, month: 1, day: 1, hour: 12, minute: 0, second: 0 }, 'UTC')).toBe(Date.UTC(2000, 0, 1, 12) - Date.UTC(2000, 0, 1) + new Date('0001-01-01T00:00:00Z').getTime());
  });
});
