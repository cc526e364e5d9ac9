import { describe, expect, it } from 'vitest';
import { waitFor } from '../../../../tools/harness/vitest-wait.mjs';
import {
  FakeTokens,
  fakePbxPerTest,
  pause,
  WAIT_MS,
  type FakePbxSocket,
} from '../../test/support/fake-pbx-socket.js';
import { INBOUND_MEMBER } from '../../test/support/samples.js';
import type { PbxLogger } from '../internal/transport.js';
import { encodePbxEventFrame } from './event-encoding.js';
import { PbxEventStream, type PbxMalformedFrame, type PbxEventStreamStatus } from './event-stream.js';
import type { PbxEventStreamOptions } from './event-stream.options.js';
import type { PbxEvent } from './event.types.js';

const { fakePbx, onCleanup } = fakePbxPerTest();

/** A started stream with everything it reports recorded. */
function streamOn(fake: FakePbxSocket, overrides: Partial<PbxEventStreamOptions> = {}) {
  const tokens = overrides.tokens ?? new FakeTokens();
  const logs: string[] = [];
  const logger: PbxLogger = {
    debug: (message, meta) => logs.push(`${message} ${JSON.stringify(meta)}`),
    warn: (message, meta) => logs.push(`${message} ${JSON.stringify(meta)}`),
  };
  const stream = new PbxEventStream({
    baseUrl: fake.baseUrl,
    tokens,
    topics: [30016, 30029],
    reconnectBackoff: { initialMs: 10, maxMs: 40 },
    logger,
    ...overrides,
  });
  const statuses: PbxEventStreamStatus[] = [];
  const events: PbxEvent[] = [];
  const malformed: PbxMalformedFrame[] = [];
  stream.on('state', (state) => statuses.push(state.status));
  stream.on('event', (event) => events.push(event));
  stream.on('malformed', (frame) => malformed.push(frame));
  onCleanup(() => stream.close());
  stream.start();
  return { stream, tokens, statuses, events, malformed, logs };
}

const isOpen = (stream: PbxEventStream) => (stream.state.status === 'open' ? true : undefined);

describe('PbxEventStream: connecting and subscribing', () => {
  it('connects to {ws}/openapi/v1.0/subscribe with the token, sends the topic list and reports open', async () => {
    const fake = await fakePbx();
    const { stream, statuses } = streamOn(fake, { topics: [30016, 30029, 30016] });
    await waitFor(() => isOpen(stream), 'open', WAIT_MS);
    const [connection] = fake.connections;
    expect(connection).toMatchObject({ path: '/openapi/v1.0/subscribe', token: 'tok-1' });
    expect(connection?.userAgent).toMatch(/OpenAPI/);
    expect(connection?.subscriptions).toEqual([[30016, 30029]]);
    expect(statuses).toEqual(['connecting', 'subscribing', 'open']);
    expect(stream.state).toMatchObject({ status: 'open', reconnects: 0 });
    expect(stream.state.lastError).toBeUndefined();
  });

  it('uses apiPath and userAgent when given', async () => {
    const fake = await fakePbx();
    const { stream } = streamOn(fake, { apiPath: '/openapi/v2.0/', userAgent: 'wallboard (OpenAPI)' });
    await waitFor(() => isOpen(stream), 'open', WAIT_MS);
    expect(fake.connections[0]).toMatchObject({
      path: '/openapi/v2.0/subscribe',
      userAgent: 'wallboard (OpenAPI)',
    });
  });

  it('stays in subscribing until the PBX confirms the subscription', async () => {
    const fake = await fakePbx({ onSubscribe: () => undefined });
    const { stream } = streamOn(fake, { subscribeTimeoutMs: 5_000 });
    await fake.subscription(1);
    await pause(50);
    expect(stream.state.status).toBe('subscribing');
    fake.connections[0]?.send({ errcode: 0, errmsg: 'SUCCESS' });
    await waitFor(() => isOpen(stream), 'open after the late answer', WAIT_MS);
  });

  it('sends heartbeat on the interval and ignores the heartbeat responses', async () => {
    const fake = await fakePbx();
    const { stream, events, malformed } = streamOn(fake, { heartbeatIntervalMs: 30, staleAfterMs: 2_000 });
    const connection = await fake.connection(1);
    await waitFor(() => (connection.heartbeats >= 3 ? true : undefined), 'three heartbeats', WAIT_MS);
    expect(
      connection.received.filter((text) => !text.startsWith('{')).every((text) => text === 'heartbeat'),
    ).toBe(true);
    expect(events).toEqual([]);
    expect(malformed).toEqual([]);
    expect(stream.state.status).toBe('open');
  });
});

describe('PbxEventStream: events', () => {
  it('delivers typed events from both msg encodings and unknown types', async () => {
    const fake = await fakePbx();
    const { stream, events } = streamOn(fake);
    await waitFor(() => isOpen(stream), 'open', WAIT_MS);
    const connection = fake.connections[0];
    const incoming = encodePbxEventFrame(
      30016,
      {
        call_id: '1648861726.280',
        members: [INBOUND_MEMBER],
      },
      '3631A2124XXX',
    );
    expect(typeof incoming.msg).toBe('string');
    connection?.send(incoming);
    const agent = encodePbxEventFrame(
      30029,
      { queue_number: 'queue-6402', agent_number: '1002', status: 'Paused', reason: 'Lunch' },
      '3631A2124XXX',
    );
    expect(typeof agent.msg).toBe('object');
    connection?.send(agent);
    connection?.send({ type: 30099, msg: '{"future":true}' });
    await waitFor(() => events[2], 'three events', WAIT_MS);
    expect(events[0]).toMatchObject({
      type: 30016,
      kind: 'incoming_call_request',
      sn: '3631A2124XXX',
      msg: {
        call_id: '1648861726.280',
        members: [{ inbound: { channel_id: 'PJSIP/trunk-peer-to-41-endpoint-000000b5' } }],
      },
    });
    expect(events[1]).toMatchObject({
      kind: 'agent_status_changed',
      msg: { queue_number: 'queue-6402', queue: '6402', agent_number: '1002', status: 'Paused' },
    });
    expect(events[2]).toEqual({ type: 30099, kind: 'unknown', msg: { future: true } });
    expect(stream.state.lastEventAt).toBeGreaterThan(Date.now() - 5_000);
  });

  it('reports malformed frames without throwing or dropping the connection', async () => {
    const fake = await fakePbx();
    const { stream, events, malformed, logs } = streamOn(fake);
    await waitFor(() => isOpen(stream), 'open', WAIT_MS);
    const connection = fake.connections[0];
    connection?.send('garbage');
    connection?.send({ type: 30016, msg: JSON.stringify({ call_id: '1.1' }) });
    connection?.send({ type: 30008, msg: { extension: '2002', status: 'Idle' } });
    await waitFor(() => events[0], 'the valid event after the bad ones', WAIT_MS);
    expect(malformed).toEqual([
      { reason: 'frame is not JSON', frame: 'garbage' },
      expect.objectContaining({ type: 30016, reason: expect.stringContaining('msg.members is required') }),
    ]);
    expect(events[0]).toMatchObject({ kind: 'extension_call_status_changed', msg: { status: 'Idle' } });
    expect(fake.connections).toHaveLength(1);
    expect(stream.state.status).toBe('open');
    expect(logs.some((line) => line.includes('pbx event frame malformed'))).toBe(true);
  });

  it('keeps delivering when a listener throws, and logs it', async () => {
    const fake = await fakePbx();
    const { stream, events, logs } = streamOn(fake);
    stream.on('event', () => {
      throw new Error('listener bug');
    });
    await waitFor(() => isOpen(stream), 'open', WAIT_MS);
    fake.connections[0]?.send({ type: 30008, msg: { extension: '1', status: 'Busy' } });
    fake.connections[0]?.send({ type: 30008, msg: { extension: '2', status: 'Busy' } });
    await waitFor(() => events[1], 'both events', WAIT_MS);
    expect(logs.filter((line) => line.includes('listener threw'))).toHaveLength(2);
  });

  it('on() returns a function that stops the listener', async () => {
    const fake = await fakePbx();
    const { stream, events } = streamOn(fake);
    const seen: PbxEvent[] = [];
    const off = stream.on('event', (event) => seen.push(event));
    await waitFor(() => isOpen(stream), 'open', WAIT_MS);
    fake.connections[0]?.send({ type: 30008, msg: { extension: '1', status: 'Busy' } });
    await waitFor(() => events[0], 'first event', WAIT_MS);
    off();
    fake.connections[0]?.send({ type: 30008, msg: { extension: '2', status: 'Busy' } });
    await waitFor(() => events[1], 'second event', WAIT_MS);
    expect(seen).toHaveLength(1);
  });
});

describe('PbxEventStream: topics and options', () => {
  it('setTopics re-subscribes on the live connection', async () => {
    const fake = await fakePbx();
    const { stream, statuses } = streamOn(fake);
    await waitFor(() => isOpen(stream), 'open', WAIT_MS);
    stream.setTopics([30011, 30012]);
    expect(await fake.subscription(1, 2)).toEqual([30011, 30012]);
    await waitFor(
      () => (statuses.filter((s) => s === 'open').length === 2 ? true : undefined),
      'open again',
      WAIT_MS,
    );
    expect(fake.connections).toHaveLength(1);
  });

  it('setTopics rejects bad topics, naming the entry, and keeps the old ones', async () => {
    const fake = await fakePbx();
    const { stream } = streamOn(fake);
    await waitFor(() => isOpen(stream), 'open', WAIT_MS);
    expect(() => stream.setTopics([30011, 1.5])).toThrow('topics[1] must be an integer event ID, got 1.5');
    expect(() => stream.setTopics([])).toThrow(/topics must be a non-empty array/);
    expect(fake.connections[0]?.subscriptions).toEqual([[30016, 30029]]);
  });

  it.each([
    [{ baseUrl: 'ftp://pbx' }, /baseUrl must be an http\(s\) URL/],
    [{ baseUrl: 'pbx.local:8088' }, /baseUrl must be an http\(s\) URL/],
    [{ apiPath: '/' }, /apiPath must be a path like openapi\/v1.0/],
    [{ topics: [] }, /topics must be a non-empty array/],
    [{ topics: ['30011' as unknown as number] }, /topics\[0\] must be an integer event ID/],
    [{ heartbeatIntervalMs: 0 }, /heartbeatIntervalMs must be a positive whole number/],
    [
      { heartbeatIntervalMs: 80_000 },
      /staleAfterMs \(75000\) must be longer than heartbeatIntervalMs \(80000\)/,
    ],
    [{ subscribeTimeoutMs: -1 }, /subscribeTimeoutMs must be a positive/],
    [
      { reconnectBackoff: { initialMs: 100, maxMs: 50 } },
      /reconnectBackoff.maxMs \(50\) must not be below initialMs/,
    ],
  ])('the constructor rejects %j naming the option', (override, message) => {
    const options = { baseUrl: 'http://127.0.0.1:1', tokens: new FakeTokens(), topics: [30011], ...override };
    expect(() => new PbxEventStream(options)).toThrow(message);
  });

  it('maps https to wss and keeps a base path', async () => {
    const { subscribeUrl } = await import('./event-stream.options.js');
    expect(subscribeUrl('https://pbx.example.com:8088/', 'openapi/v1.0')).toBe(
      'wss://pbx.example.com:8088/openapi/v1.0/subscribe',
    );
    expect(subscribeUrl('http://10.0.0.5/pbx', 'openapi/v1.0')).toBe(
      'ws://10.0.0.5/pbx/openapi/v1.0/subscribe',
    );
  });
});
