import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import { securityHeaders } from '../auth/security-headers.middleware.js';
import { TrustedProxies } from '../auth/trusted-proxies.js';
import { testConfig, UNREACHED_PBX } from '../../test/support/test-config.js';

const config = testConfig({
  ...UNREACHED_PBX,
  TRUSTED_PROXIES: '10.9.9.9',
  ALLOWED_ORIGINS: 'https://intranet.example',
  FRAME_ANCESTORS: 'https://intranet.example',
});
const handler = securityHeaders(config, new TrustedProxies(config.auth.trustedProxies));

/** The headers the middleware sets on an answer to a request from `peer`. */
function headersFor(headers: IncomingHttpHeaders, peer = '203.0.113.7', url = '/console') {
  const set = new Map<string, string>();
  const request = { url, headers: { host: 'sb.example', ...headers }, socket: { remoteAddress: peer } };
  const response = {
    setHeader: (name: string, value: unknown) => set.set(name.toLowerCase(), String(value)),
    removeHeader: (name: string) => set.delete(name.toLowerCase()),
    getHeader: (name: string) => set.get(name.toLowerCase()),
  };
  let passed: unknown = 'not called';
  handler(
    request as unknown as IncomingMessage,
    response as unknown as ServerResponse,
    (error) => (passed = error),
  );
  expect(passed).toBeUndefined();
  const csp = Object.fromEntries(
    (set.get('content-security-policy') ?? '').split(';').map((d) => {
      const [name = '', ...values] = d.trim().split(/\s+/);
      return [name, values.join(' ')];
    }),
  );
  return { set, csp };
}

describe('securityHeaders', () => {
  it('sends a strict CSP: own scripts and styles only, the socket and allowed origins, configured framing', () => {
    const { csp, set } = headersFor({});
    expect(csp).toMatchObject({
      'default-src': "'self'",
      'script-src': "'self'",
      'script-src-attr': "'none'",
      'style-src': "'self'",
      'img-src': "'self' data:",
      'connect-src': "'self' ws://sb.example wss://sb.example https://intranet.example",
      'frame-ancestors': "'self' https://intranet.example",
      'object-src': "'none'",
      'base-uri': "'none'",
    });
    expect(set.get('content-security-policy')).not.toContain('unsafe');
    expect(set.get('cross-origin-opener-policy')).toBe('same-origin');
    expect(set.get('cross-origin-resource-policy')).toBe('same-origin');
    expect(set.get('permissions-policy')).toMatch(/camera=\(\).*geolocation=\(\).*microphone=\(\)/);
    expect(set.get('x-content-type-options')).toBe('nosniff');
    expect(set.get('x-frame-options')).toBeUndefined();
  });

  it('allows inline styles for Swagger UI only', () => {
    expect(headersFor({}, undefined, '/api/docs').csp['style-src']).toBe("'self' 'unsafe-inline'");
    expect(headersFor({}, undefined, '/api/docsx').csp['style-src']).toBe("'self'");
  });

  it('sends HSTS only over TLS as a trusted proxy reports it', () => {
    const tls = { 'x-forwarded-proto': 'https', 'x-forwarded-host': 'board.example' };
    const proxied = headersFor(tls, '10.9.9.9');
    expect(proxied.set.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
    expect(proxied.csp['connect-src']).toBe(
      "'self' wss://board.example wss://sb.example https://intranet.example",
    );
    expect(headersFor(tls).set.has('strict-transport-security')).toBe(false);
    expect(headersFor({}).set.has('strict-transport-security')).toBe(false);
  });

  it('writes no source from a Host header that is not a host', () => {
    expect(headersFor({ host: "x; script-src 'unsafe-inline'" }).csp['connect-src']).toBe(
      "'self' https://intranet.example",
    );
  });
});
