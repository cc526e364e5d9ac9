import { describe, expect, it } from 'vitest';
import { TimerQueue } from './timer-queue.js';

function drain(queue: TimerQueue, until: number): void {
  for (let item = queue.popDue(until); item; item = queue.popDue(until)) item.fn();
}

describe('TimerQueue', () => {
  it('runs by due time, and timers due together in the order they were added', () => {
    const queue = new TimerQueue();
    const order: string[] = [];
    queue.push(30, () => order.push('c'));
    queue.push(10, () => order.push('a1'));
    queue.push(20, () => order.push('b'));
    queue.push(10, () => order.push('a2'));
    drain(queue, 25);
    expect(order).toEqual(['a1', 'a2', 'b']);
    expect(queue.peekDue()).toBe(30);
  });

  it('skips cancelled timers and reports live ones only', () => {
    const queue = new TimerQueue();
    const ran: number[] = [];
    const a = queue.push(5, () => ran.push(5));
    queue.push(6, () => ran.push(6));
    queue.cancel(a);
    queue.cancel(a);
    expect(queue.size).toBe(1);
    expect(a.done).toBe(true);
    drain(queue, 10);
    expect(ran).toEqual([6]);
  });

  it('compacts when cancelled timers dominate, so memory stays bounded', () => {
    const queue = new TimerQueue();
    for (let round = 0; round < 20; round += 1) {
      const handles = Array.from({ length: 1000 }, (_, i) => queue.push(1_000_000 + i, () => undefined));
      for (const handle of handles) queue.cancel(handle);
    }
    expect(queue.size).toBe(0);
    expect((queue as unknown as { heap: unknown[] }).heap.length).toBeLessThan(3000);
  });
});
