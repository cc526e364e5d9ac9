/**
 * vi.waitFor for a probe that answers a value: retries `probe` (default every 20 ms) until it returns or
 * resolves to something other than undefined, null or false, and resolves with that. A probe that throws is
 * retried too. After `timeoutMs` (default 5 s) it fails naming `what`, with the probe's last error if any.
 * Only inside vitest tests; plain Node code uses `waitUntil` of ./wait.mjs.
 */
export declare function waitFor<T>(
  probe: () => T | undefined | null | false | Promise<T | undefined | null | false>,
  what: string,
  timeoutMs?: number,
  intervalMs?: number,
): Promise<T>;
