import {
  Inject,
  Injectable,
  Logger,
  Optional,
  type OnApplicationShutdown,
  type OnModuleInit,
} from '@nestjs/common';
import type { HealthView } from '@switchboard/live-protocol';
import {
  PbxClient,
  PbxEventStream,
  type PbxEvent,
  type PbxLogger,
  type PbxTlsOptions,
} from '@switchboard/pbx-api';
import { ALWAYS_LEADER, CLUSTER_ROLE, type ClusterRole } from '../cluster/cluster-role.js';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config/gateway-config.js';
import { MetricsService } from '../health/metrics.service.js';
import { describePbxError, errorKind, isLinkFailure } from './pbx-errors.js';
import { PbxHealthModel } from './pbx-health.model.js';
import { RequestBudget } from './request-budget.js';

/** Events the gateway subscribes to: live state, held calls, CDRs, uaCSTA, conferences, system events. */
export const PBX_EVENT_TOPICS: readonly number[] = [
  30008, 30011, 30012, 30016, 30020, 30024, 30025, 30028, 30029, 30034, 30035, 30036,
];

/** How a request is paced by the budget. */
export interface PbxRequestOptions {
  /**
   * `poll` (background work: polls, CDR rebuild) waits for the budget; `command` (a person is waiting)
   * goes at once and is charged to the budget, so the polling behind it slows down. Default `command`.
   */
  priority?: 'poll' | 'command';
}

type EventHandler = (event: PbxEvent) => void;
type HealthListener = (health: HealthView) => void;

/**
 * The gateway's ONE connection to the PBX: one {@link PbxClient} (client credentials, tokens renewed and
 * revoked on shutdown) and one {@link PbxEventStream}. Every PBX request goes through {@link request},
 * which paces it with the request budget, counts it for /metrics and feeds the health model.
 *
 * With several gateways only the leader holds the event stream (opened when it takes the lead, closed
 * when it loses it); the others keep the client for the commands they carry out themselves (admin REST),
 * and it only fetches a token once one is sent.
 */
@Injectable()
export class PbxConnectionService implements OnModuleInit, OnApplicationShutdown {
  /** The PBX client; call it through {@link request} so the request is budgeted and counted. */
  readonly client: PbxClient;
  private stream: PbxEventStream | undefined;
  private readonly pbxLog: PbxLogger;
  private readonly role: Pick<ClusterRole, 'isLeader' | 'watch'>;
  private stopWatchingRole: (() => void) | undefined;
  private readonly budget: RequestBudget;
  private readonly model: PbxHealthModel;
  private readonly logger = new Logger('PbxConnection');
  private readonly handlers = new Map<number | 'all', Set<EventHandler>>();
  private readonly healthListeners = new Set<HealthListener>();
  private lastEmitted: string | undefined;
  private healthTimer: ReturnType<typeof setInterval> | undefined;

  constructor(
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
    private readonly metrics: MetricsService,
    @Optional() @Inject(CLUSTER_ROLE) role?: ClusterRole,
  ) {
    this.role = role ?? ALWAYS_LEADER;
    const pbxLogger = this.pbxLogger();
    this.pbxLog = pbxLogger;
    this.client = new PbxClient({
      baseUrl: config.pbx.baseUrl,
      auth: { clientId: config.pbx.clientId, clientSecret: config.pbx.clientSecret },
      timeoutMs: config.pbx.timeoutMs,
      // The poll scheduler backs off on failure; retries inside the client would multiply the load.
      retries: 0,
      logger: pbxLogger,
      tls: pbxTls(config),
    });
    this.budget = new RequestBudget(config.pbx.maxRequestsPerSecond);
    const longestInterval = Math.max(config.polling.queueIntervalMs, config.polling.conferenceIntervalMs);
    this.model = new PbxHealthModel({
      downAfterFailures: 3,
      silentAfterMs: 3 * longestInterval,
      recentErrorMs: 3 * config.polling.queueIntervalMs,
    });
  }

  onModuleInit(): void {
    this.stopWatchingRole = this.role.watch((leader) => {
      if (leader) this.openStream();
      else void this.closeStream();
    });
    this.healthTimer = setInterval(
      () => this.evaluateHealth(),
      Math.min(1_000, this.config.polling.queueIntervalMs),
    );
    this.healthTimer.unref();
  }

  async onApplicationShutdown(): Promise<void> {
    clearInterval(this.healthTimer);
    this.stopWatchingRole?.();
    this.budget.close();
    await this.closeStream();
    // Revokes the access token: the PBX allows only 8 live tokens per application.
    await this.client
      .close()
      .catch((error: unknown) =>
        this.logger.warn({ msg: 'closing the PBX client failed', error: describePbxError(error) }),
      );
  }

  /** Sends one PBX request through the budget, counting it and its outcome. */
  async request<T>(
    operation: string,
    send: (client: PbxClient) => Promise<T>,
    options: PbxRequestOptions = {},
  ): Promise<T> {
    if ((options.priority ?? 'command') === 'poll') await this.budget.acquire();
    else this.budget.charge();
    this.metrics.pbxRequest(operation);
    try {
      const answer = await send(this.client);
      this.model.recordSuccess(Date.now());
      return answer;
    } catch (error) {
      this.metrics.pbxError(operation, errorKind(error));
      if (isLinkFailure(error)) this.model.recordFailure(describePbxError(error), Date.now());
      else this.model.recordSuccess(Date.now());
      throw error;
    } finally {
      this.evaluateHealth();
    }
  }

  /** Calls `handler` for every event of `type` (or every event with `'all'`); returns an unsubscribe function. */
  onEvent(type: number | 'all', handler: EventHandler): () => void {
    let set = this.handlers.get(type);
    if (!set) {
      set = new Set();
      this.handlers.set(type, set);
    }
    set.add(handler);
    return () => set.delete(handler);
  }

  /** Health of the PBX link now. */
  get health(): HealthView {
    return this.model.view(Date.now());
  }

  /** True unless the PBX is down: it answered recently. */
  get reachable(): boolean {
    return this.model.state(Date.now()) !== 'down';
  }

  /** Calls `listener` whenever the link state, the event stream state or the last error changes. */
  onHealthChange(listener: HealthListener): () => void {
    this.healthListeners.add(listener);
    return () => this.healthListeners.delete(listener);
  }

  /**
   * Carries on from the last time the PBX answered any gateway of the cluster (a replica taking the lead),
   * so screens see the link as it is rather than "down" until this replica's first request returns.
   */
  adoptLastSuccess(at: number | null): void {
    const own = this.model.view(Date.now()).lastSuccessAt;
    if (at === null || (own !== null && own >= at)) return;
    this.model.recordSuccess(at);
    this.evaluateHealth();
  }

  /** Opens a new event stream (a closed stream cannot be reopened). */
  private openStream(): void {
    if (this.stream && this.stream.state.status !== 'closed') return;
    const stream = new PbxEventStream({
      baseUrl: this.config.pbx.baseUrl,
      tokens: this.client.tokens,
      topics: PBX_EVENT_TOPICS,
      reconnectBackoff: {
        initialMs: 250,
        maxMs: Math.max(250, Math.min(this.config.polling.maxBackoffMs, 5_000)),
      },
      logger: this.pbxLog,
      tls: pbxTls(this.config),
    });
    this.stream = stream;
    stream.on('event', (event) => this.dispatch(event));
    stream.on('state', (state) => {
      // A stream closed on losing the lead may still report after its successor started.
      if (this.stream !== stream) return;
      this.model.setEventStream(state.status, state.lastError, Date.now());
      this.evaluateHealth();
    });
    stream.start();
  }

  private async closeStream(): Promise<void> {
    await this.stream?.close();
  }

  private dispatch(event: PbxEvent): void {
    for (const key of [event.type, 'all'] as const) {
      for (const handler of this.handlers.get(key) ?? []) {
        try {
          handler(event);
        } catch (error) {
          this.logger.error({
            msg: 'PBX event handler failed',
            type: event.type,
            error: error instanceof Error ? error.message : String(error),
          });
        }
      }
    }
  }

  private evaluateHealth(): void {
    const view = this.model.view(Date.now());
    const key = `${view.pbx}|${view.eventStream}|${view.lastError ?? ''}`;
    if (key === this.lastEmitted) return;
    const previous = this.lastEmitted?.split('|')[0];
    this.lastEmitted = key;
    this.metrics.pbxLinkState(view.pbx);
    if (previous !== view.pbx) {
      this.logger.log({
        msg: 'PBX link state',
        state: view.pbx,
        eventStream: view.eventStream,
        lastError: view.lastError,
      });
    }
    for (const listener of this.healthListeners) {
      try {
        listener(view);
      } catch (error) {
        this.logger.error({
          msg: 'health listener failed',
          error: error instanceof Error ? error.message : 'unknown',
        });
      }
    }
  }

  private pbxLogger(): PbxLogger {
    return {
      debug: (message, meta) => this.logger.debug({ msg: message, ...meta }),
      warn: (message, meta) => this.logger.warn({ msg: message, ...meta }),
    };
  }
}

/** The PBX certificate trust from config, in the client's terms (an extra CA is optional). */
export function pbxTls(config: GatewayConfig): PbxTlsOptions {
  return {
    rejectUnauthorized: config.pbx.tls.rejectUnauthorized,
    ...(config.pbx.tls.ca ? { ca: config.pbx.tls.ca } : {}),
  };
}
