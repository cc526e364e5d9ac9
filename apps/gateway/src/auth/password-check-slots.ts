import { availableParallelism } from 'node:os';

/**
 * Bounds the password checks of the whole gateway: at most `running` at once and `waiting` queued behind
 * them; a check beyond that is not started at all. Each check is ~0.3 s of a core and 128 MiB, and runs on
 * libuv's thread pool (4 threads, shared with file writes), so without a bound a burst from many addresses
 * and names, each within its own limits, would still queue unbounded work and memory. Two running checks
 * also leave pool threads for the durable state's file writes.
 */
export class PasswordCheckSlots {
  private active = 0;
  private readonly queue: (() => void)[] = [];

  constructor(
    readonly running = Math.min(2, availableParallelism()),
    readonly waiting = 8,
  ) {}

  /** Runs `check` when a slot is (or soon will be) free; undefined, without running it, when all are taken. */
  tryRun<T>(check: () => Promise<T>): Promise<T> | undefined {
    if (this.active >= this.running && this.queue.length >= this.waiting) return undefined;
    return this.run(check);
  }

  /** Checks running and queued now. */
  get load(): { active: number; queued: number } {
    return { active: this.active, queued: this.queue.length };
  }

  private async run<T>(check: () => Promise<T>): Promise<T> {
    if (this.active >= this.running) await new Promise<void>((resolve) => this.queue.push(resolve));
    else this.active += 1;
    try {
      return await check();
    } finally {
      // The slot passes straight to the next in line, so `active` never drops below what runs.
      const next = this.queue.shift();
      if (next) next();
      else this.active -= 1;
    }
  }
}
