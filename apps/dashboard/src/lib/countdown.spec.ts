import { describe, expect, it } from 'vitest';
import { remainingFraction, remainingMs, secondsLeft } from './countdown.js';
import { isStale } from './staleness.js';

describe('countdown', () => {
  it('counts down to the deadline on the gateway clock', () => {
    expect(remainingMs(10_000, 4_000)).toBe(6_000);
    expect(remainingMs(10_000, 12_000)).toBe(0);
    expect(secondsLeft(10_000, 800)).toBe(10);
    expect(secondsLeft(10_000, 9_001)).toBe(1);
    expect(secondsLeft(10_000, 10_000)).toBe(0);
    expect(remainingFraction(10_000, 5_000, 10_000)).toBe(0.5);
    expect(remainingFraction(10_000, 0, 5_000)).toBe(1);
  });
});

describe('isStale', () => {
  it('marks data older than 2.5 poll intervals', () => {
    expect(isStale(0, 2000, 5000)).toBe(false);
    expect(isStale(0, 2000, 5001)).toBe(true);
  });
});
