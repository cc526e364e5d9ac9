// The one wait of vitest tests: vi.waitFor, with a failure that names what was awaited.
import { vi } from 'vitest';

/**
 * Retries `probe` every `intervalMs` until it returns (or resolves to) a value other than undefined, null or
 * false, and resolves with that value. A probe that throws is retried too. After `timeoutMs` it fails with
 * `timed out after … waiting for <what>` and the probe's last error, if any.
 */
export function waitFor(probe, what, timeoutMs = 5_000, intervalMs = 20) {
  const message = `timed out after ${timeoutMs} ms waiting for ${what}`;
  const attempt = (value) => {
    if (value === undefined || value === null || value === false) throw new Error(message);
    return value;
  };
  const failed = (error) => {
    throw error instanceof Error && error.message === message
      ? error
      : new Error(`${message} (last error: ${error instanceof Error ? error.message : String(error)})`, {
          cause: error,
        });
  };
  return vi.waitFor(
    () => {
      try {
        const value = probe();
        return value instanceof Promise ? value.then(attempt, failed) : attempt(value);
      } catch (error) {
        return failed(error);
      }
    },
    { timeout: timeoutMs, interval: intervalMs },
  );
}
