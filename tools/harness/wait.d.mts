/** Resolves after `ms`. */
export declare function sleep(ms: number): Promise<void>;

/** `20 s` for whole seconds, `1500 ms` otherwise. */
export declare function duration(ms: number): string;

export interface WaitUntilOptions {
  /** Pause between two tries (default 100 ms). */
  intervalMs?: number;
  /** Asked before every try: a reason (text or Error) ends the wait at once with that error. */
  bail?: () => string | Error | undefined | null | false;
}

/**
 * Polls `check` until it returns something truthy and resolves with that; a check that throws is tried
 * again. Fails after `timeoutMs` naming `what` (and the last error), or at once when `bail` gives a reason.
 * For plain Node code (bench, `npm start`); vitest tests use `waitFor` of ./vitest-wait.mjs.
 */
export declare function waitUntil<T>(
  check: () => T | undefined | null | false | Promise<T | undefined | null | false>,
  what: string,
  timeoutMs: number,
  options?: WaitUntilOptions,
): Promise<T>;
