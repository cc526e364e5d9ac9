import type { AxiosAdapter } from 'axios';
import { ClientCredentialsTokenProvider } from './auth/client-credentials.provider.js';
import { StaticTokenProvider } from './auth/static-token.provider.js';
import type { TokenProvider } from './auth/token.types.js';
import type { BackoffOptions } from './internal/backoff.js';
import { PbxRequester } from './internal/requester.js';
import { Transport, type PbxLogger } from './internal/transport.js';
import { AuthResource } from './resources/auth.js';
import { QueueResource } from './resources/queue.js';
import { SystemResource } from './resources/system.js';

/** How the client authenticates. */
export type PbxAuthOptions =
  /** Client ID and Secret from Integrations > API: tokens are fetched, refreshed and revoked for you. */
  | { clientId: string; clientSecret: string; refreshMarginMs?: number }
  /** A fixed access token obtained elsewhere. */
  | { accessToken: string }
  /** Your own provider. */
  | { provider: TokenProvider };

/** Settings of {@link PbxClient}. */
export interface PbxClientOptions {
  /** `https://pbx.example.com:8088`: scheme, host and port, without `/openapi/...`. */
  baseUrl: string;
  auth: PbxAuthOptions;
  /** Sent on every request; the PBX requires one. Default `switchboard-pbx-api (OpenAPI)`. */
  userAgent?: string;
  /** Per-request timeout in ms (default 10,000). */
  timeoutMs?: number;
  /** Retries for idempotent reads after transport failures (default 2). Call control is never retried. */
  retries?: number;
  /** Backoff between those retries (default 200 ms doubling to 2 s, jittered). */
  retryBackoff?: BackoffOptions;
  logger?: PbxLogger;
  /** Replaces axios' network layer (tests). */
  adapter?: AxiosAdapter;
}

/** Default User-Agent. */
export const DEFAULT_USER_AGENT = 'switchboard-pbx-api (OpenAPI)';

/**
 * Typed client for the PBX management interface: one property per resource, every rule checked
 * before a request leaves, tokens handled for you.
 *
 * @example
 * const pbx = new PbxClient({ baseUrl: 'http://127.0.0.1:8088', auth: { clientId, clientSecret } });
 * const { data: agents } = await pbx.queue.agentStatus({ id: 1 });
 * await pbx.close();
 */
export class PbxClient {
  /** Supplies access tokens to requests and to {@link PbxEventStream}. */
  readonly tokens: TokenProvider;
  /** The base URL this client talks to. */
  readonly baseUrl: string;
  readonly auth: AuthResource;
  readonly queue: QueueResource;
  readonly system: SystemResource;

  private readonly requester: PbxRequester;

  constructor(options: PbxClientOptions) {
    if (!/^https?:\/\/[^/]+/.test(options.baseUrl)) {
      throw new TypeError(
        `baseUrl must be an http(s) URL like http://127.0.0.1:8088, got ${JSON.stringify(options.baseUrl)}`,
      );
    }
    this.baseUrl = options.baseUrl.replace(/\/+$/, '');
    const transport = new Transport({
      baseUrl: this.baseUrl,
      userAgent: options.userAgent ?? DEFAULT_USER_AGENT,
      timeoutMs: options.timeoutMs ?? 10_000,
      retries: options.retries ?? 2,
      retryBackoff: options.retryBackoff ?? { initialMs: 200, maxMs: 2_000 },
      ...(options.logger ? { logger: options.logger } : {}),
      ...(options.adapter ? { adapter: options.adapter } : {}),
    });
    // The token calls themselves need no provider; the provider is built on top of them.
    const tokenless = new PbxRequester(transport, undefined);
    this.auth = new AuthResource(tokenless);
    this.tokens = this.createProvider(options);
    this.requester = new PbxRequester(transport, this.tokens);
    this.queue = new QueueResource(this.requester);
    this.system = new SystemResource(this.requester);
  }

  /** Revokes the access token the client holds (client credentials only) and stops its timers. */
  async close(): Promise<void> {
    await this.tokens.close();
  }

  private createProvider(options: PbxClientOptions): TokenProvider {
    const auth = options.auth;
    if ('provider' in auth) return auth.provider;
    if ('accessToken' in auth) return new StaticTokenProvider(auth.accessToken);
    return new ClientCredentialsTokenProvider({
      clientId: auth.clientId,
      clientSecret: auth.clientSecret,
      api: this.auth,
      ...(auth.refreshMarginMs !== undefined ? { refreshMarginMs: auth.refreshMarginMs } : {}),
      ...(options.logger ? { logger: options.logger } : {}),
    });
  }
}
