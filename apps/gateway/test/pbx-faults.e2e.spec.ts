import { queueStream, type HealthView, type QueueView, type StreamId } from '@switchboard/live-protocol';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { QueuesService } from '../src/queues/queues.service.js';
import { LiveTestClient, sessionToken, waitFor } from './support/live-client.js';
import { startLiveSetup, type LiveSetup } from './support/live-setup.js';

describe('PBX faults: the gateway stays up, reports them and recovers by itself', () => {
  let setup: LiveSetup;
  let client: LiveTestClient;
  let stream: StreamId;

  const health = () => client.data<'health'>('health') as HealthView | undefined;
  const confirmedAt = () => (client.data<'queue'>(stream) as QueueView | undefined)?.confirmedAt ?? 0;
  const healthHistory = () =>
    client.deltas.filter((d) => d.stream === 'health').map((d) => d.patch as HealthView);
  const alive = async () =>
    (await fetch(`${setup.gateway.url}/healthz`, { signal: AbortSignal.timeout(3_000) })).status;
  const ready = async () =>
    (await fetch(`${setup.gateway.url}/readyz`, { signal: AbortSignal.timeout(3_000) })).status;

  async function settled(): Promise<void> {
    await waitFor(
      () => health()?.pbx === 'connected' && health()?.eventStream === 'open',
      'a connected PBX link',
      10_000,
    );
  }

  beforeAll(async () => {
    setup = await startLiveSetup();
    const queues = setup.gateway.app.get(QueuesService);
    const queueId = await waitFor(() => queues.watchedIds()[0], 'the queue list', 10_000);
    stream = queueStream(queueId);
    client = await LiveTestClient.connect(setup.gateway.url, sessionToken(setup.gateway, 'sup'));
    await client.request('subscribe', { streams: ['health', stream] });
    await waitFor(() => client.seq(stream), 'the queue snapshot', 10_000);
    await settled();
  });
  afterEach(async () => {
    await setup.sim.post('/sim/faults', { clear: true });
  });
  afterAll(async () => {
    client?.close();
    await setup?.stop();
  });

  it('PBX down and back: health goes down, /readyz fails, then everything recovers', async () => {
    const seen = healthHistory().length;
    await setup.sim.post('/sim/faults', { down: true });
    await waitFor(() => health()?.pbx === 'down', 'health to report down', 8_000);
    expect(health()?.lastError).toBeTruthy();
    expect(await ready()).toBe(503);
    expect(await alive()).toBe(200);
    const frozenAt = confirmedAt();

    await setup.sim.post('/sim/faults', { down: false });
    await settled();
    await waitFor(() => confirmedAt() > frozenAt, 'fresh queue data after recovery', 8_000);
    expect(await ready()).toBe(200);
    expect(
      healthHistory()
        .slice(seen)
        .map((h) => h.pbx),
    ).toContain('down');
  });

  it('token revoked: the gateway gets a new token and keeps polling', async () => {
    const before = (await setup.sim.stats()).requests.by_operation;
    const tokensBefore = (before['get_token'] ?? 0) + (before['refresh_token'] ?? 0);
    const revokedAt = Date.now();
    await setup.sim.post('/sim/faults', { revokeTokens: true });
    await waitFor(() => confirmedAt() > revokedAt + 300, 'queue data confirmed after the revocation', 8_000);
    const after = (await setup.sim.stats()).requests.by_operation;
    expect((after['get_token'] ?? 0) + (after['refresh_token'] ?? 0)).toBeGreaterThan(tokensBefore);
    await settled();
    expect(await alive()).toBe(200);
  });

  it('event socket dropped: health shows the stream reconnecting, then open again', async () => {
    const seen = healthHistory().length;
    await setup.sim.post('/sim/faults', { dropEventSockets: true });
    await waitFor(
      () =>
        healthHistory()
          .slice(seen)
          .some((h) => h.eventStream !== 'open' && h.pbx === 'degraded'),
      'a degraded health report',
      5_000,
    );
    await settled();
    expect(await alive()).toBe(200);
  });
});
