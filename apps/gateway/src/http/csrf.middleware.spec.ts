import type { IncomingHttpHeaders } from 'node:http';
import { describe, expect, it } from 'vitest';
import { TrustedProxies } from '../auth/trusted-proxies.js';
import { testConfig, UNREACHED_PBX } from '../../test/support/test-config.js';
import { csrfRefusal } from './csrf.middleware.js';

const config = testConfig({
  ...UNREACHED_PBX,
  TRUSTED_PROXIES: '10.9.9.9',
  ALLOWED_ORIGINS: 'https://intranet.example',
});
const proxies = new TrustedProxies(config.auth.trustedProxies);
const PROXY = '10.9.9.9';
const BROWSER = '203.0.113.7';
const JSON_BODY = { 'content-type': 'application/json', 'content-length': '2' };
const IDENTITY = { 'x-forwarded-user': 'sue', 'x-forwarded-groups': 'sb-admins' };

/** The status the rule answers a request with: 0 when it lets it through. */
function verdict(headers: IncomingHttpHeaders, peer = BROWSER, method = 'POST'): number {
  const refusal = csrfRefusal(
    {
      method,
      url: '/api/pbx/call/refuse_inbound',
      headers: { host: 'sb.example', ...headers },
      socket: { remoteAddress: peer } as never,
    },
    config,
    proxies,
  );
  return refusal?.getStatus() ?? 0;
}

describe('csrfRefusal', () => {
  it('never looks at GET, HEAD or OPTIONS', () => {
    for (const method of ['GET', 'HEAD', 'OPTIONS'])
      expect(verdict({ origin: 'https://evil.example', 'content-type': 'text/plain' }, PROXY, method)).toBe(
        0,
      );
  });

  it('refuses the cross-site form that carried the proxy identity, however the browser labels it', () => {
    const form = { ...IDENTITY, 'content-type': 'application/x-www-form-urlencoded', 'content-length': '9' };
    expect(verdict({ ...form, origin: 'https://evil.example' }, PROXY)).toBe(403);
    expect(verdict({ ...form, 'sec-fetch-site': 'cross-site' }, PROXY)).toBe(403);
    expect(verdict({ ...form, 'sec-fetch-site': 'same-site' }, PROXY)).toBe(403);
    expect(verdict({ ...form, origin: 'null' }, PROXY)).toBe(403);
    // An old browser or a privacy extension sends neither header: the identity alone is not enough.
    expect(verdict(form, PROXY)).toBe(403);
    expect(verdict({ ...IDENTITY, ...JSON_BODY }, PROXY)).toBe(403);
  });

  it('lets the dashboard through: same origin, or Sec-Fetch-Site same-origin', () => {
    expect(verdict({ ...IDENTITY, ...JSON_BODY, origin: 'http://sb.example' }, PROXY)).toBe(0);
    expect(verdict({ ...IDENTITY, ...JSON_BODY, 'sec-fetch-site': 'same-origin' }, PROXY)).toBe(0);
    expect(verdict({ ...JSON_BODY, origin: 'https://intranet.example', authorization: 'Bearer t' })).toBe(0);
  });

  it('takes the gateway’s origin from X-Forwarded-Host and -Proto of a trusted proxy only', () => {
    const forwarded = { 'x-forwarded-host': 'board.example', 'x-forwarded-proto': 'https' };
    expect(verdict({ ...IDENTITY, ...JSON_BODY, ...forwarded, origin: 'https://board.example' }, PROXY)).toBe(
      0,
    );
    // The scheme counts once the proxy states it: an http page is another origin than the https dashboard.
    expect(verdict({ ...IDENTITY, ...JSON_BODY, ...forwarded, origin: 'http://board.example' }, PROXY)).toBe(
      403,
    );
    const bearer = { ...JSON_BODY, ...forwarded, authorization: 'Bearer t', origin: 'https://board.example' };
    expect(verdict(bearer, BROWSER)).toBe(403);
  });

  it('leaves a non-browser client with a bearer token alone, but checks an Origin it does send', () => {
    expect(verdict({ ...JSON_BODY, authorization: 'Bearer t' })).toBe(0);
    expect(verdict({ ...JSON_BODY, authorization: 'Bearer t' }, PROXY)).toBe(0);
    expect(verdict({ ...JSON_BODY, authorization: 'Bearer t', origin: 'https://evil.example' })).toBe(403);
    expect(verdict({ 'content-type': 'application/json', 'content-length': '2' })).toBe(0);
  });

  it('takes bodies as application/json only (415), and a bodiless POST without a type', () => {
    const same = { origin: 'http://sb.example', authorization: 'Bearer t' };
    for (const type of ['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x'])
      expect(verdict({ ...same, 'content-type': type, 'content-length': '3' })).toBe(415);
    expect(
      verdict({ ...same, 'content-type': 'Application/JSON; charset=utf-8', 'content-length': '2' }),
    ).toBe(0);
    expect(verdict({ ...same, 'content-length': '3' })).toBe(415);
    expect(verdict({ ...same, 'transfer-encoding': 'chunked' })).toBe(415);
    expect(verdict({ ...same, 'content-length': '0' })).toBe(0);
    expect(verdict(same)).toBe(0);
  });
});
