import { describe, expect, it } from 'vitest';
import { hash32, SeededRandom } from './seeded-random.js';

const draw = (rng: SeededRandom, n: number) => Array.from({ length: n }, () => rng.next());

describe('SeededRandom', () => {
  it('gives the same stream for the same seed and a different one for another seed', () => {
    expect(draw(SeededRandom.stream(42), 20)).toEqual(draw(SeededRandom.stream(42), 20));
    expect(draw(SeededRandom.stream(42), 20)).not.toEqual(draw(SeededRandom.stream(43), 20));
  });

  it('forks streams that depend on the label and not on how much of the parent was used', () => {
    const used = SeededRandom.stream(5);
    draw(used, 100);
    expect(draw(used.fork('arrivals:1'), 10)).toEqual(draw(SeededRandom.stream(5).fork('arrivals:1'), 10));
    expect(draw(SeededRandom.stream(5).fork('arrivals:1'), 10)).not.toEqual(
      draw(SeededRandom.stream(5).fork('arrivals:2'), 10),
    );
  });

  it('keeps next() in [0, 1) and int() within its inclusive bounds', () => {
    const rng = SeededRandom.stream(1);
    const ints = new Set<number>();
    for (let i = 0; i < 10_000; i += 1) {
      const x = rng.next();
      expect(x >= 0 && x < 1).toBe(true);
      ints.add(rng.int(3, 6));
    }
    expect([...ints].sort()).toEqual([3, 4, 5, 6]);
  });

  it('draws exponential and log-normal values with the requested mean', () => {
    const rng = SeededRandom.stream(9);
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
    const rng = SeededRandom.stream(3);
    expect(() => rng.pick([])).toThrow(RangeError);
    const items = [1, 2, 3, 4, 5, 6, 7, 8];
    const shuffled = rng.shuffle(items);
    expect([...shuffled].sort()).toEqual(items);
    expect(shuffled).not.toEqual(items);
  });

  it('keeps the streams existing seeds have always given, so a seed still gives the same world and records', () => {
    const stream = SeededRandom.stream(42);
    expect([stream.nextUint32(), stream.nextUint32(), stream.nextUint32()]).toEqual([
      1028872839, 2516511472, 400437680,
    ]);
    const forked = SeededRandom.stream(42).fork('world').fork('x');
    expect([forked.nextUint32(), forked.nextUint32()]).toEqual([1725672537, 446119031]);
    const text = SeededRandom.stream('abc');
    expect([text.nextUint32(), text.nextUint32()]).toEqual([4010179712, 2073380504]);
    const keyed = SeededRandom.forKey(42, 'note:1');
    expect([keyed.next(), keyed.next(), keyed.hex(6)]).toEqual([
      0.04843280860222876,
      0.39309888309799135,
      'BBDDE8',
    ]);
    const light = SeededRandom.light(1234);
    expect([light.next(), light.int(1, 100), light.hex(4)]).toEqual([0.07329497812315822, 71, 'EF01']);
    expect([hash32('abc'), hash32('archive:7', 42)]).toEqual([440920331, 1631651480]);
  });

  it('gives each key its own generator, whatever other keys drew', () => {
    const busy = SeededRandom.forKey(7, 'call:1');
    draw(busy, 50);
    expect(draw(SeededRandom.forKey(7, 'call:2'), 5)).toEqual(draw(SeededRandom.forKey(7, 'call:2'), 5));
    expect(draw(SeededRandom.forKey(7, 'call:1'), 5)).not.toEqual(draw(SeededRandom.forKey(7, 'call:2'), 5));
    expect(draw(SeededRandom.forKey(7, 'call:1'), 5)).not.toEqual(draw(SeededRandom.forKey(8, 'call:1'), 5));
  });

  it('writes upper-case hexadecimal of the asked length', () => {
    expect(SeededRandom.forKey(1, 'sip').hex(24)).toMatch(/^[0-9A-F]{24}$/);
  });
});
