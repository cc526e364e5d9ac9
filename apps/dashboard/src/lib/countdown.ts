/** Milliseconds left until `deadline` (gateway clock) at `serverNow`, never negative. */
export function remainingMs(deadline: number, serverNow: number): number {
  return Math.max(0, deadline - serverNow);
}

/** Share of the hold window still left, 0..1, for the countdown ring. */
export function remainingFraction(deadline: number, serverNow: number, windowMs: number): number {
  if (windowMs <= 0) return 0;
  return Math.min(1, remainingMs(deadline, serverNow) / windowMs);
}

/** Whole seconds shown in the ring: 9.2 s left reads "10" so zero shows only when time is up. */
export function secondsLeft(deadline: number, serverNow: number): number {
  return Math.ceil(remainingMs(deadline, serverNow) / 1000);
}
