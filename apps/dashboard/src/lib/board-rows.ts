import type { QueueView } from '@switchboard/live-protocol';

/** One queue of a wallboard: its data if it arrived, how fresh it is, and why there is none. */
export interface QueueRow {
  id: number;
  name: string;
  view: QueueView | undefined;
  stale: boolean;
  ageMs: number | null;
  /** While stale: the gateway time its timers stand still at. */
  frozenAt: number | null;
  /** While stale: what the stale mark says. */
  staleNote: string | null;
  /** While today's figures are being recounted: since when, local time. */
  recountSince: number | null;
  /** Why there is no data, when there is none. */
  note: string;
}

/** The board-wide freshness: the oldest queue's age, and stale when any queue is. */
export function boardFreshness(rows: readonly QueueRow[]): { ageMs: number | null; stale: boolean } {
  const ages = rows.map((row) => row.ageMs).filter((age): age is number => age !== null);
  return {
    ageMs: ages.length === 0 ? null : Math.max(...ages),
    stale: rows.some((row) => row.stale),
  };
}
