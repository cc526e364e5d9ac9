import { describe, expect, it } from 'vitest';
import { testConfig } from '../../test/support/test-config.js';
import { sustainableQueueIntervalMs, thresholdsOf } from './queue-thresholds.js';

describe('sustainableQueueIntervalMs', () => {
  it('keeps the configured interval while the queues fit in their share of the budget', () => {
    const config = testConfig({
      POLL_QUEUES_MS: '2000',
      POLL_CONFERENCES_MS: '5000',
      PBX_MAX_REQUESTS_PER_SECOND: '20',
    });
    // share = 20 * 0.8 - 0.2 = 15.8 requests/s; 10 queues need 10 requests/s at 2 s
    expect(sustainableQueueIntervalMs(config, 10)).toBe(2_000);
  });

  it('stretches the interval when there are too many queues, instead of exceeding the budget', () => {
    const config = testConfig({
      POLL_QUEUES_MS: '2000',
      POLL_CONFERENCES_MS: '5000',
      PBX_MAX_REQUESTS_PER_SECOND: '20',
    });
    const interval = sustainableQueueIntervalMs(config, 100);
    expect(interval).toBe(Math.ceil((200 / 15.8) * 1000));
    // What the queues then ask for stays within 80 % of the budget.
    expect(((2 * 100) / interval) * 1000).toBeLessThanOrEqual(20 * 0.8);
  });
});

describe('thresholdsOf', () => {
  it("uses the queue's own thresholds, else the defaults", () => {
    const config = testConfig({
      QUEUE_THRESHOLDS: JSON.stringify({ '3': { serviceLevelSec: 30, waitingWarn: 1 } }),
    });
    expect(thresholdsOf(config, 3)).toMatchObject({ serviceLevelSec: 30, waiting: { warn: 1, critical: 6 } });
    expect(thresholdsOf(config, 4)).toMatchObject({ serviceLevelSec: 20, waiting: { warn: 3, critical: 6 } });
  });
});
