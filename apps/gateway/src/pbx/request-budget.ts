/** Thrown to requests still waiting for the budget when the gateway shuts down. */
export class BudgetClosedError extends Error {
  constructor() {
    super('The PBX request budget is closed (gateway shutting down)');
    this.name = 'BudgetClosedError';
  }
}

interface Waiter {
  resolve: () => void;
  reject: (error: Error) => void;
}

// Guards against 0.9999999 tokens after floating-point refills.
const EPSILON = 1e-9;

/**
 * A token bucket that spaces PBX requests to at most `ratePerSec`, with room for a single request at a
 * time: it never bursts, so a long queue list stretches polling instead of hammering the PBX.
 * Waiters are served first come, first served. Commands that must not wait use {@link charge}, which
 * takes a token on credit so the polling behind them slows down instead.
 */
export class RequestBudget {
  private tokens = 1;
  private updatedAt: number;
  private readonly waiters: Waiter[] = [];
  private timer: ReturnType<typeof setTimeout> | undefined;
  private closed = false;

  constructor(
    readonly ratePerSec: number,
    private readonly now: () => number = Date.now,
  ) {
    if (!(Number.isFinite(ratePerSec) && ratePerSec > 0)) {
      throw new RangeError(`ratePerSec must be a positive number, got ${String(ratePerSec)}`);
    }
    this.updatedAt = now();
  }

  /** Requests waiting for a token. */
  get waiting(): number {
    return this.waiters.length;
  }

  /** Resolves when this request may be sent; rejects with {@link BudgetClosedError} on close(). */
  acquire(): Promise<void> {
    if (this.closed) return Promise.reject(new BudgetClosedError());
    this.refill();
    if (this.waiters.length === 0 && this.tokens >= 1 - EPSILON) {
      this.tokens -= 1;
      return Promise.resolve();
    }
    return new Promise<void>((resolve, reject) => {
      this.waiters.push({ resolve, reject });
      this.schedule();
    });
  }

  /** Takes a token at once, going into debt if none is left; later acquire() calls wait it off. */
  charge(): void {
    this.refill();
    this.tokens -= 1;
  }

  /** Rejects every waiter and stops the timer. */
  close(): void {
    this.closed = true;
    clearTimeout(this.timer);
    this.timer = undefined;
    for (const waiter of this.waiters.splice(0)) waiter.reject(new BudgetClosedError());
  }

  private refill(): void {
    const now = this.now();
    const elapsedSec = Math.max(0, now - this.updatedAt) / 1000;
    this.tokens = Math.min(1, this.tokens + elapsedSec * this.ratePerSec);
    this.updatedAt = now;
  }

  private schedule(): void {
    if (this.timer !== undefined || this.closed) return;
    const waitMs = Math.max(0, Math.ceil(((1 - this.tokens) / this.ratePerSec) * 1000));
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.drain();
    }, waitMs);
  }

  private drain(): void {
    this.refill();
    while (this.waiters.length > 0 && this.tokens >= 1 - EPSILON) {
      this.tokens -= 1;
      this.waiters.shift()?.resolve();
    }
    if (this.waiters.length > 0) this.schedule();
  }
}
