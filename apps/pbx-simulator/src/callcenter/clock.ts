import { TimerQueue, type TimerHandle } from './timer-queue.js';

export type { TimerHandle } from './timer-queue.js';

/**
 * Simulated time. Every callback runs with `now()` equal to its own due time, never the wall time at which
 * the host got round to it, so timer lateness cannot change what happens: same seed, speed and inputs, same
 * history. Two implementations: {@link ManualClock} for tests (time moves only when told) and
 * {@link RealClock} (time runs `speed` simulated seconds per real second, driven by one setTimeout).
 */
export interface SimClock {
  /** Simulated seconds per real second. */
  readonly speed: number;
  /** Whether time is running (a manual clock is always ready to be advanced). */
  readonly running: boolean;
  /** Current simulated time, unix milliseconds. */
  now(): number;
  /** Runs `fn` at simulated time `due` (clamped to now). */
  at(due: number, fn: () => void): TimerHandle;
  /** Runs `fn` after `delayMs` simulated milliseconds. */
  after(delayMs: number, fn: () => void): TimerHandle;
  /** Cancels a timer; undefined, run or cancelled handles are ignored. */
  cancel(handle: TimerHandle | undefined): void;
  /** Converts a real duration into simulated milliseconds at this clock's speed. */
  realToSim(realMs: number): number;
  /** Runs every timer already due (a real clock may be a little behind the wall). */
  runDue(): void;
  /** Lets time run. */
  start(): void;
  /** Freezes time; timers stay queued. */
  stop(): void;
  /** Drops every queued timer. */
  clear(): void;
}

/** Reports an exception thrown by a timer callback (the simulation carries on). */
export type ClockErrorReporter = (error: unknown) => void;

const defaultReporter: ClockErrorReporter = (error) => {
  console.error('pbx-simulator: a simulation step failed', error);
};

abstract class QueuedClock implements SimClock {
  protected readonly timers = new TimerQueue();
  protected current: number;
  protected draining = false;
  abstract readonly running: boolean;

  protected constructor(
    readonly speed: number,
    startMs: number,
    private readonly report: ClockErrorReporter,
  ) {
    if (!(Number.isFinite(speed) && speed > 0)) throw new RangeError(`speed must be > 0, got ${speed}`);
    this.current = startMs;
  }

  abstract now(): number;
  abstract runDue(): void;
  abstract start(): void;
  abstract stop(): void;

  at(due: number, fn: () => void): TimerHandle {
    const handle = this.timers.push(Math.max(Math.round(due), this.now()), fn);
    this.onScheduled(handle.due);
    return handle;
  }

  after(delayMs: number, fn: () => void): TimerHandle {
    return this.at(this.now() + Math.max(0, delayMs), fn);
  }

  cancel(handle: TimerHandle | undefined): void {
    this.timers.cancel(handle);
  }

  realToSim(realMs: number): number {
    return realMs * this.speed;
  }

  clear(): void {
    this.timers.clear();
  }

  /** Live timers (for tests and bounds checks). */
  get pending(): number {
    return this.timers.size;
  }

  protected onScheduled(_due: number): void {
    // Only the real clock needs to re-arm.
  }

  /** Runs due timers up to `target` in order, each at its own due time. */
  protected drainTo(target: number): void {
    if (this.draining) return; // a callback calling runDue must not re-enter
    this.draining = true;
    try {
      for (let item = this.timers.popDue(target); item; item = this.timers.popDue(target)) {
        this.current = Math.max(this.current, item.due);
        try {
          item.fn();
        } catch (error) {
          this.report(error);
        }
      }
    } finally {
      this.draining = false;
    }
  }
}

/** A clock that moves only when a test advances it; every due timer runs synchronously. */
export class ManualClock extends QueuedClock {
  readonly running = true;

  constructor(options: { startMs: number; speed?: number; onError?: ClockErrorReporter }) {
    super(options.speed ?? 1, options.startMs, options.onError ?? defaultReporter);
  }

  now(): number {
    return this.current;
  }

  /** Moves time forward by `ms`, running everything due on the way. */
  advance(ms: number): void {
    this.advanceTo(this.current + ms);
  }

  /** Moves time to `time` (never backwards), running everything due on the way. */
  advanceTo(time: number): void {
    this.drainTo(time);
    this.current = Math.max(this.current, time);
  }

  runDue(): void {
    this.drainTo(this.current);
  }

  start(): void {
    // Time moves only through advance().
  }

  stop(): void {
    // Nothing is armed.
  }
}

/** Real timers the clock uses; injectable so the clock's own tests need not wait. */
export interface RealTimers {
  now(): number;
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

const MAX_TIMEOUT_MS = 2 ** 31 - 1;

const nodeTimers: RealTimers = {
  now: () => performance.now(),
  setTimeout: (fn, ms) => {
    const handle = setTimeout(fn, ms);
    handle.unref(); // the HTTP server keeps the process alive, not the simulation
    return handle;
  },
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

/** A clock that runs `speed` simulated seconds per real second, with one setTimeout for the next due timer. */
export class RealClock extends QueuedClock {
  private isRunning = false;
  private simAnchor: number;
  private realAnchor = 0;
  private armed: unknown;
  private armedDue: number | undefined;
  private readonly real: RealTimers;

  constructor(options: {
    speed: number;
    startMs?: number;
    timers?: RealTimers;
    onError?: ClockErrorReporter;
  }) {
    super(options.speed, options.startMs ?? Date.now(), options.onError ?? defaultReporter);
    this.simAnchor = this.current;
    this.real = options.timers ?? nodeTimers;
  }

  get running(): boolean {
    return this.isRunning;
  }

  now(): number {
    // Inside a callback time is that callback's due time; elsewhere the wall decides, never going back.
    if (this.draining || !this.isRunning) return this.current;
    return Math.max(this.current, this.wallSim());
  }

  runDue(): void {
    if (!this.isRunning) return;
    this.drainTo(this.wallSim());
    this.arm();
  }

  start(): void {
    if (this.isRunning) return;
    this.isRunning = true;
    this.realAnchor = this.real.now();
    this.simAnchor = this.current;
    this.arm();
  }

  stop(): void {
    if (!this.isRunning) return;
    this.current = this.now();
    this.isRunning = false;
    this.disarm();
  }

  override clear(): void {
    super.clear();
    this.disarm();
  }

  protected override onScheduled(due: number): void {
    if (this.isRunning && !this.draining && (this.armedDue === undefined || due < this.armedDue)) this.arm();
  }

  private wallSim(): number {
    return Math.floor(this.simAnchor + (this.real.now() - this.realAnchor) * this.speed);
  }

  private arm(): void {
    if (!this.isRunning) return;
    const due = this.timers.peekDue();
    if (due === this.armedDue && this.armed !== undefined) return;
    this.disarm();
    if (due === undefined) return;
    const delay = Math.min(MAX_TIMEOUT_MS, Math.max(0, Math.ceil((due - this.wallSim()) / this.speed)));
    this.armedDue = due;
    this.armed = this.real.setTimeout(() => {
      this.armed = undefined;
      this.armedDue = undefined;
      this.runDue();
    }, delay);
  }

  private disarm(): void {
    if (this.armed !== undefined) this.real.clearTimeout(this.armed);
    this.armed = undefined;
    this.armedDue = undefined;
  }
}
