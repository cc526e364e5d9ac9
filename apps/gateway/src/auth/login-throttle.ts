import { randomUUID } from 'node:crypto';
import {
  DEFAULT_LOGIN_LIMITS,
  InMemoryLoginAttempts,
  type AttemptOutcome,
  type LoginAttempt,
  type LoginAttemptStore,
  type LoginLimits,
} from '../ports/login-attempts.js';

/** A reservation to settle once the password was checked (or not). */
export interface LoginReservation {
  settle(outcome: AttemptOutcome): Promise<void>;
}

/**
 * Slows password guessing, per user name and per client address (both must allow an attempt): an
 * attempt is reserved before its password is checked and settled by the outcome, so however many guesses
 * arrive at once, no more are checked than the limits allow; the rest are refused at once with how long
 * to wait. After the limit each further failure locks for twice as long, up to `maxLockMs`.
 */
export class LoginThrottle {
  readonly limits: LoginLimits;

  constructor(
    private readonly store: LoginAttemptStore = new InMemoryLoginAttempts(),
    limits: Partial<LoginLimits> = {},
  ) {
    this.limits = { ...DEFAULT_LOGIN_LIMITS, ...limits };
  }

  /** A reservation, or how long to wait (and which limit said so). */
  async reserve(
    attempt: LoginAttempt,
  ): Promise<
    ({ ok: true } & LoginReservation) | { ok: false; retryAfterMs: number; scope: 'user' | 'address' }
  > {
    const id = randomUUID();
    const reply = await this.store.reserve(attempt, id, this.limits);
    if (!reply.ok) return reply;
    let settled = false;
    return {
      ok: true,
      settle: async (outcome) => {
        if (settled) return;
        settled = true;
        await this.store.settle(attempt, id, outcome, this.limits);
      },
    };
  }
}
