import {
  Inject,
  Injectable,
  Logger,
  Optional,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
  type OnModuleInit,
} from '@nestjs/common';
import type { HealthView } from '@switchboard/live-protocol';
import {
  PbxClient,
  PbxEventStream,
  type KnownPbxEventType,
  type PbxLogger,
  type PbxTlsOptions,
} from '@switchboard/pbx-api';
import { ALWAYS_LEADER, CLUSTER_ROLE, type ClusterRole } from '../ports/cluster-role.js';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config/gateway-config.js';
import { MetricsService } from '../metrics/metrics.service.js';
import { runSafely } from '../logging/run-safely.js';
import { describePbxError, errorKind, isLinkFailure, pbxAnswered } from './pbx-errors.js';
import { PbxEventHandlers, type PbxEventHandler, type PbxEventHandlerTable } from './pbx-event-handlers.js';
import { PbxHealthModel } from './pbx-health.model.js';
import { RequestBudget, type BudgetPriority } from './request-budget.js';

/** How a request is paced by the budget. */
export interface PbxRequestOptions {
  /**
   * Who waits for the budget, most urgent first (see {@link BudgetPriority}): `decision` goes at once and is
   * charged to the budget; `poll`, `command` (the default) and `background` wait their turn in that order.
   */
  priority?: BudgetPriority;
  /** Refuse with BudgetBusyError instead of waiting longer than this (admin REST under a burst). */
  maxWaitMs?: number;
}

/** A span in which the event stream was not open, so events of that span were never received. */
export interface EventGap {
  /** When the stream stopped being open (the gateway's start for the first connection). */
  start: number;
  /** When it was open (subscribed) again. */
  end: number;
  /** The first open since this gateway started (or took the lead): the gap covers its own downtime. */
  first: boolean;
}

type HealthListener = (health: HealthView) => void;

/**
 * While the PBX fails, a cheap request this often tells when it answers again (backoff is for a PBX still
 * failing). 250 ms was tried: the gateway then took the PBX back before its event stream could deliver, and a
 * held call raised 0.9 s after the return was lost (test/outage-prompts.e2e.spec.ts).
 */
const PROBE_INTERVAL_MS = 500;

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
export class PbxConnectionService implements OnModuleInit, OnApplicationBootstrap, OnApplicationShutdown {
  /** The PBX client; call it through {@link request} so the request is budgeted and counted. */
  readonly client: PbxClient;
  private stream: PbxEventStream | undefined;
  private readonly pbxLog: PbxLogger;
  private readonly role: Pick<ClusterRole, 'isLeader' | 'watch'>;
  private stopWatchingRole: (() => void) | undefined;
  private readonly budget: RequestBudget;
  private readonly model: PbxHealthModel;
  private readonly logger = new Logger('PbxConnection');
  private readonly handlers = new PbxEventHandlers();
  private readonly healthListeners = new Set<HealthListener>();
  private lastEmitted: string | undefined;
  private healthTimer: ReturnType<typeof setInterval> | undefined;
  private probeTimer: ReturnType<typeof setInterval> | undefined;
  private probing = false;
  /** Link failures since the last answer from the PBX. */
  private failingSince: number | null = null;
  private readonly recoveredListeners = new Set<() => void>();
  private readonly gapListeners = new Set<(gap: EventGap) => void>();
  /** When the event stream stopped being open; null while it is open. Starts as the gateway's start. */
  private gapStart: number | null = Date.now();
  private everOpen = false;

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
    this.healthTimer = setInterval(
      () => this.evaluateHealth(),
      Math.min(1_000, this.config.polling.queueIntervalMs),
    );
    this.healthTimer.unref();
    this.probeTimer = setInterval(() => void this.probe(), PROBE_INTERVAL_MS);
    this.probeTimer.unref();
  }

  /**
   * The event stream's topics are the events that have handlers, and services register them in onModuleInit;
   * Nest runs every onModuleInit before any onApplicationBootstrap, so the topics are complete here. They are
   * fixed from now on rather than changed later: re-subscribing an open stream takes it through `subscribing`,
   * which the health model would show and the gap accounting would count as lost events.
   */
  onApplicationBootstrap(): void {
    this.handlers.fix();
    this.stopWatchingRole = this.role.watch((leader) => {
      if (leader) this.openStream();
      else void this.closeStream();
    });
  }

  async onApplicationShutdown(): Promise<void> {
    clearInterval(this.healthTimer);
    clearInterval(this.probeTimer);
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
    const priority = options.priority ?? 'command';
    try {
      if (priority === 'decision') this.budget.charge();
      else await this.budget.acquire(priority, options.maxWaitMs);
    } catch (error) {
      this.metrics.pbxError(operation, errorKind(error));
      throw error;
    }
    this.metrics.pbxRequest(operation);
    try {
      const answer = await send(this.client);
      this.answered();
      return answer;
    } catch (error) {
      this.metrics.pbxError(operation, errorKind(error));
      if (isLinkFailure(error)) {
        this.model.recordFailure(describePbxError(error), Date.now());
        this.failingSince ??= Date.now();
      } else if (pbxAnswered(error)) this.answered();
      // Anything else never reached the PBX (bad input, our own bug): it says nothing about the link.
      throw error;
    } finally {
      this.evaluateHealth();
    }
  }

  /**
   * Calls `listener` when the PBX answers again after link failures: work backing off (polls, the event
   * stream's reconnect) should try again now rather than wait out a backoff sized for a dead PBX.
   */
  onRecovered(listener: () => void): () => void {
    this.recoveredListeners.add(listener);
    return () => this.recoveredListeners.delete(listener);
  }

  /**
   * Calls `listener` each time the event stream is open again after not being open (and on the first open):
   * events of the gap were lost, so whatever they would have told must be read from the PBX.
   */
  onEventGap(listener: (gap: EventGap) => void): () => void {
    this.gapListeners.add(listener);
    return () => this.gapListeners.delete(listener);
  }

  /** Since when events have not been received (the stream is not open), or null while it is open. */
  get eventGapSince(): number | null {
    return this.gapStart;
  }

  /** The PBX answered: a success, or a refusal of this one request. */
  private answered(): void {
    this.model.recordSuccess(Date.now());
    if (this.failingSince === null) return;
    this.failingSince = null;
    this.logger.log({ msg: 'the PBX answers again' });
    this.stream?.reconnectNow();
    for (const listener of this.recoveredListeners)
      runSafely(this.logger, 'recovery listener', () => listener());
  }

  /** While requests fail, one cheap request per probe interval finds out when the PBX is back. */
  private async probe(): Promise<void> {
    if (this.probing || !this.role.isLeader) return;
    const down = this.model.state(Date.now()) === 'down';
    if (this.failingSince === null && !down) return;
    this.probing = true;
    try {
      await this.request('system/information', (client) => client.system.information(), {
        priority: 'poll',
      });
    } catch {
      // Counted by request(); the next probe tries again.
    } finally {
      this.probing = false;
    }
  }

  /**
   * Calls `handler` for every event numbered `type` (a `PBX_EVENT` value of pbx-api), subscribing the stream to
   * it; returns the function that removes the handler. Register in onModuleInit: once the stream's topics
   * are fixed (onApplicationBootstrap), a number outside them throws.
   */
  onEvent<N extends KnownPbxEventType>(type: N, handler: PbxEventHandler<N>): () => void {
    return this.handlers.add(type, handler);
  }

  /** {@link onEvent} for each entry of `table` (event number to handler); returns one function removing all. */
  onEvents(table: PbxEventHandlerTable): () => void {
    return this.handlers.addTable(table);
  }

  /** The events the stream subscribes to: every number with a handler, fixed at application bootstrap. */
  get eventTopics(): readonly KnownPbxEventType[] {
    return this.handlers.topics();
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
      topics: this.handlers.fix(),
      reconnectBackoff: {
        initialMs: 250,
        maxMs: Math.max(250, Math.min(this.config.polling.maxBackoffMs, 5_000)),
      },
      logger: this.pbxLog,
      tls: pbxTls(this.config),
    });
    this.stream = stream;
    stream.on('event', (event) =>
      this.handlers.dispatch(event, (error) =>
        this.logger.error({
          msg: 'PBX event handler failed',
          type: event.type,
          error: error instanceof Error ? error.message : String(error),
        }),
      ),
    );
    stream.on('state', (state) => {
      // A stream closed on losing the lead may still report after its successor started.
      if (this.stream !== stream) return;
      const now = Date.now();
      this.model.setEventStream(state.status, state.lastError, now);
      this.trackGap(state.status, now);
      this.evaluateHealth();
    });
    stream.start();
  }

  private async closeStream(): Promise<void> {
    await this.stream?.close();
  }

  private trackGap(status: string, now: number): void {
    if (status !== 'open') {
      this.gapStart ??= now;
      return;
    }
    if (this.gapStart === null) return;
    const gap: EventGap = { start: this.gapStart, end: now, first: !this.everOpen };
    this.gapStart = null;
    this.everOpen = true;
    for (const listener of this.gapListeners)
      runSafely(this.logger, 'event-gap listener', () => listener(gap));
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
    for (const listener of this.healthListeners)
      runSafely(this.logger, 'health listener', () => listener(view));
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
