import { queueStream, type StreamId } from '@switchboard/live-protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LiveGateway } from '../src/live/live.gateway.js';
import { QueuesService } from '../src/queues/queues.service.js';
import { TodayStatsService } from '../src/queues/today-stats.service.js';
import { LiveTestClient, sessionToken, waitFor } from './support/live-client.js';
import { startLiveSetup, type LiveSetup } from './support/live-setup.js';
import type { SimulatorStats } from './support/simulator.js';

const POLLED = ['queue/agent_status', 'queue/call_status', 'conference/query_ongoing_conference'] as const;
const WINDOW_MS = 3_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function delta(before: SimulatorStats, after: SimulatorStats, operation: string): number {
  return (after.requests.by_operation[operation] ?? 0) - (before.requests.by_operation[operation] ?? 0);
}

describe('PBX load does not grow with screens', () => {
  let setup: LiveSetup;
  let streams: StreamId[];
  const clients: LiveTestClient[] = [];

  async function connectMany(count: number): Promise<void> {
    const token = sessionToken(setup.gateway, 'sup');
    const fresh = await Promise.all(
      Array.from({ length: count }, () => LiveTestClient.connect(setup.gateway.url, token, 10_000)),
    );
    clients.push(...fresh);
    await Promise.all(fresh.map((client) => client.request('subscribe', { streams })));
  }

  async function measure(): Promise<{ before: SimulatorStats; after: SimulatorStats }> {
    const before = await setup.sim.stats();
    await sleep(WINDOW_MS);
    return { before, after: await setup.sim.stats() };
  }

  beforeAll(async () => {
    setup = await startLiveSetup();
    const queues = setup.gateway.app.get(QueuesService);
    const queueId = await waitFor(() => queues.watchedIds()[0], 'the queue list', 10_000);
    await waitFor(() => setup.gateway.app.get(TodayStatsService).isRebuilt, 'the CDR rebuild', 10_000);
    streams = [queueStream(queueId), 'conferences', 'health', 'inbound'];
  });
  afterAll(async () => {
    for (const client of clients) client.close();
    await setup?.stop();
  });

  it('sends the same requests per interval with 1 and with 50 clients connected', async () => {
    await connectMany(1);
    await sleep(300);
    const one = await measure();
    await connectMany(49);
    await sleep(300);
    const fifty = await measure();
    const queueCount = setup.gateway.app.get(QueuesService).watchedIds().length;
    for (const operation of POLLED) {
      const withOne = delta(one.before, one.after, operation);
      const withFifty = delta(fifty.before, fifty.after, operation);
      // One poll per queue every 250 ms over 3 s: about 11 each; equal within one poll.
      expect(withOne, operation).toBeGreaterThanOrEqual(operation.startsWith('queue/') ? 8 * queueCount : 5);
      expect(Math.abs(withOne - withFifty), operation).toBeLessThanOrEqual(
        operation.startsWith('queue/') ? queueCount : 1,
      );
    }
    // Work that never depends on screens may land in one window and not the other: the probe
    // (system/information, only while requests fail, as a loaded machine's timeouts cause) and the
    // phonebook load behind the caller context (company_contact/query, background priority).
    const total = (m: { before: SimulatorStats; after: SimulatorStats }) =>
      m.after.requests.total -
      m.before.requests.total -
      delta(m.before, m.after, 'system/information') -
      delta(m.before, m.after, 'company_contact/query');
    expect(Math.abs(total(one) - total(fifty))).toBeLessThanOrEqual(2 * queueCount + 1);
  });

  it('encodes each delta once for the whole room, not once per client', async () => {
    expect(clients.length).toBe(50);
    const server = setup.gateway.app.get(LiveGateway).server as unknown as {
      encoder: { encode(packet: { data?: unknown[] }): unknown };
    };
    const encoder = server.encoder;
    const original = encoder.encode.bind(encoder);
    const encodedSeqs: number[] = [];
    encoder.encode = (packet) => {
      const [event, payload] = packet.data ?? [];
      if (event === 'delta') encodedSeqs.push((payload as { seq: number }).seq);
      return original(packet);
    };
    try {
      const [stream] = streams;
      const seqBefore = stream ? clients[0]?.seq(stream) : undefined;
      if (!stream || seqBefore === undefined) throw new Error('the first client has the queue snapshot');
      await setup.sim.post('/sim/events', {
        type: 30029,
        msg: { queue_number: 'queue-6400', agent_number: '1005', status: 'Paused', reason: 'Training' },
      });
      await waitFor(
        () => clients.every((client) => (client.seq(stream) ?? 0) > seqBefore),
        'every client to get the delta',
        10_000,
      );
      const target = seqBefore + 1;
      expect(encodedSeqs.filter((seq) => seq === target)).toHaveLength(1);
      expect(
        clients.every((client) => client.deltas.some((d) => d.stream === stream && d.seq === target)),
      ).toBe(true);
    } finally {
      encoder.encode = original;
    }
  });
});
