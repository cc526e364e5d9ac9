import { PbxAuthError, PbxError } from '../errors.js';
import { redactSecrets } from '../internal/redact.js';
import type { PbxLogger } from '../internal/transport.js';
import type { TokenApi, TokenProvider, TokenResponse } from './token.types.js';

/** Settings of {@link ClientCredentialsTokenProvider}. */
export interface ClientCredentialsOptions {
  clientId: string;
  clientSecret: string;
  /** The token calls (the client wires its own). */
  api: TokenApi;
  /** Renew this long before the access token expires (default 60 s, at most half its lifetime). */
  refreshMarginMs?: number;
  /** Renew in the background before expiry so no request waits (default true). */
  proactive?: boolean;
  /**
   * After get_token is refused (wrong secret, token cap, blocked address), fail fast for this long
   * before asking again (default 60 s): the PBX blocks an address after 5 failed logins in a row.
   */
  loginRetryDelayMs?: number;
  /** Clock, for tests. */
  now?: () => number;
  logger?: PbxLogger;
}

interface Held {
  access: string;
  accessExpiresAt: number;
  refresh: string;
  refreshExpiresAt: number;
  /** When to renew: expiry minus the margin. */
  renewAt: number;
}

// Node fires a timer at once when its delay exceeds 2^31-1 ms; such a long lifetime is renewed early.
const MAX_TIMER_MS = 2_147_483_647;

/**
 * Client-credentials login: get_token once, then refresh_token before the access token expires
 * (each refresh rotates both tokens), falling back to get_token when a refresh fails.
 * One renewal runs at a time however many requests wait on it, and close() revokes the live token,
 * because the PBX allows only 8 live tokens per application.
 */
export class ClientCredentialsTokenProvider implements TokenProvider {
  private held: Held | undefined;
  private renewal: Promise<string> | undefined;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private closed = false;
  private refusal: { error: PbxAuthError; until: number } | undefined;
  private readonly revocations = new Set<Promise<void>>();
  private readonly listeners = new Set<(token: string) => void>();
  private readonly now: () => number;

  constructor(private readonly options: ClientCredentialsOptions) {
    requireText('clientId', options.clientId);
    requireText('clientSecret', options.clientSecret);
    requireDuration('refreshMarginMs', options.refreshMarginMs);
    requireDuration('loginRetryDelayMs', options.loginRetryDelayMs);
    this.now = options.now ?? Date.now;
  }

  /** @inheritdoc */
  async getAccessToken(): Promise<string> {
    if (this.closed) throw closedError();
    const held = this.held;
    // Inside the margin the token still works, but its replacement is what the PBX will keep honouring.
    if (held && this.now() < held.renewAt) return held.access;
    return this.renew();
  }

  /** @inheritdoc */
  invalidate(token: string): void {
    if (this.held?.access === token) {
      this.held = { ...this.held, accessExpiresAt: 0, renewAt: 0 };
    }
  }

  /** @inheritdoc */
  onChange(listener: (token: string) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** @inheritdoc Waits for a renewal in flight, then revokes whichever token is live. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.stopTimer();
    await this.renewal?.catch(() => undefined);
    const held = this.held;
    this.held = undefined;
    if (held && this.now() < held.accessExpiresAt) this.revoke(held.access, 'close');
    await Promise.all([...this.revocations]);
  }

  private renew(): Promise<string> {
    this.renewal ??= this.doRenew().finally(() => {
      this.renewal = undefined;
    });
    return this.renewal;
  }

  private async doRenew(): Promise<string> {
    const previous = this.held;
    const fresh = (await this.tryRefresh(previous)) ?? (await this.login(previous));
    // Held even when closed meanwhile, so close() revokes exactly this token once.
    this.hold(fresh);
    if (this.closed) throw closedError();
    this.notify(fresh.access_token);
    return fresh.access_token;
  }

  private async tryRefresh(previous: Held | undefined): Promise<TokenResponse | undefined> {
    if (!previous || this.now() >= previous.refreshExpiresAt) return undefined;
    try {
      return await this.options.api.refreshToken({ refresh_token: previous.refresh });
    } catch (error) {
      this.warn('pbx refresh_token failed; requesting a new token with get_token', error);
      return undefined;
    }
  }

  private async login(previous: Held | undefined): Promise<TokenResponse> {
    const refusal = this.refusal;
    if (refusal && this.now() < refusal.until) {
      const waitS = Math.ceil((refusal.until - this.now()) / 1000);
      throw new PbxAuthError(
        `${refusal.error.message}; not asking the PBX again for ${waitS} s`,
        'get_token',
        refusal.error.errcode,
        { cause: refusal.error },
      );
    }
    let fresh: TokenResponse;
    try {
      fresh = await this.options.api.getToken({
        username: this.options.clientId,
        password: this.options.clientSecret,
      });
    } catch (error) {
      if (error instanceof PbxAuthError && error.errcode !== undefined) {
        this.refusal = { error, until: this.now() + (this.options.loginRetryDelayMs ?? 60_000) };
      }
      throw error;
    }
    this.refusal = undefined;
    // get_token leaves the old access token alive on the PBX: revoke it so abandoned tokens never
    // pile up towards the cap of 8.
    if (previous && this.now() < previous.accessExpiresAt) this.revoke(previous.access, 'replaced');
    return fresh;
  }

  private hold(token: TokenResponse): void {
    const now = this.now();
    const lifetimeMs = token.access_token_expire_time * 1000;
    const margin = Math.min(this.options.refreshMarginMs ?? 60_000, lifetimeMs / 2);
    this.held = {
      access: token.access_token,
      accessExpiresAt: now + lifetimeMs,
      refresh: token.refresh_token,
      refreshExpiresAt: now + token.refresh_token_expire_time * 1000,
      renewAt: now + lifetimeMs - margin,
    };
    this.stopTimer();
    if (this.closed || !(this.options.proactive ?? true)) return;
    this.timer = setTimeout(
      () => {
        this.renew().catch((error: unknown) => this.warn('pbx background token renewal failed', error));
      },
      Math.min(lifetimeMs - margin, MAX_TIMER_MS),
    );
    this.timer.unref?.();
  }

  private stopTimer(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
  }

  /** Revokes in the background; close() waits for every pending revocation. */
  private revoke(token: string, why: 'close' | 'replaced'): void {
    const pending: Promise<void> = this.options.api
      .deleteToken(token)
      .catch((error: unknown) => this.warn(`pbx del_token failed (${why})`, error))
      .finally(() => this.revocations.delete(pending));
    this.revocations.add(pending);
  }

  private notify(token: string): void {
    for (const listener of this.listeners) {
      // One broken listener must not fail the renewal every request is waiting on.
      try {
        listener(token);
      } catch (error) {
        this.warn('pbx token listener threw', error);
      }
    }
  }

  private warn(message: string, error: unknown): void {
    const secrets = [this.options.clientSecret, this.held?.access, this.held?.refresh];
    const text =
      error instanceof PbxError
        ? `${error.code}: ${error.message}`
        : error instanceof Error
          ? error.name
          : 'unknown';
    this.options.logger?.warn(message, { error: redactSecrets(text, secrets) });
  }
}

function closedError(): PbxAuthError {
  return new PbxAuthError('The token provider is closed');
}

function requireText(field: string, value: unknown): void {
  if (typeof value !== 'string' || value.trim() === '') {
    throw new PbxAuthError(`${field} must be a non-empty string`);
  }
}

function requireDuration(field: string, value: number | undefined): void {
  if (value !== undefined && !(Number.isFinite(value) && value >= 0)) {
    throw new PbxAuthError(`${field} must be a number of ms >= 0, got ${String(value)}`);
  }
}
