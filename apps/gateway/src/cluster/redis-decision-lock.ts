import type { DecisionClaim, DecisionLock } from '../ports/decision-lock.js';
import { CLAIM_DECISION, RELEASE_DECISION } from './lua-scripts.js';
import type { LeaseCommands } from './leader-election.js';

/**
 * "First decision wins" shared by every gateway: a claim is `SET <prefix>:<call> {claimId,user} NX PX ttl`,
 * so exactly one claim succeeds however many replicas try at the same moment, and the others read who
 * holds it in the same atomic step. Only the claim that holds it can release it (compare-and-delete).
 */
export class RedisDecisionLock implements DecisionLock {
  constructor(
    private readonly redis: Pick<LeaseCommands, 'eval'>,
    private readonly keyPrefix: string,
  ) {}

  async acquire(callId: string, claimId: string, user: string, ttlMs: number): Promise<DecisionClaim> {
    const reply = await this.redis.eval<[number, string?]>(
      CLAIM_DECISION,
      [this.key(callId)],
      [JSON.stringify({ claimId, user }), Math.max(1, Math.round(ttlMs))],
    );
    if (Number(reply[0]) === 1) return { acquired: true };
    return { acquired: false, holder: holderOf(reply[1]) };
  }

  async release(callId: string, claimId: string): Promise<void> {
    await this.redis.eval(RELEASE_DECISION, [this.key(callId)], [claimId]);
  }

  private key(callId: string): string {
    return `${this.keyPrefix}:${callId}`;
  }
}

function holderOf(value: string | undefined): string {
  try {
    const parsed = JSON.parse(value ?? '') as { user?: unknown };
    if (typeof parsed.user === 'string' && parsed.user !== '') return parsed.user;
  } catch {
    // fall through: a claim always carries a user, but never show a raw value
  }
  return 'Another supervisor';
}
