import type { AgentState } from './views.js';
import { PayloadReader } from './reader.js';
import type { Result } from './result.js';

/** One interval of a queue's day (by default 15 minutes), counted by the rule of the day's figures. */
export interface QueueIntervalFigures {
  /** Start of the interval (epoch ms); a call belongs to the interval in which it started. */
  start: number;
  offered: number;
  answered: number;
  abandoned: number;
  /** Abandoned before the short-abandon cut-off; left out of the service level. */
  shortAbandoned: number;
  /** 0-100, or null when no call of the interval counts toward it. */
  serviceLevel: number | null;
  /** Average wait of the answered calls (seconds), or null when none was answered. */
  avgWaitSec: number | null;
  /** Longest wait of any call of the interval, answered or not (seconds), or null when none was offered. */
  longestWaitSec: number | null;
}

/** One agent's answered queue calls today, in one queue (or summed over the queues a viewer sees). */
export interface AgentDayFigures {
  /** The agent's extension number. */
  number: string;
  answered: number;
  /** Sum of the talk time of those calls (seconds): averages are summed this way across queues. */
  talkSumSec: number;
  /** Average talk time (seconds), or null before the first answered call. */
  avgTalkSec: number | null;
  /** Longest of those calls (seconds), or null before the first. */
  longestTalkSec: number | null;
}

/** One agent's figures over several queues (the rows of each queue for that agent). */
export function sumAgentDayFigures(number: string, rows: readonly AgentDayFigures[]): AgentDayFigures {
  const answered = rows.reduce((sum, row) => sum + row.answered, 0);
  const talkSumSec = rows.reduce((sum, row) => sum + row.talkSumSec, 0);
  const longest = rows.reduce<number | null>(
    (max, row) => (row.longestTalkSec === null ? max : Math.max(max ?? 0, row.longestTalkSec)),
    null,
  );
  return {
    number,
    answered,
    talkSumSec,
    avgTalkSec: answered === 0 ? null : Math.round((talkSumSec / answered) * 10) / 10,
    longestTalkSec: longest,
  };
}

/**
 * One agent's day as the console's agent table shows it: the answered calls (from the call records, per
 * queue) and the time in each state and the missed calls (followed by the gateway, for the agent whatever
 * queue rang them: the PBX reports an agent's state, not on whose behalf).
 */
export interface AgentTodayFigures extends AgentDayFigures {
  name: string;
  /** Queue calls that rang the agent and were not answered by them. */
  missed: number;
  /** Seconds in each state since the day's start, as the gateway saw the agent. */
  stateSec: Record<AgentState, number>;
  /** Paused seconds by pause reason ('' = none given); they sum to `stateSec.paused`. */
  pausedByReasonSec: Record<string, number>;
  /** Seconds nobody saw (gateway stopped, PBX unreachable, before the agent was first seen today). */
  unobservedSec: number;
  /** Time on calls ÷ time logged in and not paused (0-1), or null before any such time. */
  occupancy: number | null;
}

/** A day's intervals of one queue, as a chart draws them. */
export interface QueueDayIntervals {
  /** Start of the day (epoch ms) in the site's time zone. */
  dayStart: number;
  intervals: QueueIntervalFigures[];
}

/** Data of GET /api/queues/:id/intervals: today so far, and the same weekday of last week beside it. */
export interface QueueIntervalsAnswer {
  queueId: number;
  timeZone: string;
  /** Length of one interval (minutes). */
  intervalMin: number;
  today: QueueDayIntervals;
  /** The same weekday a week ago, whole, from the PBX's call records; null while it cannot be read. */
  lastWeek: QueueDayIntervals | null;
  /** Set while today's figures may be short (a recount is pending): calls since then (epoch ms) may be missing. */
  recountPendingSince?: number;
}

/** Data of GET /api/queues/:id/agents: today's figures of each agent of the queue. */
export interface QueueAgentsTodayAnswer {
  queueId: number;
  dayStart: number;
  timeZone: string;
  agents: AgentTodayFigures[];
  recountPendingSince?: number;
}

/** What a day report (CSV) covers: a day in the site's time zone, and queues (omitted: all in scope). */
export interface DayReportQuery {
  /** YYYY-MM-DD in the site's time zone. */
  date: string;
  queues?: number[];
}

/** The two CSV reports of a day. */
export const DAY_REPORTS = ['intervals', 'agents'] as const;
export type DayReport = (typeof DAY_REPORTS)[number];

/** Reports reach back this many days: the PBX keeps call records longer, but a report reads the whole day. */
export const DAY_REPORT_MAX_DAYS_BACK = 62;

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Whether `text` is a real calendar date YYYY-MM-DD. */
export function isCalendarDate(text: string): boolean {
  const match = DATE.exec(text);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/**
 * Reads the query of a day report: `date` (YYYY-MM-DD) and optional `queues` (comma-separated queue ids, as a
 * query string carries them). Unknown parameters are refused, each problem named.
 */
export function parseDayReportQuery(input: unknown): Result<DayReportQuery> {
  const r = new PayloadReader(input);
  const date = r.input['date'];
  if (typeof date !== 'string' || !isCalendarDate(date)) r.problem('date', 'must be a date YYYY-MM-DD');
  const rawQueues = r.input['queues'];
  let queues: number[] | undefined;
  if (rawQueues !== undefined && rawQueues !== '') {
    const parts = typeof rawQueues === 'string' ? rawQueues.split(',') : [];
    const ids = parts.map((part) => (/^\d{1,9}$/.test(part.trim()) ? Number(part.trim()) : NaN));
    if (ids.length === 0 || ids.length > 200 || ids.some((id) => !(id > 0)))
      r.problem('queues', 'must be 1 to 200 queue ids, comma-separated');
    else queues = [...new Set(ids)];
  }
  const unknown = Object.keys(r.input).filter((key) => key !== 'date' && key !== 'queues');
  for (const key of unknown) r.problem(key, 'is not a report parameter');
  return r.result({ date: String(date), ...(queues ? { queues } : {}) });
}
