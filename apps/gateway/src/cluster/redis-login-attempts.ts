import {
  InMemoryLoginAttempts,
  type AttemptOutcome,
  type LoginAttempt,
  type LoginAttemptStore,
  type LoginLimits,
  type ReserveReply,
} from '../ports/login-attempts.js';
import type { LeaseCommands } from './leader-election.js';
import { describeRedisError, type ClusterLogger } from './redis-connection.js';

/*
 * Each counter (a client address, a user name) is two keys: a hash {failures, until} that expires
 * `windowMs` after the last failure or the end of its lock, and a sorted set of the reservations in
 * flight scored by when they lapse, so a replica that dies mid-check does not hold a slot for ever.
 * Time is Redis's (TIME), so replicas whose clocks differ still agree on every lock.
 */

/**
 * Reserves an attempt when every counter allows one: below its limit, failures plus attempts in flight may
 * not reach it; once a lock has run out, one attempt at a time may try.
 * KEYS: per counter its hash, then its set. ARGV: reservation id, lease ms, pending retry ms, then each
 * counter's limit. Returns {1}, or {0, wait ms, index of the counter that refused}.
 */
const RESERVE = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local wait, refusedBy = 0, 0
for i = 1, #KEYS / 2 do
  local held = KEYS[2 * i]
  redis.call('ZREMRANGEBYSCORE', held, '-inf', now)
  local limit = tonumber(ARGV[3 + i])
  local failures = tonumber(redis.call('HGET', KEYS[2 * i - 1], 'failures') or '0')
  local lockedUntil = tonumber(redis.call('HGET', KEYS[2 * i - 1], 'until') or '0')
  local w = 0
  if lockedUntil > now then
    w = lockedUntil - now
  else
    local allowed = limit - failures
    if failures >= limit then allowed = 1 end
    if redis.call('ZCARD', held) >= allowed then w = tonumber(ARGV[3]) end
  end
  if w > wait then wait, refusedBy = w, i end
end
if wait > 0 then return {0, wait, refusedBy} end
for i = 1, #KEYS / 2 do
  redis.call('ZADD', KEYS[2 * i], now + tonumber(ARGV[2]), ARGV[1])
  redis.call('PEXPIRE', KEYS[2 * i], ARGV[2])
end
return {1}`;

/**
 * Settles a reservation: a failure counts and, from the limit on, locks for lockMs doubling with each
 * further failure (capped); a success clears the counters marked as clearable (the user name's).
 * KEYS: as for RESERVE. ARGV: reservation id, outcome, lock ms, max lock ms, window ms, then per counter
 * its limit and whether a success clears it ('1' or '0').
 */
const SETTLE = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
for i = 1, #KEYS / 2 do
  local state = KEYS[2 * i - 1]
  redis.call('ZREM', KEYS[2 * i], ARGV[1])
  if ARGV[2] == 'failed' then
    local failures = redis.call('HINCRBY', state, 'failures', 1)
    local limit = tonumber(ARGV[4 + 2 * i])
    local lockedUntil = tonumber(redis.call('HGET', state, 'until') or '0')
    if failures >= limit then
      local lock = math.min(tonumber(ARGV[3]) * 2 ^ math.min(failures - limit, 30), tonumber(ARGV[4]))
      lockedUntil = now + math.floor(lock)
      redis.call('HSET', state, 'until', lockedUntil)
    end
    redis.call('PEXPIRE', state, math.max(now, lockedUntil) - now + tonumber(ARGV[5]))
  elseif ARGV[2] == 'succeeded' and ARGV[5 + 2 * i] == '1' then
    redis.call('DEL', state)
  end
end
return 1`;

/** While Redis stays unreachable, the fallback is logged again at most this often. */
const FALLBACK_LOG_EVERY_MS = 30_000;

/**
 * Login attempts counted in Redis, so every gateway of a cluster applies the same limits: three replicas
 * allow as many guesses as one. Each reserve and settle is one Lua script, atomic across replicas.
 * While Redis cannot be reached, attempts are counted in this replica's memory instead (each replica
 * then limits on its own, as a single gateway does), rather than refusing every sign-in.
 */
export class RedisLoginAttempts implements LoginAttemptStore {
  private readonly local = new InMemoryLoginAttempts();
  /** Reservations the local fallback made, settled there too. */
  private readonly localIds = new Set<string>();
  private lastFallbackLogAt = 0;

  constructor(
    private readonly redis: Pick<LeaseCommands, 'eval'>,
    private readonly keyPrefix: string,
    private readonly logger: ClusterLogger,
  ) {}

  async reserve(attempt: LoginAttempt, id: string, limits: LoginLimits): Promise<ReserveReply> {
    const counters = this.counters(attempt, limits);
    try {
      const reply = await this.redis.eval<[number, number?, number?]>(
        RESERVE,
        counters.flatMap((c) => c.keys),
        [id, limits.leaseMs, limits.pendingRetryMs, ...counters.map((c) => c.limit)],
      );
      if (Number(reply[0]) === 1) return { ok: true };
      const refusedBy = counters[Number(reply[2] ?? 1) - 1];
      return { ok: false, retryAfterMs: Number(reply[1] ?? 0), scope: refusedBy?.scope ?? 'address' };
    } catch (error) {
      this.fallingBack(error);
      const reply = await this.local.reserve(attempt, id, limits);
      if (reply.ok) this.localIds.add(id);
      return reply;
    }
  }

  async settle(
    attempt: LoginAttempt,
    id: string,
    outcome: AttemptOutcome,
    limits: LoginLimits,
  ): Promise<void> {
    if (this.localIds.delete(id)) return this.local.settle(attempt, id, outcome, limits);
    const counters = this.counters(attempt, limits);
    try {
      await this.redis.eval(
        SETTLE,
        counters.flatMap((c) => c.keys),
        [
          id,
          outcome,
          limits.lockMs,
          limits.maxLockMs,
          limits.windowMs,
          ...counters.flatMap((c) => [c.limit, c.scope === 'user' ? '1' : '0']),
        ],
      );
    } catch (error) {
      // The reservation lapses after leaseMs by itself; a failure that could not be counted is lost.
      this.logger.warn({
        msg: 'could not settle a login attempt in Redis',
        error: describeRedisError(error),
      });
    }
  }

  /** The keys of the counters an attempt touches; names are base64url, so no name can reach another key. */
  private counters(attempt: LoginAttempt, limits: LoginLimits) {
    const counter = (scope: 'address' | 'user', name: string, limit: number) => {
      const base = `${this.keyPrefix}:${scope}:${Buffer.from(name, 'utf8').toString('base64url')}`;
      return { scope, limit, keys: [base, `${base}:held`] };
    };
    const list = [counter('address', attempt.address, limits.perAddress)];
    if (attempt.user !== undefined) list.push(counter('user', attempt.user, limits.perUser));
    return list;
  }

  private fallingBack(error: unknown): void {
    const now = Date.now();
    if (now - this.lastFallbackLogAt < FALLBACK_LOG_EVERY_MS) return;
    this.lastFallbackLogAt = now;
    this.logger.warn({
      msg: 'Redis unreachable: login attempts are limited by this replica alone meanwhile',
      error: describeRedisError(error),
    });
  }
}
