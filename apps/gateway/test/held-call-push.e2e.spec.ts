import { globalAgent } from 'node:https';
import type { HeldCallView, PushPayload, RestResult } from '@switchboard/live-protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningGateway } from '../src/create-app.js';
import { tokenFor } from './support/auth-fixtures.js';
import { connectClient, rest, waitFor, type TestClient } from './support/command-client.js';
import {
  startPushService,
  type PushServiceStandIn,
  type StandInSubscription,
} from './support/push-service.js';
import { ROOMY_BUDGETS, eventStreamOpen, startStack, stopStack } from './support/stack.js';
import type { RunningSimulator } from './support/simulator.js';
import { TEST_TLS_CERT } from './support/test-tls.js';

/** The controlled trunk and a DID of the small scenario (GET /sim/world); the route leads to queue 1. */
const TRUNK = 'carrier-west';
const DID = '8005551000';
const HOLD_WINDOW_MS = 6_000;

type Offer = Extract<PushPayload, { type: 'held-call' }>;
type Withdrawal = Extract<PushPayload, { type: 'held-call-withdrawn' }>;

/**
 * Held calls in a supervisor's pocket: a web push (checked and decrypted by a push service stand-in as a
 * browser's would be) offers each held call to the opted-in supervisors who may decide it; Accept from the
 * notification reaches the PBX once, through the socket command's path, and every screen shows who decided; the
 * offer is withdrawn; an action after the PBX's window is told it is too late.
 */
describe('held calls decided from a phone notification', () => {
  let sim: RunningSimulator;
  let gateway: RunningGateway;
  let pushService: PushServiceStandIn;
  let phone: StandInSubscription;
  let watcher: TestClient;
  let counter = 0;

  const accepts = async () => (await sim.stats()).requests.by_operation['call/accept_inbound'] ?? 0;
  const pushes = (endpointId: string) =>
    pushService.received.filter((p) => p.endpointId === endpointId).map((p) => p.payload as PushPayload);
  const offerOf = (callId: string) =>
    pushes(phone.endpointId).find((p): p is Offer => p.type === 'held-call' && p.callId === callId);
  const hold = async () => {
    const held = await sim.post<{ call_id: string }>('/sim/inbound-calls', {
      from: `55561${String(counter++).padStart(5, '0')}`,
      to: DID,
      trunk_name: TRUNK,
    });
    expect(held.status).toBe(200);
    return held.body.call_id;
  };
  const decide = (actionToken: string, action: 'accept' | 'refuse') =>
    rest<RestResult<HeldCallView>>(gateway.url, 'POST', '/api/push/held-call-decision', undefined, {
      actionToken,
      action,
    });

  beforeAll(async () => {
    pushService = await startPushService();
    globalAgent.options.ca = TEST_TLS_CERT;
    ({ sim, gateway } = await startStack(
      { scenario: 'small', seed: 3, trafficRate: 0, holdWindowMs: HOLD_WINDOW_MS },
      { ...ROOMY_BUDGETS, POLL_QUEUES_MS: '500', ALERT_TARGETS_ALLOWED: '127.0.0.1' },
    ));
    await eventStreamOpen(gateway);
    const sup = tokenFor(gateway, 'sup');
    const key = await rest<RestResult<{ publicKey: string }>>(
      gateway.url,
      'GET',
      '/api/push/vapid-public-key',
      sup,
    );
    if (!key.body.ok) throw new Error('no VAPID key');
    phone = pushService.subscribe(key.body.data.publicKey);
    expect((await rest(gateway.url, 'POST', '/api/push/subscriptions', sup, phone.subscription)).status).toBe(
      200,
    );
    watcher = await connectClient(gateway.url, tokenFor(gateway, 'sup2'));
    await watcher.subscribe(['inbound']);
  }, 60_000);

  afterAll(async () => {
    watcher?.close();
    await stopStack(gateway, sim);
    await pushService?.close();
  });

  it('offers the held call with the caller and Accept; Accept reaches the PBX once and every screen shows who', async () => {
    const before = await accepts();
    const callId = await hold();
    const offer = await waitFor(() => offerOf(callId), 'the push offer of the held call', 5_000);
    expect(offer).toMatchObject({ queueId: 1, title: expect.stringContaining('Held call from 55561') });
    expect(offer.expiresAt).toBeGreaterThan(Date.now());
    const received = pushService.received.find((p) => (p.payload as Offer).callId === callId);
    expect(received).toMatchObject({ urgency: 'high', topic: expect.stringMatching(/^[\w-]{1,32}$/) });

    const answer = await decide(offer.actionToken, 'accept');
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ ok: true, data: { callId, status: 'accepted', decidedBy: 'sup' } });
    expect(await accepts()).toBe(before + 1);
    // Another supervisor's screen shows who decided.
    await waitFor(
      () =>
        (watcher.data<'inbound'>('inbound') as HeldCallView[] | undefined)?.find(
          (c) => c.callId === callId && c.decidedBy === 'sup',
        ),
      'the decision on the other screen',
    );
    // The offer is withdrawn with the outcome, under the same topic.
    const withdrawn = await waitFor(
      () =>
        pushes(phone.endpointId).find(
          (p): p is Withdrawal => p.type === 'held-call-withdrawn' && p.callId === callId,
        ),
      'the withdrawal',
    );
    expect(withdrawn.body).toBe('Accepted by sup');
    expect(
      pushService.received
        .filter((p) => (p.payload as { callId?: string }).callId === callId)
        .map((p) => p.topic),
    ).toEqual([received?.topic, received?.topic]);
    // A second press, or the same token again: first decision wins, nothing more reaches the PBX.
    const again = await decide(offer.actionToken, 'refuse');
    expect(again.status).toBe(409);
    expect(await accepts()).toBe(before + 1);
  }, 30_000);

  it('says it is too late once the PBX’s window has ended', async () => {
    const callId = await hold();
    const offer = await waitFor(() => offerOf(callId), 'the push offer', 5_000);
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, offer.expiresAt - Date.now()) + 200));
    const answer = await decide(offer.actionToken, 'accept');
    expect(answer.status).toBe(409);
    expect(answer.body).toMatchObject({
      ok: false,
      error: { code: 'conflict', message: expect.stringContaining('Too late') },
    });
  }, 30_000);

  it('refuses a forged or foreign action token, and offers nothing to a supervisor who opted out', async () => {
    const forged = await decide('sb1.eyJ0eXAiOiJkaXNwbGF5In0.AAAA', 'accept');
    expect(forged.status).toBe(401);
    const sup = tokenFor(gateway, 'sup');
    expect(
      (
        await rest(gateway.url, 'DELETE', '/api/push/subscriptions', sup, {
          endpoint: phone.subscription.endpoint,
        })
      ).status,
    ).toBe(200);
    const count = pushes(phone.endpointId).length;
    const callId = await hold();
    await waitFor(
      () =>
        (watcher.data<'inbound'>('inbound') as HeldCallView[] | undefined)?.find((c) => c.callId === callId),
      'the held call',
    );
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(pushes(phone.endpointId)).toHaveLength(count);
  }, 30_000);
});
