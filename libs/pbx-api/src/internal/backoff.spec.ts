import { afterEach, describe, expect, it, vi } from 'vitest';
import { backoffDelay, sleep } from './backoff.js';

const options = { initialMs: 100, maxMs: 1_000 };

describe('backoffDelay', () => {
  it('lies between half and all of a ceiling that doubles per attempt', () => {
    expect([0, 1, 2, 3].map((attempt) => backoffDelay(attempt, options, () => 0))).toEqual([
      50, 100, 200, 400,
    ]);
    expect([0, 1, 2, 3].map((attempt) => backoffDelay(attempt, options, () => 1))).toEqual([
      100, 200, 400, 800,
    ]);
    expect(backoffDelay(1, options, () => 0.5)).toBe(150);
  });

  it('never exceeds maxMs, however many attempts', () => {
    expect(backoffDelay(4, options, () => 1)).toBe(1_000);
    expect(backoffDelay(60, options, () => 1)).toBe(1_000);
    expect(backoffDelay(5_000, options, () => 0)).toBe(500);
  });

  it('uses Math.random by default, within the bounds', () => {
    for (let i = 0; i < 50; i++) {
      const delay = backoffDelay(2, options);
      expect(delay).toBeGreaterThanOrEqual(200);
      expect(delay).toBeLessThanOrEqual(400);
    }
  });
});

describe('sleep', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('resolves after the delay, not before', async () => {
    vi.useFakeTimers();
    let done = false;
    const waiting = sleep(1_000).then(() => (done = true));
    await vi.advanceTimersByTimeAsync(999);
    expect(done).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await waiting;
    expect(done).toBe(true);
  });

  it('rejects with the signal reason as soon as it aborts, and clears its timer', async () => {
    vi.useFakeTimers();
    const controller = new AbortController();
    const waiting = sleep(60_000, controller.signal);
    controller.abort(new Error('stop'));
    await expect(waiting).rejects.toThrow('stop');
    expect(vi.getTimerCount()).toBe(0);
  });

  it('rejects at once for an already aborted signal', async () => {
    await expect(sleep(60_000, AbortSignal.abort(new Error('gone')))).rejects.toThrow('gone');
  });
});
