import type { QueueView } from '@switchboard/live-protocol';
import { formatClock } from './format.js';

/** How many poll intervals may pass before data counts as stale. */
export const STALE_AFTER_INTERVALS = 2.5;

/**
 * Whether data the gateway last confirmed at `confirmedAt` (gateway clock) is older than it should be
 * at `serverNow` (this screen's clock corrected to the gateway's).
 */
export function isStale(confirmedAt: number, pollIntervalMs: number, serverNow: number): boolean {
  return serverNow - confirmedAt > STALE_AFTER_INTERVALS * pollIntervalMs;
}

const knownAt = new WeakMap<QueueView, number>();

/**
 * The gateway time up to which a queue's data is known to be true: its last confirmation by a poll, or a
 * later change the gateway learned from a PBX event (which dates an agent's or a caller's `since`). Timers
 * of stale data freeze here instead of counting on as if live. Cached per view (views are never mutated).
 */
export function lastKnownAt(view: QueueView): number {
  const cached = knownAt.get(view);
  if (cached !== undefined) return cached;
  let latest = view.confirmedAt;
  for (const agent of view.agents) if (agent.since > latest) latest = agent.since;
  for (const caller of view.waiting) if (caller.since > latest) latest = caller.since;
  knownAt.set(view, latest);
  return latest;
}

/** What a stale mark says after "Not live": "as of 14:02:09, PBX link down". `asOf` is local time. */
export function staleNote(asOf: number | null, reason: string): string {
  return asOf === null ? reason : `as of ${formatClock(asOf)}, ${reason}`;
}

/**
 * How anything on screen marks data that is not live: hatched (base.css `.stale`), and `data-stale` for
 * tests and e2e. Spread onto the element with v-bind, beside its own classes.
 */
export function staleMarks(stale: boolean): { class: { stale: boolean }; 'data-stale': 'true' | 'false' } {
  return { class: { stale }, 'data-stale': stale ? 'true' : 'false' };
}
