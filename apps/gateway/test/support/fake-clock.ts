import { afterEach, beforeEach, vi } from 'vitest';

/** Fake timers starting at `now` for each test of the calling `describe` block; real ones again after it. */
export function useFakeClock(now: number): void {
  beforeEach(() => {
    vi.useFakeTimers({ now });
  });
  afterEach(() => {
    vi.useRealTimers();
  });
}
