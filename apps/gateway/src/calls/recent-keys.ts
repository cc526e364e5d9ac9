/**
 * Remembers keys for a while: `first(key)` is true the first time a key is seen within `windowMs`. Used so a
 * player renewing its recording link every few minutes is audited once per listening, not once per link.
 * Bounded: beyond `capacity` keys the oldest are forgotten.
 */
export class RecentKeys {
  private readonly seen = new Map<string, number>();

  constructor(
    private readonly windowMs: number,
    private readonly capacity = 10_000,
    private readonly now: () => number = Date.now,
  ) {}

  first(key: string): boolean {
    const at = this.now();
    const last = this.seen.get(key);
    if (last !== undefined && at - last < this.windowMs) return false;
    this.seen.delete(key);
    this.seen.set(key, at);
    for (const oldest of this.seen.keys()) {
      if (this.seen.size <= this.capacity) break;
      this.seen.delete(oldest);
    }
    return true;
  }
}
