import { randomBytes } from 'node:crypto';
import { Inject, Injectable, Optional, type OnModuleDestroy } from '@nestjs/common';
import type {
  AlertChannelCreated,
  AlertChannelRequest,
  AlertChannelView,
  AlertMessage,
  AlertMessageType,
  DeliveryView,
  IncidentView,
} from '@switchboard/live-protocol';
import {
  ALERT_STORE,
  InMemoryAlertStore,
  type AlertStateDocument,
  type AlertStore,
  type StoredAlertChannel,
} from '../ports/alert-store.js';
import { AcknowledgeLinks } from './acknowledge-links.js';
import { DeliveryQueue } from './delivery/delivery-queue.js';
import { ChannelSenders } from './channel-senders.js';

/** Contact points are read from the store at most this often (ms): one added on another replica shows up soon. */
const CHANNELS_FRESH_MS = 2_000;
/** How long POST /api/alert-channels/:id/test waits for the first attempt's outcome (ms). */
const TEST_WAIT_MS = 15_000;

/** Why a contact point cannot be created: the field and what is wrong. */
export class ChannelRefused extends Error {
  constructor(
    readonly field: string,
    message: string,
  ) {
    super(message);
  }
}

/**
 * Contact points: kept in the alert store with their secrets, shown without them; each message to one goes
 * through the delivery queue, which retries in the background, so nothing here waits on a receiver.
 */
@Injectable()
export class AlertChannelsService implements OnModuleDestroy {
  private readonly store: AlertStore;
  private cache: { at: number; channels: StoredAlertChannel[] } | undefined;

  constructor(
    private readonly senders: ChannelSenders,
    private readonly deliveries: DeliveryQueue,
    private readonly links: AcknowledgeLinks,
    @Optional() @Inject(ALERT_STORE) store?: AlertStore,
  ) {
    this.store = store ?? new InMemoryAlertStore();
  }

  onModuleDestroy(): void {
    this.deliveries.close();
  }

  /** Every contact point with its secrets, for the leader's evaluation (briefly cached). */
  async stored(now = Date.now()): Promise<StoredAlertChannel[]> {
    if (!this.cache || now - this.cache.at >= CHANNELS_FRESH_MS)
      this.cache = { at: now, channels: await this.store.listChannels() };
    return this.cache.channels;
  }

  /** Every contact point as admins see it, with its deliveries as the leader last stored them. */
  async list(): Promise<AlertChannelView[]> {
    const [channels, state] = await Promise.all([this.store.listChannels(), this.store.readState()]);
    return channels.map((channel) => this.view(channel, state));
  }

  async create(request: AlertChannelRequest, user: string, now = Date.now()): Promise<AlertChannelCreated> {
    if (request.url !== undefined) {
      const target = await this.senders.checkTarget(request.url);
      if (!target.ok) throw new ChannelRefused('url', target.reason);
    }
    if (request.kind === 'email' && !this.senders.mailConfigured)
      throw new ChannelRefused('kind', 'email needs ALERT_SMTP_URL and ALERT_EMAIL_FROM set on the gateway');
    const channel: StoredAlertChannel = {
      id: `ch_${randomBytes(9).toString('base64url')}`,
      kind: request.kind,
      name: request.name,
      ...(request.url !== undefined ? { url: request.url } : {}),
      ...(request.kind === 'webhook' ? { signingSecret: randomBytes(32).toString('base64url') } : {}),
      ...(request.address !== undefined ? { address: request.address } : {}),
      queues: request.queues,
      rules: request.rules,
      quietHours: request.quietHours,
      dailySummary: request.dailySummary,
      createdBy: user,
      createdAt: now,
    };
    await this.store.addChannel(channel);
    this.cache = undefined;
    return {
      channel: this.view(channel, undefined),
      ...(channel.signingSecret ? { signingSecret: channel.signingSecret } : {}),
    };
  }

  /** Deletes a contact point; messages waiting for it are dropped. Undefined when there is none. */
  async remove(id: string): Promise<StoredAlertChannel | undefined> {
    const channel = (await this.store.listChannels()).find((candidate) => candidate.id === id);
    if (!channel || !(await this.store.removeChannel(id))) return undefined;
    this.cache = undefined;
    this.deliveries.forget(id);
    return channel;
  }

  async get(id: string): Promise<StoredAlertChannel | undefined> {
    return (await this.store.listChannels()).find((channel) => channel.id === id);
  }

  /** Sends a test message and answers its first attempt (a retry goes on in the background). */
  async test(channel: StoredAlertChannel, now = Date.now()): Promise<DeliveryView> {
    const before = this.deliveries.log(channel.id)[0];
    this.enqueue(channel, 'test', null, now);
    const deadline = Date.now() + TEST_WAIT_MS;
    while (Date.now() < deadline) {
      const latest = this.deliveries.log(channel.id)[0];
      if (latest && latest !== before && latest.message === 'test') return latest;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    return {
      at: now,
      message: 'test',
      incidentId: null,
      attempt: 1,
      result: 'retrying',
      status: null,
      error: `no answer within ${TEST_WAIT_MS / 1000} s: still trying in the background`,
      durationMs: TEST_WAIT_MS,
    };
  }

  /** The delivery log of a contact point: this gateway's when it has one, else the leader's as stored. */
  async log(id: string): Promise<DeliveryView[]> {
    const own = this.deliveries.log(id);
    if (own.length > 0) return own;
    return (await this.store.readState())?.deliveries[id]?.log ?? [];
  }

  /** Queues a message about `incident` for the contact point `channelId` (the leader's dispatch). */
  send(channelId: string, type: AlertMessageType, incident: IncidentView, now: number): void {
    const channel = this.cache?.channels.find((candidate) => candidate.id === channelId);
    if (channel) this.enqueue(channel, type, incident, now);
  }

  /** Queues a mail of its own (the morning summary) to an email contact point, with retries and its log. */
  sendMail(
    channel: StoredAlertChannel,
    type: AlertMessageType,
    mail: { subject: string; text: string; html: string },
    now: number,
  ): void {
    const sender = this.senders.mailTo(channel.address ?? '', mail);
    this.deliveries.enqueue(channel.id, this.message(channel, type, null, now), sender);
  }

  /** Every contact point's deliveries as this gateway saw them, to be stored for the other replicas. */
  deliveryStates(): AlertStateDocument['deliveries'] {
    const out: AlertStateDocument['deliveries'] = {};
    for (const channel of this.cache?.channels ?? [])
      out[channel.id] = { status: this.deliveries.status(channel.id), log: this.deliveries.log(channel.id) };
    return out;
  }

  private enqueue(
    channel: StoredAlertChannel,
    type: AlertMessageType,
    incident: IncidentView | null,
    now: number,
  ): void {
    this.deliveries.enqueue(
      channel.id,
      this.message(channel, type, incident, now),
      this.senders.senderFor(channel),
    );
  }

  /** A message to `channel`; an open incident's carries a link that acknowledges it. */
  private message(
    channel: StoredAlertChannel,
    type: AlertMessageType,
    incident: IncidentView | null,
    now: number,
  ): AlertMessage {
    return {
      type,
      sentAt: now,
      channel: { id: channel.id, name: channel.name },
      incident,
      acknowledgeUrl:
        incident && type !== 'incident.resolved' ? this.links.urlFor(incident.id, channel.id) : null,
    };
  }

  private view(channel: StoredAlertChannel, state: AlertStateDocument | undefined): AlertChannelView {
    const own = this.deliveries.status(channel.id);
    const stored = state?.deliveries[channel.id]?.status;
    return {
      id: channel.id,
      kind: channel.kind,
      name: channel.name,
      target: targetWords(channel),
      queues: channel.queues,
      rules: channel.rules,
      quietHours: channel.quietHours,
      dailySummary: channel.dailySummary,
      createdBy: channel.createdBy,
      createdAt: channel.createdAt,
      delivery: own.state === 'never' && stored ? stored : own,
    };
  }
}

/** What a contact point is addressed to, safe to show: a URL's host only (its path is the secret). */
export function targetWords(channel: Pick<StoredAlertChannel, 'kind' | 'url' | 'address'>): string {
  if (channel.kind === 'webpush') return 'opted-in supervisors';
  if (channel.kind === 'email') return channel.address ?? '';
  try {
    return new URL(channel.url ?? '').host;
  } catch {
    return '';
  }
}
