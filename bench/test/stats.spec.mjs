import { describe, expect, it } from 'vitest';
import { median, medianOf, percentile, summarize } from '../lib/stats.mjs';

describe('percentile', () => {
  it('takes the nearest rank of ascending samples', () => {
    const sorted = Float64Array.from({ length: 100 }, (_, i) => i + 1);
    expect(percentile(sorted, 50)).toBe(50);
    expect(percentile(sorted, 95)).toBe(95);
    expect(percentile(sorted, 99)).toBe(99);
    expect(percentile(sorted, 100)).toBe(100);
    expect(percentile([7], 99)).toBe(7);
    expect(percentile([], 50)).toBeUndefined();
  });
});

describe('summarize', () => {
  it('sorts the samples itself and reports count, percentiles and max', () => {
    const samples = [5, 1, 4, 2, 3, 10, 9, 8, 7, 6];
    expect(summarize(samples)).toEqual({ n: 10, p50: 5, p95: 10, p99: 10, max: 10 });
    expect(summarize([])).toEqual({ n: 0, p50: undefined, p95: undefined, p99: undefined, max: undefined });
  });
});

describe('median', () => {
  it('uses the defined numbers only and averages the middle pair', () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(median([undefined, 5, Number.NaN])).toBe(5);
    expect(median([])).toBeUndefined();
  });

  it('takes per-field medians of run summaries', () => {
    const runs = [
      { p50: 1, p99: 10 },
      { p50: 3, p99: 30 },
      { p50: 2, p99: 20 },
    ];
    expect(medianOf(runs, ['p50', 'p99'])).toEqual({ p50: 2, p99: 20 });
  });
});
