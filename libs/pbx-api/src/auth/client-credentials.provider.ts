import { PbxAuthError, PbxError } from '../errors.js';
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

/**
 * Client-credentials login: get_token once, then refresh_token before the access token expires
 * (each refresh rotates both tokens), falling back to get_token when a refresh fails.
 * One renewal runs at a time however many requests wait on it, and close() revokes the live token,
 * because the PBX allows only 8 live tokens per application.
 */
export class ClientCredentialsTokenProvider implements TokenProvider {
  private held: Held | undefined;
  private renewal: Promise<string> | undefined;
  private timer: NodeJS.Timeout | undefined;
  private closed = false;
  private readonly listeners = new Set<(token: string) => void>();
  private readonly now: () => number;

  constructor(private readonly options: ClientCredentialsOptions) {
    if (!options.clientId) throw new PbxAuthError('clientId must not be empty');
    if (!options.clientSecret) throw new PbxAuthError('clientSecret must not be empty');
    this.now = options.now ?? Date.now;
  }

  /** @inheritdoc */
  async getAccessToken(): Promise<string> {
    if (this.closed) throw new PbxAuthError('The token provider is closed');
    const held = this.held;
    if (held && this.now() < held.renewAt) return held.access;
    // Still valid but inside the margin: hand it out while a renewal runs, unless it is about to lapse.
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

  /** @inheritdoc */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    clearTimeout(this.timer);
    await this.renewal?.catch(() => undefined);
    const held = this.held;
    this.held = undefined;
    if (held && this.now() < held.accessExpiresAt) {
      await this.options.api.deleteToken(held.access).catch((error: unknown) => {
        this.options.logger?.warn('pbx del_token failed on close', { error: describe(error) });
      });
    }
  }

  private renew(): Promise<string> {
    this.renewal ??= this.doRenew().finally(() => {
      this.renewal = undefined;
    });
    return this.renewal;
  }

  private async doRenew(): Promise<string> {
    const previous = this.held;
    let fresh: TokenResponse | undefined;
    if (previous && this.now() < previous.refreshExpiresAt) {
      try {
        fresh = await this.options.api.refreshToken({ refresh_token: previous.refresh });
      } catch (error) {
        this.options.logger?.warn('pbx refresh_token failed; requesting a new token', {
          error: describe(error),
        });
      }
    }
    if (!fresh) {
      fresh = await this.options.api.getToken({
        username: this.options.clientId,
        password: this.options.clientSecret,
      });
      // A new pair from get_token leaves the old access token alive on the PBX: revoke it so
      // abandoned tokens never pile up towards the cap of 8.
      if (previous && previous.access && this.now() < previous.accessExpiresAt) {
        void this.options.api.deleteToken(previous.access).catch(() => undefined);
      }
    }
    if (this.closed) {
      await this.options.api.deleteToken(fresh.access_token).catch(() => undefined);
      throw new PbxAuthError('The token provider is closed');
    }
    this.hold(fresh);
    for (const listener of this.listeners) listener(fresh.access_token);
    return fresh.access_token;
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
    clearTimeout(this.timer);
    if (this.options.proactive ?? true) {
      this.timer = setTimeout(() => {
        this.renew().catch((error: unknown) => {
          this.options.logger?.warn('pbx background token renewal failed', { error: describe(error) });
        });
      }, lifetimeMs - margin);
      this.timer.unref();
    }
  }
}

function describe(error: unknown): string {
  return error instanceof PbxError ? `${error.code}: ${error.message}` : 'unexpected error';
}
