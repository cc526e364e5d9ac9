import { describe, expect, it } from 'vitest';
import {
  callAgo,
  offsetClock,
  partyLine,
  problemText,
  siteDateTime,
  statusWords,
  todayRange,
} from './call-format.js';

// 2026-11-24 23:30:00 UTC: already the 25th in Berlin, still the 24th in New York.
const LATE = Date.UTC(2026, 10, 24, 23, 30, 0);

describe('call-format', () => {
  it("shows instants on the site's wall clock, not the browser's", () => {
    expect(siteDateTime(LATE, 'Europe/Berlin')).toBe('2026-11-25 00:30:00');
    expect(siteDateTime(LATE, 'America/New_York')).toBe('2026-11-24 18:30:00');
    expect(siteDateTime(null, 'UTC')).toBe('–');
  });

  it("defaults the search to the whole of the site's today", () => {
    expect(todayRange(LATE, 'Europe/Berlin')).toEqual({
      from: '2026-11-25T00:00:00',
      to: '2026-11-25T23:59:59',
    });
    expect(todayRange(LATE, 'UTC')).toEqual({ from: '2026-11-24T00:00:00', to: '2026-11-24T23:59:59' });
  });

  it('writes transcript offsets as mm:ss and dispositions in words', () => {
    expect(offsetClock(0)).toBe('00:00');
    expect(offsetClock(65_400)).toBe('01:05');
    expect(offsetClock(3_725_000)).toBe('1:02:05');
    expect(statusWords('NO ANSWER')).toBe('not answered');
    expect(statusWords('TRANSFERRED')).toBe('transferred');
    expect(partyLine('1001', 'Ana Li')).toBe('Ana Li (1001)');
    expect(partyLine('5550100', null)).toBe('5550100');
    expect(callAgo(LATE - 30_000, LATE)).toBe('just now');
    expect(callAgo(LATE - 12 * 60_000, LATE)).toBe('12 min ago');
    expect(callAgo(LATE - 47 * 3_600_000, LATE)).toBe('47 h ago');
    expect(callAgo(LATE - 72 * 3_600_000, LATE)).toBe('3 days ago');
  });

  it('names the failing fields of the one error shape', () => {
    expect(
      problemText({
        code: 'invalid_payload',
        message: 'Invalid search',
        fields: [{ field: 'to', message: 'must not be before from' }],
      }),
    ).toBe('Invalid search (to must not be before from)');
    // The gateway's message may already list them: not twice.
    expect(
      problemText({
        code: 'invalid_payload',
        message: 'Invalid search: to must not be before from',
        fields: [{ field: 'to', message: 'must not be before from' }],
      }),
    ).toBe('Invalid search: to must not be before from');
  });
});
