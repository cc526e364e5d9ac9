import type { FigureLevel } from '@switchboard/live-protocol';

/** How a figure compares with its thresholds (judged by live-protocol's queue alerts). */
export type Level = FigureLevel;

/** Whether a pause has lasted longer than the queue allows. */
export function pauseOverdue(pausedForSec: number, maxPauseSec: number | null): boolean {
  return maxPauseSec !== null && pausedForSec > maxPauseSec;
}
