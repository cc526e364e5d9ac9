import { Logger } from '@nestjs/common';
import { SessionRevocations } from '../ports/session-revocations.js';
import type { ClusterContext } from './cluster-context.js';
import { describeRedisError } from './redis-connection.js';

type RevocationMessage =
  | { kind: 'session'; from: string; jti: string; expiresAt: number; reason: string }
  | { kind: 'display'; from: string; id: string; reason: string };

/**
 * Revocations that hold on every gateway: a logout is stored in Redis (sorted by expiry, so it is forgotten
 * when the token would have expired anyway) and announced on the revocation channel, as is a revoked
 * display link; each replica applies what the others announce and closes its own affected sockets.
 * Checks stay synchronous: every replica keeps the revoked tokens in memory, loaded at start-up.
 */
export class SharedSessionRevocations extends SessionRevocations {
  private readonly logger = new Logger('Revocations');

  constructor(
    private readonly ctx: ClusterContext,
    now: () => number = Date.now,
  ) {
    super(now);
  }

  override revokeSession(jti: string, expiresAt: number, reason: string): void {
    super.revokeSession(jti, expiresAt, reason);
    const { redis, keys, replica } = this.ctx;
    void redis
      .command(['ZADD', keys.revokedSessions, String(expiresAt), jti])
      .then(() => redis.command(['ZREMRANGEBYSCORE', keys.revokedSessions, '-inf', String(Date.now())]))
      .catch((error: unknown) => this.failed('store a logout', error));
    this.announceToOthers({ kind: 'session', from: replica, jti, expiresAt, reason });
  }

  override revokeDisplay(id: string, reason: string): void {
    super.revokeDisplay(id, reason);
    this.announceToOthers({ kind: 'display', from: this.ctx.replica, id, reason });
  }

  /** Loads the stored logouts and applies the other replicas' revocations from now on. */
  async start(): Promise<void> {
    const { redis, keys } = this.ctx;
    await redis.subscribe(keys.revocationChannel, (text) => this.onMessage(text));
    const flat = await redis.command<string[]>([
      'ZRANGEBYSCORE',
      keys.revokedSessions,
      String(Date.now()),
      '+inf',
      'WITHSCORES',
    ]);
    for (let i = 0; i + 1 < flat.length; i += 2)
      super.revokeSession(flat[i] ?? '', Number(flat[i + 1]), 'You signed out.');
  }

  private announceToOthers(message: RevocationMessage): void {
    void this.ctx.redis
      .command(['PUBLISH', this.ctx.keys.revocationChannel, JSON.stringify(message)])
      .catch((error: unknown) => this.failed('announce a revocation', error));
  }

  private onMessage(text: string): void {
    let message: RevocationMessage;
    try {
      message = JSON.parse(text) as RevocationMessage;
    } catch {
      return;
    }
    if (message.from === this.ctx.replica) return;
    if (
      message.kind === 'session' &&
      typeof message.jti === 'string' &&
      typeof message.expiresAt === 'number'
    )
      super.revokeSession(message.jti, message.expiresAt, String(message.reason));
    else if (message.kind === 'display' && typeof message.id === 'string')
      super.revokeDisplay(message.id, String(message.reason));
  }

  private failed(what: string, error: unknown): void {
    this.logger.warn({ msg: `could not ${what} in Redis`, error: describeRedisError(error) });
  }
}
