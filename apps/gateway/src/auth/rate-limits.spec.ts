import { describe, expect, it } from 'vitest';
import { LoginThrottle } from './login-throttle.js';
import { commandBucket, TokenBucket } from './token-bucket.js';

describe('TokenBucket', () => {
  it('allows a burst, then the configured rate', () => {
    let now = 0;
    const bucket = new TokenBucket(2, 3, () => now);
    expect([bucket.take(), bucket.take(), bucket.take(), bucket.take()]).toEqual([true, true, true, false]);
    now += 499;
    expect(bucket.take()).toBe(false);
    now += 1;
    expect(bucket.take()).toBe(true);
    expect(bucket.take()).toBe(false);
  });

  it('never saves up more than the burst', () => {
    let now = 0;
    const bucket = new TokenBucket(1, 2, () => now);
    now += 60_000;
    expect([bucket.take(), bucket.take(), bucket.take()]).toEqual([true, true, false]);
  });

  it('gives each connection two seconds of commands as burst', () => {
    const now = 0;
    const bucket = commandBucket(5, () => now);
    const taken = Array.from({ length: 12 }, () => bucket.take()).filter(Boolean).length;
    expect(taken).toBe(10);
  });
});

describe('LoginThrottle', () => {
  it('blocks an address after too many failures until the oldest leaves the window', () => {
    let now = 0;
    const throttle = new LoginThrottle({ maxFailures: 3, windowMs: 1_000 }, () => now);
    for (let i = 0; i < 3; i++) {
      expect(throttle.retryAfterMs('10.0.0.1')).toBe(0);
      throttle.recordFailure('10.0.0.1');
      now += 100;
    }
    expect(throttle.retryAfterMs('10.0.0.1')).toBe(700);
    expect(throttle.retryAfterMs('10.0.0.2')).toBe(0);
    now = 1_000;
    expect(throttle.retryAfterMs('10.0.0.1')).toBe(0);
  });

  it('forgets the least recently failing addresses beyond its capacity', () => {
    const throttle = new LoginThrottle({ maxFailures: 1, windowMs: 60_000, maxTracked: 2 }, () => 0);
    throttle.recordFailure('a');
    throttle.recordFailure('b');
    throttle.recordFailure('c');
    expect(throttle.retryAfterMs('a')).toBe(0);
    expect(throttle.retryAfterMs('b')).toBeGreaterThan(0);
    expect(throttle.retryAfterMs('c')).toBeGreaterThan(0);
  });
});
