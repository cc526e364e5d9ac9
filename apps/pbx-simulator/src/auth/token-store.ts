/**
 * Access and refresh tokens as the PBX hands them out (docs/pbx/auth.md): lifetimes, the cap of live
 * tokens per application, rotation on refresh, revocation, and the IP lockout after repeated failures.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { PBX_ERRCODE, PBX_ERRMSG, type TokenResponse } from '@switchboard/pbx-api';
import { SimError } from '../contracts.js';

/** Settings of the token store. */
export interface TokenStoreOptions {
  clientId: string;
  clientSecret: string;
  accessTtlS: number;
  refreshTtlS: number;
  /** Live access tokens one client id may hold (8 on a real PBX). */
  maxLiveTokens?: number;
  /** Failed get_token calls in a row that block an IP (5 on a real PBX). */
  maxFailures?: number;
  /** Wall clock in ms (tests replace it). */
  now?: () => number;
}

interface AccessEntry {
  clientId: string;
  expiresAt: number;
  refreshToken: string;
}

interface RefreshEntry {
  clientId: string;
  expiresAt: number;
  accessToken: string;
}

const TOKEN_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** 32 random letters and digits, like the PBX's tokens. */
function newToken(): string {
  let out = '';
  while (out.length < 32) {
    for (const byte of randomBytes(48)) {
      // 248 = 4 * 62: dropping higher bytes keeps every character equally likely.
      if (byte < 248 && out.length < 32) out += TOKEN_ALPHABET[byte % 62];
    }
  }
  return out;
}

const digest = (text: string) => createHash('sha256').update(text).digest();

const simError = (errcode: number, extra: Record<string, unknown> = {}) =>
  new SimError(errcode, PBX_ERRMSG[errcode] ?? 'FAILURE', extra);

/** Issues, checks, rotates and revokes tokens. Tokens never appear in its errors. */
export class TokenStore {
  private readonly access = new Map<string, AccessEntry>();
  private readonly refreshTokens = new Map<string, RefreshEntry>();
  private readonly failures = new Map<string, number>();
  private readonly blocked = new Set<string>();
  private readonly maxLive: number;
  private readonly maxFailures: number;
  private readonly now: () => number;
  private readonly expectedId: Buffer;
  private readonly expectedSecret: Buffer;

  constructor(private readonly options: TokenStoreOptions) {
    this.maxLive = options.maxLiveTokens ?? 8;
    this.maxFailures = options.maxFailures ?? 5;
    this.now = options.now ?? Date.now;
    this.expectedId = digest(options.clientId);
    this.expectedSecret = digest(options.clientSecret);
  }

  /** get_token: a new pair for the right client id and secret. */
  issue(username: string, password: string, ip: string): TokenResponse {
    this.assertNotBlocked(ip);
    // Compare digests in constant time so response timing reveals nothing about the secret.
    const idOk = timingSafeEqual(digest(username), this.expectedId);
    const secretOk = timingSafeEqual(digest(password), this.expectedSecret);
    if (!idOk || !secretOk) {
      const count = (this.failures.get(ip) ?? 0) + 1;
      this.failures.set(ip, count);
      if (count >= this.maxFailures) this.blocked.add(ip);
      throw simError(PBX_ERRCODE.FAILURE, {
        invalid_param_list: [{ field: 'username or password', value: 'error' }],
      });
    }
    this.failures.delete(ip);
    this.assertBelowCap(username);
    return this.mint(username);
  }

  /** refresh_token: rotates both tokens; the old access and refresh tokens stop working at once. */
  refresh(refreshToken: string, ip: string): TokenResponse {
    this.assertNotBlocked(ip);
    const entry = this.refreshTokens.get(refreshToken);
    if (!entry || entry.expiresAt <= this.now()) {
      if (entry) this.refreshTokens.delete(refreshToken);
      throw simError(PBX_ERRCODE.TOKEN_INVALID);
    }
    this.refreshTokens.delete(refreshToken);
    this.access.delete(entry.accessToken);
    this.assertBelowCap(entry.clientId);
    return this.mint(entry.clientId);
  }

  /** The client id of a live access token, or undefined when it is expired, revoked or unknown. */
  check(accessToken: string | null | undefined): string | undefined {
    if (!accessToken) return undefined;
    const entry = this.access.get(accessToken);
    if (!entry) return undefined;
    if (entry.expiresAt <= this.now()) {
      this.access.delete(accessToken);
      return undefined;
    }
    return entry.clientId;
  }

  /** del_token: revokes an access token (and the refresh token issued with it). */
  revoke(accessToken: string): boolean {
    const entry = this.access.get(accessToken);
    if (!entry) return false;
    this.access.delete(accessToken);
    this.refreshTokens.delete(entry.refreshToken);
    return true;
  }

  /** Revokes every token (fault injection); returns how many access tokens were live. */
  revokeAll(): number {
    const live = this.liveCount();
    this.access.clear();
    this.refreshTokens.clear();
    return live;
  }

  /** Live access tokens, of one client id or of all. */
  liveCount(clientId?: string): number {
    this.sweep();
    if (clientId === undefined) return this.access.size;
    let count = 0;
    for (const entry of this.access.values()) if (entry.clientId === clientId) count++;
    return count;
  }

  /** True when `ip` is on the block list. */
  isBlocked(ip: string): boolean {
    return this.blocked.has(ip);
  }

  /** Blocked addresses. */
  blockedIps(): string[] {
    return [...this.blocked];
  }

  /** Removes `ip` (or every address) from the block list and forgets its failures; returns those removed. */
  unblock(ip?: string): string[] {
    const removed = ip === undefined ? [...this.blocked] : this.blocked.has(ip) ? [ip] : [];
    for (const address of removed) this.blocked.delete(address);
    if (ip === undefined) this.failures.clear();
    else this.failures.delete(ip);
    return removed;
  }

  /** Forgets every token, failure and block. */
  reset(): void {
    this.revokeAll();
    this.unblock();
  }

  private assertNotBlocked(ip: string): void {
    if (this.blocked.has(ip)) throw simError(PBX_ERRCODE.IP_BLOCKED);
  }

  private assertBelowCap(clientId: string): void {
    if (this.liveCount(clientId) >= this.maxLive) throw simError(PBX_ERRCODE.TOKEN_LIMIT);
  }

  private mint(clientId: string): TokenResponse {
    const now = this.now();
    const accessToken = newToken();
    const refreshToken = newToken();
    this.access.set(accessToken, { clientId, expiresAt: now + this.options.accessTtlS * 1000, refreshToken });
    this.refreshTokens.set(refreshToken, {
      clientId,
      expiresAt: now + this.options.refreshTtlS * 1000,
      accessToken,
    });
    return {
      access_token: accessToken,
      access_token_expire_time: this.options.accessTtlS,
      refresh_token: refreshToken,
      refresh_token_expire_time: this.options.refreshTtlS,
    };
  }

  private sweep(): void {
    const now = this.now();
    for (const [token, entry] of this.access) if (entry.expiresAt <= now) this.access.delete(token);
    for (const [token, entry] of this.refreshTokens)
      if (entry.expiresAt <= now) this.refreshTokens.delete(token);
  }
}
