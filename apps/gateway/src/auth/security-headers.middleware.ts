import type { IncomingMessage, ServerResponse } from 'node:http';
import { Inject, Injectable, type NestMiddleware } from '@nestjs/common';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config/gateway-config.js';

/** The Content-Security-Policy value: who may frame the gateway's pages (the intranet embeds boards). */
export function contentSecurityPolicy(frameAncestors: readonly string[]): string {
  // Only well-formed sources are written; anything with spaces or semicolons could inject directives.
  const sources = frameAncestors.filter((source) => /^[^\s;,]+$/.test(source));
  return [
    `frame-ancestors 'self'${sources.map((s) => ` ${s}`).join('')}`,
    "base-uri 'self'",
    "object-src 'none'",
  ].join('; ');
}

/**
 * Security headers on every HTTP answer. Framing is governed by CSP frame-ancestors (FRAME_ANCESTORS),
 * not by a blanket X-Frame-Options deny, so intranet pages can embed boards.
 */
@Injectable()
export class SecurityHeadersMiddleware implements NestMiddleware {
  private readonly csp: string;

  constructor(@Inject(GATEWAY_CONFIG) config: GatewayConfig) {
    this.csp = contentSecurityPolicy(config.http.frameAncestors);
  }

  use(_request: IncomingMessage, response: ServerResponse, next: () => void): void {
    response.setHeader('Content-Security-Policy', this.csp);
    response.setHeader('X-Content-Type-Options', 'nosniff');
    response.setHeader('Referrer-Policy', 'same-origin');
    response.removeHeader('X-Powered-By');
    next();
  }
}
