import { afterAll, describe, expect, it } from 'vitest';
import { killAll } from '../lib/procs.mjs';
import { connectSpread, spread, startBare, startWorkers } from '../lib/services.mjs';
import { measurePushes } from '../parts/event-to-screen.mjs';

afterAll(() => killAll());

describe('spread', () => {
  it('splits a total into nearly equal whole shares', () => {
    expect(spread(10, 4)).toEqual([3, 3, 2, 2]);
    expect(spread(2, 4)).toEqual([1, 1, 0, 0]);
  });
});

describe('measuring pushes (bare socket.io server, two load processes, a driver)', () => {
  it('every client receives every marker once; latencies are positive and loss is zero', async () => {
    const bare = await startBare();
    const pool = await startWorkers(2);
    const drivers = await startWorkers(1, 'driver');
    // 400-byte pushes from the bare server at 50/s; each run says which group listens and how many.
    const pushes = (run) =>
      measurePushes({
        pool,
        driver: drivers.workers[0],
        kind: 'bare',
        target: { url: bare.url, size: 400 },
        rate: 50,
        ...run,
      });
    await connectSpread(pool, 6, { group: 'bare', url: bare.url, streams: ['inbound'] });
    const result = await pushes({ group: 'bare', count: 5, graceMs: 2_000, serverPid: bare.pid });
    expect(result.n).toBe(30);
    // The server's CPU over the run per frame its clients got: a number (it may be 0 at 10 ms ticks).
    expect(result.cpuPerFrameUs).toBeGreaterThanOrEqual(0);
    expect(result.missing).toBe(0);
    expect(result.lossPct).toBe(0);
    expect(result.p50).toBeGreaterThan(0);
    expect(result.p99).toBeLessThan(2_000);
    expect(result.sampleDeltaBytes).toBe(400);
    // A closed group receives nothing: every marker counts as lost.
    await pool.all('close');
    await connectSpread(pool, 2, { group: 'other', url: bare.url, streams: ['health'] });
    const unsubscribed = await pushes({ group: 'other', count: 2, graceMs: 300 });
    expect(unsubscribed.missing).toBe(4);
    expect(unsubscribed.lossPct).toBe(100);
    await pool.stop();
    await drivers.stop();
    await bare.stop();
  });
});
