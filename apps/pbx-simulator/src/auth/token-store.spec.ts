import { describe, expect, it } from 'vitest';
import { SimError } from '../contracts.js';
import { TokenStore } from './token-store.js';

function store(now: { t: number }) {
  return new TokenStore({
    clientId: 'app',
    clientSecret: 'secret-123',
    accessTtlS: 60,
    refreshTtlS: 600,
    now: () => now.t,
  });
}

const codeOf = (fn: () => unknown): number | undefined => {
  try {
    fn();
    return undefined;
  } catch (error) {
    return error instanceof SimError ? error.errcode : -999;
  }
};

describe('TokenStore', () => {
  it('expires access tokens after their lifetime and frees their slot', () => {
    const now = { t: 0 };
    const tokens = store(now);
    const issued = Array.from({ length: 8 }, () => tokens.issue('app', 'secret-123', 'ip'));
    expect(codeOf(() => tokens.issue('app', 'secret-123', 'ip'))).toBe(10005);
    now.t = 59_999;
    expect(tokens.check(issued[0]?.access_token)).toBe('app');
    now.t = 60_000;
    expect(tokens.check(issued[0]?.access_token)).toBeUndefined();
    expect(tokens.liveCount('app')).toBe(0);
    expect(codeOf(() => tokens.issue('app', 'secret-123', 'ip'))).toBeUndefined();
  });

  it('refresh tokens outlive access tokens but not their own lifetime', () => {
    const now = { t: 0 };
    const tokens = store(now);
    const first = tokens.issue('app', 'secret-123', 'ip');
    now.t = 120_000;
    const second = tokens.refresh(first.refresh_token, 'ip');
    expect(tokens.check(second.access_token)).toBe('app');
    now.t = 120_000 + 600_000;
    expect(codeOf(() => tokens.refresh(second.refresh_token, 'ip'))).toBe(10004);
  });

  it('counts failures per IP and a wrong client id fails like a wrong secret', () => {
    const tokens = store({ t: 0 });
    for (let i = 0; i < 5; i++) expect(codeOf(() => tokens.issue('other', 'secret-123', 'a'))).toBe(-1);
    expect(tokens.isBlocked('a')).toBe(true);
    expect(tokens.isBlocked('b')).toBe(false);
    expect(codeOf(() => tokens.issue('app', 'secret-123', 'b'))).toBeUndefined();
    expect(tokens.unblock('a')).toEqual(['a']);
    expect(tokens.blockedIps()).toEqual([]);
  });

  it('revokeAll and reset leave nothing live', () => {
    const tokens = store({ t: 0 });
    const pair = tokens.issue('app', 'secret-123', 'ip');
    expect(tokens.revokeAll()).toBe(1);
    expect(tokens.check(pair.access_token)).toBeUndefined();
    expect(codeOf(() => tokens.refresh(pair.refresh_token, 'ip'))).toBe(10004);
    expect(tokens.revoke(pair.access_token)).toBe(false);
  });
});
