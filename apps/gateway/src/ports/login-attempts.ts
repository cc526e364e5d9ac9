/** How much password guessing is allowed. */
export interface LoginLimits {
  /** Failed attempts per user name before it is locked (known and unknown names alike). */
  perUser: number;
  /** Failed attempts per client address before it is locked (one office behind NAT is many users). */
  perAddress: number;
  /** The first lock; it doubles with each further failure... */
  lockMs: number;
  /** ...up to this. */
  maxLockMs: number;
  /** Failures are forgotten this long after the last one (or after the lock ends). */
  windowMs: number;
  /** A reservation not settled within this is dropped (a replica that died mid-check). */
  leaseMs: number;
  /** Retry-After while the attempts still allowed are being checked (their outcome decides the lock). */
  pendingRetryMs: number;
}

/** The limits unless a test asks for others. */
export const DEFAULT_LOGIN_LIMITS: Readonly<LoginLimits> = {
  perUser: 5,
  perAddress: 20,
  lockMs: 60_000,
  maxLockMs: 15 * 60_000,
  windowMs: 15 * 60_000,
  leaseMs: 30_000,
  pendingRetryMs: 1_000,
};

/** Who is trying: the address always, the user name when one was given. */
export interface LoginAttempt {
  address: string;
  user?: string;
}

/** What a store answers to a reservation. */
export type ReserveReply = { ok: true } | { ok: false; retryAfterMs: number; scope: 'user' | 'address' };

/**
 * How a checked attempt ended: `failed` counts towards the lock, `succeeded` clears the user name's
 * failures (never the address's: one known account must not reset the guessing of another), `unchecked`
 * (the password was never checked) only gives the reservation back.
 */
export type AttemptOutcome = 'failed' | 'succeeded' | 'unchecked';

/**
 * Where attempts are counted: in memory for one gateway, in Redis for a cluster. Both reserve atomically:
 * an attempt counts from the moment it is reserved, before its (slow) password check, so a burst of
 * parallel guesses cannot all pass a counter that is only written once the checks are done.
 */
export interface LoginAttemptStore {
  /** Counts the attempt as in flight under `id` when every limit allows it; otherwise how long to wait. */
  reserve(attempt: LoginAttempt, id: string, limits: LoginLimits): Promise<ReserveReply>;
  /** Ends the reservation `id` with the outcome of its check. */
  settle(attempt: LoginAttempt, id: string, outcome: AttemptOutcome, limits: LoginLimits): Promise<void>;
}

/** The lock after `failures` failures (0 below the limit): `lockMs`, doubling with each failure, capped. */
export function lockAfter(failures: number, limit: number, limits: LoginLimits): number {
  if (failures < limit) return 0;
  return Math.min(limits.lockMs * 2 ** Math.min(failures - limit, 30), limits.maxLockMs);
}

interface Counter {
  failures: number;
  lockedUntil: number;
  /** Reservation id -> when it lapses. */
  inFlight: Map<string, number>;
  /** When the failures are forgotten. */
  forgetAt: number;
}

/**
 * {@link LoginAttemptStore} of a gateway running alone. Node runs one callback at a time, so each
 * reserve is atomic as it is. Remembers at most `maxTracked` names and addresses, forgetting the least
 * recently tried first, so a flood of made-up names cannot grow memory without bound.
 */
export class InMemoryLoginAttempts implements LoginAttemptStore {
  private readonly counters = new Map<string, Counter>();

  constructor(
    private readonly now: () => number = Date.now,
    private readonly maxTracked = 50_000,
  ) {}

  reserve(attempt: LoginAttempt, id: string, limits: LoginLimits): Promise<ReserveReply> {
    const now = this.now();
    const keys = keysOf(attempt, limits);
    let refusal: (ReserveReply & { ok: false }) | undefined;
    for (const { key, limit, scope } of keys) {
      const wait = waitFor(this.counter(key, now), limit, now, limits);
      if (wait > 0 && (!refusal || wait > refusal.retryAfterMs))
        refusal = { ok: false, retryAfterMs: wait, scope };
    }
    if (refusal) return Promise.resolve(refusal);
    for (const { key } of keys) this.touch(key, now).inFlight.set(id, now + limits.leaseMs);
    return Promise.resolve({ ok: true });
  }

  settle(attempt: LoginAttempt, id: string, outcome: AttemptOutcome, limits: LoginLimits): Promise<void> {
    const now = this.now();
    for (const { key, limit, scope } of keysOf(attempt, limits)) {
      const counter = this.touch(key, now);
      counter.inFlight.delete(id);
      if (outcome === 'failed') {
        counter.failures += 1;
        const lock = lockAfter(counter.failures, limit, limits);
        if (lock > 0) counter.lockedUntil = now + lock;
        counter.forgetAt = Math.max(now, counter.lockedUntil) + limits.windowMs;
      } else if (outcome === 'succeeded' && scope === 'user') {
        counter.failures = 0;
        counter.lockedUntil = 0;
      }
      if (counter.failures === 0 && counter.inFlight.size === 0) this.counters.delete(key);
    }
    return Promise.resolve();
  }

  /** The counter of `key` as it stands at `now` (lapsed reservations and forgotten failures dropped). */
  private counter(key: string, now: number): Counter | undefined {
    const counter = this.counters.get(key);
    if (!counter) return undefined;
    for (const [id, lapses] of counter.inFlight) if (lapses <= now) counter.inFlight.delete(id);
    if (counter.forgetAt <= now) {
      counter.failures = 0;
      counter.lockedUntil = 0;
    }
    return counter;
  }

  /** The counter of `key`, created if needed and moved to the end (most recently tried). */
  private touch(key: string, now: number): Counter {
    const counter = this.counter(key, now) ?? {
      failures: 0,
      lockedUntil: 0,
      inFlight: new Map(),
      forgetAt: 0,
    };
    this.counters.delete(key);
    this.counters.set(key, counter);
    while (this.counters.size > this.maxTracked) {
      const oldest = this.counters.keys().next().value;
      if (oldest === undefined) break;
      this.counters.delete(oldest);
    }
    return counter;
  }
}

/** The counters an attempt touches, with their limits. */
function keysOf(
  attempt: LoginAttempt,
  limits: LoginLimits,
): { key: string; limit: number; scope: 'user' | 'address' }[] {
  const address = { key: `a:${attempt.address}`, limit: limits.perAddress, scope: 'address' as const };
  if (attempt.user === undefined) return [address];
  return [address, { key: `u:${attempt.user}`, limit: limits.perUser, scope: 'user' as const }];
}

/**
 * Ms to wait before `counter` allows one more attempt, 0 when it allows one now. Below the limit, failures
 * plus attempts in flight may not pass it; once a lock has run out, one attempt at a time may try (its
 * failure locks for twice as long).
 */
function waitFor(counter: Counter | undefined, limit: number, now: number, limits: LoginLimits): number {
  if (!counter) return 0;
  if (counter.lockedUntil > now) return counter.lockedUntil - now;
  const allowed = counter.failures >= limit ? 1 : limit - counter.failures;
  return counter.inFlight.size >= allowed ? limits.pendingRetryMs : 0;
}
