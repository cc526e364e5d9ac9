import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** What a signed token says. `exp` is epoch ms, or null for tokens that live until revoked (displays). */
export interface TokenClaims {
  typ: 'session' | 'display';
  /** Username for sessions, display-token id for displays. */
  sub: string;
  /** Unique id, so a single token can be revoked. */
  jti: string;
  iat: number;
  exp: number | null;
}

/** Why a token was not accepted; never says more than this to the client. */
export type TokenRejection = 'malformed' | 'bad_signature' | 'expired';

/** Outcome of {@link TokenSigner.verify}. */
export type TokenCheck = { ok: true; claims: TokenClaims } | { ok: false; reason: TokenRejection };

const VERSION = 'sb1';

function isClaims(value: unknown): value is TokenClaims {
  const v = value as Partial<TokenClaims> | null;
  return (
    typeof v === 'object' &&
    v !== null &&
    (v.typ === 'session' || v.typ === 'display') &&
    typeof v.sub === 'string' &&
    v.sub !== '' &&
    typeof v.jti === 'string' &&
    typeof v.iat === 'number' &&
    (v.exp === null || typeof v.exp === 'number')
  );
}

/**
 * Compact HMAC-SHA256 signed tokens: `sb1.<claims as base64url JSON>.<signature base64url>`.
 * The claims are readable by anyone holding the token, so they carry ids only, never secrets.
 */
export class TokenSigner {
  private readonly key: Buffer;

  constructor(
    secret: string,
    private readonly now: () => number = Date.now,
  ) {
    if (secret.length < 16) throw new Error('The token signing secret must be at least 16 characters');
    // A derived key keeps the configured secret itself out of every HMAC computation.
    this.key = createHmac('sha256', secret).update('switchboard token signing v1').digest();
  }

  /**
   * A signer for another kind of token (e.g. the short-lived tickets of call recordings): its own key,
   * derived from this one, so neither accepts the other's tokens and a ticket can never act as a session.
   */
  derive(purpose: string): TokenSigner {
    return new TokenSigner(
      createHmac('sha256', this.key).update(`derived: ${purpose}`).digest('base64url'),
      this.now,
    );
  }

  /** Signs new claims; `ttlMs` null = no expiry. */
  issue(typ: TokenClaims['typ'], sub: string, ttlMs: number | null): { token: string; claims: TokenClaims } {
    const iat = this.now();
    const claims: TokenClaims = {
      typ,
      sub,
      jti: randomBytes(12).toString('base64url'),
      iat,
      exp: ttlMs === null ? null : iat + ttlMs,
    };
    return { token: this.sign(claims), claims };
  }

  /** Signs the given claims as they are. */
  sign(claims: TokenClaims): string {
    const body = `${VERSION}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}`;
    return `${body}.${this.mac(body).toString('base64url')}`;
  }

  /** Checks format, signature (constant-time) and expiry. */
  verify(token: unknown): TokenCheck {
    if (typeof token !== 'string' || token.length > 4096) return { ok: false, reason: 'malformed' };
    const parts = token.split('.');
    if (parts.length !== 3 || parts[0] !== VERSION) return { ok: false, reason: 'malformed' };
    const body = `${parts[0]}.${parts[1]}`;
    const given = Buffer.from(parts[2] ?? '', 'base64url');
    const expected = this.mac(body);
    if (given.length !== expected.length || !timingSafeEqual(given, expected))
      return { ok: false, reason: 'bad_signature' };
    let claims: unknown;
    try {
      claims = JSON.parse(Buffer.from(parts[1] ?? '', 'base64url').toString('utf8'));
    } catch {
      return { ok: false, reason: 'malformed' };
    }
    if (!isClaims(claims)) return { ok: false, reason: 'malformed' };
    if (claims.exp !== null && claims.exp <= this.now()) return { ok: false, reason: 'expired' };
    return { ok: true, claims };
  }

  private mac(body: string): Buffer {
    return createHmac('sha256', this.key).update(body).digest();
  }
}
