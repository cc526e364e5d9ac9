import type { AlertChannelView, QueueView, RestResult } from '@switchboard/live-protocol';
import { queueStream } from '@switchboard/live-protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningGateway } from '../src/create-app.js';
import { startHookReceiver, type HookReceiver } from './support/alert-receivers.js';
import { tokenFor } from './support/auth-fixtures.js';
import { connectClient, rest, waitFor, type TestClient } from './support/command-client.js';
import { ROOMY_BUDGETS, queues1And2Polled, startStack, stopStack } from './support/stack.js';
import type { RunningSimulator } from './support/simulator.js';

const WINDOW_MS = 20_000;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** What a screen and the PBX see over one window. */
interface Window {
  /** PBX requests per second. */
  pbxPerSec: number;
  /** How old the queue's data was on a screen, sampled every 100 ms: median and 95th percentile (ms). */
  ageP50: number;
  ageP95: number;
  /** REST round trips of GET /api/queues during the window: 95th percentile (ms). */
  restP95: number;
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
};

/**
 * A contact point whose receiver hangs (accepts the connection, never answers) and one that answers 500 to
 * everything cannot slow the gateway: over a window of live traffic with both failing on every message (a
 * reminder every 5 s, retries), the PBX sees the same request rate, the screens' queue data is as fresh, and
 * REST answers as fast as over the same window without them. The figures are printed for the record.
 */
describe('failing alert targets do not slow the gateway', () => {
  let sim: RunningSimulator;
  let gateway: RunningGateway;
  let hooks: HookReceiver;
  let screen: TestClient;
  let admin: string;

  const measure = async (): Promise<Window> => {
    const before = (await sim.stats()).requests.total;
    const ages: number[] = [];
    const trips: number[] = [];
    const started = Date.now();
    while (Date.now() - started < WINDOW_MS) {
      const view = screen.data<'queue'>(queueStream(1)) as QueueView | undefined;
      if (view) ages.push(Date.now() - view.confirmedAt);
      if (ages.length % 10 === 0) {
        const t0 = performance.now();
        await rest(gateway.url, 'GET', '/api/queues', admin);
        trips.push(performance.now() - t0);
      }
      await sleep(100);
    }
    const requests = (await sim.stats()).requests.total - before;
    return {
      pbxPerSec: requests / ((Date.now() - started) / 1000),
      ageP50: percentile(ages, 50),
      ageP95: percentile(ages, 95),
      restP95: percentile(trips, 95),
    };
  };

  beforeAll(async () => {
    hooks = await startHookReceiver();
    hooks.answer('/hang', 'hang');
    hooks.answer('/fail', 500);
    ({ sim, gateway } = await startStack(
      { scenario: 'contact-center', seed: 9, trafficRate: 3, speed: 10 },
      {
        ...ROOMY_BUDGETS,
        QUEUES: '1,2',
        POLL_QUEUES_MS: '500',
        ALERT_TARGETS_ALLOWED: '127.0.0.1',
        // Every queue is at warn from its first caller: incidents all the time.
        QUEUE_THRESHOLDS: JSON.stringify({ '1': { waitingWarn: 1 }, '2': { waitingWarn: 1 } }),
      },
    ));
    await queues1And2Polled(gateway, 15_000);
    admin = tokenFor(gateway, 'admin');
    screen = await connectClient(gateway.url, tokenFor(gateway, 'sup'));
    await screen.subscribe([queueStream(1)]);
  }, 60_000);

  afterAll(async () => {
    screen?.close();
    await stopStack(gateway, sim);
    await hooks?.close();
  });

  it('keeps the PBX request rate, the screens’ freshness and REST times while targets hang or fail', async () => {
    const without = await measure();
    const rules = [
      { kind: 'queue', level: 'warn', dwellSec: 0, cooldownSec: 0, repeatSec: 5 },
      { kind: 'agent-paused', dwellSec: 0, cooldownSec: 0, repeatSec: 5 },
    ];
    for (const path of ['/hang', '/fail'])
      await rest(gateway.url, 'POST', '/api/alert-channels', admin, {
        kind: 'webhook',
        name: `Target ${path}`,
        url: `${hooks.url}${path}`,
        queues: 'all',
        rules,
      });
    await waitFor(
      () => hooks.received.some((h) => h.path === '/hang') || undefined,
      'the first hanging delivery',
      30_000,
    );
    const withFailing = await measure();
    console.log(`failing alert targets: ${JSON.stringify({ without, withFailing })}`);

    const listed = await rest<RestResult<AlertChannelView[]>>(
      gateway.url,
      'GET',
      '/api/alert-channels',
      admin,
    );
    const states = listed.body.ok ? listed.body.data.map((c) => c.delivery.state) : [];
    // Both are failing or retrying, and say so; neither is "ok".
    expect(states.every((state) => state === 'retrying' || state === 'failing')).toBe(true);
    expect(hooks.received.filter((h) => h.path === '/fail').length).toBeGreaterThan(1);

    expect(withFailing.pbxPerSec).toBeGreaterThan(without.pbxPerSec * 0.85);
    expect(withFailing.pbxPerSec).toBeLessThan(without.pbxPerSec * 1.15);
    expect(withFailing.ageP95).toBeLessThan(without.ageP95 + 500);
    expect(withFailing.restP95).toBeLessThan(Math.max(without.restP95 * 2, without.restP95 + 50));
  }, 120_000);
});
