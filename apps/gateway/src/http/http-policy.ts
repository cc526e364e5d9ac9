import type { NestExpressApplication } from '@nestjs/platform-express';
import { securityHeaders } from '../auth/security-headers.middleware.js';
import { TrustedProxies } from '../auth/trusted-proxies.js';
import type { GatewayConfig } from '../config/gateway-config.js';
import { csrfProtection } from './csrf.middleware.js';
import { ErrorShapeFilter } from './error-shape.filter.js';
import { JSON_BODY_LIMIT_BYTES, jsonBodyErrors, jsonBodyShape } from './json-body.js';

/**
 * What every HTTP request goes through, in this order, ahead of Nest's middleware and routes (the app is
 * created with `bodyParser: false` so the JSON parser comes after the checks): security headers (so that
 * refusals carry them too), the CSRF check (before a body is read), the JSON parser with its errors mapped,
 * the body's shape; and one error shape for every answer that is not a success.
 */
export function installHttpPolicy(app: NestExpressApplication, config: GatewayConfig): void {
  const proxies = app.get(TrustedProxies);
  app.use(securityHeaders(config, proxies));
  app.use(csrfProtection(config, proxies));
  app.useBodyParser('json', { limit: JSON_BODY_LIMIT_BYTES, strict: false });
  app.use(jsonBodyErrors);
  app.use(jsonBodyShape);
  app.useGlobalFilters(new ErrorShapeFilter());
}
