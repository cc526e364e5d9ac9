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
