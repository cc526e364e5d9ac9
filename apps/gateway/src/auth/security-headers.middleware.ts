import type { IncomingMessage, ServerResponse } from 'node:http';
import { Inject, Injectable, type NestMiddleware } from '@nestjs/common';
import helmet, { strictTransportSecurity } from 'helmet';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config/gateway-config.js';
import { originOf, servedAt } from './origin-policy.js';
import { TrustedProxies } from './trusted-proxies.js';

type Next = (error?: unknown) => void;
type Handler = (request: IncomingMessage, response: ServerResponse, next: Next) => void;

/**
 * Browser features the product never uses, denied to the gateway's pages and anything they frame. Only
 * names Chromium knows: it warns in the console of every page about an unknown one (`bluetooth`, say). Notifications are a web API of
 * their own (the console's prompt alerts), not a permissions-policy feature, so they are not affected.
 */
export const PERMISSIONS_POLICY = [
  'accelerometer',
  'camera',
  'display-capture',
  'geolocation',
  'gyroscope',
  'hid',
  'idle-detection',
  'magnetometer',
  'microphone',
  'midi',
  'payment',
  'publickey-credentials-get',
  'serial',
  'usb',
  'xr-spatial-tracking',
]
  .map((feature) => `${feature}=()`)
  .join(', ');

/** Swagger UI (/api/docs) ships `<style>` blocks; only there are inline styles allowed (never scripts). */
const DOCS_PATH = /^\/api\/docs(?:[/?#]|$)/i;

/**
 * FRAME_ANCESTORS entries fit for CSP: anything with spaces, separators or quotes could add directives or
 * keywords, so it is dropped (the config check reports it).
 */
export function frameAncestorSources(frameAncestors: readonly string[]): string[] {
  return frameAncestors.filter((source) => /^[^\s;,'"]+$/.test(source));
}

/**
 * The Content-Security-Policy directives. Scripts, styles, fonts and fetches come from the gateway itself
 * only: the dashboard build has no inline script and Vue sets its `:style` bindings through the CSSOM,
 * which `style-src` does not govern, so no `'unsafe-inline'` is needed. `connect-src` adds the socket's
 * ws(s) URL of the host the page was served from ('self' covers it in current browsers, older ones need it
 * spelled out) and ALLOWED_ORIGINS; `frame-ancestors` is FRAME_ANCESTORS.
 */
export function cspDirectives(
  config: GatewayConfig,
  proxies: TrustedProxies,
): Record<string, (string | ((request: IncomingMessage) => string))[]> {
  const allowed = config.http.allowedOrigins
    .map((origin) => originOf(origin))
    .filter((o): o is string => !!o);
  const socketSources = (request: IncomingMessage): string => {
    const served = servedAt(request, proxies);
    const schemes = served.scheme ? [served.scheme === 'https' ? 'wss' : 'ws'] : ['ws', 'wss'];
    return served.hosts.flatMap((host) => schemes.map((scheme) => `${scheme}://${host}`)).join(' ');
  };
  const docsStyles = (request: IncomingMessage): string =>
    DOCS_PATH.test(request.url ?? '') ? "'unsafe-inline'" : '';
  return {
    'default-src': ["'self'"],
    'script-src': ["'self'"],
    'script-src-attr': ["'none'"],
    'style-src': ["'self'", docsStyles],
    'img-src': ["'self'", 'data:'],
    'font-src': ["'self'"],
    'connect-src': ["'self'", socketSources, ...allowed],
    'frame-ancestors': ["'self'", ...frameAncestorSources(config.http.frameAncestors)],
    'form-action': ["'self'"],
    'object-src': ["'none'"],
    'base-uri': ["'none'"],
  };
}

/**
 * Security headers of every HTTP answer, set by helmet: the CSP above, COOP and CORP `same-origin` (boards
 * are embedded as frames, never fetched cross-origin), nosniff, Referrer-Policy `same-origin` (display
 * links carry their token in the URL), Permissions-Policy denying unused features, and HSTS when the page
 * was served over TLS (a TLS socket, or X-Forwarded-Proto https from a trusted proxy): over plain HTTP the
 * header would be ignored anyway, and a local demo must not pin localhost to https. Framing is governed by
 * CSP frame-ancestors alone, not X-Frame-Options, so intranet pages can embed boards.
 */
export function securityHeaders(config: GatewayConfig, proxies: TrustedProxies): Handler {
  const headers = helmet({
    contentSecurityPolicy: { useDefaults: false, directives: cspDirectives(config, proxies) },
    crossOriginOpenerPolicy: { policy: 'same-origin' },
    crossOriginResourcePolicy: { policy: 'same-origin' },
    crossOriginEmbedderPolicy: false,
    referrerPolicy: { policy: 'same-origin' },
    strictTransportSecurity: false,
    xFrameOptions: false,
  }) as Handler;
  const hsts = strictTransportSecurity({ maxAge: 31_536_000 }) as Handler;
  return (request, response, next) => {
    response.setHeader('Permissions-Policy', PERMISSIONS_POLICY);
    headers(request, response, (error?: unknown) => {
      if (error || servedAt(request, proxies).scheme !== 'https') return next(error);
      hsts(request, response, next);
    });
  };
}

/**
 * {@link securityHeaders} as Nest middleware. create-app installs the headers before anything else, so that
 * refusals of the CSRF check and the body parser carry them too; this covers an app built without it and
 * steps aside when they are already set.
 */
@Injectable()
export class SecurityHeadersMiddleware implements NestMiddleware {
  private readonly handler: Handler;

  constructor(@Inject(GATEWAY_CONFIG) config: GatewayConfig, proxies: TrustedProxies) {
    this.handler = securityHeaders(config, proxies);
  }

  use(request: IncomingMessage, response: ServerResponse, next: Next): void {
    if (response.hasHeader('Content-Security-Policy')) return next();
    this.handler(request, response, next);
  }
}
