import type { RealTimers } from '../clock.js';

/** Hand-driven real timers for a RealClock: the test decides when the wall moves and fires due timeouts. */
export class FakeTimers implements RealTimers {
  wall = 0;
  armed: { fn: () => void; at: number; id: number }[] = [];
  created = 0;
  private id = 0;

  now = (): number => this.wall;

  setTimeout = (fn: () => void, ms: number): number => {
    this.created += 1;
    const id = ++this.id;
    this.armed.push({ fn, at: this.wall + ms, id });
    return id;
  };

  clearTimeout = (handle: unknown): void => {
    this.armed = this.armed.filter((t) => t.id !== handle);
  };

  /** Moves the wall by `ms` in steps of at most `stepMs`, firing timeouts that fall due. */
  tick(ms: number, stepMs = ms): void {
    for (let left = ms; left > 0; left -= stepMs) {
      this.wall += Math.min(stepMs, left);
      for (const timer of this.armed.filter((t) => t.at <= this.wall)) {
        this.armed = this.armed.filter((t) => t !== timer);
        timer.fn();
      }
    }
  }
}
