import type { QueueTodayStats } from '@switchboard/live-protocol';
import type { FinishedCallFacts } from './call-record.js';

/** Settings of {@link TodayStatsBook}. */
export interface TodayStatsOptions {
  timeZone: string;
  /** Unanswered calls that waited less than this many seconds are short abandons. */
  shortAbandonSec: number;
  /** Answer within this many seconds counts toward the queue's service level. */
  serviceLevelSecOf: (queueId: number) => number;
}

/** How a queue call ended, for today's figures. */
export type QueueCallOutcome = 'answered' | 'abandoned' | 'short_abandoned' | 'other';

interface Tally {
  offered: number;
  answered: number;
  abandoned: number;
  shortAbandoned: number;
  answeredWithinThreshold: number;
  waitSumSec: number;
  talkSumSec: number;
}

const emptyTally = (): Tally => ({
  offered: 0,
  answered: 0,
  abandoned: 0,
  shortAbandoned: 0,
  answeredWithinThreshold: 0,
  waitSumSec: 0,
  talkSumSec: 0,
});

/** The outcome of a queue call (see the README's metric definitions). */
export function outcomeOf(call: FinishedCallFacts, shortAbandonSec: number): QueueCallOutcome {
  if (call.disposition === 'ANSWERED') return 'answered';
  // Sent to voicemail by the queue: offered, but the caller neither got an agent nor hung up.
  if (call.disposition === 'VOICEMAIL') return 'other';
  return call.waitSec < shortAbandonSec ? 'short_abandoned' : 'abandoned';
}

const round1 = (value: number): number => Math.round(value * 10) / 10;

/**
 * Today's figures per queue since the day boundary. Pure: fed finished calls, each counted once however
 * often it is reported (CDR search and 30012 overlap), and replaced wholesale at the day boundary.
 */
export class TodayStatsBook {
  private readonly tallies = new Map<number, Tally>();
  private readonly counted = new Set<string>();

  constructor(
    /** Start of the day this book counts (epoch ms). */
    readonly dayStart: number,
    private readonly options: TodayStatsOptions,
  ) {}

  /** Whether `callId` is already counted. */
  has(callId: string): boolean {
    return this.counted.has(callId);
  }

  /** Number of calls counted, all queues. */
  get size(): number {
    return this.counted.size;
  }

  /**
   * Counts a finished call of `queueId`. Returns false (and counts nothing) when the call was counted
   * before or started before the day boundary.
   */
  record(queueId: number, call: FinishedCallFacts): boolean {
    if (this.counted.has(call.callId)) return false;
    if (call.startedAt !== null && call.startedAt < this.dayStart) return false;
    this.counted.add(call.callId);
    const tally = this.tallies.get(queueId) ?? emptyTally();
    this.tallies.set(queueId, tally);
    tally.offered++;
    switch (outcomeOf(call, this.options.shortAbandonSec)) {
      case 'answered':
        tally.answered++;
        tally.waitSumSec += call.waitSec;
        tally.talkSumSec += call.talkSec;
        if (call.waitSec <= this.options.serviceLevelSecOf(queueId)) tally.answeredWithinThreshold++;
        break;
      case 'abandoned':
        tally.abandoned++;
        break;
      case 'short_abandoned':
        tally.shortAbandoned++;
        break;
      default:
        break;
    }
    return true;
  }

  /** The figures of one queue. */
  stats(queueId: number): QueueTodayStats {
    const t = this.tallies.get(queueId) ?? emptyTally();
    const slBase = t.answered + t.abandoned;
    return {
      dayStart: this.dayStart,
      timeZone: this.options.timeZone,
      offered: t.offered,
      answered: t.answered,
      abandoned: t.abandoned,
      shortAbandoned: t.shortAbandoned,
      answeredWithinThreshold: t.answeredWithinThreshold,
      serviceLevel: slBase === 0 ? null : round1((t.answeredWithinThreshold / slBase) * 100),
      avgWaitSec: t.answered === 0 ? null : round1(t.waitSumSec / t.answered),
      avgTalkSec: t.answered === 0 ? null : round1(t.talkSumSec / t.answered),
    };
  }
}
