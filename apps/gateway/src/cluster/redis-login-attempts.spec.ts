import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { redisWithTwoConnections, type RedisWithTwoConnections } from '../../test/support/redis-server.js';
import { LoginThrottle } from '../auth/login-throttle.js';
import type { LoginLimits } from '../ports/login-attempts.js';
import { RedisConnection } from './redis-connection.js';
import { RedisLoginAttempts } from './redis-login-attempts.js';

const quiet = { log: () => undefined, warn: () => undefined };
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Short real times: Redis keeps its own clock. */
const LIMITS: Partial<LoginLimits> = {
  perUser: 3,
  perAddress: 5,
  lockMs: 300,
  maxLockMs: 1_200,
  windowMs: 60_000,
  leaseMs: 400,
};

let cluster: RedisWithTwoConnections;
let one: RedisConnection;
let two: RedisConnection;
let prefixes = 0;

/** Two replicas' throttles over the same keys (a fresh prefix per test). */
function replicas(limits: Partial<LoginLimits> = LIMITS) {
  const prefix = `login-${++prefixes}`;
  return [one, two].map(
    (connection) => new LoginThrottle(new RedisLoginAttempts(connection, prefix, quiet), limits),
  );
}

async function fail(throttle: LoginThrottle, who: { user?: string; address: string }) {
  const reservation = await throttle.reserve(who);
  if (reservation.ok) await reservation.settle('failed');
  return reservation;
}

beforeAll(async () => {
  cluster = await redisWithTwoConnections();
  ({ one, two } = cluster);
});

afterAll(() => cluster.close());

const sue = { user: 'sue', address: '10.0.0.1' };

describe('RedisLoginAttempts', () => {
  it('reserves no more attempts than the limit for a burst spread over two gateways', async () => {
    const throttles = replicas();
    const burst = await Promise.all(
      Array.from({ length: 60 }, (_, i) => (throttles[i % 2] as LoginThrottle).reserve(sue)),
    );
    const granted = burst.filter((r) => r.ok);
    expect(granted).toHaveLength(3);
    for (const refused of burst.filter((r) => !r.ok))
      expect(refused).toMatchObject({ ok: false, retryAfterMs: 1_000, scope: 'user' });
    for (const reservation of granted) if (reservation.ok) await reservation.settle('failed');
    const locked = await (throttles[1] as LoginThrottle).reserve({ user: 'sue', address: '10.9.9.9' });
    expect(locked).toMatchObject({ ok: false, scope: 'user' });
    if (locked.ok) throw new Error('not locked');
    expect(locked.retryAfterMs).toBeGreaterThan(200);
    expect(locked.retryAfterMs).toBeLessThanOrEqual(300);
  });

  it('limits an address whatever names it tries, on either gateway', async () => {
    const [a, b] = replicas() as [LoginThrottle, LoginThrottle];
    for (let i = 0; i < 5; i++)
      expect(await fail(i % 2 ? a : b, { user: `n${i}`, address: 'x' })).toMatchObject({ ok: true });
    expect(await a.reserve({ user: 'fresh', address: 'x' })).toMatchObject({ ok: false, scope: 'address' });
    expect(await b.reserve({ address: 'x' })).toMatchObject({ ok: false, scope: 'address' });
  });

  it('doubles the lock with each failure after the limit, up to the cap, one attempt at a time', async () => {
    const [a, b] = replicas() as [LoginThrottle, LoginThrottle];
    for (let i = 0; i < 3; i++) await fail(a, sue);
    const locks: number[] = [];
    for (let i = 0; i < 4; i++) {
      const refused = await b.reserve(sue);
      if (refused.ok) throw new Error('should be locked');
      locks.push(refused.retryAfterMs);
      await sleep(refused.retryAfterMs + 20);
      const burst = await Promise.all([a.reserve(sue), b.reserve(sue), a.reserve(sue)]);
      expect(burst.filter((r) => r.ok)).toHaveLength(1);
      for (const r of burst) if (r.ok) await r.settle('failed');
    }
    // Each figure is read a moment after its lock began: 300, 600, 1200 and the cap 1200, minus that moment.
    expect(locks.map((ms) => Math.round(ms / 100) * 100)).toEqual([300, 600, 1_200, 1_200]);
  });

  it('gives unchecked reservations back, clears the name on a success but not the address', async () => {
    const [a, b] = replicas() as [LoginThrottle, LoginThrottle];
    const first = await a.reserve(sue);
    if (!first.ok) throw new Error('not reserved');
    await first.settle('unchecked');
    await fail(b, sue);
    await fail(a, sue);
    const right = await b.reserve(sue);
    if (!right.ok) throw new Error('not reserved');
    await right.settle('succeeded');
    for (let i = 0; i < 2; i++) expect(await fail(a, sue)).toMatchObject({ ok: true });
    // The address saw four failures of its five.
    expect(await fail(b, { user: 'vic', address: sue.address })).toMatchObject({ ok: true });
    expect(await b.reserve({ user: 'zed', address: sue.address })).toMatchObject({
      ok: false,
      scope: 'address',
    });
  });

  it('drops a reservation a dead gateway never settled once its lease runs out', async () => {
    const [a, b] = replicas() as [LoginThrottle, LoginThrottle];
    const held = await Promise.all([a.reserve(sue), a.reserve(sue), a.reserve(sue)]);
    expect(held.every((r) => r.ok)).toBe(true);
    expect(await b.reserve(sue)).toMatchObject({ ok: false });
    await sleep(450);
    expect(await b.reserve(sue)).toMatchObject({ ok: true });
  });

  it('counts in memory while Redis cannot be reached, rather than refusing every sign-in', async () => {
    const warnings: unknown[] = [];
    const down = new RedisConnection({ url: 'redis://127.0.0.1:1', logger: quiet, commandTimeoutMs: 200 });
    try {
      const throttle = new LoginThrottle(
        new RedisLoginAttempts(down, 'login-down', { log: () => undefined, warn: (m) => warnings.push(m) }),
        LIMITS,
      );
      for (let i = 0; i < 3; i++) expect(await fail(throttle, sue)).toMatchObject({ ok: true });
      expect(await throttle.reserve(sue)).toMatchObject({ ok: false, scope: 'user' });
      expect(warnings).toHaveLength(1);
    } finally {
      await down.close();
    }
  });
});
