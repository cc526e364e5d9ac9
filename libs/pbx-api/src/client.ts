import type { AxiosAdapter } from 'axios';
import { ClientCredentialsTokenProvider } from './auth/client-credentials.provider.js';
import { StaticTokenProvider } from './auth/static-token.provider.js';
import type { TokenProvider } from './auth/token.types.js';
import type { BackoffOptions } from './internal/backoff.js';
import { PbxRequester } from './internal/requester.js';
import type { PbxTlsOptions } from './tls.js';
import { Transport, type PbxLogger } from './internal/transport.js';
import { AgentResource } from './resources/agent.js';
import { AllowNumbersResource } from './resources/allow-numbers.js';
import { AuthResource } from './resources/auth.js';
import { BlockNumbersResource } from './resources/block-numbers.js';
import { CallNoteResource } from './resources/call-note.js';
import { CallResource } from './resources/call.js';
import { CdrResource } from './resources/cdr.js';
import { CompanyContactResource } from './resources/company-contact.js';
import { ConferenceResource } from './resources/conference.js';
import { InboundRouteResource } from './resources/inbound-route.js';
import { IvrResource } from './resources/ivr.js';
import { MessageChannelResource } from './resources/message-channel.js';
import { MessageQueueResource } from './resources/message-queue.js';
import { MessageSessionResource } from './resources/message-session.js';
import { PhoneResource } from './resources/phone.js';
import { PinListResource } from './resources/pin-list.js';
import { QueuePauseReasonResource } from './resources/queue-pause-reason.js';
import { ExtensionResource } from './resources/extension.js';
import { QueueResource } from './resources/queue.js';
import { RecordingResource } from './resources/recording.js';
import { SystemResource } from './resources/system.js';
import { UacstaCallResource } from './resources/uacsta-call.js';

/** How the client authenticates. */
export type PbxAuthOptions =
  /** Client ID and Secret from Integrations > API: tokens are fetched, refreshed and revoked for you. */
  | { clientId: string; clientSecret: string; refreshMarginMs?: number; loginRetryDelayMs?: number }
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
  /** Certificate trust for an https PBX (self-signed certificates); pass the same to PbxEventStream. */
  tls?: PbxTlsOptions;
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
  /** get_token, refresh_token and del_token; the token provider uses them for you. */
  readonly auth: AuthResource;
  /** Call-center queues, their agents and calls. */
  readonly queue: QueueResource;
  /** PBX identity, firmware and clock. */
  readonly system: SystemResource;
  /** Dynamic agents logging in to and out of queues. */
  readonly agent: AgentResource;
  /** Call allowlist rules. */
  readonly allowNumbers: AllowNumbersResource;
  /** Call blocklist rules. */
  readonly blockNumbers: BlockNumbersResource;
  /** Live calls: accept or refuse held inbound calls, query, monitor. */
  readonly call: CallResource;
  /** Call notes. */
  readonly callNote: CallNoteResource;
  /** Call detail records and AI transcriptions. */
  readonly cdr: CdrResource;
  /** Company phonebook contacts. */
  readonly companyContact: CompanyContactResource;
  /** Ongoing conferences and their members. */
  readonly conference: ConferenceResource;
  /** Inbound routes. */
  readonly inboundRoute: InboundRouteResource;
  /** IVR menus. */
  readonly ivr: IvrResource;
  /** SMS, live chat and messenger channels. */
  readonly messageChannel: MessageChannelResource;
  /** Message queues. */
  readonly messageQueue: MessageQueueResource;
  /** Message sessions. */
  readonly messageSession: MessageSessionResource;
  /** Auto provisioning IP phones. */
  readonly phone: PhoneResource;
  /** PIN lists. */
  readonly pinList: PinListResource;
  /** The pause reasons of queue agents. */
  readonly queuePauseReason: QueuePauseReasonResource;
  readonly extension: ExtensionResource;
  /** Call recordings. */
  readonly recording: RecordingResource;
  /** Desk-phone call control over uaCSTA. */
  readonly uacstaCall: UacstaCallResource;

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
      ...(options.tls ? { tls: options.tls } : {}),
    });
    // The token calls themselves need no provider; the provider is built on top of them.
    const tokenless = new PbxRequester(transport, undefined);
    this.auth = new AuthResource(tokenless);
    this.tokens = this.createProvider(options);
    this.requester = new PbxRequester(transport, this.tokens);
    this.queue = new QueueResource(this.requester);
    this.system = new SystemResource(this.requester);
    this.agent = new AgentResource(this.requester);
    this.allowNumbers = new AllowNumbersResource(this.requester);
    this.blockNumbers = new BlockNumbersResource(this.requester);
    this.call = new CallResource(this.requester);
    this.callNote = new CallNoteResource(this.requester);
    this.cdr = new CdrResource(this.requester);
    this.companyContact = new CompanyContactResource(this.requester);
    this.conference = new ConferenceResource(this.requester);
    this.inboundRoute = new InboundRouteResource(this.requester);
    this.ivr = new IvrResource(this.requester);
    this.messageChannel = new MessageChannelResource(this.requester);
    this.messageQueue = new MessageQueueResource(this.requester);
    this.messageSession = new MessageSessionResource(this.requester);
    this.phone = new PhoneResource(this.requester);
    this.pinList = new PinListResource(this.requester);
    this.queuePauseReason = new QueuePauseReasonResource(this.requester);
    this.extension = new ExtensionResource(this.requester);
    this.recording = new RecordingResource(this.requester);
    this.uacstaCall = new UacstaCallResource(this.requester);
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
      ...(auth.loginRetryDelayMs !== undefined ? { loginRetryDelayMs: auth.loginRetryDelayMs } : {}),
      ...(options.logger ? { logger: options.logger } : {}),
    });
  }
}
