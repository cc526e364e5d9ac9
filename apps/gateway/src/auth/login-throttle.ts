/** Settings of {@link LoginThrottle}. */
export interface LoginThrottleOptions {
  /** Failed attempts allowed per address within `windowMs`. */
  maxFailures: number;
  windowMs: number;
  /** Addresses remembered at most; the oldest are forgotten first (keeps memory bounded under a flood). */
  maxTracked: number;
}

const DEFAULTS: LoginThrottleOptions = { maxFailures: 5, windowMs: 5 * 60_000, maxTracked: 10_000 };

/**
 * Slows password guessing: after `maxFailures` failed logins from one address within the window, further
 * attempts from it are refused until the oldest failure leaves the window. Successes do not reset the
 * count, so one known account cannot be used to keep guessing another.
 */
export class LoginThrottle {
  private readonly failures = new Map<string, number[]>();
  private readonly options: LoginThrottleOptions;

  constructor(
    options: Partial<LoginThrottleOptions> = {},
    private readonly now: () => number = Date.now,
  ) {
    this.options = { ...DEFAULTS, ...options };
  }

  /** Ms until `address` may try again, or 0 when it may try now. */
  retryAfterMs(address: string): number {
    const recent = this.recent(address);
    if (recent.length < this.options.maxFailures) return 0;
    const oldest = recent[recent.length - this.options.maxFailures] ?? this.now();
    return Math.max(1, oldest + this.options.windowMs - this.now());
  }

  /** Records a failed attempt from `address`. */
  recordFailure(address: string): void {
    const recent = this.recent(address);
    recent.push(this.now());
    // Re-inserting moves the address to the end, so eviction drops the least recently failing one.
    this.failures.delete(address);
    this.failures.set(address, recent.slice(-this.options.maxFailures));
    while (this.failures.size > this.options.maxTracked) {
      const oldest = this.failures.keys().next().value;
      if (oldest === undefined) break;
      this.failures.delete(oldest);
    }
  }

  private recent(address: string): number[] {
    const since = this.now() - this.options.windowMs;
    const list = (this.failures.get(address) ?? []).filter((at) => at > since);
    if (list.length === 0) this.failures.delete(address);
    return list;
  }
}
