/**
 * The timers of the simulation in one binary heap ordered by (due time, creation order), so items due at
 * the same instant always run in the order they were scheduled: one of the two pillars of determinism
 * (the other is the seeded random stream).
 */

/** A scheduled callback; pass it to `cancel`. */
export interface TimerHandle {
  /** Simulated time (unix ms) the callback is due. */
  readonly due: number;
  /** True once cancelled or run. */
  readonly done: boolean;
}

interface Entry extends TimerHandle {
  due: number;
  seq: number;
  fn: () => void;
  done: boolean;
}

const NOOP = (): void => undefined;

function before(a: Entry, b: Entry): boolean {
  return a.due < b.due || (a.due === b.due && a.seq < b.seq);
}

/** A min-heap of timers with lazy cancellation. */
export class TimerQueue {
  private heap: Entry[] = [];
  private seq = 0;
  private cancelled = 0;

  /** Live (not cancelled) timers. */
  get size(): number {
    return this.heap.length - this.cancelled;
  }

  /** Adds a timer due at simulated time `due`. */
  push(due: number, fn: () => void): TimerHandle {
    const entry: Entry = { due, seq: this.seq++, fn, done: false };
    this.heap.push(entry);
    this.siftUp(this.heap.length - 1);
    return entry;
  }

  /** Cancels a timer; a timer already run or cancelled is left alone. */
  cancel(handle: TimerHandle | undefined): void {
    const entry = handle as Entry | undefined;
    if (!entry || entry.done) return;
    entry.done = true;
    entry.fn = NOOP; // let the closure go now rather than when the entry surfaces
    this.cancelled += 1;
    // Cancelled entries wait in the heap until they surface; compact when they dominate so memory stays bounded.
    if (this.cancelled > 1024 && this.cancelled * 2 > this.heap.length) this.compact();
  }

  /** Due time of the earliest live timer, or undefined when there is none. */
  peekDue(): number | undefined {
    this.dropCancelledHead();
    return this.heap[0]?.due;
  }

  /** Removes and returns the earliest live timer if it is due at or before `time`. */
  popDue(time: number): { due: number; fn: () => void } | undefined {
    this.dropCancelledHead();
    const head = this.heap[0];
    if (!head || head.due > time) return undefined;
    this.removeHead();
    head.done = true;
    return { due: head.due, fn: head.fn };
  }

  /** Drops every timer. */
  clear(): void {
    for (const entry of this.heap) entry.done = true;
    this.heap = [];
    this.cancelled = 0;
  }

  private dropCancelledHead(): void {
    while (this.heap.length > 0 && (this.heap[0] as Entry).done) {
      this.removeHead();
      this.cancelled -= 1;
    }
  }

  private removeHead(): void {
    const last = this.heap.pop() as Entry;
    if (this.heap.length > 0) {
      this.heap[0] = last;
      this.siftDown(0);
    }
  }

  private compact(): void {
    this.heap = this.heap.filter((entry) => !entry.done);
    this.cancelled = 0;
    for (let i = (this.heap.length >> 1) - 1; i >= 0; i -= 1) this.siftDown(i);
  }

  private siftUp(index: number): void {
    const heap = this.heap;
    let i = index;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (!before(heap[i] as Entry, heap[parent] as Entry)) break;
      [heap[i], heap[parent]] = [heap[parent] as Entry, heap[i] as Entry];
      i = parent;
    }
  }

  private siftDown(index: number): void {
    const heap = this.heap;
    let i = index;
    for (;;) {
      const left = 2 * i + 1;
      const right = left + 1;
      let smallest = i;
      if (left < heap.length && before(heap[left] as Entry, heap[smallest] as Entry)) smallest = left;
      if (right < heap.length && before(heap[right] as Entry, heap[smallest] as Entry)) smallest = right;
      if (smallest === i) return;
      [heap[i], heap[smallest]] = [heap[smallest] as Entry, heap[i] as Entry];
      i = smallest;
    }
  }
}
