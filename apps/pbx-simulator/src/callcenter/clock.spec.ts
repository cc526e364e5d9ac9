import { describe, expect, it, vi } from 'vitest';
import { ManualClock, RealClock } from './clock.js';
import { FakeTimers } from './testing/fake-timers.js';

describe('ManualClock', () => {
  it('runs due timers in order with now() equal to each due time', () => {
    const clock = new ManualClock({ startMs: 1000 });
    const seen: [string, number][] = [];
    clock.after(50, () => seen.push(['b', clock.now()]));
    clock.after(10, () => {
      seen.push(['a', clock.now()]);
      clock.after(5, () => seen.push(['a+5', clock.now()]));
    });
    clock.advance(40);
    expect(seen).toEqual([
      ['a', 1010],
      ['a+5', 1015],
    ]);
    expect(clock.now()).toBe(1040);
    clock.advance(100);
    expect(seen.at(-1)).toEqual(['b', 1050]);
  });

  it('cancels timers and reports a failing callback without stopping the others', () => {
    const errors: unknown[] = [];
    const clock = new ManualClock({ startMs: 0, onError: (e) => errors.push(e) });
    const ran: string[] = [];
    const cancelled = clock.after(5, () => ran.push('cancelled'));
    clock.after(6, () => {
      throw new Error('boom');
    });
    clock.after(7, () => ran.push('after'));
    clock.cancel(cancelled);
    clock.advance(10);
    expect(ran).toEqual(['after']);
    expect(errors).toHaveLength(1);
  });

  it('converts real milliseconds to simulated ones at its speed', () => {
    expect(new ManualClock({ startMs: 0, speed: 60 }).realToSim(10_000)).toBe(600_000);
  });
});

describe('RealClock', () => {
  it('runs simulated time at speed with one armed setTimeout for the next due timer', () => {
    const real = new FakeTimers();
    const clock = new RealClock({ speed: 10, startMs: 0, timers: real });
    const ran: number[] = [];
    for (let i = 1; i <= 50; i += 1) clock.after(i * 1000, () => ran.push(clock.now()));
    clock.start();
    expect(real.armed).toHaveLength(1);
    real.tick(100); // 100 real ms = 1 simulated second
    expect(ran).toEqual([1000]);
    real.tick(400);
    expect(ran).toEqual([1000, 2000, 3000, 4000, 5000]);
    expect(real.armed).toHaveLength(1);
    expect(real.created).toBeLessThanOrEqual(7);
  });

  it('re-arms when an earlier timer is scheduled, and catches up late timers at their own due times', () => {
    const real = new FakeTimers();
    const clock = new RealClock({ speed: 1, startMs: 0, timers: real });
    clock.start();
    const seen: number[] = [];
    clock.after(10_000, () => seen.push(clock.now()));
    clock.after(2_000, () => seen.push(clock.now()));
    expect(real.armed.map((t) => t.at)).toEqual([2000]);
    real.wall = 12_000; // the host was busy: both are late
    clock.runDue();
    expect(seen).toEqual([2000, 10_000]);
    expect(clock.now()).toBe(12_000);
  });

  it('freezes time on stop and resumes from there on start', () => {
    const real = new FakeTimers();
    const clock = new RealClock({ speed: 2, startMs: 0, timers: real });
    const fn = vi.fn();
    clock.after(10_000, fn);
    clock.start();
    real.tick(3000);
    clock.stop();
    expect(clock.now()).toBe(6000);
    expect(real.armed).toHaveLength(0);
    real.tick(60_000);
    expect(clock.now()).toBe(6000);
    expect(fn).not.toHaveBeenCalled();
    clock.start();
    real.tick(2000);
    expect(fn).toHaveBeenCalledTimes(1);
  });

  it('rejects a speed that is not a positive number', () => {
    expect(() => new RealClock({ speed: 0 })).toThrow(/speed/);
    expect(() => new RealClock({ speed: Number.NaN })).toThrow(/speed/);
  });
});
