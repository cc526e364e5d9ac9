import { randomBytes } from 'node:crypto';
import type { DisplayBoardOptions } from '@switchboard/live-protocol';

/** A display link for a wallboard TV, as admins see it (the token itself is shown once, at creation). */
export interface DisplayTokenRecord {
  id: string;
  name: string;
  /** Queue ids the display may show. */
  queues: number[];
  /** The wallboard options the link opens with; absent in links made before there were any (defaults). */
  board?: DisplayBoardOptions;
  createdBy: string;
  createdAt: number;
  /** The jti of the signed token; only a token carrying it is accepted. */
  jti: string;
  /** Epoch ms of the last recorded use; absent = never. */
  lastUsedAt?: number;
}

/**
 * Where display tokens live. The in-memory store below forgets them on restart (displays then need new
 * links); a shared store (Redis) can implement this interface so several gateways agree on revocations.
 */
export interface DisplayTokenStore {
  add(record: DisplayTokenRecord): Promise<void>;
  get(id: string): Promise<DisplayTokenRecord | undefined>;
  list(): Promise<DisplayTokenRecord[]>;
  /** Removes the token; true when it existed. */
  remove(id: string): Promise<boolean>;
  /** Records that the link was used at `at` (epoch ms); nothing when the link is gone or has a later use. */
  touch(id: string, at: number): Promise<void>;
}

/** A new random display-token id. */
export function newDisplayTokenId(): string {
  return `d_${randomBytes(9).toString('base64url')}`;
}

/** Display tokens in this process's memory. */
export class InMemoryDisplayTokenStore implements DisplayTokenStore {
  private readonly records = new Map<string, DisplayTokenRecord>();

  add(record: DisplayTokenRecord): Promise<void> {
    this.records.set(record.id, { ...record, queues: [...record.queues] });
    return Promise.resolve();
  }

  get(id: string): Promise<DisplayTokenRecord | undefined> {
    return Promise.resolve(this.records.get(id));
  }

  list(): Promise<DisplayTokenRecord[]> {
    return Promise.resolve([...this.records.values()].sort((a, b) => a.createdAt - b.createdAt));
  }

  remove(id: string): Promise<boolean> {
    return Promise.resolve(this.records.delete(id));
  }

  touch(id: string, at: number): Promise<void> {
    touchRecord(this.records, id, at);
    return Promise.resolve();
  }
}

/** Sets a record's lastUsedAt in `records` when it exists and `at` is later; true when it changed. */
export function touchRecord(records: Map<string, DisplayTokenRecord>, id: string, at: number): boolean {
  const record = records.get(id);
  if (!record || (record.lastUsedAt ?? 0) >= at) return false;
  records.set(id, { ...record, lastUsedAt: at });
  return true;
}
