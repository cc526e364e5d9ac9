import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RequestBudget } from '../pbx/request-budget.js';
import { PollScheduler, type PollJob } from './poll-scheduler.js';

const T0 = 5_000_000;
const elapsed = () => Date.now() - T0;
const gapsOf = (times: number[]) => times.slice(1).map((time, i) => time - (times[i] ?? 0));

function recorder(key: string, intervalMs: number, body: () => Promise<void> = async () => undefined) {
  const starts: number[] = [];
  const job: PollJob = {
    key,
    kind: 'test',
    intervalMs,
    run: async () => {
      starts.push(elapsed());
      await body();
    },
  };
  return { job, starts };
}

describe('PollScheduler', () => {
  let scheduler: PollScheduler;
  beforeEach(() => {
    vi.useFakeTimers({ now: T0 });
  });
  afterEach(() => {
    scheduler.stop();
    vi.useRealTimers();
  });

  it('runs a job every interval plus its jitter', async () => {
    scheduler = new PollScheduler({ jitter: 0.1, maxBackoffMs: 10_000, random: () => 0.5 });
    const { job, starts } = recorder('q', 1_000);
    scheduler.add(job, 100);
    await vi.advanceTimersByTimeAsync(4_300);
    expect(starts).toEqual([100, 1_150, 2_200, 3_250, 4_300]);
  });

  it('spreads runs randomly within the jitter fraction', async () => {
    let draw = 0;
    const draws = [0, 0.99, 0.3];
    scheduler = new PollScheduler({
      jitter: 0.2,
      maxBackoffMs: 10_000,
      random: () => draws[draw++ % 3] ?? 0,
    });
    const { job, starts } = recorder('q', 1_000);
    scheduler.add(job);
    await vi.advanceTimersByTimeAsync(3_500);
    const gaps = gapsOf(starts);
    expect(gaps).toEqual([1_000, 1_198, 1_060]);
  });

  it('never overlaps runs of one job: a slow run delays the next instead of doubling up', async () => {
    scheduler = new PollScheduler({ jitter: 0, maxBackoffMs: 10_000 });
    let concurrent = 0;
    let maxConcurrent = 0;
    const { job, starts } = recorder('slow', 100, async () => {
      concurrent++;
      maxConcurrent = Math.max(maxConcurrent, concurrent);
      await new Promise((resolve) => setTimeout(resolve, 250));
      concurrent--;
    });
    scheduler.add(job);
    await vi.advanceTimersByTimeAsync(50);
    expect(scheduler.runSoon('slow', 0)).toBe(false); // running: not brought forward
    await vi.advanceTimersByTimeAsync(1_000);
    expect(maxConcurrent).toBe(1);
    // Each run starts right after the previous one ends (a 0 ms timer fires after 1 ms).
    const gaps = gapsOf(starts);
    expect(gaps).toHaveLength(4);
    for (const gap of gaps) {
      expect(gap).toBeGreaterThanOrEqual(250);
      expect(gap).toBeLessThanOrEqual(251);
    }
  });

  it('retries one failure promptly, then backs off exponentially up to the maximum, then returns to its interval', async () => {
    scheduler = new PollScheduler({ jitter: 0, maxBackoffMs: 1_000 });
    let failing = true;
    const { job, starts } = recorder('q', 100, async () => {
      if (failing) throw new Error('PBX down');
    });
    scheduler.add(job);
    await vi.advanceTimersByTimeAsync(3_000);
    // retry after a quarter interval (25), then 200, 400, 800, then capped at 1000
    expect(starts).toEqual([0, 25, 225, 625, 1_425, 2_425]);
    failing = false;
    await vi.advanceTimersByTimeAsync(1_200);
    expect(starts.slice(6)).toEqual([3_425, 3_525, 3_625, 3_725, 3_825, 3_925, 4_025, 4_125]);
  });

  it('a single failure costs a retry within the interval, not a doubled interval', async () => {
    scheduler = new PollScheduler({ jitter: 0, maxBackoffMs: 30_000 });
    let calls = 0;
    const { job, starts } = recorder('q', 2_000, async () => {
      if (++calls === 2) throw new Error('one lost answer');
    });
    scheduler.add(job);
    await vi.advanceTimersByTimeAsync(6_000);
    expect(starts).toEqual([0, 2_000, 2_500, 4_500]);
  });

  it('keeps retrying promptly while the PBX answers other requests: lost answers in a row are no dead PBX', async () => {
    let answering = true;
    scheduler = new PollScheduler({ jitter: 0, maxBackoffMs: 30_000, answering: () => answering });
    let calls = 0;
    const { job, starts } = recorder('q', 2_000, async () => {
      if ([2, 3, 4].includes(++calls)) throw new Error('a lost answer');
    });
    scheduler.add(job);
    await vi.advanceTimersByTimeAsync(4_000);
    // Three failures in a row, each retried after 500 ms, then the interval again.
    expect(starts).toEqual([0, 2_000, 2_500, 3_000, 3_500]);
    answering = false;
    calls = 1;
    await vi.advanceTimersByTimeAsync(10_000);
    // The PBX answers nothing now: a prompt retry, then backoff (4 s, 8 s).
    expect(starts.slice(5)).toEqual([5_500, 6_000, 10_000]);
  });

  it('runs every backing-off job again at once when told the PBX answers again, spread out', async () => {
    scheduler = new PollScheduler({ jitter: 0, maxBackoffMs: 30_000 });
    let failing = true;
    const body = async () => {
      if (failing) throw new Error('PBX down');
    };
    const a = recorder('a', 1_000, body);
    const b = recorder('b', 1_000, body);
    const healthy = recorder('c', 1_000);
    scheduler.add(a.job);
    scheduler.add(b.job);
    scheduler.add(healthy.job, 500);
    await vi.advanceTimersByTimeAsync(20_000); // a and b now wait 16 s between attempts
    const before = { a: a.starts.length, b: b.starts.length, c: healthy.starts.length };
    failing = false;
    expect(scheduler.retryFailingNow(400)).toBe(2);
    await vi.advanceTimersByTimeAsync(450);
    expect(a.starts.slice(before.a)).toEqual([20_000]);
    expect(b.starts.slice(before.b)).toEqual([20_200]);
    // The healthy job keeps its own rhythm.
    expect(healthy.starts.length - before.c).toBeLessThanOrEqual(1);
  });

  it('runs a job early on request, but not twice within the minimum gap', async () => {
    scheduler = new PollScheduler({ jitter: 0, maxBackoffMs: 10_000 });
    const { job, starts } = recorder('q', 1_000);
    scheduler.add(job);
    await vi.advanceTimersByTimeAsync(100);
    expect(scheduler.runSoon('q', 500)).toBe(false);
    await vi.advanceTimersByTimeAsync(500);
    expect(scheduler.runSoon('q', 500)).toBe(true);
    await vi.advanceTimersByTimeAsync(1_700);
    expect(starts).toEqual([0, 600, 1_600]);
  });

  it('reports every run with its duration and error', async () => {
    const completed: [string, number, unknown][] = [];
    scheduler = new PollScheduler({
      jitter: 0,
      maxBackoffMs: 10_000,
      onCompleted: (job, ms, error) => completed.push([job.key, ms, error]),
    });
    const failure = new Error('boom');
    scheduler.add({
      key: 'x',
      kind: 'test',
      intervalMs: 1_000,
      run: () => new Promise((_, reject) => setTimeout(() => reject(failure), 40)),
    });
    await vi.advanceTimersByTimeAsync(100);
    expect(completed).toEqual([['x', 40, failure]]);
  });

  it('removes and stops jobs', async () => {
    scheduler = new PollScheduler({ jitter: 0, maxBackoffMs: 10_000 });
    const a = recorder('a', 100);
    const b = recorder('b', 100);
    scheduler.add(a.job);
    scheduler.add(b.job);
    await vi.advanceTimersByTimeAsync(150);
    scheduler.remove('a');
    await vi.advanceTimersByTimeAsync(200);
    scheduler.stop();
    await vi.advanceTimersByTimeAsync(500);
    expect(a.starts).toEqual([0, 100]);
    expect(b.starts).toEqual([0, 100, 200, 300]);
  });

  it('with the request budget, stretches many jobs evenly and never exceeds the rate', async () => {
    scheduler = new PollScheduler({ jitter: 0.1, maxBackoffMs: 10_000 });
    const budget = new RequestBudget(10);
    const sent: number[] = [];
    const counts = new Map<string, number>();
    for (let i = 0; i < 12; i++) {
      const key = `queue:${i}`;
      scheduler.add(
        {
          key,
          kind: 'queue',
          intervalMs: 200,
          run: async () => {
            for (let r = 0; r < 2; r++) {
              await budget.acquire();
              sent.push(elapsed());
            }
            counts.set(key, (counts.get(key) ?? 0) + 1);
          },
        },
        (i * 200) / 12,
      );
    }
    await vi.advanceTimersByTimeAsync(10_000);
    budget.close();
    for (let start = 0; start <= 9_000; start += 100) {
      expect(sent.filter((t) => t >= start && t < start + 1_000).length).toBeLessThanOrEqual(10);
    }
    expect(sent.length).toBeGreaterThanOrEqual(95);
    const perJob = [...counts.values()];
    expect(Math.max(...perJob) - Math.min(...perJob)).toBeLessThanOrEqual(1);
  });

  it('holds every job while paused and resumes each with its first-run delay', async () => {
    scheduler = new PollScheduler({ jitter: 0, maxBackoffMs: 10_000 });
    scheduler.pause();
    const a = recorder('a', 1_000);
    const b = recorder('b', 1_000);
    scheduler.add(a.job, 0);
    scheduler.add(b.job, 500);
    expect(scheduler.runSoon('a', 0)).toBe(false);
    await vi.advanceTimersByTimeAsync(3_000);
    expect([...a.starts, ...b.starts]).toEqual([]);
    scheduler.resume();
    await vi.advanceTimersByTimeAsync(1_600);
    expect(a.starts).toEqual([3_000, 4_000]);
    expect(b.starts).toEqual([3_500, 4_500]);
    scheduler.pause();
    await vi.advanceTimersByTimeAsync(5_000);
    expect(a.starts).toHaveLength(2);
    expect(scheduler.keys()).toEqual(['a', 'b']);
  });

  it('does not reschedule a run that was under way when paused', async () => {
    scheduler = new PollScheduler({ jitter: 0, maxBackoffMs: 10_000 });
    const slow = recorder('slow', 1_000, () => new Promise((resolve) => setTimeout(resolve, 300)));
    scheduler.add(slow.job);
    await vi.advanceTimersByTimeAsync(100);
    scheduler.pause();
    await vi.advanceTimersByTimeAsync(5_000);
    expect(slow.starts).toEqual([0]);
    scheduler.resume();
    await vi.advanceTimersByTimeAsync(10);
    expect(slow.starts).toEqual([0, 5_100]);
  });
});
