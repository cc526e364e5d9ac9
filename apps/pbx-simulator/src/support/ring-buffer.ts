/** A fixed-capacity list that drops its oldest item when full, so long soaks keep memory bounded. */
export class RingBuffer<T> {
  private items: (T | undefined)[];
  private start = 0;
  private count = 0;

  constructor(readonly capacity: number) {
    if (!Number.isInteger(capacity) || capacity < 1)
      throw new RangeError('capacity must be a positive integer');
    this.items = new Array<T | undefined>(capacity);
  }

  get size(): number {
    return this.count;
  }

  /** Appends `item`; returns the item that was dropped to make room, if any. */
  push(item: T): T | undefined {
    if (this.count < this.capacity) {
      this.items[(this.start + this.count) % this.capacity] = item;
      this.count++;
      return undefined;
    }
    const dropped = this.items[this.start];
    this.items[this.start] = item;
    this.start = (this.start + 1) % this.capacity;
    return dropped;
  }

  /** Items from newest to oldest. */
  *newestFirst(): IterableIterator<T> {
    for (let i = this.count - 1; i >= 0; i--) yield this.items[(this.start + i) % this.capacity] as T;
  }

  /** Items from oldest to newest. */
  *oldestFirst(): IterableIterator<T> {
    for (let i = 0; i < this.count; i++) yield this.items[(this.start + i) % this.capacity] as T;
  }

  clear(): void {
    this.items = new Array<T | undefined>(this.capacity);
    this.start = 0;
    this.count = 0;
  }
}
