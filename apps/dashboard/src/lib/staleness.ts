/** How many poll intervals may pass before data counts as stale. */
export const STALE_AFTER_INTERVALS = 2.5;

/**
 * Whether data the gateway last confirmed at `confirmedAt` (gateway clock) is older than it should be
 * at `serverNow` (this screen's clock corrected to the gateway's).
 */
export function isStale(confirmedAt: number, pollIntervalMs: number, serverNow: number): boolean {
  return serverNow - confirmedAt > STALE_AFTER_INTERVALS * pollIntervalMs;
}
