// The one reading of a request time (`YYYY-MM-DD HH:MM:SS`, local to the service's zone) that
// the service and the app's offline checks share, so the app refuses offline exactly what the
// service would answer with 400 `invalid_time`.
import { DateTime } from 'luxon';

/** The marketplace's zone: the service's default, and the zone the app reads request times in. */
export const MARKETPLACE_ZONE = 'Europe/Helsinki';

/**
 * The instants a request may name: 1970-01-01 to 9999-12-31 UTC. Outside, a response timestamp
 * would not be `YYYY-MM-DDTHH:MM:SS+hhmm` (five-digit or negative years), so such a time is
 * refused instead of being stored and failing every later response (issue 9, finding 2).
 */
export const REQUEST_TIME_RANGE = { from: 0, to: Date.UTC(9999, 11, 31, 0, 0, 0) } as const;

const SHAPE = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;
const FORMAT = 'yyyy-MM-dd HH:mm:ss';

/**
 * Epoch ms of a local time in `zone`, or null when it names no instant the service answers with:
 * not the shape; not a real wall-clock time there, which is caught by reading it back: `24:00:00`
 * (luxon takes it as the next day's midnight) and a time in a daylight-saving gap (03:30 on the
 * spring-forward night, which luxon moves to 04:30) do not read back as themselves; outside
 * REQUEST_TIME_RANGE; or at an offset of no whole minutes (Helsinki before 1921 was +01:39:49).
 * A time the autumn night repeats is its first (summer time) instant.
 */
export function parseRequestTime(text: string, zone: string): number | null {
  if (!SHAPE.test(text)) return null;
  const dt = DateTime.fromFormat(text, FORMAT, { zone });
  if (!dt.isValid || dt.toFormat(FORMAT) !== text) return null;
  const ms = dt.toMillis();
  if (ms < REQUEST_TIME_RANGE.from || ms > REQUEST_TIME_RANGE.to || !Number.isInteger(dt.offset)) return null;
  return ms;
}
