import type {
  AlertChannelKind,
  AlertChannelView,
  AlertRule,
  DeliveryView,
  IncidentView,
  QuietHours,
  Role,
} from '@switchboard/live-protocol';

/** A contact point as stored: with its secrets (URL, signing secret), which no answer ever carries. */
export interface StoredAlertChannel {
  id: string;
  kind: AlertChannelKind;
  name: string;
  url?: string;
  signingSecret?: string;
  address?: string;
  queues: 'all' | number[];
  rules: AlertRule[];
  quietHours: QuietHours | null;
  dailySummary: boolean;
  createdBy: string;
  createdAt: number;
}

/** What a contact point was told about one incident (the dispatch's memory). */
export interface ToldIncident {
  key: string;
  firstAt: number;
  lastAt: number;
  /** The incident resolved after it was told it opened: a "resolved" is owed (held through quiet hours). */
  owesResolved?: IncidentView;
}

/** The leader's alert state, stored so a restarted or new leader carries on with the same incidents. */
export interface AlertStateDocument {
  open: IncidentView[];
  recent: IncidentView[];
  /** channel id -> incident id -> what it was told. */
  told: Record<string, Record<string, ToldIncident>>;
  /** channel id -> condition key -> when it was last told one opened (the cooldown's start). */
  lastOpened: Record<string, Record<string, number>>;
  /** channel id -> its deliveries as the leader saw them, for the console of any replica. */
  deliveries: Record<string, { status: AlertChannelView['delivery']; log: DeliveryView[] }>;
}

/** One acknowledgement: the first one for an incident wins, on every replica. */
export interface IncidentAck {
  by: string;
  at: number;
}

/** A browser that asked for web push, and whose it is (its scope decides which held calls it is offered). */
export interface StoredPushSubscription {
  endpoint: string;
  keys: { p256dh: string; auth: string };
  user: string;
  role: Role;
  queues: 'all' | number[];
  createdAt: number;
}

/** The gateway's VAPID key pair (base64url), made once and kept with its state. */
export interface StoredVapidKeys {
  publicKey: string;
  privateKey: string;
}

/**
 * Where alerting keeps what must outlive one gateway and be the same on every replica: contact points,
 * acknowledgements, push subscriptions, the VAPID keys and the leader's incident state. Files in DATA_DIR for
 * a gateway alone, Redis for several; the in-memory store below for unit tests.
 */
export interface AlertStore {
  listChannels(): Promise<StoredAlertChannel[]>;
  /** Answers once the contact point is stored (an admin who was told it exists can rely on it). */
  addChannel(channel: StoredAlertChannel): Promise<void>;
  removeChannel(id: string): Promise<boolean>;
  readState(): Promise<AlertStateDocument | undefined>;
  writeState(state: AlertStateDocument): Promise<void>;
  /** Records `ack` unless the incident has one; answers the one that holds (the first). */
  acknowledge(incidentId: string, ack: IncidentAck): Promise<IncidentAck>;
  acks(): Promise<Map<string, IncidentAck>>;
  /** Drops the acknowledgements of incidents no longer listed. */
  pruneAcks(keep: ReadonlySet<string>): Promise<void>;
  listPushSubscriptions(): Promise<StoredPushSubscription[]>;
  /** Adds or replaces the subscription of `endpoint`. */
  addPushSubscription(subscription: StoredPushSubscription): Promise<void>;
  removePushSubscription(endpoint: string): Promise<boolean>;
  /** The stored key pair, or `create()`'s stored first (one pair for the whole cluster). */
  vapidKeys(create: () => StoredVapidKeys): Promise<StoredVapidKeys>;
  /** Claims the morning summary of local date `date`: true for the first claim only (one mail per day). */
  claimSummary(date: string): Promise<boolean>;
}

/** Injection token of the {@link AlertStore} (optional: the in-memory store without one). */
export const ALERT_STORE = Symbol('ALERT_STORE');

/** Alert state in this process's memory. */
export class InMemoryAlertStore implements AlertStore {
  protected readonly channels = new Map<string, StoredAlertChannel>();
  protected readonly subscriptions = new Map<string, StoredPushSubscription>();
  protected readonly ackMap = new Map<string, IncidentAck>();
  protected state: AlertStateDocument | undefined;
  protected keys: StoredVapidKeys | undefined;
  protected summaryDate: string | undefined;

  listChannels(): Promise<StoredAlertChannel[]> {
    return Promise.resolve([...this.channels.values()].sort((a, b) => a.createdAt - b.createdAt));
  }

  addChannel(channel: StoredAlertChannel): Promise<void> {
    this.channels.set(channel.id, structuredClone(channel));
    return this.changed();
  }

  async removeChannel(id: string): Promise<boolean> {
    if (!this.channels.delete(id)) return false;
    await this.changed();
    return true;
  }

  readState(): Promise<AlertStateDocument | undefined> {
    return Promise.resolve(this.state && structuredClone(this.state));
  }

  writeState(state: AlertStateDocument): Promise<void> {
    this.state = structuredClone(state);
    return this.changed();
  }

  async acknowledge(incidentId: string, ack: IncidentAck): Promise<IncidentAck> {
    const held = this.ackMap.get(incidentId);
    if (held) return held;
    this.ackMap.set(incidentId, ack);
    await this.changed();
    return ack;
  }

  acks(): Promise<Map<string, IncidentAck>> {
    return Promise.resolve(new Map(this.ackMap));
  }

  async pruneAcks(keep: ReadonlySet<string>): Promise<void> {
    let pruned = false;
    for (const id of this.ackMap.keys()) if (!keep.has(id)) pruned = this.ackMap.delete(id) || pruned;
    if (pruned) await this.changed();
  }

  listPushSubscriptions(): Promise<StoredPushSubscription[]> {
    return Promise.resolve([...this.subscriptions.values()]);
  }

  addPushSubscription(subscription: StoredPushSubscription): Promise<void> {
    this.subscriptions.set(subscription.endpoint, structuredClone(subscription));
    return this.changed();
  }

  async removePushSubscription(endpoint: string): Promise<boolean> {
    if (!this.subscriptions.delete(endpoint)) return false;
    await this.changed();
    return true;
  }

  async vapidKeys(create: () => StoredVapidKeys): Promise<StoredVapidKeys> {
    if (!this.keys) {
      this.keys = create();
      await this.changed();
    }
    return this.keys;
  }

  async claimSummary(date: string): Promise<boolean> {
    if (this.summaryDate !== undefined && this.summaryDate >= date) return false;
    this.summaryDate = date;
    await this.changed();
    return true;
  }

  /** Called after every change; the file store writes its file here. */
  protected changed(): Promise<void> {
    return Promise.resolve();
  }
}
