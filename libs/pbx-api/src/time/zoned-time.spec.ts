import { describe, expect, it } from 'vitest';
import { instantOfWallTime, wallTimeAt, zonedDayStart, zoneOffsetMs } from './zoned-time.js';

const utc = (iso: string): Date => new Date(iso);
const HOUR = 3_600_000;

describe('zonedDayStart', () => {
  it('is local midnight of the instant’s day, not UTC midnight', () => {
    expect(zonedDayStart(utc('2025-08-22T14:44:40Z'), 'Europe/Berlin')).toEqual(utc('2025-08-21T22:00:00Z'));
    // 23:30 UTC is already the next day in Berlin, and still the same day in New York.
    expect(zonedDayStart(utc('2025-08-22T23:30:00Z'), 'Europe/Berlin')).toEqual(utc('2025-08-22T22:00:00Z'));
    expect(zonedDayStart(utc('2025-08-22T23:30:00Z'), 'America/New_York')).toEqual(
      utc('2025-08-22T04:00:00Z'),
    );
    expect(zonedDayStart(utc('2025-08-22T12:00:00Z'), 'Asia/Kolkata')).toEqual(utc('2025-08-21T18:30:00Z'));
  });

  it('Europe/Berlin DST days last 23 and 25 hours', () => {
    const spring = zonedDayStart(utc('2025-03-30T12:00:00Z'), 'Europe/Berlin');
    const afterSpring = zonedDayStart(utc('2025-03-31T12:00:00Z'), 'Europe/Berlin');
    expect(spring).toEqual(utc('2025-03-29T23:00:00Z'));
    expect(afterSpring.getTime() - spring.getTime()).toBe(23 * HOUR);
    const fall = zonedDayStart(utc('2025-10-26T12:00:00Z'), 'Europe/Berlin');
    const afterFall = zonedDayStart(utc('2025-10-27T12:00:00Z'), 'Europe/Berlin');
    expect(fall).toEqual(utc('2025-10-25T22:00:00Z'));
    expect(afterFall.getTime() - fall.getTime()).toBe(25 * HOUR);
  });

  it('America/New_York DST days last 23 and 25 hours', () => {
    const spring = zonedDayStart(utc('2025-03-09T20:00:00Z'), 'America/New_York');
    expect(spring).toEqual(utc('2025-03-09T05:00:00Z'));
    expect(zonedDayStart(utc('2025-03-10T20:00:00Z'), 'America/New_York').getTime() - spring.getTime()).toBe(
      23 * HOUR,
    );
    const fall = zonedDayStart(utc('2025-11-02T20:00:00Z'), 'America/New_York');
    expect(fall).toEqual(utc('2025-11-02T04:00:00Z'));
    expect(zonedDayStart(utc('2025-11-03T20:00:00Z'), 'America/New_York').getTime() - fall.getTime()).toBe(
      25 * HOUR,
    );
  });

  it('a day whose midnight is skipped starts at the first minute that exists', () => {
    // Chile moved clocks from 00:00 to 01:00 on 2024-09-08.
    expect(zonedDayStart(utc('2024-09-08T15:00:00Z'), 'America/Santiago')).toEqual(
      utc('2024-09-08T04:00:00Z'),
    );
  });

  it('the last second of a day belongs to that day', () => {
    expect(zonedDayStart(utc('2025-03-29T22:59:59Z'), 'Europe/Berlin')).toEqual(utc('2025-03-28T23:00:00Z'));
  });

  it('rejects an invalid date or an unknown zone', () => {
    expect(() => zonedDayStart(new Date('nope'), 'Europe/Berlin')).toThrow(/valid Date/);
    expect(() => zonedDayStart(new Date(), 'Nowhere/Land')).toThrow(/IANA time zone.*Nowhere\/Land/);
  });
});

describe('wall time helpers', () => {
  it('wallTimeAt reads the zone’s clock, with midnight as hour 0', () => {
    expect(wallTimeAt(Date.UTC(2025, 7, 21, 22, 0, 5), 'Europe/Berlin')).toEqual({
      year: 2025,
      month: 8,
      day: 22,
      hour: 0,
      minute: 0,
      second: 5,
    });
  });

  it('zoneOffsetMs follows DST', () => {
    expect(zoneOffsetMs(Date.UTC(2025, 0, 15), 'Europe/Berlin')).toBe(HOUR);
    expect(zoneOffsetMs(Date.UTC(2025, 6, 15), 'Europe/Berlin')).toBe(2 * HOUR);
    expect(zoneOffsetMs(Date.UTC(2025, 6, 15), 'America/New_York')).toBe(-4 * HOUR);
  });

  it('instantOfWallTime inverts wallTimeAt outside DST changes', () => {
    const wall = { year: 2025, month: 12, day: 31, hour: 23, minute: 59, second: 59 };
    expect(instantOfWallTime(wall, 'America/New_York')).toEqual(utc('2026-01-01T04:59:59Z'));
    expect(wallTimeAt(utc('2026-01-01T04:59:59Z').getTime(), 'America/New_York')).toEqual(wall);
  });
});
