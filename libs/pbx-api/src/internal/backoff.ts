/** Settings for jittered exponential backoff. */
export interface BackoffOptions {
  /** Ceiling of the first delay in ms. */
  initialMs: number;
  /** Largest delay in ms. */
  maxMs: number;
}

/**
 * Delay before retry `attempt` (0-based): a random value between half and all of
 * min(maxMs, initialMs * 2^attempt). The jitter keeps many clients from retrying in step after a shared
 * outage; the lower half-bound keeps a retry from firing at once.
 */
export function backoffDelay(
  attempt: number,
  options: BackoffOptions,
  random: () => number = Math.random,
): number {
  const ceiling = Math.min(options.maxMs, options.initialMs * 2 ** Math.max(0, attempt));
  return Math.round(ceiling / 2 + (random() * ceiling) / 2);
}

/** Resolves after `ms`, or rejects with the signal's reason as soon as `signal` aborts. */
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
