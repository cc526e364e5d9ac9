import {
  Inject,
  Injectable,
  Logger,
  Optional,
  type OnApplicationBootstrap,
  type OnModuleDestroy,
  type OnModuleInit,
} from '@nestjs/common';
import {
  FORECAST_WINDOW_MIN,
  type AgentDayFigures,
  type QueueIntervalFigures,
  type QueueTodayStats,
} from '@switchboard/live-protocol';
import { PBX_EVENT, type NewCdrEvent } from '@switchboard/pbx-api';
import { CLUSTER_ROLE, type ClusterRole } from '../ports/cluster-role.js';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config/gateway-config.js';
import { StreamHub } from '../live/stream-hub.service.js';
import { CdrSearchService } from '../pbx/cdr-search.service.js';
import { PbxConnectionService } from '../pbx/pbx-connection.service.js';
import { PollingService } from '../polling/polling.module.js';
import { factsFromCdr, factsFromNewCdr, type FinishedCallFacts } from './call-record.js';
import type { AttributionQueue } from './cdr-attribution.js';
import { DailyQueueStats } from './daily-stats.model.js';
import type { TodayStatsBook } from './today-stats.model.js';
import { thresholdConfigOf } from './queue-thresholds.js';

const REBUILD_JOB = 'cdr-rebuild';
const CONFIRM_JOB = 'cdr-confirm';
/** Records of calls reported by 30012 are read from the CDRs in batches, at most this often. */
const CONFIRM_EVERY_MS = 5_000;
/** Reading back for a reported call starts this long before its start, for clock and rounding slack. */
const CONFIRM_SLACK_MS = 60_000;
const PAGE_SIZE = 1_000;
/** Safety stop for a runaway PBX answer: 500 pages of 1,000 calls is far beyond any single day. */
const MAX_PAGES = 500;

/**
 * Today's figures per queue, always the day's call records counted by one rule (see DailyQueueStats):
 * - recounted from the PBX's CDRs at start-up, after every day boundary, every `STATS_RECOUNT_MS`, and at
 *   once after every gap in the event stream (reconnect, PBX outage, lead taken over): calls that ended
 *   while events were not received are only in the CDRs. Until that recount is done, the figures carry
 *   `recountPendingSince` so screens say they may be short;
 * - kept current between recounts from 30012 New CDR events, each replaced within seconds by its CDR
 *   (read back in small batches), so live figures and a recount compute every metric from the same record.
 * A replica that takes the lead, or a gateway restarted on its stored streams, keeps showing the figures
 * published before for the same day until it has recounted (see {@link statsForView}).
 */
@Injectable()
export class TodayStatsService implements OnModuleInit, OnApplicationBootstrap, OnModuleDestroy {
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
  /** Calls that ended since this time may be missing until the next complete recount; null when none is due. */
  private pendingSince: number | null;
  /** When the latest event gap ended: a recount that started before it does not cover it. */
  private lastGapEndedAt = 0;
  /** Calls known only from their 30012 event: about when they started, and when they were reported. */
  private readonly toConfirm = new Map<string, { startedAround: number; reportedAt: number }>();
  /** A gap ended while a recount was already under way: recount once more when it is done. */
  private recountAgain = false;
  /**
   * The last recount ran before every watched queue was polled, so calls traced through their agent's queue
   * were missed: the figures stay marked short, and the day is recounted as soon as the queues are known.
   */
  private recountOnceQueuesKnown = false;
  private stopWatchingGaps: (() => void) | undefined;
  private stopWatchingHealth: (() => void) | undefined;

  constructor(
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
    private readonly pbx: PbxConnectionService,
    private readonly cdr: CdrSearchService,
    private readonly polling: PollingService,
    @Optional() @Inject(CLUSTER_ROLE) private readonly role?: ClusterRole,
    @Optional() private readonly hub?: StreamHub,
  ) {
    this.daily = new DailyQueueStats(
      {
        timeZone: config.stats.timeZone,
        shortAbandonSec: config.stats.shortAbandonSec,
        serviceLevelSecOf: (queueId) => thresholdConfigOf(config, queueId).serviceLevelSec,
        intervalMs: config.stats.intervalMin * 60_000,
      },
      Date.now(),
    );
    // Nothing is counted yet: everything since the day boundary is still to be read.
    this.pendingSince = this.daily.dayStart;
  }

  onModuleInit(): void {
    this.stopEvents = this.pbx.onEvent(PBX_EVENT.NEW_CDR, (event) => this.onNewCdr(event));
  }

  onApplicationBootstrap(): void {
    this.armRollover();
    // Figures stored before a restart stay on screen until the day is recounted.
    if (this.hub?.queueCatalogue().some((q) => this.hub?.current(`queue:${q.id}`, 'queue')))
      this.carrying = true;
    // The first rebuild waits (briefly) for the first queue polls: they teach attribution the agents.
    this.polling.add(
      {
        key: REBUILD_JOB,
        kind: 'cdr_rebuild',
        intervalMs: this.config.stats.recountIntervalMs,
        run: () => this.rebuild(),
      },
      0,
    );
    this.polling.add(
      { key: CONFIRM_JOB, kind: 'cdr_confirm', intervalMs: CONFIRM_EVERY_MS, run: () => this.confirm() },
      CONFIRM_EVERY_MS,
    );
    this.stopWatchingHealth = this.pbx.onHealthChange(() => this.noteGap());
    this.stopWatchingGaps = this.pbx.onEventGap((gap) => {
      this.markPending(gap.start);
      this.lastGapEndedAt = gap.end;
      this.logger.log({ msg: 'event gap: recounting today', gapMs: gap.end - gap.start });
      if (!this.polling.runSoon(REBUILD_JOB, 0)) this.recountAgain = true;
    });
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
    this.stopWatchingGaps?.();
    this.stopWatchingHealth?.();
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
    const figures =
      this.carrying && !this.rebuilt && shown?.dayStart === own.dayStart ? withoutPending(shown) : own;
    return this.pendingSince === null ? figures : { ...figures, recountPendingSince: this.pendingSince };
  }

  /** Since when the figures may be missing calls (a recount is due), or null. */
  get recountPendingSince(): number | null {
    return this.pendingSince;
  }

  /** Today's figures of a queue. */
  stats(queueId: number): QueueTodayStats {
    return this.daily.stats(queueId);
  }

  /** Start of the day being counted (epoch ms). */
  get dayStart(): number {
    return this.daily.dayStart;
  }

  /** Calls of the queue that entered it in the forecast window before `now` and have finished. */
  recentArrivals(queueId: number, now: number): number {
    return this.daily.startedSince(queueId, now - FORECAST_WINDOW_MIN * 60_000);
  }

  /** Today's intervals of a queue, up to the one holding `now`. */
  intervals(queueId: number, now: number): QueueIntervalFigures[] {
    return this.daily.intervals(queueId, now);
  }

  /** Today's answered calls of each agent of a queue. */
  agents(queueId: number): AgentDayFigures[] {
    return this.daily.agents(queueId);
  }

  /** Counts `calls` with today's attribution and rules into a book of its own: a past day's figures. */
  countDay(dayStart: number, calls: readonly FinishedCallFacts[]): TodayStatsBook {
    return this.daily.countApart(dayStart, calls);
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
    if (this.recountOnceQueuesKnown && !this.polling.runSoon(REBUILD_JOB, 0)) this.recountAgain = true;
  }

  /** Calls `listener` with the queues whose figures changed (`all` after a rebuild or a new day). */
  onChange(listener: (queueIds: number[] | 'all') => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private onNewCdr(event: NewCdrEvent): void {
    this.rollIfNewDay();
    const facts = factsFromNewCdr(event.msg);
    if (!facts) return;
    const now = Date.now();
    this.toConfirm.set(facts.callId, {
      startedAround: now - (facts.waitSec + facts.talkSec) * 1000,
      reportedAt: now,
    });
    const queueId = this.daily.addFinishedCall(facts);
    if (queueId !== undefined) this.notify([queueId]);
  }

  /** Recounts the day from every CDR page since the day boundary. */
  private async rebuild(): Promise<void> {
    await this.queuesPolled(4 * this.config.polling.queueIntervalMs);
    this.rollIfNewDay();
    const attributed = this.queuesKnown;
    const startedAt = Date.now();
    const dayStart = this.daily.dayStart;
    const calls = await this.readCdrs(dayStart);
    if (!this.daily.merge(calls, dayStart)) return;
    this.rebuilt = true;
    this.carrying = false;
    for (const call of calls) this.toConfirm.delete(call.callId);
    this.recountOnceQueuesKnown = !attributed;
    // Complete only if every queue was known, it started with the events flowing and after the latest gap.
    if (attributed && this.pbx.eventGapSince === null && startedAt >= this.lastGapEndedAt)
      this.pendingSince = null;
    this.logger.log({ msg: 'today recounted from call records', calls: calls.length, dayStart });
    this.notify('all');
    if (this.recountAgain || this.pendingSince !== null) {
      this.recountAgain = false;
      // After this run has finished and been rescheduled, bring the next one forward.
      setTimeout(() => this.polling.runSoon(REBUILD_JOB, 0), 0).unref();
    }
  }

  /** Replaces the event facts of recently finished calls with their CDRs, in one small read. */
  private async confirm(): Promise<void> {
    const waiting = this.daily.unconfirmed().filter((call) => this.toConfirm.has(call.callId));
    if (waiting.length === 0) return;
    const dayStart = this.daily.dayStart;
    const oldest = Math.min(
      ...waiting.map((call) => this.toConfirm.get(call.callId)?.startedAround ?? Date.now()),
    );
    const calls = await this.readCdrs(Math.max(dayStart, oldest - CONFIRM_SLACK_MS));
    const wanted = new Set(waiting.map((call) => call.callId));
    const found = calls.filter((call) => wanted.has(call.callId));
    for (const call of found) this.toConfirm.delete(call.callId);
    // A record the PBX has not written a good while after the event is left to the next recount.
    const now = Date.now();
    for (const [callId, entry] of this.toConfirm)
      if (now - entry.reportedAt > CONFIRM_SLACK_MS) this.toConfirm.delete(callId);
    if (found.length > 0 && this.daily.merge(found, dayStart)) this.notify('all');
  }

  /**
   * Every CDR of calls that started at or after `since` (epoch ms), all pages, within the budget; in the time
   * form and paging the PBX's firmware takes (CdrSearchService).
   */
  private async readCdrs(since: number): Promise<FinishedCallFacts[]> {
    const records = await this.cdr.all(
      { since },
      { pageSize: PAGE_SIZE, maxRecords: MAX_PAGES * PAGE_SIZE },
      { priority: 'background' },
    );
    return records.flatMap((record) => factsFromCdr(record) ?? []);
  }

  /** The event stream stopped: figures may miss calls from now on, until a recount after it is back. */
  private noteGap(): void {
    const since = this.pbx.eventGapSince;
    if (since !== null && this.role?.isLeader !== false) this.markPending(since);
  }

  private markPending(since: number): void {
    if (this.pendingSince !== null && this.pendingSince <= since) return;
    this.pendingSince = since;
    this.notify('all');
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
    this.toConfirm.clear();
    this.pendingSince = this.daily.dayStart;
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

/** Figures published before, without the pending mark they carried then (the current one is added). */
function withoutPending(stats: QueueTodayStats): QueueTodayStats {
  const { recountPendingSince: _pending, ...rest } = stats;
  return rest;
}
