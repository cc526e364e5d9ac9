import { describe, expect, it } from 'vitest';
import { ManualClock } from './clock.js';
import { SeededRandom } from '../support/seeded-random.js';
import { PoissonProcess } from './traffic.js';

function countArrivals(perHour: number, hours: number, seed: number): number {
  const clock = new ManualClock({ startMs: 0 });
  let count = 0;
  const process = new PoissonProcess(clock, SeededRandom.stream(seed), () => (count += 1));
  process.setRate(perHour);
  clock.advance(hours * 3_600_000);
  return count;
}

describe('PoissonProcess', () => {
  it('produces a Poisson count: mean rate x time within 4 standard deviations', () => {
    const expected = 120 * 50; // 120 calls/hour for 50 hours
    const count = countArrivals(120, 50, 11);
    expect(Math.abs(count - expected)).toBeLessThan(4 * Math.sqrt(expected));
  });

  it('has exponential gaps: the share of gaps over the mean is near e^-1', () => {
    const clock = new ManualClock({ startMs: 0 });
    const times: number[] = [];
    const process = new PoissonProcess(clock, SeededRandom.stream(2), () => times.push(clock.now()));
    process.setRate(3600); // mean gap 1 s
    clock.advance(3_600_000);
    const gaps = times.slice(1).map((t, i) => t - (times[i] as number));
    const over = gaps.filter((g) => g > 1000).length / gaps.length;
    expect(over).toBeGreaterThan(0.34);
    expect(over).toBeLessThan(0.4);
  });

  it('stops at rate 0 and follows a rate change', () => {
    const clock = new ManualClock({ startMs: 0 });
    let count = 0;
    const process = new PoissonProcess(clock, SeededRandom.stream(4), () => (count += 1));
    process.setRate(600);
    clock.advance(3_600_000);
    const first = count;
    process.setRate(0);
    clock.advance(3_600_000);
    expect(count).toBe(first);
    process.setRate(6000);
    clock.advance(3_600_000);
    expect(count - first).toBeGreaterThan(5000);
    expect(process.rate).toBe(6000);
  });
});
