/** Outcome of a claim on a held call's decision. */
export type DecisionClaim = { acquired: true } | { acquired: false; holder: string };

/**
 * Who may decide a held call: the first claim wins and every later claim is told who holds it. Behind an
 * interface so several gateways can share one lock (a Redis `SET key value NX PX ttl` implementation with a
 * compare-and-delete release fits it) while a single gateway uses the in-memory one.
 */
export interface DecisionLock {
  /**
   * Claims `callId` for `claimId` (unique per attempt) made by `user`. The claim lapses after `ttlMs` so a
   * crashed holder cannot block a call forever.
   */
  acquire(callId: string, claimId: string, user: string, ttlMs: number): Promise<DecisionClaim>;
  /** Releases the claim, but only if `claimId` still holds it (after a PBX failure, so others may retry). */
  release(callId: string, claimId: string): Promise<void>;
}

/** Injection token of the {@link DecisionLock}. */
export const DECISION_LOCK = Symbol('DECISION_LOCK');

/** The lock within one process. Check-and-set happens synchronously, so concurrent claims cannot both win. */
export class InMemoryDecisionLock implements DecisionLock {
  private readonly claims = new Map<string, { claimId: string; user: string; expiresAt: number }>();

  constructor(private readonly now: () => number = Date.now) {}

  acquire(callId: string, claimId: string, user: string, ttlMs: number): Promise<DecisionClaim> {
    const now = this.now();
    this.sweep(now);
    const current = this.claims.get(callId);
    if (current) return Promise.resolve({ acquired: false, holder: current.user });
    this.claims.set(callId, { claimId, user, expiresAt: now + ttlMs });
    return Promise.resolve({ acquired: true });
  }

  release(callId: string, claimId: string): Promise<void> {
    if (this.claims.get(callId)?.claimId === claimId) this.claims.delete(callId);
    return Promise.resolve();
  }

  private sweep(now: number): void {
    for (const [callId, claim] of this.claims) if (claim.expiresAt <= now) this.claims.delete(callId);
  }
}
