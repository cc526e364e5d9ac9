/**
 * A token bucket: `ratePerSec` tokens a second, up to `burst` saved up. One per connection limits how fast
 * a screen can send commands while allowing a short burst (a supervisor clicking through a few calls).
 */
export class TokenBucket {
  private tokens: number;
  private updatedAt: number;

  constructor(
    private readonly ratePerSec: number,
    private readonly burst: number,
    private readonly now: () => number = Date.now,
  ) {
    if (!(ratePerSec > 0) || !(burst >= 1))
      throw new Error('A token bucket needs a positive rate and a burst of at least 1');
    this.tokens = burst;
    this.updatedAt = now();
  }

  /** Takes one token; false when the bucket is empty. */
  take(): boolean {
    const now = this.now();
    this.tokens = Math.min(this.burst, this.tokens + ((now - this.updatedAt) / 1000) * this.ratePerSec);
    this.updatedAt = now;
    if (this.tokens < 1) return false;
    this.tokens -= 1;
    return true;
  }
}

/** The bucket for one socket connection: `commandsPerSecond`, with a burst of two seconds' worth (at least 3). */
export function commandBucket(commandsPerSecond: number, now: () => number = Date.now): TokenBucket {
  return new TokenBucket(commandsPerSecond, Math.max(3, Math.ceil(commandsPerSecond * 2)), now);
}
