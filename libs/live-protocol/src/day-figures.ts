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
