import { describe, expect, it } from 'vitest';
import {
  DEFAULT_LOGIN_LIMITS,
  InMemoryLoginAttempts,
  lockAfter,
  type LoginAttempt,
  type LoginLimits,
} from '../ports/login-attempts.js';
import { LoginThrottle } from './login-throttle.js';

const LIMITS: Partial<LoginLimits> = {
  perUser: 3,
  perAddress: 5,
  lockMs: 1_000,
  maxLockMs: 8_000,
  windowMs: 60_000,
  leaseMs: 10_000,
};

function setup(limits: Partial<LoginLimits> = LIMITS) {
  const clock = { now: 0 };
  const throttle = new LoginThrottle(new InMemoryLoginAttempts(() => clock.now), limits);
  /** Reserves and settles one attempt as `outcome`; the reply of the reservation. */
  const attempt = async (who: LoginAttempt, outcome: 'failed' | 'succeeded' = 'failed') => {
    const reservation = await throttle.reserve(who);
    if (reservation.ok) await reservation.settle(outcome);
    return reservation;
  };
  return { clock, throttle, attempt };
}

const sue = { user: 'sue', address: '10.0.0.1' };

describe('LoginThrottle', () => {
  it('reserves no more attempts than the limit for a burst that arrives at once, before any is checked', async () => {
    const { throttle } = setup();
    const burst = await Promise.all(Array.from({ length: 60 }, () => throttle.reserve(sue)));
    const granted = burst.filter((r) => r.ok);
    expect(granted).toHaveLength(3);
    for (const refused of burst.filter((r) => !r.ok))
      expect(refused).toMatchObject({ ok: false, retryAfterMs: 1_000, scope: 'user' });
    // Once the three fail, the name is locked; a fourth attempt is not even reserved.
    for (const reservation of granted) if (reservation.ok) await reservation.settle('failed');
    expect(await throttle.reserve(sue)).toMatchObject({ ok: false, retryAfterMs: 1_000, scope: 'user' });
  });

  it('limits a user name whatever address the guesses come from', async () => {
    const { attempt } = setup();
    for (let i = 0; i < 3; i++)
      expect(await attempt({ user: 'sue', address: `10.0.1.${i}` })).toMatchObject({ ok: true });
    expect(await attempt({ user: 'sue', address: '10.0.1.99' })).toMatchObject({ ok: false, scope: 'user' });
    expect(await attempt({ user: 'vic', address: '10.0.1.99' })).toMatchObject({ ok: true });
  });

  it('limits an address whatever names it tries, malformed attempts (no name) included', async () => {
    const { attempt } = setup();
    for (let i = 0; i < 4; i++)
      expect(await attempt({ user: `name-${i}`, address: '10.0.2.1' })).toMatchObject({ ok: true });
    expect(await attempt({ address: '10.0.2.1' })).toMatchObject({ ok: true });
    expect(await attempt({ user: 'sue', address: '10.0.2.1' })).toMatchObject({
      ok: false,
      scope: 'address',
    });
    expect(await attempt({ user: 'sue', address: '10.0.2.2' })).toMatchObject({ ok: true });
  });

  it('locks for lockMs after the limit, then doubles the lock with each further failure, up to the cap', async () => {
    const { clock, attempt } = setup();
    for (let i = 0; i < 3; i++) await attempt(sue);
    const locks: number[] = [];
    for (let i = 0; i < 6; i++) {
      const refused = await attempt(sue);
      if (refused.ok) throw new Error('should be locked');
      locks.push(refused.retryAfterMs);
      clock.now += refused.retryAfterMs - 1;
      expect(await attempt(sue)).toMatchObject({ ok: false });
      clock.now += 1;
      // The lock is over: one attempt may try, and it fails again.
      expect(await attempt(sue)).toMatchObject({ ok: true });
    }
    expect(locks).toEqual([1_000, 2_000, 4_000, 8_000, 8_000, 8_000]);
  });

  it('lets only one attempt at a time through once a lock has run out', async () => {
    const { clock, throttle, attempt } = setup();
    for (let i = 0; i < 3; i++) await attempt(sue);
    clock.now += 1_000;
    const burst = await Promise.all(Array.from({ length: 10 }, () => throttle.reserve(sue)));
    expect(burst.filter((r) => r.ok)).toHaveLength(1);
  });

  it('gives an unchecked reservation back without counting it', async () => {
    const { throttle, attempt } = setup();
    for (let i = 0; i < 2; i++) await attempt(sue);
    const last = await throttle.reserve(sue);
    expect(await throttle.reserve(sue)).toMatchObject({ ok: false, retryAfterMs: 1_000 });
    if (!last.ok) throw new Error('not reserved');
    await last.settle('unchecked');
    await last.settle('failed'); // settling twice changes nothing
    expect(await attempt(sue)).toMatchObject({ ok: true });
    expect(await attempt(sue)).toMatchObject({ ok: false, retryAfterMs: 1_000 });
  });

  it('clears the name’s failures on a success, never the address’s', async () => {
    const { attempt } = setup();
    for (let i = 0; i < 2; i++) await attempt(sue);
    await attempt(sue, 'succeeded');
    for (let i = 0; i < 2; i++) expect(await attempt(sue)).toMatchObject({ ok: true });
    // The address has seen four failures of its five: a known account does not buy more guesses.
    expect(await attempt({ user: 'vic', address: sue.address })).toMatchObject({ ok: true });
    expect(await attempt({ user: 'zed', address: sue.address })).toMatchObject({
      ok: false,
      scope: 'address',
    });
  });

  it('forgets failures windowMs after the last one, and drops reservations never settled', async () => {
    const { clock, throttle, attempt } = setup();
    await attempt(sue);
    const lost = await Promise.all([throttle.reserve(sue), throttle.reserve(sue)]);
    expect(lost.every((r) => r.ok)).toBe(true);
    expect(await throttle.reserve(sue)).toMatchObject({ ok: false });
    clock.now += 10_000; // the replica that held them died: their lease ran out
    expect(await throttle.reserve(sue)).toMatchObject({ ok: true });
    clock.now += 60_000;
    for (let i = 0; i < 3; i++) expect(await attempt(sue)).toMatchObject({ ok: true });
  });

  it('remembers a bounded number of names and addresses, forgetting the least recently tried', async () => {
    const store = new InMemoryLoginAttempts(() => 0, 2);
    const throttle = new LoginThrottle(store, { ...LIMITS, perUser: 1, perAddress: 100 });
    for (const user of ['a', 'b', 'c']) {
      const r = await throttle.reserve({ user, address: 'x' });
      if (r.ok) await r.settle('failed');
    }
    expect(await throttle.reserve({ user: 'c', address: 'y' })).toMatchObject({ ok: false });
    expect(await throttle.reserve({ user: 'a', address: 'y' })).toMatchObject({ ok: true });
  });

  it('has defaults that hold a user name to five checks per burst and lock for a minute', () => {
    expect(DEFAULT_LOGIN_LIMITS).toMatchObject({ perUser: 5, perAddress: 20, lockMs: 60_000 });
    expect(lockAfter(4, 5, DEFAULT_LOGIN_LIMITS)).toBe(0);
    expect(lockAfter(5, 5, DEFAULT_LOGIN_LIMITS)).toBe(60_000);
    expect(lockAfter(7, 5, DEFAULT_LOGIN_LIMITS)).toBe(240_000);
    expect(lockAfter(500, 5, DEFAULT_LOGIN_LIMITS)).toBe(15 * 60_000);
  });
});
