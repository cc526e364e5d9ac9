import { describe, expect, it } from 'vitest';
import { QueuesService } from '../src/queues/queues.service.js';
import { TodayStatsService } from '../src/queues/today-stats.service.js';
import { waitFor } from './support/live-client.js';
import { fleetOnSimulator, todayOf } from './support/gateway-fleet.js';

const ZONE = 'America/Los_Angeles';

describe("today's figures survive a gateway restart", () => {
  const { fleet } = fleetOnSimulator(
    { scenario: 'small', trafficRate: 5, speed: 20, seed: 5 },
    { SITE_TIME_ZONE: ZONE },
  );
  const gateway = () => fleet.start();
  const today = todayOf;

  it('counts calls live, then rebuilds the same day from the CDRs after a restart', async () => {
    const first = await gateway();
    const queueId = await waitFor(
      () => first.app.get(QueuesService).watchedIds()[0],
      'the queue list',
      10_000,
    );
    await waitFor(() => first.app.get(TodayStatsService).isRebuilt, 'the first rebuild', 10_000);
    const counted = await waitFor(
      () => {
        const stats = today(first, queueId);
        return stats && stats.offered >= 3 && stats.answered >= 1 ? stats : undefined;
      },
      'a few finished queue calls',
      25_000,
    );
    expect(counted.timeZone).toBe(ZONE);
    expect(new Date(counted.dayStart).toLocaleTimeString('en-GB', { timeZone: ZONE })).toBe('00:00:00');
    await fleet.close(first);

    const second = await gateway();
    await waitFor(() => second.app.get(TodayStatsService).isRebuilt, 'the rebuild after restart', 10_000);
    const rebuilt = await waitFor(() => today(second, queueId), 'the queue view', 10_000);
    expect(rebuilt.dayStart).toBe(counted.dayStart);
    expect(rebuilt.offered).toBeGreaterThanOrEqual(counted.offered);
    expect(rebuilt.answered).toBeGreaterThanOrEqual(counted.answered);
    expect(rebuilt.abandoned + rebuilt.shortAbandoned).toBeGreaterThanOrEqual(
      counted.abandoned + counted.shortAbandoned,
    );
  });
});
