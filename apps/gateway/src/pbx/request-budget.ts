/** Thrown to requests still waiting for the budget when the gateway shuts down. */
export class BudgetClosedError extends Error {
  constructor() {
    super('The PBX request budget is closed (gateway shutting down)');
    this.name = 'BudgetClosedError';
  }
}

/**
 * Thrown instead of queueing a request that would wait longer than it may: the budget is taken by more
 * urgent work (or a burst of the same kind). Nothing was sent; `retryAfterMs` is when a retry may fit.
 */
export class BudgetBusyError extends Error {
  constructor(readonly retryAfterMs: number) {
    super('The PBX request budget is fully used right now; try again shortly');
    this.name = 'BudgetBusyError';
  }
}

/**
 * Who is waiting, most urgent first:
 * - `decision`: a decision on a held call (the PBX's hold window is running): sent at once, on credit;
 * - `poll`: the polls that keep every screen fresh (and the held-call recovery that works like one);
 * - `command`: a supervisor waiting for a command (kick, listen, agent login);
 * - `background`: work nobody watches the clock for: admin REST calls, caller-context look-ups, recounts.
 */
export type BudgetPriority = 'decision' | 'poll' | 'command' | 'background';

const WAITING_ORDER = ['poll', 'command', 'background'] as const;
type WaitingPriority = (typeof WAITING_ORDER)[number];

interface Waiter {
  resolve: () => void;
  reject: (error: Error) => void;
}

// Guards against 0.9999999 tokens after floating-point refills.
const EPSILON = 1e-9;

/**
 * A token bucket that spaces PBX requests to at most `ratePerSec`, with room for a single request at a
 * time: it never bursts, so a long queue list stretches polling instead of hammering the PBX.
 * Waiters are served by priority, then first come first served, so a burst of low-priority work can delay
 * only work of its own priority or lower. Decisions use {@link charge}: they take a token on credit, and the
 * work behind them waits the debt off.
 */
export class RequestBudget {
  private tokens = 1;
  private updatedAt: number;
  private readonly waiters: Record<WaitingPriority, Waiter[]> = { poll: [], command: [], background: [] };
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

  /** Requests waiting for a token, of every priority. */
  get waiting(): number {
    return WAITING_ORDER.reduce((sum, priority) => sum + this.waiters[priority].length, 0);
  }

  /**
   * Resolves when this request may be sent; rejects with {@link BudgetClosedError} on close(), and with
   * {@link BudgetBusyError} at once when the estimated wait exceeds `maxWaitMs`.
   */
  acquire(priority: WaitingPriority = 'poll', maxWaitMs = Infinity): Promise<void> {
    if (this.closed) return Promise.reject(new BudgetClosedError());
    this.refill();
    if (this.waiting === 0 && this.tokens >= 1 - EPSILON) {
      this.tokens -= 1;
      return Promise.resolve();
    }
    const estimateMs = this.estimateWaitMs(priority);
    if (estimateMs > maxWaitMs) return Promise.reject(new BudgetBusyError(Math.ceil(estimateMs)));
    return new Promise<void>((resolve, reject) => {
      this.waiters[priority].push({ resolve, reject });
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
    for (const priority of WAITING_ORDER)
      for (const waiter of this.waiters[priority].splice(0)) waiter.reject(new BudgetClosedError());
  }

  /** How long a new request of `priority` would wait: the debt, plus everyone served before it. */
  private estimateWaitMs(priority: WaitingPriority): number {
    let ahead = 0;
    for (const level of WAITING_ORDER) {
      ahead += this.waiters[level].length;
      if (level === priority) break;
    }
    return ((ahead + 1 - this.tokens) / this.ratePerSec) * 1000;
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
    while (this.tokens >= 1 - EPSILON) {
      const next = this.nextWaiter();
      if (!next) break;
      this.tokens -= 1;
      next.resolve();
    }
    if (this.waiting > 0) this.schedule();
  }

  private nextWaiter(): Waiter | undefined {
    for (const priority of WAITING_ORDER) {
      const waiter = this.waiters[priority].shift();
      if (waiter) return waiter;
    }
    return undefined;
  }
}
