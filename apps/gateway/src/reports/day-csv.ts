import { AGENT_STATES, type QueueRef } from '@switchboard/live-protocol';
import { csvRow } from '../calls/csv.js';
import { localMinuteOf } from '../queues/day-boundary.js';
import type { DayOfQueue } from './day-figures.service.js';

/** One queue's day, named, for a report. */
export interface QueueDay {
  queue: QueueRef;
  day: DayOfQueue;
}

/** The intervals report: one row per queue and interval, in the site's local time. */
export function intervalsCsv(days: readonly QueueDay[], timeZone: string): string {
  const head = csvRow([
    'queue_id',
    'queue',
    'interval_start',
    'offered',
    'answered',
    'abandoned',
    'short_abandoned',
    'service_level_pct',
    'avg_wait_sec',
    'longest_wait_sec',
  ]);
  const rows = days.flatMap(({ queue, day }) =>
    day.intervals.map((interval) =>
      csvRow([
        queue.id,
        queue.name,
        localMinuteOf(interval.start, timeZone),
        interval.offered,
        interval.answered,
        interval.abandoned,
        interval.shortAbandoned,
        interval.serviceLevel,
        interval.avgWaitSec,
        interval.longestWaitSec,
      ]),
    ),
  );
  return head + rows.join('');
}

/**
 * The agents report: one row per queue and agent. Time in state is followed for today only; a past day's
 * rows leave those cells empty rather than show zeros nobody measured.
 */
export function agentsCsv(days: readonly QueueDay[]): string {
  const head = csvRow([
    'queue_id',
    'queue',
    'agent',
    'name',
    'answered',
    'talk_sec',
    'avg_talk_sec',
    'longest_talk_sec',
    'missed',
    ...AGENT_STATES.map((state) => `${state}_sec`),
    'paused_by_reason',
    'not_seen_sec',
    'occupancy_pct',
  ]);
  const rows = days.flatMap(({ queue, day }) =>
    day.agents.map((agent) => {
      const followed = day.isToday;
      return csvRow([
        queue.id,
        queue.name,
        agent.number,
        agent.name,
        agent.answered,
        agent.talkSumSec,
        agent.avgTalkSec,
        agent.longestTalkSec,
        followed ? agent.missed : null,
        ...AGENT_STATES.map((state) => (followed ? agent.stateSec[state] : null)),
        followed
          ? Object.entries(agent.pausedByReasonSec)
              .map(([reason, sec]) => `${reason || 'no reason'}=${sec}`)
              .join('; ')
          : null,
        followed ? agent.unobservedSec : null,
        followed && agent.occupancy !== null ? Math.round(agent.occupancy * 1000) / 10 : null,
      ]);
    }),
  );
  return head + rows.join('');
}
