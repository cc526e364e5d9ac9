import type { HeldCallView, KeyedPatch } from '@switchboard/live-protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningGateway } from '../src/create-app.js';
import { tokenFor } from './support/auth-fixtures.js';
import { connectClient, type TestClient } from './support/command-client.js';
import { LiveTestClient, waitFor } from './support/live-client.js';
import { eventStreamOpen, startStack, stopStack } from './support/stack.js';
import type { RunningSimulator } from './support/simulator.js';

/** The controlled trunk and a DID of the small scenario (GET /sim/world). */
const TRUNK = 'carrier-west';
const DID = '8005551000';
const HOLD_WINDOW_MS = 10_000;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** How a held call reached the screens, as a supervisor's socket saw it. */
interface Shown {
  /** First time it was shown pending, with the deadline then shown. */
  pendingAt?: number;
  deadline?: number;
  /** Settled as accepted automatically while nobody could see it, with the reason. */
  unseenReason?: string;
}

/** A call the test raised, and how the screens got it. */
interface Seen extends Shown {
  raisedAt: number;
  label: string;
}

describe('no held call lost through PBX outages and dropped event sockets', () => {
  let sim: RunningSimulator;
  let gateway: RunningGateway;
  let watcher: LiveTestClient;
  let sup: TestClient;
  const seen = new Map<string, Seen>();
  /**
   * Every held call the screen was told about, raised by the test or not yet known to it: the prompt can
   * reach the socket before the simulator's answer to the POST that raised the call reaches the test.
   */
  const shown = new Map<string, Shown>();
  let counter = 0;

  const decisionsAtPbx = async () => {
    const ops = (await sim.stats()).requests.by_operation;
    return (ops['call/accept_inbound'] ?? 0) + (ops['call/refuse_inbound'] ?? 0);
  };

  /** Every held call the supervisor's screen is told about, as it arrives. */
  function record(calls: readonly HeldCallView[]): void {
    for (const call of calls) {
      const entry = shown.get(call.callId) ?? {};
      shown.set(call.callId, entry);
      if (call.status === 'pending' && entry.pendingAt === undefined) {
        entry.pendingAt = Date.now();
        entry.deadline = call.deadline;
      }
      if (call.unseenReason) entry.unseenReason = call.unseenReason;
    }
  }

  /** Waits `afterMs`, then holds a new call on the PBX; the label says when, for the log. */
  async function raiseAfter(afterMs: number, label: string): Promise<string> {
    await pause(afterMs);
    const raisedAt = Date.now();
    const answer = await sim.post<{ call_id: string }>('/sim/inbound-calls', {
      from: `55530${String(counter++).padStart(5, '0')}`,
      to: DID,
      trunk_name: TRUNK,
    });
    const callId = answer.body.call_id;
    const screen = shown.get(callId) ?? {};
    shown.set(callId, screen);
    // One object for both maps: what the screen shows later lands in the test's entry too.
    seen.set(callId, Object.assign(screen, { raisedAt, label }));
    return callId;
  }

  beforeAll(async () => {
    ({ sim, gateway } = await startStack(
      { scenario: 'small', seed: 31, trafficRate: 0, holdWindowMs: HOLD_WINDOW_MS },
      { POLL_QUEUES_MS: '1000', PBX_TIMEOUT_MS: '2000', POLL_MAX_BACKOFF_MS: '30000' },
    ));
    await eventStreamOpen(gateway);
    const token = tokenFor(gateway, 'sup');
    watcher = await LiveTestClient.connect(gateway.url, token);
    watcher.socket.on('snapshot', (snapshot) => {
      if (snapshot.stream === 'inbound') record(snapshot.data as HeldCallView[]);
    });
    watcher.socket.on('delta', (delta) => {
      if (delta.stream === 'inbound') record((delta.patch as KeyedPatch<HeldCallView>).upsert);
    });
    await watcher.request('subscribe', { streams: ['inbound', 'health'] });
    sup = await connectClient(gateway.url, token);
  });
  afterAll(async () => {
    watcher?.close();
    sup?.close();
    await stopStack(gateway, sim);
  });

  it('shows every call still held, records every call routed unseen, and decides none twice', async () => {
    const pbxDecisionsBefore = await decisionsAtPbx();

    // A PBX outage of 15 s: a call raised early in it is routed by the PBX before it returns; one raised
    // late is still held when it returns.
    await sim.post('/sim/faults', { down: true });
    await raiseAfter(1_000, 'during the outage, routed before the PBX returned');
    await raiseAfter(11_000, 'during the outage, still held when the PBX returned');
    await pause(3_000);
    await sim.post('/sim/faults', { down: false });
    const returnedAt = Date.now();
    await raiseAfter(300, '0.3 s after the PBX returned');
    await raiseAfter(600, '0.9 s after the PBX returned');
    await pause(6_000);

    // A dropped event socket: a call raised 0.2 s later arrives while the stream reconnects.
    await sim.post('/sim/faults', { dropEventSockets: true });
    const afterDrop = await raiseAfter(200, '0.2 s after the event socket dropped');

    // Everything is shown or recorded within the hold window.
    await waitFor(
      () => [...seen.values()].every((s) => s.pendingAt !== undefined || s.unseenReason !== undefined),
      'every held call shown or recorded',
      HOLD_WINDOW_MS + 5_000,
    ).catch(() => undefined);

    // A decision on a call found after the drop reaches the PBX exactly once, even when sent twice.
    const first = await sup.command<HeldCallView>('inbound:decide', {
      callId: afterDrop,
      decision: 'accept',
    });
    const second = await sup.command<HeldCallView>('inbound:decide', {
      callId: afterDrop,
      decision: 'accept',
    });
    await pause(500);
    const pbxDecisions = (await decisionsAtPbx()) - pbxDecisionsBefore;

    let lost = 0;
    for (const [callId, s] of seen) {
      const how =
        s.pendingAt !== undefined
          ? `shown pending ${s.pendingAt - s.raisedAt} ms after it was raised, ${Math.round(((s.deadline ?? 0) - (s.pendingAt ?? 0)) / 100) / 10} s left of ${HOLD_WINDOW_MS / 1000} s`
          : s.unseenReason !== undefined
            ? `recorded: ${s.unseenReason}`
            : 'LOST';
      if (how === 'LOST') lost++;
      console.log(`held call ${callId} (${s.label}): ${how}`);
    }
    console.log(
      `held calls: ${seen.size} raised, ${lost} lost; decisions sent by the supervisor 2 (the same call), decisions at the PBX ${pbxDecisions}; PBX returned at +0 s, first call after it shown ${
        [...seen.values()].find((s) => s.raisedAt > returnedAt)?.pendingAt !== undefined ? 'yes' : 'no'
      }`,
    );

    expect(lost).toBe(0);
    const outage = [...seen.values()];
    expect(outage[0]?.unseenReason).toMatch(/while its link was down/);
    for (const s of outage.slice(1)) expect(s.pendingAt).toBeDefined();
    expect(first.ok).toBe(true);
    expect(second).toMatchObject({ ok: false, error: { code: 'conflict' } });
    expect(pbxDecisions).toBe(1);
  }, 90_000);
});
