import type { AgentDayFigures, QueueIntervalFigures, QueueTodayStats } from '@switchboard/live-protocol';
import type { FinishedCallFacts } from './call-record.js';
import { CdrAttribution, type AttributionQueue } from './cdr-attribution.js';
import { nextDayStart, zonedDayStart } from './day-boundary.js';
import { TodayStatsBook, type TodayStatsOptions } from './today-stats.model.js';

/**
 * Today's figures for every queue, kept honest across restarts and midnights. Pure (time comes in as
 * `now`): the service feeds it the day's CDRs (rebuild) and 30012 events (live), and calls
 * {@link rollIfNewDay} on a timer. Counters only ever restart at the day boundary in the site time zone.
 */
export class DailyQueueStats {
  readonly attribution = new CdrAttribution();
  private book: TodayStatsBook;
  private nextBoundary: number;
  /**
   * Every call of the day by call id: from its CDR once one was read (the PBX's record is the truth), else
   * from its 30012 event. The figures are always this set counted by one rule, so the live figures and a
   * recount from the CDRs agree whenever they hold the same records.
   */
  private facts = new Map<string, { call: FinishedCallFacts; fromCdr: boolean }>();

  constructor(
    private readonly options: TodayStatsOptions,
    now: number,
  ) {
    this.book = new TodayStatsBook(zonedDayStart(now, options.timeZone), options);
    this.nextBoundary = nextDayStart(now, options.timeZone);
  }

  /** Start of the day being counted (epoch ms). */
  get dayStart(): number {
    return this.book.dayStart;
  }

  /** When the current day ends (epoch ms). */
  get dayEnd(): number {
    return this.nextBoundary;
  }

  /** Replaces the watched queues (attribution needs their numbers and agents). */
  setQueues(queues: readonly AttributionQueue[]): void {
    this.attribution.setQueues(queues);
  }

  /** Starts a new day when `now` is past the boundary; returns whether it did. */
  rollIfNewDay(now: number): boolean {
    if (now < this.nextBoundary) return false;
    this.book = new TodayStatsBook(zonedDayStart(now, this.options.timeZone), this.options);
    this.nextBoundary = nextDayStart(now, this.options.timeZone);
    this.attribution.reset();
    this.facts = new Map();
    return true;
  }

  /** A call finished (30012). Returns the queue it was counted for, or undefined (duplicate or no queue). */
  addFinishedCall(call: FinishedCallFacts): number | undefined {
    if (this.facts.has(call.callId)) return undefined;
    this.facts.set(call.callId, { call, fromCdr: false });
    const queue = this.attribution.attribute(call);
    if (queue === undefined) return undefined;
    return this.book.record(queue, call) ? queue : undefined;
  }

  /** Calls known from their 30012 event only, with when they were reported; their CDR is still to be read. */
  unconfirmed(): FinishedCallFacts[] {
    return [...this.facts.values()].filter((entry) => !entry.fromCdr).map((entry) => entry.call);
  }

  /**
   * Merges CDRs read from the PBX (a recount of the whole day, or the records of recently finished calls)
   * and counts the day again: a CDR replaces what its call's event said, calls only reported by events so
   * far are kept, and none is counted twice. `forDayStart` is the day the CDRs were fetched for; a read that
   * straddled midnight is dropped (returns false).
   */
  merge(cdrs: readonly FinishedCallFacts[], forDayStart: number): boolean {
    if (forDayStart !== this.book.dayStart) return false;
    for (const call of cdrs) this.facts.set(call.callId, { call, fromCdr: true });
    const book = new TodayStatsBook(this.book.dayStart, this.options);
    const calls = [...this.facts.values()].map((entry) => entry.call);
    for (const [call, queue] of this.attribution.attributeAll(calls)) book.record(queue, call);
    this.book = book;
    return true;
  }

  /**
   * `calls` of another day counted by the same attribution and rules, apart from today's: a past day's
   * figures (last week's same weekday, a report).
   */
  countApart(dayStart: number, calls: readonly FinishedCallFacts[]): TodayStatsBook {
    const book = new TodayStatsBook(dayStart, this.options);
    // Today's DIDs (rule 3) are not last week's: that day learns its own.
    for (const [call, queue] of this.attribution.fresh().attributeAll(calls)) book.record(queue, call);
    return book;
  }

  /** Today's figures of one queue. */
  stats(queueId: number): QueueTodayStats {
    return this.book.stats(queueId);
  }

  /** Today's answered calls of each agent of one queue. */
  agents(queueId: number): AgentDayFigures[] {
    return this.book.agents(queueId);
  }

  /** Finished offered calls of the queue that started at or after `since` (epoch ms). */
  startedSince(queueId: number, since: number): number {
    return this.book.startedSince(queueId, since);
  }

  /** One queue's day in intervals up to the one holding `now`. */
  intervals(queueId: number, now: number): QueueIntervalFigures[] {
    return this.book.intervals(queueId, now);
  }
}
