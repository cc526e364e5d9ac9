import type { DisplayTokenRecord, DisplayTokenStore } from '../ports/display-token.store.js';
import type { LeaseCommands } from './leader-election.js';
import { TOUCH_DISPLAY_LINK } from './lua-scripts.js';

/**
 * Display links in one Redis hash (id -> record JSON), so a link created on one gateway works on every
 * gateway and a revocation holds everywhere. Redis errors reach the caller: a link that cannot be checked
 * is not accepted. Last uses sit in a second hash (`<key>:last-used`, id -> epoch ms), so recording one
 * never rewrites a record another replica may be removing.
 */
export class RedisDisplayTokenStore implements DisplayTokenStore {
  private readonly usedKey: string;

  constructor(
    private readonly redis: Pick<LeaseCommands, 'command' | 'eval'>,
    private readonly key: string,
  ) {
    this.usedKey = `${key}:last-used`;
  }

  async add(record: DisplayTokenRecord): Promise<void> {
    await this.redis.command(['HSET', this.key, record.id, JSON.stringify(record)]);
  }

  async get(id: string): Promise<DisplayTokenRecord | undefined> {
    return parseRecord(await this.redis.command<string | null>(['HGET', this.key, id]));
  }

  async list(): Promise<DisplayTokenRecord[]> {
    const values = await this.redis.command<string[]>(['HVALS', this.key]);
    const used = pairs(await this.redis.command<string[]>(['HGETALL', this.usedKey]));
    return values
      .map(parseRecord)
      .filter((record): record is DisplayTokenRecord => record !== undefined)
      .map((record) => withLastUse(record, used.get(record.id)))
      .sort((a, b) => a.createdAt - b.createdAt);
  }

  async remove(id: string): Promise<boolean> {
    const removed = (await this.redis.command<number>(['HDEL', this.key, id])) === 1;
    await this.redis.command(['HDEL', this.usedKey, id]);
    return removed;
  }

  async touch(id: string, at: number): Promise<void> {
    await this.redis.eval(TOUCH_DISPLAY_LINK, [this.key, this.usedKey], [id, at]);
  }
}

/** HGETALL's flat [field, value, ...] as a map of numbers. */
function pairs(flat: readonly string[]): Map<string, number> {
  const map = new Map<string, number>();
  for (let i = 0; i + 1 < flat.length; i += 2) {
    const value = Number(flat[i + 1]);
    if (Number.isFinite(value)) map.set(flat[i] as string, value);
  }
  return map;
}

function withLastUse(record: DisplayTokenRecord, lastUsedAt: number | undefined): DisplayTokenRecord {
  return lastUsedAt === undefined ? record : { ...record, lastUsedAt };
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
