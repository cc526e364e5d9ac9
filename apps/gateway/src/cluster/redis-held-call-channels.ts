import { Logger } from '@nestjs/common';
import type { HeldCallChannels } from '../ports/cluster-stores.js';
import type { LeaseCommands } from './leader-election.js';
import { describeRedisError } from './redis-connection.js';

/** Held calls' PBX channels as short-lived keys (`<prefix>:<call id>`), for the replica that takes over. */
export class RedisHeldCallChannels implements HeldCallChannels {
  private readonly logger = new Logger('HeldCallChannels');

  constructor(
    private readonly redis: Pick<LeaseCommands, 'command'>,
    private readonly keyPrefix: string,
  ) {}

  remember(callId: string, channelId: string, ttlMs: number): void {
    this.redis
      .command(['SET', this.key(callId), channelId, 'PX', String(Math.max(1, Math.round(ttlMs)))])
      .catch((error: unknown) =>
        this.logger.warn({
          msg: 'held call not shared; another gateway could not take it over',
          error: describeRedisError(error),
        }),
      );
  }

  async recall(callIds: readonly string[]): Promise<Map<string, string>> {
    if (callIds.length === 0) return new Map();
    const values = await this.redis.command<(string | null)[]>([
      'MGET',
      ...callIds.map((id) => this.key(id)),
    ]);
    const out = new Map<string, string>();
    callIds.forEach((callId, index) => {
      const channel = values[index];
      if (channel) out.set(callId, channel);
    });
    return out;
  }

  private key(callId: string): string {
    return `${this.keyPrefix}:${callId}`;
  }
}
