import type { AgentDayFigures, QueueIntervalFigures, QueueTodayStats } from '@switchboard/live-protocol';
import type { FinishedCallFacts } from './call-record.js';

/** Settings of {@link TodayStatsBook}. */
export interface TodayStatsOptions {
  timeZone: string;
  /** Unanswered calls that waited less than this many seconds are short abandons. */
  shortAbandonSec: number;
  /** Answer within this many seconds counts toward the queue's service level. */
  serviceLevelSecOf: (queueId: number) => number;
  /** Length of one interval of the day (ms), 15 minutes unless configured. */
  intervalMs: number;
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
  /** Longest wait of a call of this tally, answered or not (seconds). */
  longestWaitSec: number;
}

const emptyTally = (): Tally => ({
  offered: 0,
  answered: 0,
  abandoned: 0,
  shortAbandoned: 0,
  answeredWithinThreshold: 0,
  waitSumSec: 0,
  talkSumSec: 0,
  longestWaitSec: 0,
});

/** The tallies of one queue: the whole day, and each interval of it by its index from the day's start. */
interface QueueTallies {
  day: Tally;
  intervals: Map<number, Tally>;
  /** Answered calls by the extension that answered them. */
  agents: Map<string, AgentTally>;
  /** When each offered call with a known start started (epoch ms), for the recent arrival rate. */
  starts: number[];
}

interface AgentTally {
  answered: number;
  talkSumSec: number;
  longestTalkSec: number;
}

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
  private readonly tallies = new Map<number, QueueTallies>();
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
    const tallies = this.talliesOf(queueId);
    const outcome = outcomeOf(call, this.options.shortAbandonSec);
    const withinThreshold = call.waitSec <= this.options.serviceLevelSecOf(queueId);
    addCall(tallies.day, call, outcome, withinThreshold);
    // An answered queue call's callee is the agent who answered it (see FinishedCallFacts.toNumber).
    if (outcome === 'answered' && call.toNumber) {
      const agent = tallies.agents.get(call.toNumber) ?? { answered: 0, talkSumSec: 0, longestTalkSec: 0 };
      tallies.agents.set(call.toNumber, agent);
      agent.answered++;
      agent.talkSumSec += call.talkSec;
      agent.longestTalkSec = Math.max(agent.longestTalkSec, call.talkSec);
    }
    // A call known only from its 30012 event has no start yet: it joins its interval when its CDR is read.
    if (call.startedAt !== null) {
      tallies.starts.push(call.startedAt);
      const index = Math.floor((call.startedAt - this.dayStart) / this.options.intervalMs);
      const interval = tallies.intervals.get(index) ?? emptyTally();
      tallies.intervals.set(index, interval);
      addCall(interval, call, outcome, withinThreshold);
    }
    return true;
  }

  private talliesOf(queueId: number): QueueTallies {
    let tallies = this.tallies.get(queueId);
    if (!tallies) {
      tallies = { day: emptyTally(), intervals: new Map(), agents: new Map(), starts: [] };
      this.tallies.set(queueId, tallies);
    }
    return tallies;
  }

  /** The figures of one queue. */
  stats(queueId: number): QueueTodayStats {
    const t = this.tallies.get(queueId)?.day ?? emptyTally();
    return {
      dayStart: this.dayStart,
      timeZone: this.options.timeZone,
      offered: t.offered,
      answered: t.answered,
      abandoned: t.abandoned,
      shortAbandoned: t.shortAbandoned,
      answeredWithinThreshold: t.answeredWithinThreshold,
      ...ratesOf(t),
      avgTalkSec: t.answered === 0 ? null : round1(t.talkSumSec / t.answered),
    };
  }

  /** The answered calls of each agent who answered a call of the queue today, by extension. */
  agents(queueId: number): AgentDayFigures[] {
    const agents = this.tallies.get(queueId)?.agents ?? new Map<string, AgentTally>();
    // An agent has a tally only once it answered a call, so the average always has a divisor.
    return [...agents].map(([number, t]) => ({
      number,
      answered: t.answered,
      talkSumSec: t.talkSumSec,
      avgTalkSec: round1(t.talkSumSec / t.answered),
      longestTalkSec: t.longestTalkSec,
    }));
  }

  /** Offered calls of the queue that started at or after `since` (epoch ms) and have finished. */
  startedSince(queueId: number, since: number): number {
    let count = 0;
    for (const start of this.tallies.get(queueId)?.starts ?? []) if (start >= since) count += 1;
    return count;
  }

  /**
   * One queue's day in intervals, from the day's start up to the interval holding `until` (epoch ms), an
   * interval without calls included with zeros, so a chart's time axis has no holes.
   */
  intervals(queueId: number, until: number): QueueIntervalFigures[] {
    const counted = this.tallies.get(queueId)?.intervals ?? new Map<number, Tally>();
    const last = Math.max(-1, Math.floor((until - this.dayStart) / this.options.intervalMs));
    const out: QueueIntervalFigures[] = [];
    for (let index = 0; index <= last; index += 1) {
      const t = counted.get(index) ?? emptyTally();
      out.push({
        start: this.dayStart + index * this.options.intervalMs,
        offered: t.offered,
        answered: t.answered,
        abandoned: t.abandoned,
        shortAbandoned: t.shortAbandoned,
        ...ratesOf(t),
        longestWaitSec: t.offered === 0 ? null : t.longestWaitSec,
      });
    }
    return out;
  }
}

function addCall(
  tally: Tally,
  call: FinishedCallFacts,
  outcome: QueueCallOutcome,
  withinThreshold: boolean,
): void {
  tally.offered++;
  tally.longestWaitSec = Math.max(tally.longestWaitSec, call.waitSec);
  switch (outcome) {
    case 'answered':
      tally.answered++;
      tally.waitSumSec += call.waitSec;
      tally.talkSumSec += call.talkSec;
      if (withinThreshold) tally.answeredWithinThreshold++;
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
}

/** Service level (0-100; short abandons left out) and average wait of the answered calls. */
function ratesOf(t: Tally): { serviceLevel: number | null; avgWaitSec: number | null } {
  const slBase = t.answered + t.abandoned;
  return {
    serviceLevel: slBase === 0 ? null : round1((t.answeredWithinThreshold / slBase) * 100),
    avgWaitSec: t.answered === 0 ? null : round1(t.waitSumSec / t.answered),
  };
}
