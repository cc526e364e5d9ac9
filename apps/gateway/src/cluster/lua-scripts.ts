/**
 * The Lua scripts of the cluster. Redis runs a script atomically, so each check-then-write below cannot
 * interleave with another replica's.
 */

/**
 * Takes the lease if nobody holds it and issues the next fencing token.
 * KEYS: lease, epoch. ARGV: replica id, ttl ms. Returns the token, or 0 when the lease is held.
 */
export const ACQUIRE_LEASE = `
if redis.call('SET', KEYS[1], ARGV[1], 'NX', 'PX', ARGV[2]) then
  return redis.call('INCR', KEYS[2])
end
return 0`;

/**
 * Extends the lease, only for its holder (compare-and-set), and only while its token is the newest.
 * KEYS: lease, epoch. ARGV: replica id, ttl ms, token. Returns 1, or 0 when the lease is someone else's.
 */
export const RENEW_LEASE = `
if redis.call('GET', KEYS[1]) == ARGV[1] and redis.call('GET', KEYS[2]) == ARGV[3] then
  return redis.call('PEXPIRE', KEYS[1], ARGV[2])
end
return 0`;

/** Gives the lease up at once (graceful shutdown), only for its holder. KEYS: lease. ARGV: replica id. */
export const RELEASE_LEASE = `
if redis.call('GET', KEYS[1]) == ARGV[1] then
  return redis.call('DEL', KEYS[1])
end
return 0`;

/**
 * Stores a stream's new state and tells the other replicas, if the writer still holds the lease with the
 * newest fencing token: a stale ex-leader's writes are ignored. The sequence number may only grow.
 * KEYS: lease, epoch, stream hash, stream index set.
 * ARGV: replica id, token, stream id, seq, kind, data JSON, channel, message.
 * Returns 1 when written, 0 when fenced off, or -(stored seq) when the seq would not grow.
 */
export const FENCED_STREAM_WRITE = `
if redis.call('GET', KEYS[1]) ~= ARGV[1] or redis.call('GET', KEYS[2]) ~= ARGV[2] then
  return 0
end
local stored = tonumber(redis.call('HGET', KEYS[3], 'seq') or '0')
if tonumber(ARGV[4]) <= stored then
  return -stored
end
redis.call('HSET', KEYS[3], 'seq', ARGV[4], 'kind', ARGV[5], 'data', ARGV[6], 'token', ARGV[2])
redis.call('SADD', KEYS[4], ARGV[3])
redis.call('PUBLISH', ARGV[7], ARGV[8])
return 1`;

/**
 * Stores a value and tells the other replicas, under the same fencing as {@link FENCED_STREAM_WRITE}.
 * KEYS: lease, epoch, key. ARGV: replica id, token, value, channel, message. Returns 1, or 0 when fenced off.
 */
export const FENCED_SET = `
if redis.call('GET', KEYS[1]) ~= ARGV[1] or redis.call('GET', KEYS[2]) ~= ARGV[2] then
  return 0
end
redis.call('SET', KEYS[3], ARGV[3])
redis.call('PUBLISH', ARGV[4], ARGV[5])
return 1`;

/**
 * Claims a held call's decision: the first claim wins (SET NX with a TTL); a later claim learns who holds it.
 * KEYS: claim key. ARGV: claim JSON {claimId, user}, ttl ms. Returns {1} when acquired, else {0, holder JSON}.
 */
export const CLAIM_DECISION = `
if redis.call('SET', KEYS[1], ARGV[1], 'NX', 'PX', ARGV[2]) then
  return {1}
end
return {0, redis.call('GET', KEYS[1])}`;

/** Releases a decision claim, only for the claim that holds it. KEYS: claim key. ARGV: claim id. */
export const RELEASE_DECISION = `
local current = redis.call('GET', KEYS[1])
if current and cjson.decode(current).claimId == ARGV[1] then
  return redis.call('DEL', KEYS[1])
end
return 0`;

/**
 * Records a display link's last use, only while the link exists (a revoked link leaves no trace) and only
 * forward in time (replicas may record out of order).
 * KEYS: display links hash, last-used hash. ARGV: link id, epoch ms. Returns 1 when written, else 0.
 */
export const TOUCH_DISPLAY_LINK = `
if redis.call('HEXISTS', KEYS[1], ARGV[1]) == 0 then
  return 0
end
local previous = tonumber(redis.call('HGET', KEYS[2], ARGV[1]) or '0')
if previous >= tonumber(ARGV[2]) then
  return 0
end
redis.call('HSET', KEYS[2], ARGV[1], ARGV[2])
return 1`;
