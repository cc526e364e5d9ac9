import { describe, expect, it } from 'vitest';
import { TokenSigner } from './token-signer.js';

const SECRET = 'a-test-secret-that-is-long-enough';

describe('TokenSigner', () => {
  it('verifies a token it issued and returns its claims', () => {
    let now = 1_000_000;
    const signer = new TokenSigner(SECRET, () => now);
    const { token, claims } = signer.issue('session', 'alice', 60_000);
    expect(claims).toMatchObject({ typ: 'session', sub: 'alice', iat: 1_000_000, exp: 1_060_000 });
    now += 59_999;
    expect(signer.verify(token)).toEqual({ ok: true, claims });
  });

  it('rejects the token once it has expired', () => {
    let now = 1_000_000;
    const signer = new TokenSigner(SECRET, () => now);
    const { token } = signer.issue('session', 'alice', 60_000);
    now += 60_000;
    expect(signer.verify(token)).toEqual({ ok: false, reason: 'expired' });
  });

  it('keeps tokens without expiry (display links) valid', () => {
    let now = 0;
    const signer = new TokenSigner(SECRET, () => now);
    const { token } = signer.issue('display', 'd_1', null);
    now = 10 * 365 * 86_400_000;
    expect(signer.verify(token).ok).toBe(true);
  });

  it('rejects a token whose claims were changed', () => {
    const signer = new TokenSigner(SECRET);
    const { token } = signer.issue('session', 'viewer1', 60_000);
    const [version, body, signature] = token.split('.');
    const claims = JSON.parse(Buffer.from(body ?? '', 'base64url').toString()) as Record<string, unknown>;
    const forged = Buffer.from(JSON.stringify({ ...claims, sub: 'admin' })).toString('base64url');
    expect(signer.verify(`${version}.${forged}.${signature}`)).toEqual({
      ok: false,
      reason: 'bad_signature',
    });
  });

  it('rejects a token signed with another secret', () => {
    const { token } = new TokenSigner('another-secret-that-is-long-enough').issue('session', 'alice', 60_000);
    expect(new TokenSigner(SECRET).verify(token)).toEqual({ ok: false, reason: 'bad_signature' });
  });

  it('rejects garbage without throwing', () => {
    const signer = new TokenSigner(SECRET);
    for (const junk of ['', 'abc', 'sb1.x', 'sb2.a.b', 42, null, undefined, 'x'.repeat(5000)])
      expect(signer.verify(junk)).toMatchObject({ ok: false });
    const signedJunk = signer.sign({ typ: 'session', sub: '', jti: 'j', iat: 0, exp: null });
    expect(signer.verify(signedJunk)).toEqual({ ok: false, reason: 'malformed' });
  });

  it('refuses a short secret', () => {
    expect(() => new TokenSigner('short')).toThrow(/at least 16/);
  });
});
