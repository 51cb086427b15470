// The service's clock and time zone. Everything is stored as epoch milliseconds; responses show
// `YYYY-MM-DDTHH:MM:SS+hhmm` in the service zone and requests give `YYYY-MM-DD HH:MM:SS` in it.
import { DateTime, IANAZone } from 'luxon';
import { parseRequestTime, REQUEST_TIME_RANGE } from '../../shared/node/request-time.ts';

export interface Clock {
  now(): number;
}
export const systemClock: Clock = { now: () => Date.now() };

export interface TimeZone {
  readonly name: string;
  /** Formats epoch ms as `YYYY-MM-DDTHH:MM:SS+hhmm`. */
  format(ms: number): string;
  /**
   * Reads `YYYY-MM-DD HH:MM:SS` in this zone; null when it is not a real local time (24:00:00, a
   * time in a daylight-saving gap) or not one the service can answer with (parseRequestTime).
   */
  parse(text: string): number | null;
}

export function timeZone(name: string): TimeZone {
  if (!IANAZone.isValidZone(name)) throw new Error(`unknown time zone: ${name}`);
  // Formatting is on every list's hot path, so the offset is looked up once per quarter hour and
  // cached. Most changes fall on a quarter hour, not all (Newfoundland changed at 00:01 local until
  // 2011): a quarter hour with a change inside is cached as NaN and looked up per instant.
  const offsets = new Map<number, number>();
  const offsetMinutes = (ms: number): number => {
    const bucket = Math.floor(ms / QUARTER_HOUR_MS);
    let offset = offsets.get(bucket);
    if (offset === undefined) {
      if (offsets.size > 50_000) offsets.clear();
      const start = DateTime.fromMillis(bucket * QUARTER_HOUR_MS, { zone: name }).offset;
      const end = DateTime.fromMillis((bucket + 1) * QUARTER_HOUR_MS - 1, { zone: name }).offset;
      offset = start === end ? start : Number.NaN;
      offsets.set(bucket, offset);
    }
    return Number.isNaN(offset) ? DateTime.fromMillis(ms, { zone: name }).offset : offset;
  };
  return {
    name,
    format(ms) {
      const offset = offsetMinutes(ms);
      const local = new Date(ms + offset * 60_000).toISOString(); // YYYY-MM-DDTHH:MM:SS.sssZ
      const sign = offset < 0 ? '-' : '+';
      const abs = Math.abs(offset);
      return `${local.slice(0, 19)}${sign}${pad(Math.floor(abs / 60))}${pad(abs % 60)}`;
    },
    parse(text) {
      return parseRequestTime(text, name);
    },
  };
}

const QUARTER_HOUR_MS = 15 * 60 * 1000;

/** The times a request may name (shared/node/request-time.ts). */
export const REPRESENTABLE = REQUEST_TIME_RANGE;
const pad = (n: number) => String(n).padStart(2, '0');

export const DAY_MS = 24 * 60 * 60 * 1000;
export const HOUR_MS = 60 * 60 * 1000;
