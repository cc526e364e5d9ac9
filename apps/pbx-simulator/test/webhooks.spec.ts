import { createHmac } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { waitFor, post, startHarness, type Harness } from './support/sim-harness.js';

interface Received {
  body: string;
  signature: string | undefined;
  contentType: string | undefined;
}

let h: Harness | undefined;
let receiver: Server | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
  await new Promise((resolve) => (receiver ? receiver.close(resolve) : resolve(undefined)));
  receiver = undefined;
});

async function listen(status: number): Promise<{ url: string; received: Received[] }> {
  const received: Received[] = [];
  receiver = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({
        body: Buffer.concat(chunks).toString(),
        signature: request.headers['x-signature'] as string | undefined,
        contentType: request.headers['content-type'],
      });
      response.writeHead(status).end();
    });
  });
  await new Promise<void>((resolve) => receiver?.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`, received };
}

const SECRET = 'abcdefghijklmnopqrstuvwxyz012345';

describe('webhooks', () => {
  it('POSTs each event frame with X-Signature = base64(HMAC-SHA256(secret, body)) that the receiver verifies', async () => {
    const { url, received } = await listen(200);
    h = await startHarness({ webhooks: [url], webhookSecret: SECRET });
    await post(h.sim.url, '/sim/events', {
      type: 30029,
      msg: { queue_number: '6400', agent_number: '1001', status: 'Paused', reason: 'Lunch' },
    });
    await post(h.sim.url, '/sim/events', { type: 30028, msg: { call_note_id: 'n', group_id: 'g' } });
    await waitFor(() => received.length === 2, 'two webhook posts');
    for (const hit of received) {
      expect(hit.contentType).toBe('application/json');
      expect(hit.signature).toBe(createHmac('sha256', SECRET).update(hit.body).digest('base64'));
    }
    expect(JSON.parse(received[0]?.body ?? '')).toEqual({
      type: 30029,
      sn: '3631A2124SIM',
      msg: { queue_number: '6400', agent_number: '1001', status: 'Paused', reason: 'Lunch' },
    });
    expect(JSON.parse(received[1]?.body ?? '')).toEqual({
      type: 30028,
      msg: '{"call_note_id":"n","group_id":"g"}',
    });
    await waitFor(() => h?.sim.stats.snapshot(0).webhooks.delivered === 2, 'delivered count');
  });

  it('counts refused and unreachable webhooks as failures and carries on', async () => {
    const { url } = await listen(500);
    h = await startHarness({
      webhooks: [url, 'http://127.0.0.1:9/unreachable'],
      webhookSecret: SECRET,
      webhookTimeoutMs: 500,
    });
    await post(h.sim.url, '/sim/events', { type: 30008, msg: { extension: '1001', status: 'Idle' } });
    await waitFor(() => h?.sim.stats.snapshot(0).webhooks.failed === 2, 'two failures');
    expect(h.sim.stats.snapshot(0).webhooks).toEqual({ sent: 2, delivered: 0, failed: 2 });
    expect((await fetch(`${h.sim.url}/sim/health`)).status).toBe(200);
  });
});
