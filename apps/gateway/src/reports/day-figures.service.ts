import { Inject, Injectable, Logger } from '@nestjs/common';
import {
  AGENT_STATES,
  type AgentDayFigures,
  type AgentState,
  type AgentTodayFigures,
  type QueueAgentsTodayAnswer,
  type QueueDayIntervals,
  type QueueIntervalsAnswer,
} from '@switchboard/live-protocol';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config/gateway-config.js';
import { StreamHub } from '../live/stream-hub.service.js';
import { CdrSearchService } from '../pbx/cdr-search.service.js';
import { describePbxError } from '../pbx/pbx-errors.js';
import { AgentTimeService } from '../queues/agent-time.service.js';
import { factsFromCdr } from '../queues/call-record.js';
import { nextDayStart, zonedDayStart } from '../queues/day-boundary.js';
import type { TodayStatsBook } from '../queues/today-stats.model.js';
import { TodayStatsService } from '../queues/today-stats.service.js';

const DAY_MS = 86_400_000;
/** A past day is read from the PBX at most this often: its records do not change, the queues' agents may. */
const PAST_DAY_TTL_MS = 60 * 60_000;
/** Past days kept counted (last week's same weekday for every screen, and a few report days). */
const PAST_DAYS_KEPT = 8;
/** A chart waits this long for last week's first read; it shows today alone meanwhile and gets both next time. */
const LAST_WEEK_WAIT_MS = 3_000;
const PAGE_SIZE = 1_000;
const MAX_PAGES = 500;

/** One queue's figures of one day, for a report row. */
export interface DayOfQueue {
  dayStart: number;
  /** Whether this is today (agent time in state is followed for today only). */
  isToday: boolean;
  intervals: QueueDayIntervals['intervals'];
  agents: AgentTodayFigures[];
}

/**
 * The day in intervals and per agent: today from the live count (TodayStatsService, AgentTimeService), past
 * days (last week's same weekday, reports) read from the PBX's call records and counted apart by the same
 * attribution and rules, cached.
 */
@Injectable()
export class DayFiguresService {
  private readonly log = new Logger('DayFigures');
  private readonly pastDays = new Map<number, { at: number; book: Promise<TodayStatsBook> }>();

  constructor(
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
    private readonly today: TodayStatsService,
    private readonly agentTime: AgentTimeService,
    private readonly cdr: CdrSearchService,
    private readonly hub: StreamHub,
  ) {}

  get timeZone(): string {
    return this.config.stats.timeZone;
  }

  /** Start of today (epoch ms). */
  get todayStart(): number {
    return this.today.dayStart;
  }

  /** Today's intervals of a queue so far, and last week's same weekday when it can be read in time. */
  async intervals(queueId: number, now: number): Promise<QueueIntervalsAnswer> {
    const dayStart = this.today.dayStart;
    // Noon a week ago lies in last week's same weekday whatever the clock changes in between.
    const lastWeekStart = zonedDayStart(dayStart - 7 * DAY_MS + 12 * 3_600_000, this.timeZone);
    const lastWeek = await withTimeout(this.pastDay(lastWeekStart), LAST_WEEK_WAIT_MS).then(
      (book) =>
        book && {
          dayStart: lastWeekStart,
          intervals: book.intervals(queueId, nextDayStart(lastWeekStart, this.timeZone) - 1),
        },
      () => null,
    );
    const pending = this.today.recountPendingSince;
    return {
      queueId,
      timeZone: this.timeZone,
      intervalMin: this.config.stats.intervalMin,
      today: { dayStart, intervals: this.today.intervals(queueId, now) },
      lastWeek: lastWeek ?? null,
      ...(pending !== null ? { recountPendingSince: pending } : {}),
    };
  }

  /** Today's figures of every agent of a queue (its members now, and whoever answered its calls today). */
  agents(queueId: number, now: number): QueueAgentsTodayAnswer {
    const pending = this.today.recountPendingSince;
    return {
      queueId,
      dayStart: this.today.dayStart,
      timeZone: this.timeZone,
      agents: this.agentRows(queueId, this.today.agents(queueId), now),
      ...(pending !== null ? { recountPendingSince: pending } : {}),
    };
  }

  /** One queue's day starting at `dayStart`: today live, a past day from the call records. */
  async dayOf(queueId: number, dayStart: number, now: number): Promise<DayOfQueue> {
    if (dayStart === this.today.dayStart)
      return {
        dayStart,
        isToday: true,
        intervals: this.today.intervals(queueId, now),
        agents: this.agentRows(queueId, this.today.agents(queueId), now),
      };
    const book = await this.pastDay(dayStart);
    return {
      dayStart,
      isToday: false,
      intervals: book.intervals(queueId, nextDayStart(dayStart, this.timeZone) - 1),
      agents: this.agentRows(queueId, book.agents(queueId), null),
    };
  }

  /**
   * Agent rows: the answered calls of `answered` joined with today's time in state (`now`), or without it
   * (null: a past day, which the gateway did not follow).
   */
  private agentRows(queueId: number, answered: AgentDayFigures[], now: number | null): AgentTodayFigures[] {
    const members = this.hub.current(`queue:${queueId}`, 'queue')?.agents ?? [];
    const names = new Map(members.map((agent) => [agent.number, agent.name]));
    const byNumber = new Map(answered.map((row) => [row.number, row]));
    const numbers = [...new Set([...members.map((agent) => agent.number), ...byNumber.keys()])];
    const dayStart = this.today.dayStart;
    return numbers.map((number) => {
      const calls = byNumber.get(number) ?? {
        number,
        answered: 0,
        talkSumSec: 0,
        avgTalkSec: null,
        longestTalkSec: null,
      };
      const time = now === null ? undefined : this.agentTime.figures(number, now);
      return {
        ...calls,
        name: names.get(number) ?? '',
        missed: time?.missed ?? 0,
        stateSec: time?.stateSec ?? zeroStates(),
        pausedByReasonSec: time?.pausedByReasonSec ?? {},
        // Never seen today: the whole day so far is time nobody saw.
        unobservedSec: time?.unobservedSec ?? (now === null ? 0 : Math.floor((now - dayStart) / 1000)),
        occupancy: time?.occupancy ?? null,
      };
    });
  }

  /** A past day counted from its call records; one read at a time per day, kept a while, failures not kept. */
  private pastDay(dayStart: number): Promise<TodayStatsBook> {
    const cached = this.pastDays.get(dayStart);
    if (cached && Date.now() - cached.at < PAST_DAY_TTL_MS) return cached.book;
    const book = this.readDay(dayStart);
    this.pastDays.set(dayStart, { at: Date.now(), book });
    book.catch((error: unknown) => {
      if (this.pastDays.get(dayStart)?.book === book) this.pastDays.delete(dayStart);
      this.log.warn({ msg: 'a past day could not be read', dayStart, error: describePbxError(error) });
    });
    while (this.pastDays.size > PAST_DAYS_KEPT) {
      const oldest = this.pastDays.keys().next().value;
      if (oldest === undefined) break;
      this.pastDays.delete(oldest);
    }
    return book;
  }

  private async readDay(dayStart: number): Promise<TodayStatsBook> {
    const records = await this.cdr.all(
      { since: dayStart, until: nextDayStart(dayStart, this.timeZone) - 1 },
      { pageSize: PAGE_SIZE, maxRecords: MAX_PAGES * PAGE_SIZE },
      { priority: 'background' },
    );
    return this.today.countDay(
      dayStart,
      records.flatMap((record) => factsFromCdr(record) ?? []),
    );
  }
}

const zeroStates = (): Record<AgentState, number> =>
  Object.fromEntries(AGENT_STATES.map((state) => [state, 0])) as Record<AgentState, number>;

/** `promise`'s value, or undefined when it takes longer than `ms` (it goes on, and its failure is the caller's). */
function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T | undefined> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => resolve(undefined), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}
