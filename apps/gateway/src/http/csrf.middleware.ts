import type { IncomingMessage, ServerResponse } from 'node:http';
import { HttpStatus, Logger, type HttpException } from '@nestjs/common';
import { bearerToken } from '../auth/session.guard.js';
import { restError } from '../errors/rest-error.js';
import { isAllowedOrigin, servedAt } from '../auth/origin-policy.js';
import type { TrustedProxies } from '../auth/trusted-proxies.js';
import type { GatewayConfig } from '../config/gateway-config.js';

type Next = (error?: unknown) => void;

/** Methods that change nothing; everything else is state-changing and checked. */
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** The one body type state-changing routes take: a cross-site HTML form can send none of it. */
function isJson(contentType: string | undefined): boolean {
  return (contentType ?? '').split(';')[0]?.trim().toLowerCase() === 'application/json';
}

function hasBody(request: Pick<IncomingMessage, 'headers'>): boolean {
  const length = request.headers['content-length'];
  return request.headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0');
}

/** A request as far as the CSRF rule needs it. */
type CheckedRequest = Pick<IncomingMessage, 'method' | 'headers' | 'socket' | 'url'>;

/**
 * Why a state-changing request must be refused, or undefined when it may go on.
 *
 * 1. Where it comes from: `Origin`, when present, must be the gateway's own origin (see `servedAt`) or one
 *    of ALLOWED_ORIGINS; without `Origin`, `Sec-Fetch-Site` must say `same-origin` (or `none`: typed by the
 *    user). A request with neither comes from a non-browser client: fine with a bearer token, which a
 *    browser never adds on its own, but not with a trusted proxy's identity headers, which the proxy adds to
 *    whatever the browser sends, a cross-site form included.
 * 2. What it carries: a body only as `application/json` (415 otherwise). No HTML form can send that, and a
 *    cross-site page's fetch with it is preflighted by the browser, which the gateway never allows (no CORS).
 */
export function csrfRefusal(
  request: CheckedRequest,
  config: GatewayConfig,
  proxies: TrustedProxies,
): HttpException | undefined {
  if (SAFE_METHODS.has(request.method ?? 'GET')) return undefined;
  const { headers } = request;
  const origin = headers.origin;
  const fetchSite = (
    Array.isArray(headers['sec-fetch-site']) ? headers['sec-fetch-site'][0] : headers['sec-fetch-site']
  )?.toLowerCase();
  if (origin !== undefined) {
    if (!isAllowedOrigin(origin, servedAt(request, proxies), config.http.allowedOrigins))
      return restError(
        HttpStatus.FORBIDDEN,
        'forbidden',
        'Requests from this page’s origin are not accepted.',
      );
  } else if (fetchSite !== undefined) {
    if (fetchSite !== 'same-origin' && fetchSite !== 'none')
      return restError(HttpStatus.FORBIDDEN, 'forbidden', 'Requests from another site are not accepted.');
  } else if (!bearerToken(headers.authorization) && proxyIdentity(request, config, proxies)) {
    return restError(
      HttpStatus.FORBIDDEN,
      'forbidden',
      'A signed-in change needs a same-origin request (the browser’s Origin or Sec-Fetch-Site header).',
    );
  }
  if (headers['content-type'] !== undefined ? !isJson(headers['content-type']) : hasBody(request))
    return restError(
      HttpStatus.UNSUPPORTED_MEDIA_TYPE,
      'invalid_payload',
      'Send the body as JSON, with Content-Type: application/json.',
    );
  return undefined;
}

/** Whether the request would be authenticated by the trusted proxy's identity headers. */
function proxyIdentity(request: CheckedRequest, config: GatewayConfig, proxies: TrustedProxies): boolean {
  const user = request.headers[config.auth.proxyUserHeader];
  const present = Array.isArray(user) ? user.some((u) => u.trim() !== '') : !!user?.trim();
  return present && proxies.trusts(request.socket.remoteAddress);
}

/**
 * {@link csrfRefusal} for every route, before the body is read (a refused body is never parsed). The
 * socket.io endpoint is not an HTTP route of the app (engine.io answers it first) and checks the Origin
 * of its handshake itself.
 */
export function csrfProtection(config: GatewayConfig, proxies: TrustedProxies) {
  const log = new Logger('Http');
  return (request: IncomingMessage, _response: ServerResponse, next: Next): void => {
    const refusal = csrfRefusal(request, config, proxies);
    if (refusal) {
      log.log({
        msg: 'state-changing request refused',
        method: request.method,
        path: (request.url ?? '').split('?')[0]?.slice(0, 200),
        status: refusal.getStatus(),
        origin: request.headers.origin?.slice(0, 200) ?? '',
        fetchSite: request.headers['sec-fetch-site'] ?? '',
      });
    }
    next(refusal);
  };
}
