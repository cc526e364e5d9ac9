import { createHmac, timingSafeEqual } from 'node:crypto';
import type { AlertMessage } from '@switchboard/live-protocol';
import type { TargetCheck } from './alert-targets.js';
import { postJson } from './http-post.js';
import { slackBody, teamsBody, webhookBody } from './message-formats.js';
import { DeliveryFailure, type AlertSender } from './sender.js';

/** The header that carries a generic webhook's signature: `t=<unix seconds>,v1=<hex HMAC-SHA256>`. */
export const SIGNATURE_HEADER = 'X-Switchboard-Signature';

/** How far a signature's time may be from the receiver's clock, by default, before it is refused (a replay). */
export const SIGNATURE_TOLERANCE_SEC = 300;

/** The signature header's value for `body` sent at `unixSec`: HMAC-SHA256 of "<t>.<body>" with the secret. */
export function signBody(secret: string, body: string, unixSec: number): string {
  const t = Math.floor(unixSec);
  const v1 = createHmac('sha256', secret).update(`${t}.${body}`).digest('hex');
  return `t=${t},v1=${v1}`;
}

/**
 * What a receiver does with an `X-Switchboard-Signature` header (docs/alerting.md): true when one `v1` is the
 * HMAC of "<t>.<raw body>" under the signing secret and `t` is within `toleranceSec` of `nowSec`. The body must
 * be the raw bytes received, not re-serialized JSON. Compares in constant time.
 */
export function verifySignature(
  secret: string,
  body: string,
  header: string,
  nowSec: number,
  toleranceSec = SIGNATURE_TOLERANCE_SEC,
): boolean {
  let t: number | null = null;
  const candidates: string[] = [];
  for (const part of header.split(',')) {
    const [key, value = ''] = part.trim().split('=', 2);
    if (key === 't' && /^\d{1,12}$/.test(value)) t = Number(value);
    else if (key === 'v1' && /^[0-9a-f]{64}$/.test(value)) candidates.push(value);
  }
  if (t === null || Math.abs(nowSec - t) > toleranceSec) return false;
  const expected = Buffer.from(signBody(secret, body, t).slice(`t=${t},v1=`.length), 'hex');
  // Every candidate is compared (no early exit), so the time taken does not tell which one was close.
  let match = false;
  for (const candidate of candidates)
    match = timingSafeEqual(expected, Buffer.from(candidate, 'hex')) || match;
  return match;
}

/** What the HTTP senders need: the outgoing-address check (a TargetPolicy) and limits. */
export interface HttpSenderDeps {
  policy: { check(url: string): Promise<TargetCheck> };
  /** One POST's limit (default 10 s). */
  timeoutMs?: number;
  /** Epoch ms; tests fix it. */
  now?: () => number;
}

type BuildRequest = (message: AlertMessage, now: number) => { body: string; headers: Record<string, string> };

const COMMON_HEADERS = { 'Content-Type': 'application/json', 'User-Agent': 'Switchboard-Alerts' };

class HttpJsonSender implements AlertSender {
  constructor(
    private readonly url: string,
    private readonly deps: HttpSenderDeps,
    private readonly build: BuildRequest,
  ) {}

  async send(message: AlertMessage, signal: AbortSignal): Promise<{ status: number | null }> {
    // Checked on every attempt, so a host that has been re-pointed since the contact point was saved is caught.
    const target = await this.deps.policy.check(this.url);
    if (!target.ok) throw new DeliveryFailure(target.reason, null, !target.retryable);
    if (signal.aborted) throw new DeliveryFailure('the attempt was cancelled', null, false);
    const { body, headers } = this.build(message, (this.deps.now ?? Date.now)());
    const options = {
      signal,
      ...(this.deps.timeoutMs !== undefined ? { timeoutMs: this.deps.timeoutMs } : {}),
    };
    return postJson(target, body, { ...COMMON_HEADERS, ...headers }, options);
  }
}

/**
 * A generic webhook: the message as JSON, signed with the contact point's secret so the receiver can tell it
 * came from this gateway ({@link verifySignature}); `X-Switchboard-Event` names the message type.
 */
export function webhookSender(
  target: { url: string; signingSecret: string },
  deps: HttpSenderDeps,
): AlertSender {
  return new HttpJsonSender(target.url, deps, (message, now) => {
    const body = webhookBody(message);
    return {
      body,
      headers: {
        [SIGNATURE_HEADER]: signBody(target.signingSecret, body, Math.floor(now / 1000)),
        'X-Switchboard-Event': message.type,
      },
    };
  });
}

/** A Slack incoming webhook (its URL is the secret; Slack takes no signature). */
export function slackSender(target: { url: string }, deps: HttpSenderDeps): AlertSender {
  return new HttpJsonSender(target.url, deps, (message) => ({
    body: JSON.stringify(slackBody(message)),
    headers: {},
  }));
}

/** A Microsoft Teams incoming webhook or Workflows webhook (its URL is the secret). */
export function teamsSender(target: { url: string }, deps: HttpSenderDeps): AlertSender {
  return new HttpJsonSender(target.url, deps, (message) => ({
    body: JSON.stringify(teamsBody(message)),
    headers: {},
  }));
}
