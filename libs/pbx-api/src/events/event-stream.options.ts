import type { PbxTlsOptions } from '../tls.js';
import type { TokenProvider } from '../auth/token.types.js';
import type { BackoffOptions } from '../internal/backoff.js';
import type { PbxLogger } from '../internal/transport.js';

/** Settings of `PbxEventStream`. Every timing is configurable so tests and benches can shrink it. */
export interface PbxEventStreamOptions {
  /** `http(s)://host:port` of the PBX (`ws(s)://` also accepted); the scheme picks ws or wss. */
  baseUrl: string;
  /** Default `openapi/v1.0`. */
  apiPath?: string;
  /** Supplies the access token for each connection; usually `PbxClient.tokens`. */
  tokens: TokenProvider;
  /** Event IDs to subscribe to, e.g. `[30011, 30016, 30029]`. */
  topics: readonly number[];
  /** How often to send `heartbeat` (default 25,000 ms; the PBX drops a connection idle for 60 s). */
  heartbeatIntervalMs?: number;
  /** How long to wait for the upgrade and for the subscription's answer (default 10,000 ms). */
  subscribeTimeoutMs?: number;
  /** Delay between reconnection attempts (default 500 ms doubling to 30 s, jittered). */
  reconnectBackoff?: BackoffOptions;
  /** Reconnect when no frame at all (heartbeat answers included) arrives for this long (default 75,000 ms). */
  staleAfterMs?: number;
  /** Reconnect with the new token whenever the provider renews it (default true). */
  reconnectOnTokenChange?: boolean;
  logger?: PbxLogger;
  /** User-Agent of the upgrade request (default the client's). */
  userAgent?: string;
  /** Certificate trust for a wss PBX (self-signed certificates). */
  tls?: PbxTlsOptions;
}

/** The options with defaults applied and the URL built (without the token). */
export interface StreamSettings {
  url: string;
  topics: number[];
  heartbeatIntervalMs: number;
  subscribeTimeoutMs: number;
  staleAfterMs: number;
  backoff: BackoffOptions;
  reconnectOnTokenChange: boolean;
}

function positive(name: string, value: number | undefined, fallback: number): number {
  const ms = value ?? fallback;
  if (!Number.isInteger(ms) || ms <= 0) {
    throw new TypeError(`${name} must be a positive whole number of ms, got ${String(value)}`);
  }
  return ms;
}

/** Checks topics: a non-empty list of integer event IDs; duplicates are dropped. */
export function checkTopics(topics: readonly number[]): number[] {
  if (!Array.isArray(topics) || topics.length === 0) {
    throw new TypeError('topics must be a non-empty array of event IDs, e.g. [30011, 30016]');
  }
  topics.forEach((topic, index) => {
    if (!Number.isInteger(topic) || topic <= 0) {
      throw new TypeError(`topics[${index}] must be an integer event ID, got ${JSON.stringify(topic)}`);
    }
  });
  return [...new Set(topics)];
}

/** `http://h:1` -> `ws://h:1/openapi/v1.0/subscribe` (a path prefix on the base URL is kept). */
export function subscribeUrl(baseUrl: string, apiPath: string): string {
  const match = /^(https?|wss?):\/\/([^/?#\s]+(?:\/[^?#\s]*)?)$/i.exec(baseUrl);
  if (!match) {
    throw new TypeError(
      `baseUrl must be an http(s) URL like http://127.0.0.1:8088, got ${JSON.stringify(baseUrl)}`,
    );
  }
  const scheme = (match[1] ?? '').toLowerCase();
  const wsScheme = scheme === 'https' || scheme === 'wss' ? 'wss' : 'ws';
  const path = apiPath.replace(/^\/+|\/+$/g, '');
  if (path === '' || /[?#\s]/.test(path)) {
    throw new TypeError(`apiPath must be a path like openapi/v1.0, got ${JSON.stringify(apiPath)}`);
  }
  return `${wsScheme}://${(match[2] ?? '').replace(/\/+$/, '')}/${path}/subscribe`;
}

/** Applies defaults and rejects bad settings with an error naming the option. */
export function checkStreamOptions(options: PbxEventStreamOptions): StreamSettings {
  const heartbeatIntervalMs = positive('heartbeatIntervalMs', options.heartbeatIntervalMs, 25_000);
  const staleAfterMs = positive('staleAfterMs', options.staleAfterMs, 75_000);
  if (staleAfterMs <= heartbeatIntervalMs) {
    throw new TypeError(
      `staleAfterMs (${staleAfterMs}) must be longer than heartbeatIntervalMs (${heartbeatIntervalMs}), or every heartbeat gap looks stale`,
    );
  }
  const initialMs = positive('reconnectBackoff.initialMs', options.reconnectBackoff?.initialMs, 500);
  const maxMs = positive('reconnectBackoff.maxMs', options.reconnectBackoff?.maxMs, 30_000);
  if (maxMs < initialMs) {
    throw new TypeError(`reconnectBackoff.maxMs (${maxMs}) must not be below initialMs (${initialMs})`);
  }
  if (!options.tokens) throw new TypeError('tokens must be a TokenProvider, e.g. PbxClient.tokens');
  return {
    url: subscribeUrl(options.baseUrl, options.apiPath ?? 'openapi/v1.0'),
    topics: checkTopics(options.topics),
    heartbeatIntervalMs,
    subscribeTimeoutMs: positive('subscribeTimeoutMs', options.subscribeTimeoutMs, 10_000),
    staleAfterMs,
    backoff: { initialMs, maxMs },
    reconnectOnTokenChange: options.reconnectOnTokenChange ?? true,
  };
}
