import fc from 'fast-check';
import { DateTime } from 'luxon';
import { describe, expect, it } from 'vitest';
import { timeZone } from '../../server/domain/time.ts';

const ZONES = ['Europe/Helsinki', 'America/St_Johns', 'Asia/Kathmandu', 'UTC', 'Australia/Lord_Howe', 'America/Santiago'];

describe('service time zone', () => {
  it('formats any instant exactly as luxon does, across daylight-saving changes and odd offsets', () => {
    for (const zone of ZONES) {
      const tz = timeZone(zone);
      fc.assert(
        fc.property(fc.integer({ min: Date.UTC(1990, 0, 1), max: Date.UTC(2040, 0, 1) }), (ms) => {
          expect(tz.format(ms)).toBe(DateTime.fromMillis(ms, { zone }).toFormat("yyyy-MM-dd'T'HH:mm:ssZZZ"));
        }),
        { numRuns: 2000 },
      );
    }
  });

  it('formats a change that falls off the quarter hour (St. John\'s, 00:01 local, 1993)', () => {
    // Found by the property test above (seed 884328191): the quarter-hour cache kept the old offset.
    const tz = timeZone('America/St_Johns');
    expect(tz.format(Date.UTC(1993, 9, 31, 2, 30, 59))).toBe('1993-10-31T00:00:59-0230');
    expect(tz.format(Date.UTC(1993, 9, 31, 2, 31, 0))).toBe('1993-10-30T23:01:00-0330');
  });

  it('formats the instants around a daylight-saving change in Helsinki second by second', () => {
    const tz = timeZone('Europe/Helsinki');
    // 2026-03-29 01:00 UTC: clocks go from 03:00 +0200 to 04:00 +0300.
    const change = Date.UTC(2026, 2, 29, 1, 0, 0);
    expect(tz.format(change - 1000)).toBe('2026-03-29T02:59:59+0200');
    expect(tz.format(change)).toBe('2026-03-29T04:00:00+0300');
  });

  it('reads request times in the zone and refuses times that do not exist there', () => {
    const tz = timeZone('Europe/Helsinki');
    expect(tz.parse('2026-07-01 12:00:00')).toBe(Date.UTC(2026, 6, 1, 9, 0, 0));
    expect(tz.parse('2026-02-30 12:00:00')).toBeNull();
    expect(tz.parse('2026-07-01T12:00:00')).toBeNull();
  });
});
