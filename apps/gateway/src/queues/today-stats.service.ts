import {
  Inject,
  Injectable,
  Logger,
  Optional,
  type OnApplicationBootstrap,
  type OnModuleDestroy,
} from '@nestjs/common';
import type { QueueTodayStats } from '@switchboard/live-protocol';
import { isPbxEvent, type PbxEvent } from '@switchboard/pbx-api';
import { CLUSTER_ROLE, type ClusterRole } from '../cluster/cluster-role.js';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config/gateway-config.js';
import { PbxConnectionService } from '../pbx/pbx-connection.service.js';
import { PollingService } from '../polling/polling.module.js';
import { factsFromCdr, factsFromNewCdr, type FinishedCallFacts } from './call-record.js';
import type { AttributionQueue } from './cdr-attribution.js';
import { DailyQueueStats } from './daily-stats.model.js';
import { thresholdConfigOf } from './queue-thresholds.js';

const REBUILD_JOB = 'cdr-rebuild';
const PAGE_SIZE = 1_000;
/** Safety stop for a runaway PBX answer: 500 pages of 1,000 calls is far beyond any single day. */
const MAX_PAGES = 500;

/**
 * Today's figures per queue: rebuilt from the PBX's CDRs at start-up and after every day boundary,
 * then kept current from 30012 New CDR events. Tells listeners which queues' figures changed.
 * A cluster replica that takes the lead recounts the day too, and until then screens keep the figures the
 * previous leader published (see {@link statsForView}).
 */
@Injectable()
export class TodayStatsService implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('TodayStats');
  private readonly daily: DailyQueueStats;
  private readonly listeners = new Set<(queueIds: number[] | 'all') => void>();
  private rolloverTimer: ReturnType<typeof setTimeout> | undefined;
  private stopEvents: (() => void) | undefined;
  private rebuilt = false;
  /** Took the lead from another replica and has not recounted the day yet. */
  private carrying = false;
  private stopWatchingRole: (() => void) | undefined;
  private queuesKnown = false;
  private readonly queuesKnownWaiters = new Set<() => void>();

  constructor(
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
    private readonly pbx: PbxConnectionService,
    private readonly polling: PollingService,
    @Optional() @Inject(CLUSTER_ROLE) private readonly role?: ClusterRole,
  ) {
    this.daily = new DailyQueueStats(
      {
        timeZone: config.stats.timeZone,
        shortAbandonSec: config.stats.shortAbandonSec,
        serviceLevelSecOf: (queueId) => thresholdConfigOf(config, queueId).serviceLevelSec,
      },
      Date.now(),
    );
  }

  onApplicationBootstrap(): void {
    this.stopEvents = this.pbx.onEvent(30012, (event) => this.onNewCdr(event));
    this.armRollover();
    // The first rebuild waits (briefly) for the first queue polls: they teach attribution the agents.
    this.polling.add(
      { key: REBUILD_JOB, kind: 'cdr_rebuild', intervalMs: 24 * 3_600_000, run: () => this.rebuild() },
      0,
    );
    let follower = false;
    this.stopWatchingRole = this.role?.watch((leader) => {
      if (leader && follower) {
        // Events went to another replica meanwhile: this one's figures are incomplete until it recounts.
        this.rebuilt = false;
        this.carrying = true;
      }
      follower = !leader;
    });
  }

  onModuleDestroy(): void {
    clearTimeout(this.rolloverTimer);
    this.stopEvents?.();
    this.stopWatchingRole?.();
  }

  /** Whether the day has been recounted from the CDRs since start-up or the last day boundary. */
  get isRebuilt(): boolean {
    return this.rebuilt;
  }

  /**
   * The figures a queue view should carry: today's, except right after this replica took the lead, when
   * `shown` (what the previous leader published for the same day) stays until the day is recounted.
   */
  statsForView(queueId: number, shown: QueueTodayStats | undefined): QueueTodayStats {
    const own = this.daily.stats(queueId);
    return this.carrying && !this.rebuilt && shown?.dayStart === own.dayStart ? shown : own;
  }

  /** Today's figures of a queue. */
  stats(queueId: number): QueueTodayStats {
    return this.daily.stats(queueId);
  }

  /**
   * The watched queues with their agents (attribution). `complete` once every watched queue has been
   * polled, so answered calls can be traced to their agent's queue.
   */
  setQueues(queues: readonly AttributionQueue[], complete: boolean): void {
    this.daily.setQueues(queues);
    if (!complete || this.queuesKnown) return;
    this.queuesKnown = true;
    for (const wake of this.queuesKnownWaiters) wake();
    this.queuesKnownWaiters.clear();
  }

  /** A queue poll listed these calls. */
  sawCalls(queueId: number, callIds: readonly string[]): void {
    this.daily.attribution.sawCalls(queueId, callIds);
  }

  /** Calls `listener` with the queues whose figures changed (`all` after a rebuild or a new day). */
  onChange(listener: (queueIds: number[] | 'all') => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private onNewCdr(event: PbxEvent): void {
    if (!isPbxEvent(event, 30012)) return;
    this.rollIfNewDay();
    const facts = factsFromNewCdr(event.msg);
    if (!facts) return;
    const queueId = this.daily.addFinishedCall(facts);
    if (queueId !== undefined) this.notify([queueId]);
  }

  /** Recounts the day from every CDR page since the day boundary. */
  private async rebuild(): Promise<void> {
    await this.queuesPolled(4 * this.config.polling.queueIntervalMs);
    this.rollIfNewDay();
    const dayStart = this.daily.dayStart;
    const calls: FinishedCallFacts[] = [];
    const startTime = String(Math.floor(dayStart / 1000));
    for (let page = 1; page <= MAX_PAGES; page++) {
      const answer = await this.pbx.request(
        'cdr/search',
        (client) => client.cdr.search({ start_time: startTime, page, page_size: PAGE_SIZE }),
        { priority: 'background' },
      );
      for (const record of answer.data) {
        const facts = factsFromCdr(record);
        if (facts) calls.push(facts);
      }
      if (answer.data.length < PAGE_SIZE || page * PAGE_SIZE >= answer.total_number) break;
    }
    if (this.daily.rebuild(calls, dayStart)) {
      this.rebuilt = true;
      this.carrying = false;
      this.logger.log({ msg: 'today rebuilt from call records', calls: calls.length, dayStart });
      this.notify('all');
    }
  }

  /** Resolves once every watched queue was polled, or after `timeoutMs` (a rebuild then still counts rules 1-2). */
  private queuesPolled(timeoutMs: number): Promise<void> {
    if (this.queuesKnown) return Promise.resolve();
    return new Promise((resolve) => {
      const timer = setTimeout(done, timeoutMs);
      const waiters = this.queuesKnownWaiters;
      function done(): void {
        clearTimeout(timer);
        waiters.delete(done);
        resolve();
      }
      waiters.add(done);
    });
  }

  private rollIfNewDay(): void {
    if (!this.daily.rollIfNewDay(Date.now())) return;
    this.rebuilt = false;
    this.logger.log({ msg: 'new day', dayStart: this.daily.dayStart, timeZone: this.config.stats.timeZone });
    this.notify('all');
    // Calls that ended around midnight are only in the CDRs: recount the new day at once.
    this.polling.runSoon(REBUILD_JOB, 0);
  }

  private armRollover(): void {
    clearTimeout(this.rolloverTimer);
    // Capped so a suspended machine or clock jump is noticed within the hour.
    const delay = Math.min(Math.max(0, this.daily.dayEnd - Date.now()) + 1, 3_600_000);
    this.rolloverTimer = setTimeout(() => {
      this.rollIfNewDay();
      this.armRollover();
    }, delay);
    this.rolloverTimer.unref();
  }

  private notify(queueIds: number[] | 'all'): void {
    for (const listener of this.listeners) listener(queueIds);
  }
}
