import { describe, expect, it } from 'vitest';
import {
  compareNumbers,
  elapsedSeconds,
  formatAge,
  formatDuration,
  formatPercent,
  timeInState,
} from './format.js';

describe('format', () => {
  it('formats durations like a wallboard', () => {
    expect(formatDuration(0)).toBe('0:00');
    expect(formatDuration(75)).toBe('1:15');
    expect(formatDuration(3725)).toBe('1:02:05');
    expect(formatDuration(null)).toBe('–');
  });

  it('never shows negative elapsed time when a clock runs ahead', () => {
    expect(elapsedSeconds(10_000, 5_000)).toBe(0);
    expect(elapsedSeconds(1_000, 62_999)).toBe(61);
  });

  it('formats percentages and data ages', () => {
    expect(formatPercent(79.6)).toBe('80%');
    expect(formatPercent(null)).toBe('–');
    expect(formatAge(500)).toBe('just now');
    expect(formatAge(12_400)).toBe('12 s ago');
    expect(formatAge(5 * 60_000)).toBe('5 min ago');
    expect(formatAge(3 * 3_600_000)).toBe('3 h ago');
  });
});

describe('timeInState', () => {
  it('says "at least" when the gateway only knows a lower bound', () => {
    expect(timeInState({ since: 0 }, 120_000)).toEqual({ seconds: 120, text: '2:00', spoken: '2:00' });
    expect(timeInState({ since: 0, sinceLowerBound: true }, 120_000)).toEqual({
      seconds: 120,
      text: '≥ 2:00',
      spoken: 'at least 2:00',
    });
  });
});

describe('compareNumbers', () => {
  it('orders numbers as people read them', () => {
    expect(['10', '2', '1001', '999'].sort(compareNumbers)).toEqual(['2', '10', '999', '1001']);
  });
});
