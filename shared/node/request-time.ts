// The one reading of a request time (`YYYY-MM-DD HH:MM:SS`, local to the service's zone) that
// the service and the app's offline checks share, so the app refuses offline exactly what the
// service would answer with 400 `invalid_time`.
//
// Read without a date library (issue 41): an import of 10,000 rows reads a time three times a
// row, and luxon's parse and zone lookups took 2.4 s of a 7 s import. The zone's offsets come
// from Intl, kept per hour of UTC: within an hour whose two ends have the same offset the zone
// does not change it (its changes are months apart), so nearly every time costs a map lookup.
// tests/shared/request-time.property.test.ts checks it against luxon's reading across zones and
// their daylight-saving nights.

/** The marketplace's zone: the service's default, and the zone the app reads request times in. */
export const MARKETPLACE_ZONE = 'Europe/Helsinki';

/**
 * The instants a request may name: 1970-01-01 to 9999-12-31 UTC. Outside, a response timestamp
 * would not be `YYYY-MM-DDTHH:MM:SS+hhmm` (five-digit or negative years), so such a time is
 * refused instead of being stored and failing every later response (issue 9, finding 2).
 */
export const REQUEST_TIME_RANGE = { from: 0, to: Date.UTC(9999, 11, 31, 0, 0, 0) } as const;

const SHAPE = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})$/;
const HOUR = 3_600_000;

/** A wall-clock time's parts, as written (months 1-12). */
export interface WallTime {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

interface Zone {
  format: Intl.DateTimeFormat;
  /** Offset (ms) of each UTC hour whose two ends agree; null: the zone changes it in that hour. */
  hours: Map<number, number | null>;
}

const zones = new Map<string, Zone | null>();

function zoneOf(name: string): Zone | null {
  let zone = zones.get(name);
  if (zone === undefined) {
    try {
      zone = {
        format: new Intl.DateTimeFormat('en-US', {
          timeZone: name, hourCycle: 'h23', era: 'short', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric',
        }),
        hours: new Map(),
      };
    } catch {
      zone = null;
    }
    zones.set(name, zone);
  }
  return zone;
}

/** Days from 1970-01-01 to a day of the proleptic Gregorian calendar (month 1-12, any day). */
function daysFromCivil(year: number, month: number, day: number): number {
  // Howard Hinnant's days_from_civil: arithmetic only, no Date object (a few times a row).
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yoe = y - era * 400;
  const doy = Math.floor((153 * (month + (month > 2 ? -3 : 9)) + 2) / 5) + day - 1;
  const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy;
  return era * 146_097 + doe - 719_468;
}

/** Epoch ms of a wall time read as UTC. */
function utc(wall: WallTime): number {
  return ((daysFromCivil(wall.year, wall.month, wall.day) * 24 + wall.hour) * 60 + wall.minute) * 60_000 + wall.second * 1000;
}

const isLeap = (year: number) => (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
const MONTH_DAYS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** The zone's offset (ms) at instant `t`, read from Intl (whole seconds). */
function exactOffset(zone: Zone, t: number): number {
  const at = Math.floor(t / 1000) * 1000;
  const wall: WallTime = { year: 0, month: 0, day: 0, hour: 0, minute: 0, second: 0 };
  let bc = false;
  for (const part of zone.format.formatToParts(at)) {
    switch (part.type) {
      case 'era': bc = part.value.startsWith('B'); break;
      case 'year': wall.year = Number(part.value); break;
      case 'month': wall.month = Number(part.value); break;
      case 'day': wall.day = Number(part.value); break;
      case 'hour': wall.hour = Number(part.value); break;
      case 'minute': wall.minute = Number(part.value); break;
      case 'second': wall.second = Number(part.value); break;
      default: break;
    }
  }
  if (bc) wall.year = 1 - wall.year;
  return utc(wall) - at;
}

function offsetAt(zone: Zone, t: number): number {
  const hour = Math.floor(t / HOUR);
  let offset = zone.hours.get(hour);
  if (offset === undefined) {
    const start = exactOffset(zone, hour * HOUR);
    offset = start === exactOffset(zone, hour * HOUR + HOUR - 1000) ? start : null;
    if (zone.hours.size >= 100_000) zone.hours.clear();
    zone.hours.set(hour, offset);
  }
  return offset ?? exactOffset(zone, t);
}

/** Whether the parts name a day and time of the calendar (31.02. and 24:00 do not). */
function onTheCalendar(wall: WallTime): boolean {
  if (wall.month < 1 || wall.month > 12 || wall.day < 1 || wall.hour > 23 || wall.minute > 59 || wall.second > 59) return false;
  return wall.day <= (wall.month === 2 && isLeap(wall.year) ? 29 : (MONTH_DAYS[wall.month - 1] as number));
}

/**
 * The instant (epoch ms) of a wall-clock time in `zone`: 'invalid' when it is no day and time of
 * the calendar (or the zone is unknown), 'gap' when the zone skips it (03:30 on a spring-forward
 * night). A time the autumn night repeats is its first (summer time) instant.
 */
export function localInstant(wall: WallTime, zoneName: string): number | 'invalid' | 'gap' {
  const zone = zoneOf(zoneName);
  if (!zone || !onTheCalendar(wall)) return 'invalid';
  const local = utc(wall);
  // Its instant lies within 14 hours of the wall time read as UTC; the offsets there are at most
  // these three (a zone changes its offset months apart).
  const candidates = new Set([offsetAt(zone, local - 14 * HOUR), offsetAt(zone, local), offsetAt(zone, local + 14 * HOUR)]);
  let instant: number | null = null;
  for (const offset of candidates) {
    const t = local - offset;
    if (offsetAt(zone, t) === offset && (instant === null || t < instant)) instant = t;
  }
  return instant ?? 'gap';
}

/**
 * Epoch ms of a local time in `zone`, or null when it names no instant the service answers with:
 * not the shape; not a real wall-clock time there (`24:00:00`, 31.02., a time in a daylight-saving
 * gap); outside REQUEST_TIME_RANGE; or at an offset of no whole minutes (Helsinki before 1921 was
 * +01:39:49). A time the autumn night repeats is its first (summer time) instant.
 */
export function parseRequestTime(text: string, zone: string): number | null {
  const m = SHAPE.exec(text);
  if (!m) return null;
  const wall: WallTime = { year: Number(m[1]), month: Number(m[2]), day: Number(m[3]), hour: Number(m[4]), minute: Number(m[5]), second: Number(m[6]) };
  // Every local time of an earlier year is an instant before the range.
  if (wall.year < 1969) return null;
  const instant = localInstant(wall, zone);
  if (typeof instant !== 'number') return null;
  if (instant < REQUEST_TIME_RANGE.from || instant > REQUEST_TIME_RANGE.to || (utc(wall) - instant) % 60_000 !== 0) return null;
  return instant;
}
