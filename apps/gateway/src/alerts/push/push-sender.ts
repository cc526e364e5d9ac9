import { createHash } from 'node:crypto';
import type { Agent } from 'node:https';
import type { PushPayload, PushSubscriptionRequest } from '@switchboard/live-protocol';
import webPush from 'web-push';
import type { VapidKeys } from './vapid-keys.js';

/** The gateway's verdict on an endpoint's host (its outbound allow-list), asked before every send. */
export type EndpointCheck = (url: string) => Promise<{ ok: true } | { ok: false; reason: string }>;

/** What a {@link PushSender} is built with. */
export interface PushSenderOptions {
  vapid: VapidKeys;
  checkEndpoint: EndpointCheck;
  /** TLS agent for the push services; tests pass one that trusts their stand-in's certificate. */
  agent?: Agent;
}

/** How one message is to be delivered (RFC 8030 section 5). */
export interface PushSendOptions {
  /** How long the push service keeps it for an offline device; 0 = deliver now or drop. */
  ttlSec: number;
  urgency: 'high' | 'normal';
  /** A later message with the same topic replaces this one while it is still undelivered ({@link pushTopic}). */
  topic?: string;
  timeoutMs: number;
}

/**
 * The push service no longer knows the subscription (HTTP 404 or 410): the browser unsubscribed or the
 * subscription expired. The caller deletes it; sending again cannot succeed.
 */
export class PushSubscriptionGone extends Error {
  readonly code = 'push_subscription_gone';
  constructor(readonly status: number) {
    super(`the push service answered HTTP ${status}: the subscription is gone`);
    this.name = 'PushSubscriptionGone';
  }
}

/** The endpoint was not contacted: not https, or its host is not allowed. */
export class PushEndpointRefused extends Error {
  readonly code = 'push_endpoint_refused';
  constructor(readonly reason: string) {
    super(`push endpoint refused: ${reason}`);
    this.name = 'PushEndpointRefused';
  }
}

/** Any other failure, described by status or cause; the message never holds the endpoint's path or keys. */
export class PushSendFailed extends Error {
  readonly code = 'push_send_failed';
  constructor(
    message: string,
    /** The push service's HTTP status; null when none came. */
    readonly status: number | null,
    /** Whether a later attempt may succeed (no answer, 429, 5xx). */
    readonly retryable: boolean,
  ) {
    super(message);
    this.name = 'PushSendFailed';
  }
}

/**
 * The largest plaintext one push may carry: a push service accepts at least 4096 bytes of body (RFC 8030
 * section 7.2), of which the aes128gcm header takes 86, the tag 16 and the padding delimiter 1 (RFC 8291).
 */
export const MAX_PUSH_PAYLOAD_BYTES = 4096 - 86 - 16 - 1;

const TOPIC_LENGTH = 32;

/**
 * A push Topic for a subject (e.g. a held call's id): at most 32 base64url characters as RFC 8030 section 5.4
 * requires, derived by hashing so the id itself is not shown to the push service. The offer of a held call
 * and its withdrawal share it, so a withdrawal replaces an offer the device has not received yet.
 */
export function pushTopic(subject: string): string {
  return createHash('sha256').update(subject).digest('base64url').slice(0, TOPIC_LENGTH);
}

/** Sends encrypted web pushes (RFC 8030, 8291, 8292) through web-push, to allowed endpoints only. */
export class PushSender {
  constructor(private readonly options: PushSenderOptions) {}

  /**
   * Encrypts `payload` for the subscription and hands it to its push service. Resolves with the push
   * service's status (201 when accepted). Rejects with {@link PushEndpointRefused} before any request,
   * {@link PushSubscriptionGone} on 404/410, and {@link PushSendFailed} otherwise.
   */
  async send(
    subscription: PushSubscriptionRequest,
    payload: PushPayload,
    options: PushSendOptions,
  ): Promise<{ status: number }> {
    const host = await this.allowedHost(subscription.endpoint);
    const body = JSON.stringify(payload);
    const bytes = Buffer.byteLength(body);
    if (bytes > MAX_PUSH_PAYLOAD_BYTES)
      throw new PushSendFailed(
        `the message is ${bytes} bytes; a push carries ${MAX_PUSH_PAYLOAD_BYTES}`,
        null,
        false,
      );
    if (options.topic !== undefined && !/^[A-Za-z0-9_-]{1,32}$/.test(options.topic))
      throw new PushSendFailed('the topic must be 1 to 32 base64url characters', null, false);
    const { vapid, agent } = this.options;
    try {
      const answer = await webPush.sendNotification(subscription, body, {
        vapidDetails: vapid,
        TTL: options.ttlSec,
        urgency: options.urgency,
        timeout: options.timeoutMs,
        ...(options.topic !== undefined ? { topic: options.topic } : {}),
        ...(agent !== undefined ? { agent } : {}),
      });
      return { status: answer.statusCode };
    } catch (error) {
      throw describeFailure(error, host, options.timeoutMs);
    }
  }

  /** The endpoint's host once it passed; throws PushEndpointRefused otherwise. */
  private async allowedHost(endpoint: string): Promise<string> {
    let url: URL;
    try {
      url = new URL(endpoint);
    } catch {
      throw new PushEndpointRefused('the endpoint is not a URL');
    }
    // Every push service is https, and web-push speaks nothing else.
    if (url.protocol !== 'https:') throw new PushEndpointRefused('push endpoints must be https URLs');
    const verdict = await this.options.checkEndpoint(endpoint);
    if (!verdict.ok) throw new PushEndpointRefused(verdict.reason);
    return url.host;
  }
}

/**
 * Maps web-push's rejection to our errors. Its WebPushError carries the endpoint and its other errors may
 * quote request details, so only the status, a node error code, and the host are kept.
 */
function describeFailure(error: unknown, host: string, timeoutMs: number): Error {
  if (error instanceof webPush.WebPushError) {
    const status = error.statusCode;
    if (status === 404 || status === 410) return new PushSubscriptionGone(status);
    return new PushSendFailed(
      `the push service ${host} answered HTTP ${status}${statusWords(status)}`,
      status,
      status === 429 || status >= 500,
    );
  }
  if (error instanceof Error && error.message === 'Socket timeout')
    return new PushSendFailed(`the push service ${host} did not answer within ${timeoutMs} ms`, null, true);
  const code = (error as NodeJS.ErrnoException | null)?.code;
  const cause = typeof code === 'string' && /^[A-Z_]{2,40}$/.test(code) ? ` (${code})` : '';
  return new PushSendFailed(`could not reach the push service ${host}${cause}`, null, true);
}

function statusWords(status: number): string {
  if (status === 401 || status === 403) return ': it refused the VAPID signature';
  if (status === 413) return ': the message is too large';
  if (status === 429) return ': too many messages, try later';
  return '';
}
