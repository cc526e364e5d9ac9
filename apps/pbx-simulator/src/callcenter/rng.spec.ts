import { describe, expect, it } from 'vitest';
import { Rng } from './rng.js';

const draw = (rng: Rng, n: number) => Array.from({ length: n }, () => rng.next());

describe('Rng', () => {
  it('gives the same stream for the same seed and a different one for another seed', () => {
    expect(draw(new Rng(42), 20)).toEqual(draw(new Rng(42), 20));
    expect(draw(new Rng(42), 20)).not.toEqual(draw(new Rng(43), 20));
  });

  it('forks streams that depend on the label and not on how much of the parent was used', () => {
    const used = new Rng(5);
    draw(used, 100);
    expect(draw(used.fork('arrivals:1'), 10)).toEqual(draw(new Rng(5).fork('arrivals:1'), 10));
    expect(draw(new Rng(5).fork('arrivals:1'), 10)).not.toEqual(draw(new Rng(5).fork('arrivals:2'), 10));
  });

  it('keeps next() in [0, 1) and int() within its inclusive bounds', () => {
    const rng = new Rng(1);
    const ints = new Set<number>();
    for (let i = 0; i < 10_000; i += 1) {
      const x = rng.next();
      expect(x >= 0 && x < 1).toBe(true);
      ints.add(rng.int(3, 6));
    }
    expect([...ints].sort()).toEqual([3, 4, 5, 6]);
  });

  it('draws exponential and log-normal values with the requested mean', () => {
    const rng = new Rng(9);
    const n = 50_000;
    let exp = 0;
    let logn = 0;
    for (let i = 0; i < n; i += 1) {
      exp += rng.exponential(120);
      logn += rng.logNormal(200, 0.6);
    }
    expect(exp / n).toBeGreaterThan(117);
    expect(exp / n).toBeLessThan(123);
    expect(logn / n).toBeGreaterThan(195);
    expect(logn / n).toBeLessThan(205);
  });

  it('refuses to pick from an empty list and shuffles without losing items', () => {
    const rng = new Rng(3);
    expect(() => rng.pick([])).toThrow(RangeError);
    const items = [1, 2, 3, 4, 5, 6, 7, 8];
    const shuffled = rng.shuffle(items);
    expect([...shuffled].sort()).toEqual(items);
    expect(shuffled).not.toEqual(items);
  });
});
