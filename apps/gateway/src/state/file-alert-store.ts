import {
  InMemoryAlertStore,
  type AlertStateDocument,
  type IncidentAck,
  type StoredAlertChannel,
  type StoredPushSubscription,
  type StoredVapidKeys,
} from '../ports/alert-store.js';
import { ShapeError, type Check } from './shape.js';
import { StateFile } from './state-file.js';
import { STATE_FORMATS } from './state-formats.js';

/** `alerts.json`: contact points (with their secrets: the file is 0600), acknowledgements, push, state. */
export interface AlertsDocument {
  channels: StoredAlertChannel[];
  acks: Record<string, IncidentAck>;
  subscriptions: StoredPushSubscription[];
  vapid: StoredVapidKeys | null;
  state: AlertStateDocument | null;
  /** The local date of the last morning summary claimed. */
  summaryDate?: string;
}

/**
 * The envelope is checked here; each contact point and subscription again with the readers of its request
 * (a damaged entry is dropped, not trusted), and the incident state by its use.
 */
const checkDocument: Check<AlertsDocument> = (value, path) => {
  const doc = value as Partial<AlertsDocument> | null;
  if (typeof doc !== 'object' || doc === null) throw new ShapeError(path, 'an object');
  if (!Array.isArray(doc.channels)) throw new ShapeError(`${path}.channels`, 'a list');
  if (!Array.isArray(doc.subscriptions)) throw new ShapeError(`${path}.subscriptions`, 'a list');
  if (typeof doc.acks !== 'object' || doc.acks === null) throw new ShapeError(`${path}.acks`, 'an object');
  return {
    channels: doc.channels.filter(isChannel),
    acks: doc.acks,
    subscriptions: doc.subscriptions.filter(
      (s): s is StoredPushSubscription => typeof s?.endpoint === 'string' && typeof s.user === 'string',
    ),
    vapid:
      typeof doc.vapid?.publicKey === 'string' && typeof doc.vapid.privateKey === 'string' ? doc.vapid : null,
    state: doc.state && Array.isArray(doc.state.open) && Array.isArray(doc.state.recent) ? doc.state : null,
    ...(typeof doc.summaryDate === 'string' ? { summaryDate: doc.summaryDate } : {}),
  };
};

function isChannel(value: unknown): value is StoredAlertChannel {
  const c = value as Partial<StoredAlertChannel> | null;
  return (
    typeof c?.id === 'string' &&
    typeof c.kind === 'string' &&
    typeof c.name === 'string' &&
    Array.isArray(c.rules) &&
    (c.queues === 'all' || Array.isArray(c.queues)) &&
    typeof c.createdAt === 'number'
  );
}

/**
 * Alerting's state in DATA_DIR, so contact points, acknowledgements and open incidents outlive a restart.
 * Changes people make (a contact point, an acknowledgement) answer once written; the leader's evaluation state
 * is written within a few seconds (it changes every second while a queue's figures move).
 */
export class FileAlertStore extends InMemoryAlertStore {
  readonly file: StateFile<AlertsDocument>;

  constructor(path: string, onError: (error: unknown) => void) {
    super();
    this.file = new StateFile({
      path,
      format: STATE_FORMATS.alerts,
      what: 'alerts',
      check: checkDocument,
      snapshot: () => ({
        channels: [...this.channels.values()],
        acks: Object.fromEntries(this.ackMap),
        subscriptions: [...this.subscriptions.values()],
        vapid: this.keys ?? null,
        state: this.state ?? null,
        ...(this.summaryDate ? { summaryDate: this.summaryDate } : {}),
      }),
      onError,
    });
  }

  /** Reads the stored document; answers how many contact points there are. */
  async load(): Promise<number> {
    const doc = await this.file.read();
    for (const channel of doc?.channels ?? []) this.channels.set(channel.id, channel);
    for (const [id, ack] of Object.entries(doc?.acks ?? {})) this.ackMap.set(id, ack);
    for (const subscription of doc?.subscriptions ?? [])
      this.subscriptions.set(subscription.endpoint, subscription);
    this.keys = doc?.vapid ?? undefined;
    this.state = doc?.state ?? undefined;
    this.summaryDate = doc?.summaryDate;
    return this.channels.size;
  }

  override writeState(state: AlertStateDocument): Promise<void> {
    this.state = structuredClone(state);
    // Coalesced: the evaluation does not wait on the disk.
    this.file.changed();
    return Promise.resolve();
  }

  protected override changed(): Promise<void> {
    return this.file.save();
  }
}
