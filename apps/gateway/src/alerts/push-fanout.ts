import { Inject, Injectable, Logger, Optional } from '@nestjs/common';
import {
  channelCovers,
  type AlertMessage,
  type PushPayload,
  type PushSubscriptionRequest,
  type SessionInfo,
} from '@switchboard/live-protocol';
import { hasRole } from '../access/principal.js';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config/gateway-config.js';
import {
  ALERT_STORE,
  InMemoryAlertStore,
  type AlertStore,
  type StoredAlertChannel,
  type StoredPushSubscription,
} from '../ports/alert-store.js';
import { parseAllowedTargets, TargetPolicy } from './delivery/alert-targets.js';
import { messageTitle } from './delivery/message-formats.js';
import { DeliveryFailure, type AlertSender } from './delivery/sender.js';
import { PushSender, PushSubscriptionGone, type PushSendOptions } from './push/push-sender.js';
import { generateVapidKeys, vapidSubject, type VapidKeys } from './push/vapid-keys.js';

/** One push's limit (ms): a push service that hangs frees the line after this. */
const PUSH_TIMEOUT_MS = 10_000;

/**
 * Web push to the supervisors who opted in: their subscriptions (one per browser), the gateway's VAPID key pair
 * (made once, kept with the alert store: every subscription is bound to it), and sending one payload to every
 * subscription whose owner may see it. A subscription the push service no longer knows is deleted.
 */
@Injectable()
export class PushFanout {
  private readonly logger = new Logger('Push');
  private readonly store: AlertStore;
  private vapid: Promise<VapidKeys> | undefined;
  private pushSender: Promise<PushSender> | undefined;
  private readonly subject: string;
  private readonly policy: TargetPolicy;

  constructor(
    @Inject(GATEWAY_CONFIG) config: GatewayConfig,
    @Optional() @Inject(ALERT_STORE) store?: AlertStore,
  ) {
    this.store = store ?? new InMemoryAlertStore();
    const allowed = parseAllowedTargets(config.alerts.targetsAllowed.join(','));
    this.policy = new TargetPolicy(allowed.ok ? allowed.targets : []);
    // Push services want a way to reach whoever runs the gateway: its public https address, else its mail sender.
    const contact = config.alerts.publicUrl?.startsWith('https:')
      ? config.alerts.publicUrl
      : (config.alerts.smtp?.from.replace(/^.*<([^>]+)>.*$/, '$1') ?? 'switchboard@localhost.invalid');
    this.subject = safeSubject(contact);
  }

  /** The public key browsers subscribe with (base64url). */
  async publicKey(): Promise<string> {
    return (await this.keys()).publicKey;
  }

  async subscribe(session: SessionInfo, request: PushSubscriptionRequest, now = Date.now()): Promise<void> {
    await this.store.addPushSubscription({
      endpoint: request.endpoint,
      keys: request.keys,
      user: session.user,
      role: session.role,
      queues: session.queues,
      createdAt: now,
    });
  }

  /** Removes a subscription of this user's; false when they have none at that endpoint. */
  async unsubscribe(user: string, endpoint: string): Promise<boolean> {
    const mine = (await this.store.listPushSubscriptions()).some(
      (s) => s.endpoint === endpoint && s.user === user,
    );
    return mine && (await this.store.removePushSubscription(endpoint));
  }

  /** One of `user`'s subscriptions (the newest), with the role and queues they had when they last subscribed. */
  async subscriptionOf(user: string): Promise<StoredPushSubscription | undefined> {
    const mine = (await this.store.listPushSubscriptions()).filter((s) => s.user === user);
    return mine.sort((a, b) => b.createdAt - a.createdAt)[0];
  }

  /** Whether `user` has a subscription at `endpoint`. */
  async subscribed(user: string, endpoint: string | undefined): Promise<boolean> {
    const list = await this.store.listPushSubscriptions();
    return list.some((s) => s.user === user && (endpoint === undefined || s.endpoint === endpoint));
  }

  /**
   * Sends to every supervisor subscription `only` keeps, each its own payload (a held call's token is the
   * user's); answers how many push services accepted. `topic` lets a later push replace an undelivered one.
   */
  async sendEach(
    payloadFor: (subscription: StoredPushSubscription) => PushPayload,
    options: Pick<PushSendOptions, 'ttlSec' | 'urgency' | 'topic'>,
    only: (subscription: StoredPushSubscription) => boolean,
  ): Promise<{ accepted: number; failed: string[] }> {
    const sender = await this.sender();
    const targets = (await this.store.listPushSubscriptions()).filter(
      (s) => hasRole(s.role, 'supervisor') && only(s),
    );
    const results = await Promise.allSettled(
      targets.map((s) => sender.send(s, payloadFor(s), { ...options, timeoutMs: PUSH_TIMEOUT_MS })),
    );
    const failed: string[] = [];
    let accepted = 0;
    for (const [i, result] of results.entries()) {
      if (result.status === 'fulfilled') accepted += 1;
      else if (result.reason instanceof PushSubscriptionGone) {
        await this.store.removePushSubscription(targets[i]?.endpoint ?? '');
        this.logger.log({ msg: 'push subscription gone: removed', user: targets[i]?.user });
      } else failed.push(result.reason instanceof Error ? result.reason.message : String(result.reason));
    }
    return { accepted, failed };
  }

  /** The sender of a `webpush` contact point: each message to the opted-in supervisors of the incident's queue. */
  senderFor(channel: Pick<StoredAlertChannel, 'queues'>): AlertSender {
    return {
      send: async (message: AlertMessage) => {
        const queueId = message.incident?.queueId ?? null;
        if (message.incident && !channelCovers(channel.queues, queueId)) return { status: null };
        const payload: PushPayload = message.incident
          ? {
              type: 'incident',
              incident: message.incident,
              title: messageTitle(message),
              body: message.incident.summary,
              acknowledgeUrl: message.acknowledgeUrl,
            }
          : {
              type: 'test',
              title: messageTitle(message),
              body: 'Phone notifications from Switchboard work.',
            };
        const { accepted, failed } = await this.sendEach(
          () => payload,
          { ttlSec: 3_600, urgency: message.incident?.level === 'critical' ? 'high' : 'normal' },
          (s) => channelCovers(s.queues, queueId),
        );
        // Delivered when any browser got it; nobody subscribed is not a failure of the contact point.
        if (accepted === 0 && failed.length > 0)
          throw new DeliveryFailure(failed[0] ?? 'push failed', null, false);
        return { status: accepted > 0 ? 201 : null };
      },
    };
  }

  private keys(): Promise<VapidKeys> {
    this.vapid ??= this.store
      .vapidKeys(() => {
        const made = generateVapidKeys(this.subject);
        return { publicKey: made.publicKey, privateKey: made.privateKey };
      })
      .then((stored) => ({ ...stored, subject: this.subject }));
    return this.vapid;
  }

  private sender(): Promise<PushSender> {
    this.pushSender ??= this.keys().then(
      (vapid) => new PushSender({ vapid, checkEndpoint: (url) => this.policy.check(url) }),
    );
    return this.pushSender;
  }
}

/** A subject push services accept, whatever the settings hold. */
function safeSubject(contact: string): string {
  try {
    return vapidSubject(contact);
  } catch {
    return 'mailto:switchboard@localhost.invalid';
  }
}
