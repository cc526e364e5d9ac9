import type { AlertChannelView, AlertMessage, DeliveryView } from '@switchboard/live-protocol';
import { DeliveryFailure, asDeliveryFailure, type AlertSender } from './sender.js';

/** How a contact point's deliveries stand, as its view shows them. */
export type ChannelDelivery = AlertChannelView['delivery'];

/** Time and timers, so tests can drive the queue without waiting. */
export interface DeliveryClock {
  now(): number;
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

/** The waits between attempts: 6 attempts over about 8 minutes, then the message is given up. */
export const DEFAULT_BACKOFF_MS: readonly number[] = [2_000, 10_000, 30_000, 120_000, 300_000];

/** Limits and seams of a {@link DeliveryQueue}. */
export interface DeliveryQueueOptions {
  /** Wait before attempt 2, 3...; attempts = length + 1. */
  backoffMs?: readonly number[];
  /**
   * One attempt's limit, after which its signal fires and the next message may go. Longer than the senders'
   * own limits (an SMTP exchange has several 10 s steps); it frees the contact point if a sender hangs.
   */
  attemptTimeoutMs?: number;
  /** Messages waiting per contact point, the one being sent included. */
  maxPending?: number;
  /** Attempts kept per contact point for its delivery log. */
  logSize?: number;
  clock?: DeliveryClock;
}

/** Told whenever a contact point's delivery status may have changed. */
export type DeliveryListener = (channelId: string, delivery: ChannelDelivery) => void;

interface Pending {
  message: AlertMessage;
  sender: AlertSender;
  /** Attempts made so far. */
  attempts: number;
}

interface Channel {
  /** FIFO; while `busy`, the first is being sent or waits for its next attempt. */
  pending: Pending[];
  busy: boolean;
  inFlight: { controller: AbortController; timer: unknown } | null;
  retryTimer: unknown;
  log: DeliveryView[];
  delivery: Omit<ChannelDelivery, 'pending'>;
}

const NEVER: Omit<ChannelDelivery, 'pending'> = {
  state: 'never',
  lastAttemptAt: null,
  lastSuccessAt: null,
  lastError: null,
};

// Timers are unref'd: a pending retry must not keep a stopping process alive (close() clears them anyway).
const SYSTEM_CLOCK: DeliveryClock = {
  now: () => Date.now(),
  setTimeout: (callback, ms) => setTimeout(callback, ms).unref(),
  clearTimeout: (handle) => clearTimeout(handle as NodeJS.Timeout),
};

/**
 * Delivers alert messages without ever making the caller wait (docs/alerting.md#delivery). Each contact
 * point has its own line: one send at a time, first in first out, so a slow receiver delays only itself.
 * A failed attempt (timeout, network error, any HTTP 4xx/5xx) is tried again after a growing wait; a
 * permanent failure (a refused address, a mail rejected for good) is given up at once.
 */
export class DeliveryQueue {
  private readonly channels = new Map<string, Channel>();
  private readonly listeners = new Set<DeliveryListener>();
  private readonly backoffMs: readonly number[];
  private readonly attemptTimeoutMs: number;
  private readonly maxPending: number;
  private readonly logSize: number;
  private readonly clock: DeliveryClock;
  private closed = false;

  constructor(options: DeliveryQueueOptions = {}) {
    this.backoffMs = options.backoffMs ?? DEFAULT_BACKOFF_MS;
    this.attemptTimeoutMs = options.attemptTimeoutMs ?? 30_000;
    this.maxPending = Math.max(1, options.maxPending ?? 100);
    this.logSize = options.logSize ?? 50;
    this.clock = options.clock ?? SYSTEM_CLOCK;
  }

  /** Queues a message for a contact point and returns at once. Ignored after {@link close}. */
  enqueue(channelId: string, message: AlertMessage, sender: AlertSender): void {
    if (this.closed) return;
    let channel = this.channels.get(channelId);
    if (!channel) {
      channel = {
        pending: [],
        busy: false,
        inFlight: null,
        retryTimer: null,
        log: [],
        delivery: { ...NEVER },
      };
      this.channels.set(channelId, channel);
    }
    const item: Pending = { message, sender, attempts: 0 };
    if (channel.pending.length >= this.maxPending && !this.dropOne(channel)) {
      this.skip(channel, item); // only the message being sent is waiting: the newcomer is the one to go
      return;
    }
    channel.pending.push(item);
    this.changed(channelId);
    this.next(channelId, channel);
  }

  /** The contact point's delivery log: its last attempts and skipped messages, newest first. */
  log(channelId: string): DeliveryView[] {
    return [...(this.channels.get(channelId)?.log ?? [])];
  }

  /** How the contact point's deliveries stand (`never` for one that has sent nothing yet). */
  status(channelId: string): ChannelDelivery {
    const channel = this.channels.get(channelId);
    return { ...(channel?.delivery ?? NEVER), pending: channel?.pending.length ?? 0 };
  }

  /** Calls `listener` after each change of a contact point's status; returns the unsubscribe function. */
  onChange(listener: DeliveryListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** The contact point was deleted: its waiting messages, timers and log go; an attempt in flight is abandoned. */
  forget(channelId: string): void {
    const channel = this.channels.get(channelId);
    if (!channel) return;
    this.channels.delete(channelId);
    this.stop(channel, 'the contact point was deleted');
  }

  /** Stops every attempt and timer; later messages are ignored. Logs and statuses stay readable. */
  close(): void {
    this.closed = true;
    for (const channel of this.channels.values()) this.stop(channel, 'the gateway is stopping');
  }

  private stop(channel: Channel, why: string): void {
    this.clock.clearTimeout(channel.retryTimer);
    channel.retryTimer = null;
    if (channel.inFlight) {
      this.clock.clearTimeout(channel.inFlight.timer);
      channel.inFlight.controller.abort(new DeliveryFailure(why, null, true));
      channel.inFlight = null;
    }
  }

  /** Makes room: the oldest reminder goes first (a newer one says the same), else the oldest message. */
  private dropOne(channel: Channel): boolean {
    const from = channel.busy ? 1 : 0;
    const reminder = channel.pending.findIndex((p, i) => i >= from && p.message.type === 'incident.reminder');
    const [dropped] = channel.pending.splice(reminder >= 0 ? reminder : from, 1);
    if (dropped) this.skip(channel, dropped);
    return dropped !== undefined;
  }

  private skip(channel: Channel, item: Pending): void {
    this.record(channel, item, {
      at: this.clock.now(),
      result: 'skipped',
      status: null,
      error: `dropped: ${this.maxPending} messages were already waiting for this contact point`,
      durationMs: 0,
    });
  }

  private next(channelId: string, channel: Channel): void {
    if (this.closed || channel.busy || channel.pending.length === 0) return;
    channel.busy = true;
    void this.attempt(channelId, channel);
  }

  private async attempt(channelId: string, channel: Channel): Promise<void> {
    const item = channel.pending[0];
    if (!item) return;
    item.attempts += 1;
    const startedAt = this.clock.now();
    channel.delivery.lastAttemptAt = startedAt;
    const controller = new AbortController();
    const timer = this.clock.setTimeout(() => {
      const limit = `${Math.round(this.attemptTimeoutMs / 100) / 10} s`;
      controller.abort(new DeliveryFailure(`no answer within ${limit}`, null, false));
    }, this.attemptTimeoutMs);
    channel.inFlight = { controller, timer };

    let outcome: { status: number | null } | DeliveryFailure;
    try {
      outcome = await untilAborted(item.sender.send(item.message, controller.signal), controller.signal);
    } catch (error) {
      outcome = asDeliveryFailure(error);
    }
    this.clock.clearTimeout(timer);
    // Forgotten or closed meanwhile: the result belongs to nobody.
    if (this.channels.get(channelId) !== channel || channel.inFlight?.controller !== controller) return;
    channel.inFlight = null;
    this.settle(channelId, channel, item, startedAt, outcome);
  }

  private settle(
    channelId: string,
    channel: Channel,
    item: Pending,
    startedAt: number,
    outcome: { status: number | null } | DeliveryFailure,
  ): void {
    const durationMs = Math.max(0, this.clock.now() - startedAt);
    const entry = { at: startedAt, durationMs };
    if (!(outcome instanceof DeliveryFailure)) {
      this.record(channel, item, { ...entry, result: 'ok', status: outcome.status, error: null });
      Object.assign(channel.delivery, { state: 'ok', lastSuccessAt: this.clock.now(), lastError: null });
      this.finish(channelId, channel);
      return;
    }
    channel.delivery.lastError = outcome.message;
    const wait = this.backoffMs[item.attempts - 1];
    if (outcome.permanent || wait === undefined) {
      this.record(channel, item, {
        ...entry,
        result: 'gave-up',
        status: outcome.status,
        error: outcome.message,
      });
      channel.delivery.state = 'failing';
      this.finish(channelId, channel);
      return;
    }
    this.record(channel, item, {
      ...entry,
      result: 'retrying',
      status: outcome.status,
      error: outcome.message,
    });
    channel.delivery.state = 'retrying';
    channel.retryTimer = this.clock.setTimeout(() => {
      channel.retryTimer = null;
      void this.attempt(channelId, channel);
    }, wait);
    this.changed(channelId);
  }

  /** The first message is done with (delivered or given up): on to the next. */
  private finish(channelId: string, channel: Channel): void {
    channel.pending.shift();
    channel.busy = false;
    this.changed(channelId);
    this.next(channelId, channel);
  }

  private record(
    channel: Channel,
    item: Pending,
    entry: Omit<DeliveryView, 'message' | 'incidentId' | 'attempt'>,
  ): void {
    const view: DeliveryView = {
      message: item.message.type,
      incidentId: item.message.incident?.id ?? null,
      attempt: item.attempts,
      ...entry,
    };
    channel.log.unshift(view);
    if (channel.log.length > this.logSize) channel.log.length = this.logSize;
  }

  private changed(channelId: string): void {
    const delivery = this.status(channelId);
    for (const listener of this.listeners) {
      try {
        listener(channelId, delivery);
      } catch {
        // A listener's fault (a socket push) must not stop the deliveries of every contact point.
      }
    }
  }
}

/** `work`'s outcome, or the signal's reason as soon as it fires (a sender that ignores its signal is not waited for). */
function untilAborted<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    if (signal.aborted) onAbort();
    else signal.addEventListener('abort', onAbort, { once: true });
    work.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(error);
      },
    );
  });
}
