/**
 * cdr/search on older firmware (docs/pbx/records.md#cdr-search-by-firmware): the simulator started with
 * `--cdr-search older` takes display-format times only and ignores paging. The gateway's readers of the call
 * records must find the same there as on the newest firmware: today's recount gives the same figures, and the
 * held-call look-back after an outage finds the same calls.
 */
import type { QueueTodayStats } from '@switchboard/live-protocol';
import { PbxClient } from '@switchboard/pbx-api';
import { afterEach, describe, expect, it } from 'vitest';
import type { RunningGateway } from '../src/create-app.js';
import { AuditService } from '../src/ports/audit.service.js';
import { CallsService } from '../src/calls/calls.service.js';
import { DEMO_PBX } from '../src/config/gateway-config.js';
import { HeldCallsService } from '../src/inbound/held-calls.service.js';
import { CdrSearchService } from '../src/pbx/cdr-search.service.js';
import { PbxConnectionService } from '../src/pbx/pbx-connection.service.js';
import { QueuesService } from '../src/queues/queues.service.js';
import { TodayStatsService } from '../src/queues/today-stats.service.js';
import { waitFor } from './support/live-client.js';
import { GatewayFleet } from './support/gateway-fleet.js';
import { startSimulator, type RunningSimulator, type SimulatorOptions } from './support/simulator.js';

type Firmware = 'newest' | 'older';
const DAY_MS = 86_400_000;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let sim: RunningSimulator | undefined;
let fleet: GatewayFleet | undefined;
afterEach(async () => {
  await fleet?.closeAll();
  await sim?.stop();
  fleet = undefined;
  sim = undefined;
});

/** A simulator answering cdr/search like `firmware`, and a gateway (fast polls, `env` on top) against it. */
async function start(
  firmware: Firmware,
  options: SimulatorOptions,
  env: Record<string, string>,
): Promise<{ simulator: RunningSimulator; gateway: RunningGateway }> {
  const simulator = await startSimulator({
    ...options,
    extraArgs: [...(options.extraArgs ?? []), '--cdr-search', firmware],
  });
  sim = simulator;
  fleet = new GatewayFleet(() => simulator, env);
  return { simulator, gateway: await fleet.start() };
}

async function stop(): Promise<void> {
  await fleet?.closeAll();
  await sim?.stop();
  fleet = undefined;
  sim = undefined;
}

/** The PBX's own answers, for checks the gateway does not make. */
function pbxClient(simulator: RunningSimulator): PbxClient {
  return new PbxClient({
    baseUrl: simulator.url,
    auth: { clientId: DEMO_PBX.clientId, clientSecret: DEMO_PBX.clientSecret },
    retries: 0,
  });
}

describe('older firmware cdr/search (display times only, no paging)', () => {
  /** Seeded calls, all of them today (UTC): more than one recount page of 1,000. */
  const HISTORY = 2_400;

  /** Today's figures of every queue after the first recount, and the time form the gateway found. */
  async function recount(firmware: Firmware, startTime: number) {
    const { simulator, gateway } = await start(
      firmware,
      {
        scenario: 'contact-center',
        seed: 23,
        trafficRate: 0,
        extraArgs: [
          '--history',
          String(HISTORY),
          '--start-time',
          String(startTime),
          '--date-format',
          'MM/DD/YYYY',
          '--time-format',
          '12h',
        ],
      },
      { SITE_TIME_ZONE: 'UTC' },
    );
    const queues = gateway.app.get(QueuesService);
    const ids = await waitFor(
      () => (queues.watchedIds().length >= 5 ? [...queues.watchedIds()].sort((a, b) => a - b) : undefined),
      'the five queues',
      15_000,
    );
    const today = gateway.app.get(TodayStatsService);
    await waitFor(() => today.isRebuilt || undefined, 'the recount', 20_000);
    const figures = new Map<number, QueueTodayStats>(ids.map((id) => [id, today.stats(id)]));
    const form = gateway.app.get(CdrSearchService).timeForm;
    const searches = (await simulator.stats()).requests.by_operation['cdr/search'] ?? 0;
    await stop();
    return { figures, form, searches };
  }

  it('a recount of today gives the same figures as on the newest firmware', async () => {
    // The simulator's clock starts just after the next UTC midnight, so its seeded day before is today here.
    if (DAY_MS - (Date.now() % DAY_MS) < 90_000) await pause(DAY_MS - (Date.now() % DAY_MS) + 1_000);
    const startTime = Math.ceil(Date.now() / DAY_MS) * (DAY_MS / 1000) + 60;

    const newest = await recount('newest', startTime);
    const older = await recount('older', startTime);
    console.log(
      `recount of ${HISTORY} calls: newest firmware ${newest.searches} cdr/search requests (${newest.form}), older ${older.searches} (${older.form})`,
    );

    expect(newest.form).toBe('unix');
    expect(older.form).toBe('display');
    const offered = [...newest.figures.values()].reduce((sum, stats) => sum + stats.offered, 0);
    expect(offered).toBe(HISTORY);
    expect([...newest.figures.values()].some((stats) => stats.answered > 0 && stats.abandoned > 0)).toBe(
      true,
    );
    expect(older.figures).toEqual(newest.figures);
  }, 120_000);

  /** Page 2 of a day's answered calls in the call history, and the first of them found again by its id. */
  async function history(firmware: Firmware) {
    const { gateway } = await start(
      firmware,
      {
        scenario: 'small',
        seed: 5,
        trafficRate: 0,
        // The seeded calls are on 5 January 2025 (UTC).
        extraArgs: ['--history', '300', '--start-time', '2025-01-06T08:00:00Z', '--time-format', '12h'],
      },
      { SITE_TIME_ZONE: 'UTC' },
    );
    // The time form found is forgotten when the event stream opens again: search once it is open, so the form
    // read below is the one this search found (on a slow machine it opened after the search).
    const pbx = gateway.app.get(PbxConnectionService);
    await waitFor(() => pbx.health.eventStream === 'open' || undefined, 'the event stream', 15_000);
    const calls = gateway.app.get(CallsService);
    const admin = { role: 'admin', queues: 'all', display: false } as const;
    const page = await calls.search(admin, {
      from: '2025-01-05T06:00:00',
      to: '2025-01-05T18:00:00',
      status: 'ANSWERED',
      page: 2,
      pageSize: 20,
    });
    const first = page.calls[0];
    const found = first ? await calls.find(admin, first.id) : undefined;
    const form = gateway.app.get(CdrSearchService).timeForm;
    await stop();
    return { page, found: found?.summary, form };
  }

  it('the call history pages and finds a call by its id as on the newest firmware', async () => {
    const newest = await history('newest');
    const older = await history('older');
    expect(newest.page.calls).toHaveLength(20);
    expect(newest.page.total).toBeGreaterThan(40);
    expect(newest.found).toEqual(newest.page.calls[0]);
    expect(older.page).toEqual(newest.page);
    expect(older.found).toEqual(newest.found);
    expect([newest.form, older.form]).toEqual(['unix', 'display']);
  }, 60_000);

  /** Controlled trunk and DID of the small scenario with seed 31 (GET /sim/world). */
  const TRUNK = 'carrier-west';
  const DID = '8005551000';
  const HOLD_WINDOW_MS = 1_500;
  const CALLERS = ['5553100001', '5553100002', '5553100003'];

  /**
   * Calls held while the PBX is down, routed by it and over before it returns (only its call records know
   * them); the callers the look-back settled as routed unseen, and the time form it found.
   */
  async function lookBack(firmware: Firmware) {
    const { simulator, gateway } = await start(
      firmware,
      {
        scenario: 'small',
        seed: 31,
        trafficRate: 0,
        holdWindowMs: HOLD_WINDOW_MS,
        // Fast enough that routed calls are talked through and over within the outage.
        speed: 300,
        timeZone: 'Asia/Kolkata',
        extraArgs: ['--date-format', 'DD/MM/YYYY'],
      },
      { SITE_TIME_ZONE: 'Asia/Kolkata', PBX_HOLD_WINDOW_MS: String(HOLD_WINDOW_MS) },
    );
    const client = pbxClient(simulator);
    try {
      const pbx = gateway.app.get(PbxConnectionService);
      const held = gateway.app.get(HeldCallsService);
      const settled = new Map<string, string>();
      gateway.app.get(AuditService).onEntry((entry) => {
        if (entry.action === 'inbound:auto_accepted') settled.set(entry.target, entry.detail);
      });
      await waitFor(() => pbx.health.eventStream === 'open' || undefined, 'the event stream', 15_000);
      await client.system.information();

      // A call seen held first: the gateway then knows the trunk holds calls.
      const first = await simulator.post<{ call_id: string }>('/sim/inbound-calls', {
        from: '5553100000',
        to: DID,
        trunk_name: TRUNK,
      });
      await waitFor(
        () => held.list().some((call) => call.callId === first.body.call_id) || undefined,
        'the first held call on the board',
        10_000,
      );

      await simulator.post('/sim/faults', { down: true });
      await waitFor(() => pbx.health.eventStream !== 'open' || undefined, 'the event stream dropped', 10_000);
      const raised = new Map<string, string>();
      for (const from of CALLERS) {
        const answer = await simulator.post<{ call_id: string }>('/sim/inbound-calls', {
          from,
          to: DID,
          trunk_name: TRUNK,
        });
        raised.set(answer.body.call_id, from);
      }
      await pause(15_000);
      await simulator.post('/sim/faults', { down: false });
      const pbxTimeBack = (await client.system.information()).data.timestamp;

      await waitFor(
        () => [...raised.keys()].every((callId) => settled.has(callId)) || undefined,
        'every call held during the outage settled',
        20_000,
      ).catch(() => undefined);

      // The calls were over before the PBX returned: only its call records could tell of them.
      for (const from of CALLERS) {
        const records = (await client.cdr.search({ call_from: from })).data;
        expect(records, from).toHaveLength(1);
        const [record] = records;
        expect((record?.timestamp ?? Infinity) + (record?.duration ?? Infinity), from).toBeLessThanOrEqual(
          pbxTimeBack,
        );
      }
      const found = [...settled.keys()].flatMap((callId) => raised.get(callId) ?? []).sort();
      return { found, form: gateway.app.get(CdrSearchService).timeForm, settled };
    } finally {
      await client.close();
      await stop();
    }
  }

  it('the held-call look-back after an outage finds the same calls as on the newest firmware', async () => {
    const newest = await lookBack('newest');
    const older = await lookBack('older');
    console.log(
      `look-back: newest firmware found ${newest.found.length} of ${CALLERS.length} (${newest.form}), older ${older.found.length} (${older.form})`,
    );
    expect(newest.found).toEqual(CALLERS);
    expect(older.found).toEqual(newest.found);
    expect(older.form).toBe('display');
    for (const detail of older.settled.values()) expect(detail).toMatch(/while its link was down/);
  }, 150_000);
});
