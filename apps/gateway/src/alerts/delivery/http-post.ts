import http from 'node:http';
import https from 'node:https';
import { isIP } from 'node:net';
import type { CheckedTarget } from './alert-targets.js';
import { DeliveryFailure, codeOf } from './sender.js';

/** How much of a receiver's answer is read (then thrown away): enough for any error page, bounded for memory. */
export const MAX_ANSWER_BYTES = 64 * 1024;

/** How long one POST may take, from connecting to the answer's status, when the caller does not say. */
export const DEFAULT_POST_TIMEOUT_MS = 10_000;

/** Limits of one {@link postJson}. */
export interface PostOptions {
  /** The whole exchange, a receiver that accepts the connection and never answers included. */
  timeoutMs?: number;
  /** Abandons the request (the queue's own timeout, or the gateway closing). */
  signal?: AbortSignal;
}

/**
 * POSTs `body` to a checked target, connecting to the address the policy checked rather than resolving the
 * host again (a second lookup could answer an internal address: DNS rebinding). The Host header, TLS server
 * name and certificate check still use the URL's host. Redirects are not followed: a 3xx is a failure.
 * Resolves with the 2xx status; rejects with a {@link DeliveryFailure} whose message names the host at most.
 */
export function postJson(
  target: CheckedTarget,
  body: string,
  headers: Readonly<Record<string, string>>,
  options: PostOptions = {},
): Promise<{ status: number }> {
  const { url, address } = target;
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  const secure = url.protocol === 'https:';
  const timeoutMs = options.timeoutMs ?? DEFAULT_POST_TIMEOUT_MS;
  const { signal } = options;

  return new Promise((resolve, reject) => {
    let status: number | null = null;
    let settled = false;
    const settle = (failure: DeliveryFailure | null) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
      request.destroy();
      if (failure) reject(failure);
      else resolve({ status: status ?? 0 });
    };
    // Once a status came, the receiver has the message: a slow or endless body does not undo that.
    const settleWithStatus = () => settle(status === null ? null : statusFailure(status));
    const onAbort = () => settle(new DeliveryFailure('the attempt was cancelled', status, false));

    const requestOptions: https.RequestOptions = {
      method: 'POST',
      host: address,
      port: url.port === '' ? (secure ? 443 : 80) : Number(url.port),
      path: `${url.pathname}${url.search}`,
      headers: { ...headers, Host: url.host, 'Content-Length': String(Buffer.byteLength(body)) },
      // A fresh connection each time: a pooled socket could be to another address, and none outlives the post.
      agent: false,
      ...(secure && isIP(host) === 0 ? { servername: host } : {}),
    };
    const request = (secure ? https : http).request(requestOptions);
    const timer = setTimeout(() => {
      if (status !== null) settleWithStatus();
      else settle(new DeliveryFailure(`no answer within ${formatSeconds(timeoutMs)}`, null, false));
    }, timeoutMs);

    request.on('response', (response) => {
      status = response.statusCode ?? 0;
      let bytes = 0;
      response.on('data', (chunk: Buffer) => {
        bytes += chunk.length;
        if (bytes > MAX_ANSWER_BYTES) settleWithStatus();
      });
      response.on('error', () => undefined); // the 'close' that follows settles
      response.on('close', settleWithStatus);
    });
    request.on('error', (error) => settle(networkFailure(error, host)));

    if (signal?.aborted) onAbort();
    else {
      signal?.addEventListener('abort', onAbort, { once: true });
      request.end(body);
    }
  });
}

function statusFailure(status: number): DeliveryFailure | null {
  if (status >= 200 && status < 300) return null;
  // The same URL will redirect again: retrying cannot help, and following could leave the allow-list.
  if (status >= 300 && status < 400)
    return new DeliveryFailure(
      `the receiver answered HTTP ${status} (a redirect, not followed)`,
      status,
      true,
    );
  return new DeliveryFailure(`the receiver answered HTTP ${status}`, status, false);
}

const NETWORK_WORDS: Record<string, string> = {
  ECONNREFUSED: 'refused the connection',
  ECONNRESET: 'closed the connection',
  EPIPE: 'closed the connection',
  ETIMEDOUT: 'did not answer',
  EHOSTUNREACH: 'is unreachable',
  ENETUNREACH: 'is unreachable',
};

/** Words for a connection failure: Node's own message quotes addresses and could grow to quote more. */
function networkFailure(error: unknown, host: string): DeliveryFailure {
  const code = codeOf(error) ?? 'network error';
  const words = NETWORK_WORDS[code];
  if (words) return new DeliveryFailure(`${host} ${words} (${code})`, null, false);
  if (/CERT|TLS|SSL|SELF_SIGNED|UNABLE_TO/.test(code))
    return new DeliveryFailure(`the TLS certificate of ${host} was not accepted (${code})`, null, false);
  return new DeliveryFailure(`could not reach ${host} (${code})`, null, false);
}

function formatSeconds(ms: number): string {
  return ms % 1000 === 0 ? `${ms / 1000} s` : `${(ms / 1000).toFixed(1)} s`;
}
