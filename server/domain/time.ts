// The service's clock and time zone. Everything is stored as epoch milliseconds; responses show
// `YYYY-MM-DDTHH:MM:SS+hhmm` in the service zone and requests give `YYYY-MM-DD HH:MM:SS` in it.
import { DateTime, IANAZone } from 'luxon';

export interface Clock {
  now(): number;
}
export const systemClock: Clock = { now: () => Date.now() };

export interface TimeZone {
  readonly name: string;
  /** Formats epoch ms as `YYYY-MM-DDTHH:MM:SS+hhmm`. */
  format(ms: number): string;
  /** Reads `YYYY-MM-DD HH:MM:SS` in this zone; null when it is not a real local time. */
  parse(text: string): number | null;
}

export function timeZone(name: string): TimeZone {
  if (!IANAZone.isValidZone(name)) throw new Error(`unknown time zone: ${name}`);
  return {
    name,
    format(ms) {
      return DateTime.fromMillis(ms, { zone: name }).toFormat("yyyy-MM-dd'T'HH:mm:ssZZZ");
    },
    parse(text) {
      const dt = DateTime.fromFormat(text, 'yyyy-MM-dd HH:mm:ss', { zone: name });
      return dt.isValid ? dt.toMillis() : null;
    },
  };
}

export const DAY_MS = 24 * 60 * 60 * 1000;
export const HOUR_MS = 60 * 60 * 1000;
