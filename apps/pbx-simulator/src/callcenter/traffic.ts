import type { TimerHandle } from './clock.js';
import type { SeededRandom } from '../support/seeded-random.js';

/** Where a Poisson process schedules its arrivals. */
export interface Scheduler {
  after(delayMs: number, fn: () => void): TimerHandle;
  cancel(handle: TimerHandle | undefined): void;
}

/**
 * Arrivals at a rate per hour: exponential gaps from a stream of its own, one timer at a time. Changing the
 * rate redraws the pending gap, which the memorylessness of the exponential makes exact.
 */
export class PoissonProcess {
  private timer: TimerHandle | undefined;
  private perHour = 0;

  constructor(
    private readonly scheduler: Scheduler,
    private readonly rng: SeededRandom,
    private readonly onArrival: () => void,
  ) {}

  /** Current rate, arrivals per hour. */
  get rate(): number {
    return this.perHour;
  }

  /** Sets the rate (0 stops arrivals) and redraws the next arrival. */
  setRate(perHour: number): void {
    this.stop();
    this.perHour = Math.max(0, perHour);
    this.scheduleNext();
  }

  /** Cancels the next arrival. */
  stop(): void {
    this.scheduler.cancel(this.timer);
    this.timer = undefined;
  }

  private scheduleNext(): void {
    if (this.perHour <= 0) return;
    const gapMs = this.rng.exponential(3_600_000 / this.perHour);
    this.timer = this.scheduler.after(gapMs, () => {
      this.timer = undefined;
      this.scheduleNext();
      this.onArrival();
    });
  }
}
