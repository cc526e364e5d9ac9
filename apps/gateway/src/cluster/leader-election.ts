import { ACQUIRE_LEASE, RELEASE_LEASE, RENEW_LEASE } from './lua-scripts.js';
import { describeRedisError, type ClusterLogger } from './redis-connection.js';

/** The part of the Redis connection the election needs. */
export interface LeaseCommands {
  eval<T>(script: string, keys: readonly string[], args: readonly (string | number)[]): Promise<T>;
  command<T>(args: readonly string[]): Promise<T>;
}

/** What happens around a change of leader. */
export interface LeadershipHooks {
  /**
   * Runs once the lease is taken, before this replica acts as leader (load the shared state). Throwing
   * gives the lease back.
   */
  prepare(token: number): Promise<void>;
  /** This replica leads from now on, with `token` as its fencing token. */
  elected(token: number): void;
  /** This replica no longer leads. */
  deposed(reason: string): void;
}

/** Settings of {@link LeaderElection}. */
export interface LeaderElectionOptions {
  /** This replica's id, stored as the lease's value. */
  replica: string;
  keys: { lease: string; epoch: string };
  /** Lease lifetime: a dead leader is replaced this long after its last renewal, at the latest. */
  ttlMs?: number;
  /** How often the leader renews. */
  renewEveryMs?: number;
  /** How often the others try to take the lease. */
  retryEveryMs?: number;
  logger: ClusterLogger;
  now?: () => number;
}

/**
 * Leader election with a Redis lease: `SET lease <replica> NX PX ttl` takes it and INCR issues a fencing token
 * (both in one script), the holder renews it with a compare-and-set, the others try again every
 * `retryEveryMs`. The leader stops leading on its own as soon as its lease may have lapsed (no confirmed
 * renewal for ttl minus a margin), so two replicas never both believe they lead, even when Redis cannot be
 * reached. {@link stop} gives the lease back at once.
 */
export class LeaderElection {
  private readonly ttlMs: number;
  private readonly renewEveryMs: number;
  private readonly retryEveryMs: number;
  private readonly marginMs: number;
  private readonly now: () => number;
  private token: number | null = null;
  private validUntil = 0;
  private running = false;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private expiryTimer: ReturnType<typeof setTimeout> | undefined;
  private tickInFlight: Promise<void> | undefined;

  constructor(
    private readonly redis: LeaseCommands,
    private readonly hooks: LeadershipHooks,
    private readonly options: LeaderElectionOptions,
  ) {
    this.ttlMs = options.ttlMs ?? 3_000;
    this.renewEveryMs = options.renewEveryMs ?? 1_000;
    this.retryEveryMs = options.retryEveryMs ?? 500;
    if (!(this.renewEveryMs * 2 <= this.ttlMs))
      throw new RangeError('renewEveryMs must be at most half of ttlMs');
    this.marginMs = Math.max(50, Math.round(this.ttlMs / 10));
    this.now = options.now ?? Date.now;
  }

  /** True while this replica holds a lease it knows to be valid. */
  get leading(): boolean {
    return this.token !== null;
  }

  /** The fencing token of the lease held now, or null. */
  get fencingToken(): number | null {
    return this.token;
  }

  /** Starts campaigning (first attempt at once). */
  start(): void {
    if (this.running) return;
    this.running = true;
    this.schedule(0);
  }

  /** Stops campaigning; a held lease is given back at once so another replica takes over without waiting. */
  async stop(): Promise<void> {
    this.running = false;
    clearTimeout(this.timer);
    await this.tickInFlight;
    if (this.token === null) return;
    this.depose('shutting down');
    await this.redis
      .eval(RELEASE_LEASE, [this.options.keys.lease], [this.options.replica])
      .catch((error: unknown) =>
        this.options.logger.warn({
          msg: 'could not release the leader lease',
          error: describeRedisError(error),
        }),
      );
  }

  /**
   * Stops leading at once without touching the lease (a fenced write showed another replica leads now);
   * campaigning goes on.
   */
  abdicate(reason: string): void {
    this.depose(reason);
  }

  /** The replica holding the lease now, according to Redis. */
  async currentLeader(): Promise<string | null> {
    return this.redis.command<string | null>(['GET', this.options.keys.lease]);
  }

  private schedule(delayMs: number): void {
    if (!this.running) return;
    clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.tickInFlight = this.tick()
        // A failing hook must not end the campaign (nor the process, as an unhandled rejection).
        .catch((error: unknown) =>
          this.options.logger.warn({ msg: 'leader election round failed', error: describeRedisError(error) }),
        )
        .finally(() => {
          this.tickInFlight = undefined;
          this.schedule(this.token !== null ? this.renewEveryMs : this.retryEveryMs);
        });
    }, delayMs);
    this.timer.unref();
  }

  private async tick(): Promise<void> {
    if (this.token !== null) {
      if (!(await this.renew(this.token))) this.depose('the lease is held by another replica');
      return;
    }
    await this.tryAcquire();
  }

  private async tryAcquire(): Promise<void> {
    const sentAt = this.now();
    let token: number;
    try {
      token = Number(
        await this.redis.eval<number>(ACQUIRE_LEASE, this.keys(), [this.options.replica, this.ttlMs]),
      );
    } catch {
      return; // Redis unreachable: the connection logs it; try again next round.
    }
    if (!token) return;
    this.validUntil = sentAt + this.ttlMs - this.marginMs;
    try {
      await this.hooks.prepare(token);
      // Preparing may have taken a while: confirm the lease is still ours (and extend it) before leading.
      if (!this.running || !(await this.renew(token)) || this.now() >= this.validUntil)
        throw new Error('the lease lapsed while preparing');
    } catch (error) {
      this.options.logger.warn({ msg: 'not taking the lead', error: describeRedisError(error) });
      await this.redis.eval(RELEASE_LEASE, [this.options.keys.lease], [this.options.replica]).catch(() => 0);
      return;
    }
    this.token = token;
    this.armExpiry();
    this.hooks.elected(token);
  }

  /** Extends the lease; true when Redis confirmed it is still ours, false when someone else holds it. */
  private async renew(token: number): Promise<boolean> {
    const sentAt = this.now();
    let renewed: number;
    try {
      renewed = Number(
        await this.redis.eval<number>(RENEW_LEASE, this.keys(), [this.options.replica, this.ttlMs, token]),
      );
    } catch {
      // Unconfirmed: keep leading until the lease may have lapsed (the expiry timer decides).
      return true;
    }
    if (renewed !== 1) return false;
    this.validUntil = sentAt + this.ttlMs - this.marginMs;
    if (this.token === token) this.armExpiry();
    return true;
  }

  private armExpiry(): void {
    clearTimeout(this.expiryTimer);
    this.expiryTimer = setTimeout(
      () => this.depose('the lease lapsed: Redis did not confirm a renewal in time'),
      Math.max(0, this.validUntil - this.now()),
    );
    this.expiryTimer.unref();
  }

  private depose(reason: string): void {
    if (this.token === null) return;
    this.token = null;
    clearTimeout(this.expiryTimer);
    this.hooks.deposed(reason);
  }

  private keys(): string[] {
    return [this.options.keys.lease, this.options.keys.epoch];
  }
}
