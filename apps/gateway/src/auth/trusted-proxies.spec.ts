import { describe, expect, it } from 'vitest';
import { originAllowed } from './origin-policy.js';
import { frameAncestorSources } from './security-headers.middleware.js';
import { TrustedProxies } from './trusted-proxies.js';

describe('TrustedProxies', () => {
  const proxies = new TrustedProxies(['10.1.2.3', '192.168.0.0/16', '::1', 'not-an-ip', '10.0.0.0/99']);

  it('trusts listed addresses and networks, including IPv4-mapped IPv6 forms', () => {
    expect(proxies.trusts('10.1.2.3')).toBe(true);
    expect(proxies.trusts('::ffff:10.1.2.3')).toBe(true);
    expect(proxies.trusts('192.168.44.5')).toBe(true);
    expect(proxies.trusts('::1')).toBe(true);
  });

  it('does not trust anything else', () => {
    expect(proxies.trusts('10.1.2.4')).toBe(false);
    expect(proxies.trusts('127.0.0.1')).toBe(false);
    expect(proxies.trusts(undefined)).toBe(false);
    expect(proxies.trusts('garbage')).toBe(false);
    expect(new TrustedProxies([]).trusts('127.0.0.1')).toBe(false);
  });

  it('reports entries it cannot read instead of ignoring them silently', () => {
    expect(proxies.problems).toHaveLength(2);
    expect(proxies.problems[0]).toContain('not-an-ip');
    expect(proxies.problems[1]).toContain('prefix');
  });

  it('takes the client address from X-Forwarded-For only when the peer is trusted', () => {
    expect(proxies.clientAddress('10.1.2.3', '203.0.113.9, 192.168.1.1')).toBe('203.0.113.9');
    expect(proxies.clientAddress('203.0.113.50', '1.2.3.4')).toBe('203.0.113.50');
    expect(proxies.clientAddress('10.1.2.3', 'spoofed, 198.51.100.7')).toBe('198.51.100.7');
  });
});

describe('originAllowed', () => {
  it('always allows the same origin and requests without Origin', () => {
    expect(originAllowed({ host: 'board.example:3000', origin: 'http://board.example:3000' }, [])).toBe(true);
    expect(originAllowed({ host: 'board.example:3000' }, [])).toBe(true);
  });

  it('allows other origins only when listed', () => {
    const headers = { host: 'gw:3000', origin: 'https://intranet.example' };
    expect(originAllowed(headers, [])).toBe(false);
    expect(originAllowed(headers, ['https://intranet.example/'])).toBe(true);
    expect(originAllowed(headers, ['http://intranet.example'])).toBe(false);
    expect(originAllowed({ host: 'gw', origin: 'null' }, ['null'])).toBe(false);
  });

  it('accepts the host a trusted proxy forwarded, and holds the page to the scheme it forwarded', () => {
    expect(originAllowed({ host: 'gw:3000', origin: 'https://board.example' }, [], 'board.example')).toBe(
      true,
    );
    const page = { host: 'gw:3000', origin: 'http://board.example' };
    expect(originAllowed(page, [], 'board.example', 'https')).toBe(false);
    expect(originAllowed({ ...page, origin: 'https://board.example' }, [], 'board.example', 'https')).toBe(
      true,
    );
  });
});

describe('frameAncestorSources', () => {
  it('keeps the configured ancestors and drops sources that could inject directives or keywords', () => {
    expect(
      frameAncestorSources(['https://intranet.example', "evil; script-src 'unsafe-inline'", "'unsafe-eval'"]),
    ).toEqual(['https://intranet.example']);
  });
});
