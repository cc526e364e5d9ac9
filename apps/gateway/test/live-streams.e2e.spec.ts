import {
  PROTOCOL_VERSION,
  queueStream,
  type QueueView,
  type Snapshot,
  type StreamId,
} from '@switchboard/live-protocol';
import { DashboardBuild } from '../src/static/dashboard-build.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PbxConnectionService } from '../src/pbx/pbx-connection.service.js';
import { QueuesService } from '../src/queues/queues.service.js';
import { LiveTestClient, displayToken, sessionToken, waitFor } from './support/live-client.js';
import { startLiveSetup, type LiveSetup } from './support/live-setup.js';

describe('live streams against the simulator', () => {
  let setup: LiveSetup;
  let queueId: number;
  let stream: StreamId;
  const clients: LiveTestClient[] = [];
  const connect = async (token = sessionToken(setup.gateway, 'sup')) => {
    const client = await LiveTestClient.connect(setup.gateway.url, token);
    clients.push(client);
    return client;
  };
  const queueData = (client: LiveTestClient) => client.data<'queue'>(stream) as QueueView | undefined;

  beforeAll(async () => {
    setup = await startLiveSetup();
    const queues = setup.gateway.app.get(QueuesService);
    queueId = await waitFor(() => queues.watchedIds()[0], 'the queue list', 10_000);
    stream = queueStream(queueId);
    await waitFor(() => queues.view(queueId), 'the first queue poll', 10_000);
  });
  afterAll(async () => {
    for (const client of clients) client.close();
    await setup?.stop();
  });

  it('greets with hello, then answers subscribe with a snapshot of each granted stream', async () => {
    const client = await connect();
    expect(client.hello).toMatchObject({
      protocol: PROTOCOL_VERSION,
      build: setup.gateway.app.get(DashboardBuild).current(),
      session: { user: 'sup', role: 'supervisor' },
    });
    expect(Math.abs((client.hello?.serverTime ?? 0) - Date.now())).toBeLessThan(5_000);
    const answer = await client.request<{ granted: StreamId[]; denied: StreamId[] }>('subscribe', {
      streams: [stream, 'health', 'conferences', 'queue:999'],
    });
    expect(answer).toEqual({
      ok: true,
      data: { granted: [stream, 'health', 'conferences'], denied: ['queue:999'] },
    });
    const snapshot = await waitFor(() => client.snapshots.find((s) => s.stream === stream), 'queue snapshot');
    const view = snapshot.data as QueueView;
    expect(view).toMatchObject({ id: queueId, number: '6400', name: 'Sales' });
    expect(view.agents.length).toBe(8);
    expect(view.stats.today.timeZone).toBe('UTC');
    // The alert is judged by the gateway and comes with the view: a screen never counts dwell from its load.
    expect(view.alert).toEqual({
      level: expect.stringMatching(/^(ok|warn|critical)$/),
      since: expect.any(Number),
      warnSince: view.alert.warnSince === null ? null : expect.any(Number),
      criticalSince: view.alert.criticalSince === null ? null : expect.any(Number),
      announcedAt: view.alert.announcedAt === null ? null : expect.any(Number),
    });
    expect(client.snapshots.some((s) => s.stream === 'health')).toBe(true);
  });

  it('sends versioned deltas with only what changed after a state change on the PBX', async () => {
    const client = await connect();
    await client.request('subscribe', { streams: [stream] });
    const snapshot = await waitFor(() => client.snapshots.find((s) => s.stream === stream), 'snapshot');
    const agent = (snapshot.data as QueueView).agents.find(
      (a) => a.kind === 'dynamic' && a.state !== 'logged_out',
    );
    if (!agent) throw new Error('the small scenario has a logged-in dynamic agent');
    const pbx = setup.gateway.app.get(PbxConnectionService);
    const list = await pbx.client.queue.list();
    const extId = Number(
      list.queue_list[0]?.dynamic_agent_list?.find((a) => a.text2 === agent.number)?.value,
    );
    await pbx.client.agent.logout({ ext_id: extId });

    await waitFor(
      () => queueData(client)?.agents.find((a) => a.number === agent.number)?.state === 'logged_out',
      'the agent to show as logged out',
    );
    const deltas = client.deltas.filter((d) => d.stream === stream);
    expect(deltas.length).toBeGreaterThan(0);
    deltas.forEach((delta, i) => expect(delta.seq).toBe(snapshot.seq + i + 1));
    const change = deltas.find((d) => 'agents' in d.patch && d.patch.agents !== undefined);
    const patch = change?.patch as { agents: { upsert: { number: string }[]; remove: string[] } };
    expect(patch.agents.upsert.map((a) => a.number)).toEqual([agent.number]);
    expect(patch.agents.remove).toEqual([]);
    expect(client.gaps).toEqual([]);
    await pbx.client.agent.login({ ext_id: extId });
  });

  it('detects a gap when a delta is lost and resyncs to a snapshot at the current sequence', async () => {
    const client = await connect();
    await client.request('subscribe', { streams: [stream] });
    await waitFor(() => client.seq(stream), 'snapshot');
    client.dropNext.add(stream);
    // Pausing through an event makes two changes: pause, then unpause.
    await setup.sim.post('/sim/events', {
      type: 30029,
      msg: { queue_number: 'queue-6400', agent_number: '1001', status: 'Paused', reason: 'Coffee' },
    });
    await setup.sim.post('/sim/events', {
      type: 30029,
      msg: { queue_number: 'queue-6400', agent_number: '1003', status: 'Paused', reason: 'Coffee' },
    });
    await waitFor(() => client.gaps.includes(stream), 'the gap to be noticed');
    const answer = await client.request<Snapshot>('resync', { stream });
    expect(answer.ok).toBe(true);
    if (!answer.ok) return;
    const current = setup.gateway.app.get(QueuesService).view(queueId);
    expect(answer.data.seq).toBeGreaterThan(client.seq(stream) ?? Infinity);
    expect(answer.data.data).toEqual(current);
    client.adopt(answer.data);
    expect(queueData(client)?.agents.find((a) => a.number === '1003')).toBeDefined();
  });

  it('grants streams by role and scope', async () => {
    const viewer = await connect(sessionToken(setup.gateway, 'view'));
    const viewerAnswer = await viewer.request('subscribe', {
      streams: ['inbound', 'uacsta', 'conferences', stream],
    });
    expect(viewerAnswer).toEqual({
      ok: true,
      data: { granted: ['conferences', stream], denied: ['inbound', 'uacsta'] },
    });
    const display = await connect(await displayToken(setup.gateway, [queueId + 1]));
    const displayAnswer = await display.request('subscribe', { streams: [stream, 'health', 'conferences'] });
    expect(displayAnswer).toEqual({
      ok: true,
      data: { granted: ['health'], denied: [stream, 'conferences'] },
    });
    const resync = await display.request('resync', { stream });
    expect(resync).toMatchObject({ ok: false, error: { code: 'forbidden' } });
  });

  it('answers bad payloads with invalid_payload naming the field', async () => {
    const client = await connect();
    const answer = await client.request('subscribe', { streams: ['queue:abc'] });
    expect(answer).toMatchObject({
      ok: false,
      error: { code: 'invalid_payload', fields: [{ field: 'streams' }] },
    });
    const resync = await client.request('resync', { nope: 1 });
    expect(resync).toMatchObject({
      ok: false,
      error: { code: 'invalid_payload', fields: [{ field: 'stream' }] },
    });
  });

  it('refuses a socket without a session', async () => {
    await expect(LiveTestClient.connect(setup.gateway.url, undefined, 1_500)).rejects.toThrow(/refused/);
  });

  it('reports readiness and Prometheus metrics', async () => {
    const ready = await fetch(`${setup.gateway.url}/readyz`, { signal: AbortSignal.timeout(5_000) });
    expect(ready.status).toBe(200);
    expect(await ready.json()).toMatchObject({
      status: 'ready',
      pbx: { pbx: expect.stringMatching(/connected|degraded/) },
    });
    const metrics = await fetch(`${setup.gateway.url}/metrics`, { signal: AbortSignal.timeout(5_000) });
    const text = await metrics.text();
    expect(metrics.headers.get('content-type')).toMatch(/text\/plain/);
    expect(text).toMatch(/switchboard_pbx_requests_total\{operation="queue\/agent_status"\} \d+/);
    expect(text).toMatch(/switchboard_poll_duration_seconds_count\{job="queue",outcome="ok"\} \d+/);
    expect(text).toMatch(/switchboard_connected_clients \d+/);
    expect(text).toMatch(/switchboard_pushes_total\{type="delta",stream="queue"\} \d+/);
    expect(text).toMatch(/switchboard_command_results_total\{command="subscribe",result="ok"\} \d+/);
  });
});
