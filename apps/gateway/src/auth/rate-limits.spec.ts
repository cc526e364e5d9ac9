import { describe, expect, it } from 'vitest';
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
