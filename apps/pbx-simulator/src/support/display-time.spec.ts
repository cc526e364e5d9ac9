import { describe, expect, it } from 'vitest';
import { DisplayTime } from './display-time.js';

// 2025/08/22 16:44:40 UTC
const T = 1_755_881_080;

describe('DisplayTime', () => {
  it('formats each date order and both clocks', () => {
    expect(new DisplayTime('YYYY/MM/DD', '24h').format(T)).toBe('2025/08/22 16:44:40');
    expect(new DisplayTime('MM/DD/YYYY', '24h').format(T)).toBe('08/22/2025 16:44:40');
    expect(new DisplayTime('DD/MM/YYYY', '12h').format(T)).toBe('22/08/2025 04:44:40 PM');
    expect(new DisplayTime('YYYY/MM/DD', '12h').format(T - 16 * 3600)).toBe('2025/08/22 12:44:40 AM');
    expect(new DisplayTime('YYYY/MM/DD', '24h').compact(T)).toBe('20250822164440');
  });

  it('formats and parses in a time zone, across a daylight saving change', () => {
    const berlin = new DisplayTime('YYYY/MM/DD', '24h', 'Europe/Berlin');
    expect(berlin.format(T)).toBe('2025/08/22 18:44:40');
    expect(berlin.parse('2025/08/22 18:44:40')).toBe(T);
    // 2025-10-26 01:30 UTC is 02:30 CET after the change (03:00 CEST -> 02:00 CET).
    const afterChange = Date.UTC(2025, 9, 26, 1, 30) / 1000;
    expect(berlin.format(afterChange)).toBe('2025/10/26 02:30:00');
    expect(berlin.format(afterChange + 86_400)).toBe('2025/10/27 02:30:00');
    expect(berlin.parse('2025/10/27 02:30:00')).toBe(afterChange + 86_400);
  });

  it('round-trips every format', () => {
    for (const date of ['YYYY/MM/DD', 'MM/DD/YYYY', 'DD/MM/YYYY'] as const) {
      for (const clock of ['24h', '12h'] as const) {
        const display = new DisplayTime(date, clock, 'Asia/Tokyo');
        for (const t of [T, T + 12 * 3600, 0, 1_900_000_000])
          expect(display.parse(display.format(t))).toBe(t);
      }
    }
  });

  it('refuses text that does not follow the display format exactly', () => {
    const display = new DisplayTime('YYYY/MM/DD', '24h');
    for (const text of [
      '2025-08-22 16:44:40',
      '08/22/2025 16:44:40',
      '2025/08/22',
      '2025/13/01 00:00:00',
      '2025/02/30 00:00:00',
      '2025/08/22 24:00:00',
      '2025/08/22 04:44:40 PM',
      '',
    ]) {
      expect(display.parse(text)).toBeUndefined();
    }
    expect(new DisplayTime('YYYY/MM/DD', '12h').parse('2025/08/22 13:00:00 PM')).toBeUndefined();
  });
});
