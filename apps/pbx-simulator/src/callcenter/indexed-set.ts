/**
 * A set with O(1) add, delete and pick-by-index, for the per-queue "available agents" that ring strategies
 * choose from. Iteration order changes on delete (swap with last) but only as a function of the operations,
 * so it stays deterministic.
 */
export class IndexedSet<T> {
  private readonly list: T[] = [];
  private readonly index = new Map<T, number>();

  get size(): number {
    return this.list.length;
  }

  /** The items; do not mutate. */
  get items(): readonly T[] {
    return this.list;
  }

  has(item: T): boolean {
    return this.index.has(item);
  }

  add(item: T): void {
    if (this.index.has(item)) return;
    this.index.set(item, this.list.length);
    this.list.push(item);
  }

  delete(item: T): void {
    const at = this.index.get(item);
    if (at === undefined) return;
    const last = this.list.pop() as T;
    this.index.delete(item);
    if (at < this.list.length) {
      this.list[at] = last;
      this.index.set(last, at);
    }
  }
}
