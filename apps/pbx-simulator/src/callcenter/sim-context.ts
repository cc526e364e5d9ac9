import type { CallRecordSink, EventSink } from '../contracts.js';
import type { SimClock, TimerHandle } from './clock.js';
import type { IdSource } from './ids.js';
import type { Presence } from './presence.js';
import type { SeededRandom } from '../support/seeded-random.js';
import type { SimExtension, World } from './world.types.js';

/**
 * Groups the changes of one simulation step (a timer or a request) so work that must see the whole step,
 * such as handing free agents to waiting calls, runs once at its end rather than half-way through.
 */
export class StepRunner {
  private depth = 0;
  private readonly settlers: (() => void)[] = [];

  /** Adds work to run at the end of every outermost step. */
  onSettle(fn: () => void): void {
    this.settlers.push(fn);
  }

  /** Runs `fn` as one step (nested calls join the outer step). */
  run<T>(fn: () => T): T {
    this.depth += 1;
    try {
      return fn();
    } finally {
      this.depth -= 1;
      if (this.depth === 0) this.settle();
    }
  }

  private settle(): void {
    this.depth += 1; // settlers may schedule more work; it joins this settle pass
    try {
      for (const settle of this.settlers) settle();
    } finally {
      this.depth -= 1;
    }
  }
}

/** What every part of the engine shares. */
export class SimContext {
  readonly extById = new Map<number, SimExtension>();
  readonly extByNumber = new Map<string, SimExtension>();

  constructor(
    readonly clock: SimClock,
    readonly events: EventSink,
    readonly records: CallRecordSink,
    readonly world: World,
    readonly ids: IdSource,
    /** Draws of call and agent behaviour (answer, talk time, breaks...). */
    readonly rng: SeededRandom,
    readonly presence: Presence,
    readonly steps: StepRunner,
  ) {
    for (const ext of world.extensions) {
      this.extById.set(ext.id, ext);
      this.extByNumber.set(ext.number, ext);
    }
  }

  /** Simulated time, unix ms. */
  now(): number {
    return this.clock.now();
  }

  /** Runs `fn` as one step after `delayMs` simulated ms. */
  after(delayMs: number, fn: () => void): TimerHandle {
    return this.clock.after(delayMs, () => this.steps.run(fn));
  }

  /** Cancels a timer (undefined and finished timers are ignored). */
  cancel(handle: TimerHandle | undefined): void {
    this.clock.cancel(handle);
  }

  /** Runs `fn` as one step at simulated time `due`. */
  at(due: number, fn: () => void): TimerHandle {
    return this.clock.at(due, () => this.steps.run(fn));
  }
}
