import { describe, expect, it } from 'vitest';
import { dayStartOfDate, localDateOf, localMinuteOf, nextDayStart, zonedDayStart } from './day-boundary.js';

const utc = (iso: string) => Date.parse(iso);

describe('zonedDayStart', () => {
  it('is local midnight, not UTC midnight, in a zone east of UTC', () => {
    // 01:30 in Berlin on 15 Jan is still 14 Jan in UTC.
    expect(zonedDayStart(utc('2025-01-15T00:30:00Z'), 'Europe/Berlin')).toBe(utc('2025-01-14T23:00:00Z'));
    expect(zonedDayStart(utc('2025-01-14T22:59:59Z'), 'Europe/Berlin')).toBe(utc('2025-01-13T23:00:00Z'));
  });

  it('is local midnight in a zone west of UTC', () => {
    // 20:00 in New York on 14 Jan is 15 Jan in UTC.
    expect(zonedDayStart(utc('2025-01-15T01:00:00Z'), 'America/New_York')).toBe(utc('2025-01-14T05:00:00Z'));
  });

  it('handles the 23-hour and 25-hour days of daylight saving time', () => {
    const spring = zonedDayStart(utc('2025-03-30T12:00:00Z'), 'Europe/Berlin');
    expect(spring).toBe(utc('2025-03-29T23:00:00Z'));
    expect(nextDayStart(spring, 'Europe/Berlin') - spring).toBe(23 * 3_600_000);
    const autumn = zonedDayStart(utc('2025-10-26T12:00:00Z'), 'Europe/Berlin');
    expect(autumn).toBe(utc('2025-10-25T22:00:00Z'));
    expect(nextDayStart(autumn, 'Europe/Berlin') - autumn).toBe(25 * 3_600_000);
  });

  it('starts the day at the first existing instant where clocks skip midnight', () => {
    // Chile moved clocks from 00:00 to 01:00 on 3 Sep 2023: the day began at 01:00 local (04:00 UTC).
    expect(zonedDayStart(utc('2023-09-03T15:00:00Z'), 'America/Santiago')).toBe(utc('2023-09-03T04:00:00Z'));
  });

  it('is the instant itself at exact midnight, and UTC midnight in UTC', () => {
    expect(zonedDayStart(utc('2025-06-01T22:00:00Z'), 'Europe/Berlin')).toBe(utc('2025-06-01T22:00:00Z'));
    expect(zonedDayStart(utc('2025-06-01T13:14:15.678Z'), 'UTC')).toBe(utc('2025-06-01T00:00:00Z'));
  });

  it('gives the next boundary for rollover timers', () => {
    expect(nextDayStart(utc('2025-01-15T10:00:00Z'), 'Asia/Tokyo')).toBe(utc('2025-01-15T15:00:00Z'));
  });
});

describe('dayStartOfDate', () => {
  it('finds the local midnight of a date in zones on both sides of UTC, and on a 23-hour day', () => {
    for (const zone of ['UTC', 'Pacific/Kiritimati', 'Pacific/Pago_Pago', 'Asia/Kolkata', 'Europe/Berlin'])
      for (const date of ['2026-03-29', '2026-10-25', '2026-11-27', '2028-02-29']) {
        const start = dayStartOfDate(date, zone);
        expect(localDateOf(start, zone), `${date} in ${zone}`).toBe(date);
        expect(localDateOf(start - 1, zone), `${date} in ${zone}`).not.toBe(date);
        expect(zonedDayStart(start, zone)).toBe(start);
      }
    expect(dayStartOfDate('2026-03-29', 'Europe/Berlin')).toBe(Date.UTC(2026, 2, 28, 23));
    expect(localMinuteOf(Date.UTC(2026, 2, 29, 1, 15), 'Europe/Berlin')).toBe('2026-03-29 03:15');
    expect(nextDayStart(dayStartOfDate('2026-03-29', 'Europe/Berlin'), 'Europe/Berlin')).toBe(
      Date.UTC(2026, 2, 29, 22),
    );
  });
});
