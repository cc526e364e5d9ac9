import type { DisplayTokenRecord, DisplayTokenStore } from '../auth/display-token.store.js';
import type { LeaseCommands } from './leader-election.js';

/**
 * Display links in one Redis hash (id -> record JSON), so a link created on one gateway works on every
 * gateway and a revocation holds everywhere. Redis errors reach the caller: a link that cannot be checked
 * is not accepted.
 */
export class RedisDisplayTokenStore implements DisplayTokenStore {
  constructor(
    private readonly redis: Pick<LeaseCommands, 'command'>,
    private readonly key: string,
  ) {}

  async add(record: DisplayTokenRecord): Promise<void> {
    await this.redis.command(['HSET', this.key, record.id, JSON.stringify(record)]);
  }

  async get(id: string): Promise<DisplayTokenRecord | undefined> {
    return parseRecord(await this.redis.command<string | null>(['HGET', this.key, id]));
  }

  async list(): Promise<DisplayTokenRecord[]> {
    const values = await this.redis.command<string[]>(['HVALS', this.key]);
    return values
      .map(parseRecord)
      .filter((record): record is DisplayTokenRecord => record !== undefined)
      .sort((a, b) => a.createdAt - b.createdAt);
  }

  async remove(id: string): Promise<boolean> {
    return (await this.redis.command<number>(['HDEL', this.key, id])) === 1;
  }
}

function parseRecord(text: string | null): DisplayTokenRecord | undefined {
  if (!text) return undefined;
  try {
    const value = JSON.parse(text) as Partial<DisplayTokenRecord>;
    if (
      typeof value.id === 'string' &&
      typeof value.name === 'string' &&
      Array.isArray(value.queues) &&
      typeof value.createdBy === 'string' &&
      typeof value.createdAt === 'number' &&
      typeof value.jti === 'string'
    )
      return value as DisplayTokenRecord;
  } catch {
    // unreadable: treated as absent, so the link is refused
  }
  return undefined;
}
