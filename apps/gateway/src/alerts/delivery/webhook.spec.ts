import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { AlertMessage } from '@switchboard/live-protocol';
import { afterEach, describe, expect, it } from 'vitest';
import { TargetPolicy, parseAllowedTargets } from './alert-targets.js';
import { DeliveryQueue } from './delivery-queue.js';
import { DeliveryFailure } from './sender.js';
import {
  SIGNATURE_HEADER,
  signBody,
  slackSender,
  teamsSender,
  verifySignature,
  webhookSender,
} from './webhook-sender.js';

interface Received {
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
}

interface Receiver {
  port: number;
  received: Received[];
  connections: number;
  close(): Promise<void>;
}

const open: Array<{ close(): Promise<void> | void }> = [];
afterEach(async () => {
  for (const thing of open.splice(0).reverse()) await thing.close();
});

/** A local HTTP receiver; `answer` decides the status for the n-th request (0-based), or 'hang' to never answer. */
async function startReceiver(answer: (n: number) => number | 'hang' = () => 200): Promise<Receiver> {
  const received: Received[] = [];
  let connections = 0;
  const server: Server = createServer((request: IncomingMessage, response: ServerResponse) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const n = received.length;
      received.push({
        url: request.url ?? '',
        headers: request.headers,
        body: Buffer.concat(chunks).toString(),
      });
      const status = answer(n);
      if (status !== 'hang') response.writeHead(status).end('ok');
    });
  });
  server.on('connection', () => connections++);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const receiver: Receiver = {
    port: (server.address() as AddressInfo).port,
    received,
    get connections() {
      return connections;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  open.push(receiver);
  return receiver;
}

function policy(
  allowed: string,
  resolve?: (host: string) => Promise<Array<{ address: string; family: number }>>,
) {
  const parsed = parseAllowedTargets(allowed);
  if (!parsed.ok) throw new Error(parsed.problem);
  return new TargetPolicy(parsed.targets, resolve ? { resolve } : {});
}

function queue(options: ConstructorParameters<typeof DeliveryQueue>[0] = {}): DeliveryQueue {
  const q = new DeliveryQueue(options);
  open.push(q);
  return q;
}

/** Polls `check` until it holds; fails after `timeoutMs`. */
async function waitFor(check: () => boolean, timeoutMs = 5_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > end) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

const SECRET = 'whsec_test_0123456789';
const MESSAGE: AlertMessage = {
  type: 'incident.opened',
  sentAt: 1_767_600_000_000,
  channel: { id: 'ch-1', name: 'Floor managers' },
  incident: {
    id: 'inc-1',
    key: 'queue:600',
    kind: 'queue',
    level: 'critical',
    queueId: 600,
    subject: 'Sales (600)',
    summary: '12 callers waiting',
    openedAt: 1_767_599_000_000,
    resolvedAt: null,
    acknowledgedBy: null,
    acknowledgedAt: null,
  },
  acknowledgeUrl: 'https://switchboard.example.com/ack/abc',
};

const never = new AbortController().signal;

describe('webhook delivery to a local receiver', () => {
  it('posts the message signed, so the receiver can verify it and see tampering', async () => {
    const receiver = await startReceiver();
    const sender = webhookSender(
      { url: `http://127.0.0.1:${receiver.port}/hooks/secret-path?token=xyz`, signingSecret: SECRET },
      { policy: policy('127.0.0.1') },
    );
    expect(await sender.send(MESSAGE, never)).toEqual({ status: 200 });

    const [request] = receiver.received;
    expect(request?.url).toBe('/hooks/secret-path?token=xyz');
    expect(request?.headers).toMatchObject({
      'content-type': 'application/json',
      'user-agent': 'Switchboard-Alerts',
      'x-switchboard-event': 'incident.opened',
      host: `127.0.0.1:${receiver.port}`,
    });
    const body = request?.body ?? '';
    expect(JSON.parse(body)).toEqual(MESSAGE);
    const header = String(request?.headers[SIGNATURE_HEADER.toLowerCase()]);
    expect(header).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    const now = Math.floor(Date.now() / 1000);
    expect(verifySignature(SECRET, body, header, now)).toBe(true);
    expect(verifySignature(SECRET, body.replace('12 callers', '13 callers'), header, now)).toBe(false);
    expect(verifySignature('another-secret', body, header, now)).toBe(false);
    expect(verifySignature(SECRET, body, header, now + 301)).toBe(false);
    expect(verifySignature(SECRET, body, `${header},v1=${'0'.repeat(64)}`, now)).toBe(true);
    expect(verifySignature(SECRET, body, 'v1=abc', now)).toBe(false);
    expect(signBody(SECRET, 'x', 1_700_000_000)).toBe(signBody(SECRET, 'x', 1_700_000_000.9));
  });

  it('connects to the checked address, with the host name in the Host header', async () => {
    const receiver = await startReceiver();
    const pinned = policy('receiver.test', async () => [{ address: '127.0.0.1', family: 4 }]);
    const sender = slackSender(
      { url: `http://receiver.test:${receiver.port}/services/T0/B0/x` },
      { policy: pinned },
    );
    expect(await sender.send(MESSAGE, never)).toEqual({ status: 200 });
    const [request] = receiver.received;
    expect(request?.headers.host).toBe(`receiver.test:${receiver.port}`);
    expect(request?.headers[SIGNATURE_HEADER.toLowerCase()]).toBeUndefined();
    expect(JSON.parse(request?.body ?? '{}')).toMatchObject({
      text: '[Critical] Sales (600): 12 callers waiting',
    });
  });

  it('posts the Teams card', async () => {
    const receiver = await startReceiver(() => 202);
    const sender = teamsSender(
      { url: `http://127.0.0.1:${receiver.port}/workflows/x` },
      { policy: policy('127.0.0.1') },
    );
    expect(await sender.send(MESSAGE, never)).toEqual({ status: 202 });
    expect(JSON.parse(receiver.received[0]?.body ?? '{}')).toMatchObject({
      type: 'message',
      attachments: [{ contentType: 'application/vnd.microsoft.card.adaptive' }],
    });
  });

  it('delivers on the third attempt after two HTTP 500s, logging retrying, retrying, ok', async () => {
    const receiver = await startReceiver((n) => (n < 2 ? 500 : 200));
    const sender = webhookSender(
      { url: `http://127.0.0.1:${receiver.port}/hook`, signingSecret: SECRET },
      { policy: policy('127.0.0.1') },
    );
    const q = queue({ backoffMs: [50, 100] });
    q.enqueue('ch-1', MESSAGE, sender);
    await waitFor(() => q.status('ch-1').state === 'ok');
    expect(q.log('ch-1').map((v) => [v.result, v.status, v.attempt])).toEqual([
      ['ok', 200, 3],
      ['retrying', 500, 2],
      ['retrying', 500, 1],
    ]);
    expect(q.log('ch-1')[1]?.error).toBe('the receiver answered HTTP 500');
    expect(receiver.received).toHaveLength(3);
  });

  it('times out a receiver that never answers, without delaying other contact points', async () => {
    const hanging = await startReceiver(() => 'hang');
    const healthy = await startReceiver();
    const deps = { policy: policy('127.0.0.1'), timeoutMs: 300 };
    const q = queue({ backoffMs: [] });
    q.enqueue(
      'slow',
      MESSAGE,
      webhookSender({ url: `http://127.0.0.1:${hanging.port}/h`, signingSecret: SECRET }, deps),
    );
    q.enqueue(
      'fast',
      MESSAGE,
      webhookSender({ url: `http://127.0.0.1:${healthy.port}/h`, signingSecret: SECRET }, deps),
    );
    await waitFor(() => q.status('fast').state === 'ok');
    // The fast one went through while the slow one was still waiting for its answer.
    expect(q.status('slow')).toMatchObject({ state: 'never', pending: 1 });

    await waitFor(() => q.status('slow').state === 'failing', 2_000);
    const [attempt] = q.log('slow');
    expect(attempt).toMatchObject({ result: 'gave-up', status: null, error: 'no answer within 0.3 s' });
    expect(attempt?.durationMs).toBeGreaterThanOrEqual(290);
    expect(attempt?.durationMs).toBeLessThan(1_000);
    expect(hanging.received).toHaveLength(1);
  });

  it('refuses a loopback receiver that is not allow-listed without connecting, and does not retry', async () => {
    const receiver = await startReceiver();
    const sender = webhookSender(
      { url: `http://127.0.0.1:${receiver.port}/hooks/secret-path?token=xyz`, signingSecret: SECRET },
      { policy: policy('hooks.slack.com, 10.0.0.0/8') },
    );
    const failure = await sender.send(MESSAGE, never).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(DeliveryFailure);
    expect(failure).toMatchObject({ permanent: true, status: null });

    const q = queue({ backoffMs: [50, 50] });
    q.enqueue('ch-1', MESSAGE, sender);
    await waitFor(() => q.status('ch-1').state === 'failing');
    await new Promise((resolve) => setTimeout(resolve, 150));
    const log = q.log('ch-1');
    expect(log).toHaveLength(1);
    expect(log[0]).toMatchObject({ result: 'gave-up', attempt: 1 });
    expect(log[0]?.error).toContain('loopback');
    expect(log[0]?.error).not.toMatch(/secret-path|token|xyz/);
    expect(receiver.connections).toBe(0);
  });

  it('names the host, not the path, when nothing listens', async () => {
    const receiver = await startReceiver();
    const port = receiver.port;
    await receiver.close();
    const sender = webhookSender(
      { url: `http://127.0.0.1:${port}/hooks/secret-path`, signingSecret: SECRET },
      { policy: policy('127.0.0.1') },
    );
    const failure = await sender.send(MESSAGE, never).catch((error: unknown) => error);
    expect(failure).toMatchObject({
      message: '127.0.0.1 refused the connection (ECONNREFUSED)',
      status: null,
      permanent: false,
    });
  });
});
