import type { IncomingHttpHeaders, IncomingMessage } from 'node:http';
import type { TLSSocket } from 'node:tls';
import type { TrustedProxies } from './trusted-proxies.js';

/** The origin of an absolute http(s) URL, lower-cased; undefined for anything else (`null`, `file:`, junk). */
export function originOf(value: string): string | undefined {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.origin.toLowerCase() : undefined;
  } catch {
    return undefined;
  }
}

/** A host as it may appear in an origin or a CSP source: name or bracketed IPv6, optional port. */
const HOST = /^(?:[a-z0-9-]+(?:\.[a-z0-9-]+)*|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i;

function firstValue(header: string | string[] | undefined): string | undefined {
  const value = (Array.isArray(header) ? header[0] : header)?.split(',')[0]?.trim();
  return value ? value : undefined;
}

/**
 * Where the browser reached the gateway. `hosts`: the Host header and, from a trusted proxy, its
 * X-Forwarded-Host. `scheme`: from a trusted proxy's X-Forwarded-Proto, or `https` on a TLS socket; left
 * undefined when a request comes straight in over plain HTTP, since an unlisted TLS proxy may sit in front.
 */
export interface ServedAt {
  hosts: string[];
  scheme: 'http' | 'https' | undefined;
}

/** Reads {@link ServedAt} from a request; X-Forwarded-* count only when the peer is a trusted proxy. */
export function servedAt(
  request: Pick<IncomingMessage, 'headers' | 'socket'>,
  proxies: TrustedProxies,
): ServedAt {
  const trusted = proxies.trusts(request.socket.remoteAddress);
  const forwardedHost = trusted ? firstValue(request.headers['x-forwarded-host']) : undefined;
  const forwardedProto = trusted
    ? firstValue(request.headers['x-forwarded-proto'])?.toLowerCase()
    : undefined;
  const tls = (request.socket as Partial<TLSSocket>).encrypted === true;
  const scheme =
    forwardedProto === 'https' || forwardedProto === 'http' ? forwardedProto : tls ? 'https' : undefined;
  const hosts = [forwardedHost, request.headers.host]
    .filter((host): host is string => !!host && HOST.test(host))
    .map((host) => host.toLowerCase());
  return { hosts: [...new Set(hosts)], scheme };
}

/**
 * Whether `origin` (an Origin header) is the gateway itself or one of ALLOWED_ORIGINS. The gateway's own
 * origin is the host it was reached at, with the scheme when that is known (see {@link ServedAt}).
 */
export function isAllowedOrigin(
  origin: string,
  served: ServedAt,
  allowedOrigins: readonly string[],
): boolean {
  const normalised = originOf(origin);
  if (!normalised) return false;
  const url = new URL(normalised);
  const scheme = url.protocol.slice(0, -1);
  if (served.hosts.includes(url.host) && (served.scheme === undefined || served.scheme === scheme))
    return true;
  return allowedOrigins.some((allowed) => originOf(allowed) === normalised);
}

/**
 * Whether a browser page at `Origin` may open a socket. Same-origin pages always may (the dashboard served
 * by the gateway, or by the proxy in front of it); other origins only when listed in ALLOWED_ORIGINS. A
 * request without an Origin header comes from a non-browser client and is left to authentication.
 * `forwardedHost` and `forwardedProto` are the X-Forwarded-Host and -Proto headers, passed only when the
 * peer is a trusted proxy.
 */
export function originAllowed(
  headers: IncomingHttpHeaders,
  allowedOrigins: readonly string[],
  forwardedHost?: string,
  forwardedProto?: string,
): boolean {
  const origin = headers.origin;
  if (origin === undefined) return true;
  const proto = forwardedProto?.toLowerCase();
  const served: ServedAt = {
    hosts: [forwardedHost, headers.host].filter((h): h is string => !!h).map((h) => h.toLowerCase()),
    scheme: proto === 'http' || proto === 'https' ? proto : undefined,
  };
  return isAllowedOrigin(origin, served, allowedOrigins);
}
