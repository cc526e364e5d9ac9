/**
 * Pushes every event to the configured webhook URLs as the PBX does: POST of the frame JSON with
 * `X-Signature: base64(HMAC-SHA256(secret, raw body))`. Fire-and-forget with a timeout; failures are
 * counted, never retried, and a slow receiver cannot make the simulator buffer without bound.
 */
import { createHmac } from 'node:crypto';
import http from 'node:http';
import https from 'node:https';
import type { SimStats } from '../control/sim-stats.js';
import type { EventConsumer } from './event-bus.js';

/** Settings of the webhook pusher. */
export interface WebhookOptions {
  urls: readonly string[];
  secret: string;
  timeoutMs: number;
  /** Requests in flight per URL before further events to it are dropped (counted as failed). */
  maxInFlight?: number;
}

/** The X-Signature value for a body. */
export function webhookSignature(secret: string, body: string): string {
  return createHmac('sha256', secret).update(body).digest('base64');
}

interface Target {
  url: URL;
  inFlight: number;
}

/** Sends frames to webhooks. */
export class WebhookPusher implements EventConsumer {
  private readonly targets: Target[];
  private readonly httpAgent = new http.Agent({ keepAlive: true, maxSockets: 32 });
  private readonly httpsAgent = new https.Agent({ keepAlive: true, maxSockets: 32 });
  private readonly maxInFlight: number;

  constructor(
    private readonly options: WebhookOptions,
    private readonly stats: SimStats,
  ) {
    this.targets = options.urls.map((url) => ({ url: new URL(url), inFlight: 0 }));
    this.maxInFlight = options.maxInFlight ?? 256;
  }

  wants(): boolean {
    return this.targets.length > 0;
  }

  deliver(_type: number, frame: string): void {
    const signature = webhookSignature(this.options.secret, frame);
    for (const target of this.targets) this.send(target, frame, signature);
  }

  /** Closes idle keep-alive connections. */
  close(): void {
    this.httpAgent.destroy();
    this.httpsAgent.destroy();
  }

  private send(target: Target, body: string, signature: string): void {
    if (target.inFlight >= this.maxInFlight) {
      this.stats.countWebhook('failed');
      return;
    }
    target.inFlight++;
    this.stats.countWebhook('sent');
    let settled = false;
    const finish = (ok: boolean) => {
      if (settled) return;
      settled = true;
      target.inFlight--;
      this.stats.countWebhook(ok ? 'delivered' : 'failed');
    };
    const secure = target.url.protocol === 'https:';
    const request = (secure ? https : http).request(target.url, {
      method: 'POST',
      agent: secure ? this.httpsAgent : this.httpAgent,
      timeout: this.options.timeoutMs,
      headers: {
        'Content-Type': 'application/json',
        'Content-Length': Buffer.byteLength(body),
        'User-Agent': 'pbx-simulator-webhook',
        'X-Signature': signature,
      },
    });
    request.on('response', (response) => {
      response.resume();
      finish(response.statusCode !== undefined && response.statusCode >= 200 && response.statusCode < 300);
    });
    request.on('timeout', () => request.destroy(new Error('webhook timed out')));
    request.on('error', () => finish(false));
    request.end(body);
  }
}
