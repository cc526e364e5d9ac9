/** Settings for exponential backoff with full jitter. */
export interface BackoffOptions {
  /** First delay ceiling in ms. */
  initialMs: number;
  /** Largest delay in ms. */
  maxMs: number;
}

/**
 * Delay before attempt `attempt` (0-based): a random value up to min(max, initial * 2^attempt).
 * Full jitter keeps many clients from retrying in step after a shared outage.
 */
export function backoffDelay(
  attempt: number,
  options: BackoffOptions,
  random: () => number = Math.random,
): number {
  const ceiling = Math.min(options.maxMs, options.initialMs * 2 ** attempt);
  return Math.round(ceiling / 2 + (random() * ceiling) / 2);
}

/** Resolves after `ms`, or rejects early when `signal` aborts. */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
