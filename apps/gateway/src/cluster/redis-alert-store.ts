import type {
  AlertStateDocument,
  AlertStore,
  IncidentAck,
  StoredAlertChannel,
  StoredPushSubscription,
  StoredVapidKeys,
} from '../ports/alert-store.js';
import type { LeaseCommands } from './leader-election.js';

/**
 * Alerting's state in Redis, the same on every gateway: contact points and push subscriptions in hashes
 * (id or endpoint -> JSON), acknowledgements in a hash written with HSETNX (the first one for an incident wins
 * across replicas), the VAPID keys with SET NX (one pair for the cluster), and the leader's incident state as
 * one JSON value. Redis errors reach the caller.
 */
export class RedisAlertStore implements AlertStore {
  private readonly keys: Record<
    'channels' | 'acks' | 'subscriptions' | 'vapid' | 'state' | 'summary',
    string
  >;

  constructor(
    private readonly redis: Pick<LeaseCommands, 'command'>,
    prefix: string,
  ) {
    this.keys = {
      channels: `${prefix}:channels`,
      acks: `${prefix}:acks`,
      subscriptions: `${prefix}:push-subscriptions`,
      vapid: `${prefix}:vapid`,
      state: `${prefix}:state`,
      summary: `${prefix}:summary`,
    };
  }

  async listChannels(): Promise<StoredAlertChannel[]> {
    const values = await this.redis.command<string[]>(['HVALS', this.keys.channels]);
    return parsed<StoredAlertChannel>(values, (c) => typeof c.id === 'string' && Array.isArray(c.rules)).sort(
      (a, b) => a.createdAt - b.createdAt,
    );
  }

  async addChannel(channel: StoredAlertChannel): Promise<void> {
    await this.redis.command(['HSET', this.keys.channels, channel.id, JSON.stringify(channel)]);
  }

  async removeChannel(id: string): Promise<boolean> {
    return (await this.redis.command<number>(['HDEL', this.keys.channels, id])) === 1;
  }

  async readState(): Promise<AlertStateDocument | undefined> {
    const text = await this.redis.command<string | null>(['GET', this.keys.state]);
    const [state] = parsed<AlertStateDocument>(text ? [text] : [], (s) => Array.isArray(s.open));
    return state;
  }

  async writeState(state: AlertStateDocument): Promise<void> {
    await this.redis.command(['SET', this.keys.state, JSON.stringify(state)]);
  }

  async acknowledge(incidentId: string, ack: IncidentAck): Promise<IncidentAck> {
    const set = await this.redis.command<number>(['HSETNX', this.keys.acks, incidentId, JSON.stringify(ack)]);
    if (set === 1) return ack;
    const held = await this.redis.command<string | null>(['HGET', this.keys.acks, incidentId]);
    return parsed<IncidentAck>(held ? [held] : [], (a) => typeof a.by === 'string')[0] ?? ack;
  }

  async acks(): Promise<Map<string, IncidentAck>> {
    const flat = await this.redis.command<string[]>(['HGETALL', this.keys.acks]);
    const out = new Map<string, IncidentAck>();
    for (let i = 0; i + 1 < flat.length; i += 2) {
      const [ack] = parsed<IncidentAck>([flat[i + 1] as string], (a) => typeof a.by === 'string');
      if (ack) out.set(flat[i] as string, ack);
    }
    return out;
  }

  async pruneAcks(keep: ReadonlySet<string>): Promise<void> {
    const ids = await this.redis.command<string[]>(['HKEYS', this.keys.acks]);
    const gone = ids.filter((id) => !keep.has(id));
    if (gone.length > 0) await this.redis.command(['HDEL', this.keys.acks, ...gone]);
  }

  async listPushSubscriptions(): Promise<StoredPushSubscription[]> {
    const values = await this.redis.command<string[]>(['HVALS', this.keys.subscriptions]);
    return parsed<StoredPushSubscription>(
      values,
      (s) => typeof s.endpoint === 'string' && typeof s.user === 'string',
    );
  }

  async addPushSubscription(subscription: StoredPushSubscription): Promise<void> {
    await this.redis.command([
      'HSET',
      this.keys.subscriptions,
      subscription.endpoint,
      JSON.stringify(subscription),
    ]);
  }

  async removePushSubscription(endpoint: string): Promise<boolean> {
    return (await this.redis.command<number>(['HDEL', this.keys.subscriptions, endpoint])) === 1;
  }

  async vapidKeys(create: () => StoredVapidKeys): Promise<StoredVapidKeys> {
    const made = create();
    await this.redis.command(['SET', this.keys.vapid, JSON.stringify(made), 'NX']);
    const text = await this.redis.command<string | null>(['GET', this.keys.vapid]);
    return parsed<StoredVapidKeys>(text ? [text] : [], (k) => typeof k.publicKey === 'string')[0] ?? made;
  }

  async claimSummary(date: string): Promise<boolean> {
    // One key per day, kept two days: the first SET NX of a date wins on every replica.
    const set = await this.redis.command<string | null>([
      'SET',
      `${this.keys.summary}:${date}`,
      '1',
      'NX',
      'EX',
      '172800',
    ]);
    return set === 'OK';
  }
}

/** The values that parse as JSON objects passing `valid`; anything else is treated as absent. */
function parsed<T>(values: readonly string[], valid: (value: Partial<T>) => boolean): T[] {
  const out: T[] = [];
  for (const text of values) {
    try {
      const value = JSON.parse(text) as Partial<T> | null;
      if (value && typeof value === 'object' && valid(value)) out.push(value as T);
    } catch {
      // unreadable: left out
    }
  }
  return out;
}
