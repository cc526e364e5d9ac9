import type { IncomingHttpHeaders } from 'node:http';

function originOf(value: string): string | undefined {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.origin.toLowerCase() : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Whether a browser page at `Origin` may open a socket. Same-origin pages always may (the dashboard served
 * by the gateway, or by the proxy in front of it); other origins only when listed in ALLOWED_ORIGINS. A
 * request without an Origin header comes from a non-browser client and is left to authentication.
 * `forwardedHost` is the X-Forwarded-Host header, passed only when the peer is a trusted proxy.
 */
export function originAllowed(
  headers: IncomingHttpHeaders,
  allowedOrigins: readonly string[],
  forwardedHost?: string,
): boolean {
  const origin = headers.origin;
  if (origin === undefined) return true;
  const normalised = originOf(origin);
  if (!normalised) return false;
  const host = new URL(normalised).host;
  const served = [forwardedHost, headers.host].filter((h): h is string => !!h).map((h) => h.toLowerCase());
  if (served.includes(host)) return true;
  return allowedOrigins.some((allowed) => originOf(allowed) === normalised);
}
