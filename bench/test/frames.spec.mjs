import { afterAll, describe, expect, it } from 'vitest';
import { killAll } from '../lib/procs.mjs';
import { connectSpread, startBare, startWorkers } from '../lib/services.mjs';
import { framesPerCall, measurePushes } from '../parts/event-to-screen.mjs';

afterAll(() => killAll());

describe('frames per held call per client (bare socket.io server, two load processes)', () => {
  it('counts each frame carrying a measured call once per client, and nothing from before the reset', async () => {
    const bare = await startBare();
    const pool = await startWorkers(2);
    const drivers = await startWorkers(1, 'driver');
    try {
      await connectSpread(pool, 4, { group: 'bare', url: bare.url, streams: ['inbound'] });
      const target = { url: bare.url, size: 300 };
      const base = { pool, driver: drivers.workers[0], group: 'bare', kind: 'bare', target, rate: 50 };
      const push = (count) => measurePushes({ ...base, count, graceMs: 2_000 });
      await push(2);
      await pool.all('framesReset', () => ({ group: 'bare' }));
      const runs = [await push(3), await push(2)];
      expect(runs.flatMap((run) => run.keys)).toHaveLength(5);
      // The bare server sends one frame per push: 5 calls x 4 clients frames, 1 per call per client.
      expect(await framesPerCall(pool, 'bare', runs)).toBe(1);
      // Frames of calls outside the runs are not counted; a reset forgets what came before.
      const later = await push(1);
      expect(await framesPerCall(pool, 'bare', runs)).toBe(1);
      await pool.all('framesReset', () => ({ group: 'bare' }));
      expect(await framesPerCall(pool, 'bare', [later])).toBe(0);
    } finally {
      await pool.stop();
      await drivers.stop();
      await bare.stop();
    }
  });
});
