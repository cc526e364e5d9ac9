import type { QueueTodayStats } from '@switchboard/live-protocol';
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
  /** Calls reported live today; merged again after every rebuild so none is lost. */
  private live: FinishedCallFacts[] = [];

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
    this.live = [];
    return true;
  }

  /** A call finished (30012). Returns the queue it was counted for, or undefined (duplicate or no queue). */
  addFinishedCall(call: FinishedCallFacts): number | undefined {
    if (this.book.has(call.callId)) return undefined;
    const queue = this.attribution.attribute(call);
    if (queue === undefined) return undefined;
    if (!this.book.record(queue, call)) return undefined;
    this.live.push(call);
    return queue;
  }

  /**
   * Recounts the day from its CDRs (all pages of cdr/search since {@link dayStart}), keeping calls that
   * were reported live but are not in the CDRs yet. `forDayStart` is the day the CDRs were fetched for;
   * a rebuild that straddled midnight is dropped (returns false).
   */
  rebuild(cdrs: readonly FinishedCallFacts[], forDayStart: number): boolean {
    if (forDayStart !== this.book.dayStart) return false;
    const book = new TodayStatsBook(this.book.dayStart, this.options);
    const calls = [...cdrs, ...this.live];
    for (const [call, queue] of this.attribution.attributeAll(calls)) book.record(queue, call);
    this.book = book;
    return true;
  }

  /** Today's figures of one queue. */
  stats(queueId: number): QueueTodayStats {
    return this.book.stats(queueId);
  }
}
