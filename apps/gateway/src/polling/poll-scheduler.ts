/** A recurring piece of polling work. */
export interface PollJob {
  /** Unique key, e.g. `queue:3` or `conferences`. */
  key: string;
  /** Label for metrics, e.g. `queue`. */
  kind: string;
  /** Time between the starts of two runs while the PBX answers. */
  intervalMs: number;
  /** One poll; rejects when the PBX fails. Budget waits happen inside, so a saturated budget stretches the interval. */
  run: () => Promise<void>;
}

/** Settings of {@link PollScheduler}. */
export interface PollSchedulerOptions {
  /** Random spread added to each interval, as a fraction (0.1 = up to 10 % longer). */
  jitter: number;
  /** Longest wait between attempts while a job keeps failing. */
  maxBackoffMs: number;
  /**
   * Wait before retrying a job that failed once (a single lost answer): well inside its interval, so one
   * failure does not leave its data stale. Backoff starts from the second failure in a row.
   * Default: a quarter of the job's interval, at most 500 ms.
   */
  retryDelayMs?: (job: PollJob) => number;
  /**
   * Whether the service being polled answers at all (default: always false, so failures back off). While it
   * does, a job failing again is a run of lost answers, not a dead service: it keeps retrying promptly so its
   * data does not go stale; backoff is for a service that does not answer.
   */
  answering?: () => boolean;
  /** Source of randomness in [0, 1) (tests pin it). */
  random?: () => number;
  /** Called after every run. */
  onCompleted?: (job: PollJob, durationMs: number, error: unknown) => void;
}

interface JobState {
  job: PollJob;
  timer: ReturnType<typeof setTimeout> | undefined;
  running: boolean;
  failures: number;
  lastStartAt: number | undefined;
  /** Delay of the first run, used again when a paused scheduler resumes. */
  initialDelayMs: number;
}

/**
 * Runs polling jobs on their intervals: never two runs of one job at a time (a run that is late is not
 * doubled up), a random spread on every interval so jobs drift apart, exponential backoff while a job
 * fails, and early "reconcile" runs on request that respect a minimum gap. How many requests a run may
 * send per second is the request budget's business, not this class's. A paused scheduler keeps its jobs
 * but runs none (a gateway that does not lead the cluster) until it resumes.
 */
export class PollScheduler {
  private readonly jobs = new Map<string, JobState>();
  private readonly random: () => number;
  private stopped = false;
  private paused = false;

  constructor(private readonly options: PollSchedulerOptions) {
    if (!(options.jitter >= 0 && options.jitter <= 1)) {
      throw new RangeError(`jitter must be from 0 to 1, got ${String(options.jitter)}`);
    }
    this.random = options.random ?? Math.random;
  }

  /** Keys of the scheduled jobs. */
  keys(): string[] {
    return [...this.jobs.keys()];
  }

  /** Schedules `job`, first run after `initialDelayMs` (spread first runs to avoid a thundering start). */
  add(job: PollJob, initialDelayMs = 0): void {
    if (this.stopped) return;
    if (!(job.intervalMs > 0)) throw new RangeError(`intervalMs of ${job.key} must be positive`);
    this.remove(job.key);
    const state: JobState = {
      job,
      timer: undefined,
      running: false,
      failures: 0,
      lastStartAt: undefined,
      initialDelayMs,
    };
    this.jobs.set(job.key, state);
    if (!this.paused) this.arm(state, initialDelayMs);
  }

  /** Stops scheduling `key`; a run in progress finishes but is not rescheduled. */
  remove(key: string): void {
    const state = this.jobs.get(key);
    if (!state) return;
    clearTimeout(state.timer);
    this.jobs.delete(key);
  }

  /**
   * Runs `key` as soon as possible (after an event that the next poll should confirm), unless it is
   * running or started less than `minGapMs` ago. Returns whether a run was brought forward.
   */
  runSoon(key: string, minGapMs: number): boolean {
    const state = this.jobs.get(key);
    if (!state || state.running || this.stopped || this.paused || state.failures > 0) return false;
    if (state.lastStartAt !== undefined && Date.now() - state.lastStartAt < minGapMs) return false;
    this.arm(state, 0);
    return true;
  }

  /**
   * The PBX answers again: every job backing off runs now, spread over `spreadMs` so they do not all hit the
   * PBX in the same instant (the budget paces them anyway). Returns how many were re-armed.
   */
  retryFailingNow(spreadMs: number): number {
    if (this.stopped || this.paused) return 0;
    const failing = [...this.jobs.values()].filter((state) => state.failures > 0 && !state.running);
    failing.forEach((state, index) => this.arm(state, (index * spreadMs) / Math.max(1, failing.length)));
    return failing.length;
  }

  /** Whether runs are on hold. */
  get isPaused(): boolean {
    return this.paused;
  }

  /** Holds every job (a run in progress finishes but is not rescheduled); they stay registered. */
  pause(): void {
    this.paused = true;
    for (const state of this.jobs.values()) {
      clearTimeout(state.timer);
      state.timer = undefined;
    }
  }

  /** Runs the jobs again, each first after the delay it was added with (spread like a fresh start). */
  resume(): void {
    if (!this.paused) return;
    this.paused = false;
    if (this.stopped) return;
    for (const state of this.jobs.values()) if (!state.running) this.arm(state, state.initialDelayMs);
  }

  /** Stops every job; nothing is scheduled afterwards. */
  stop(): void {
    this.stopped = true;
    for (const state of this.jobs.values()) clearTimeout(state.timer);
    this.jobs.clear();
  }

  private arm(state: JobState, delayMs: number): void {
    clearTimeout(state.timer);
    state.timer = setTimeout(() => void this.runJob(state), Math.max(0, delayMs));
  }

  private async runJob(state: JobState): Promise<void> {
    state.timer = undefined;
    if (state.running || this.paused || this.jobs.get(state.job.key) !== state) return;
    state.running = true;
    const startedAt = Date.now();
    state.lastStartAt = startedAt;
    let failure: unknown;
    try {
      await state.job.run();
      state.failures = 0;
    } catch (error) {
      failure = error ?? new Error('poll failed');
      state.failures++;
    } finally {
      state.running = false;
    }
    const finishedAt = Date.now();
    this.options.onCompleted?.(state.job, finishedAt - startedAt, failure);
    if (this.stopped || this.jobs.get(state.job.key) !== state) return;
    // Paused during the run: resume() arms it again (a run still going at resume re-arms itself here).
    if (this.paused) return;
    this.arm(state, this.nextDelay(state, startedAt, finishedAt));
  }

  /**
   * Interval from the start of the run on success; a prompt retry after a first failure, and after every
   * failure while the service answers other requests; otherwise backoff from the end of the run while
   * failures go on (interval × 2, × 4, … capped).
   */
  private nextDelay(state: JobState, startedAt: number, finishedAt: number): number {
    const spread = 1 + this.random() * this.options.jitter;
    if (state.failures === 0) return startedAt + state.job.intervalMs * spread - finishedAt;
    if (state.failures === 1 || this.options.answering?.()) return this.retryDelay(state.job) * spread;
    const backoff = Math.min(this.options.maxBackoffMs, state.job.intervalMs * 2 ** (state.failures - 1));
    return Math.min(this.options.maxBackoffMs, backoff * spread);
  }

  private retryDelay(job: PollJob): number {
    return this.options.retryDelayMs?.(job) ?? Math.min(500, job.intervalMs / 4);
  }
}
