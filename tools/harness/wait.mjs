// Polling outside vitest (bench, `npm start`, process readiness). Inside a vitest test use ./vitest-wait.mjs,
// which is vi.waitFor with a message that names what was awaited.

/** Resolves after `ms`. */
export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** `20 s` for whole seconds, `1500 ms` otherwise. */
export function duration(ms) {
  return ms >= 1_000 && ms % 1_000 === 0 ? `${ms / 1_000} s` : `${ms} ms`;
}

/**
 * Polls `check` every `intervalMs` until it returns something truthy, and resolves with that. A check that
 * throws is tried again (a process may still be starting); only the last failure is reported. `bail`, asked
 * before every try, ends the wait at once when it answers a reason (a process died: no point waiting on).
 */
export async function waitUntil(check, what, timeoutMs, { intervalMs = 100, bail } = {}) {
  const deadline = Date.now() + timeoutMs;
  let lastError;
  for (;;) {
    const reason = bail?.();
    if (reason) throw reason instanceof Error ? reason : new Error(String(reason));
    try {
      const value = await check();
      if (value) return value;
    } catch (error) {
      lastError = error;
    }
    if (Date.now() > deadline) {
      const cause = lastError instanceof Error ? ` (last error: ${lastError.message})` : '';
      throw new Error(`timed out after ${duration(timeoutMs)} waiting for ${what}${cause}`);
    }
    await sleep(intervalMs);
  }
}
