/**
 * Contract: libs/pbx-api's PbxEventStream against the running simulator with live traffic (real clock):
 * subscribing, 30016 after POST /sim/inbound-calls, 30029 (msg sent as an object) and 30011 (msg sent as a JSON
 * string) from the traffic, heartbeats keeping the socket past the idle limit, and reconnecting after
 * /sim/faults dropEventSockets and after the client renewed its token.
 */
import type { PbxEvent } from '@switchboard/pbx-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { simulatorConfig } from '../../src/config.js';
import { startSimulator, type RunningSimulator } from '../../src/simulator.js';
import { controlledLine, holdCall } from '../support/held-calls.js';
import { waitFor, post, token, WsClient } from '../support/sim-harness.js';
import { EventCapture } from './support/event-capture.js';

const TOPICS = [30011, 30016, 30029];
const IDLE_MS = 400;

let sim: RunningSimulator;
let capture: EventCapture;
let raw: WsClient;
let rawHeartbeat: NodeJS.Timeout | undefined;
beforeAll(async () => {
  sim = await startSimulator(
    simulatorConfig({ port: 0, scenario: 'contact-center', seed: 3, speed: 30, wsIdleMs: IDLE_MS }),
  );
  raw = await WsClient.open(sim, await token(sim));
  await raw.ask(JSON.stringify({ topic_list: TOPICS }));
  rawHeartbeat = setInterval(() => raw.send('heartbeat'), IDLE_MS / 4);
  // Heartbeats well inside the simulator's short idle limit.
  capture = await new EventCapture(sim, TOPICS, { heartbeatIntervalMs: IDLE_MS / 4 }).open();
});
afterAll(async () => {
  clearInterval(rawHeartbeat);
  raw.close();
  await capture.close();
  await sim.close();
});

const ofType =
  <T extends number>(type: T) =>
  (e: PbxEvent) =>
    e.type === type;

describe('PbxEventStream against the simulator', () => {
  it('subscribes: the stream reports open', () => {
    expect(capture.stream.state.status).toBe('open');
    expect(capture.states.map((s) => s.status)).toEqual(['connecting', 'subscribing', 'open']);
  });

  it('receives 30016 for a call held through POST /sim/inbound-calls, with the call and channel ids', async () => {
    const incoming = capture.next(ofType(30016), '30016');
    const held = await holdCall(sim, controlledLine(sim));
    const event = await incoming;
    expect(event.kind === 'incoming_call_request' && event.msg).toMatchObject({
      call_id: held.call_id,
      members: [{ inbound: { channel_id: held.channel_id, member_status: 'ALERT' } }],
    });
  });

  it('decodes 30029 (msg sent as an object) and 30011 (msg sent as a JSON string) from the traffic', async () => {
    const [agent, call] = await Promise.all([
      capture.next(ofType(30029), '30029 from traffic', 8_000),
      capture.next(ofType(30011), '30011 from traffic', 8_000),
    ]);
    expect(agent.kind === 'agent_status_changed' && agent.msg).toMatchObject({
      queue_number: expect.stringMatching(/^queue-\d+$/),
      queue: expect.stringMatching(/^\d+$/),
      agent_number: expect.any(String),
      status: expect.any(String),
    });
    const callId = call.kind === 'call_status_changed' ? call.msg.call_id : '';
    expect(callId).toMatch(/^\d+\.\d+$/);

    // The wire encodings differ; a raw socket subscribed to the same topics sees both as the PBX documents
    // them, and the 30011 the stream decoded among its frames.
    const rawFrames = () =>
      raw.messages
        .filter((m) => m.startsWith('{"type":'))
        .map((m) => JSON.parse(m) as { type?: number; msg?: unknown });
    const raw30011 = () =>
      rawFrames()
        .filter((f) => f.type === 30011 && typeof f.msg === 'string')
        .map((f) => (JSON.parse(f.msg as string) as { call_id: string }).call_id);
    await waitFor(
      () => rawFrames().some((f) => f.type === 30029) && raw30011().includes(callId),
      'the same frames on the raw socket',
    );
    const frames = rawFrames();
    expect(frames.filter((f) => f.type === 30029).every((f) => typeof f.msg === 'object')).toBe(true);
    expect(frames.filter((f) => f.type === 30011).every((f) => typeof f.msg === 'string')).toBe(true);
  });

  it('its heartbeats keep the socket open past the simulator idle limit', async () => {
    const reconnects = capture.stream.state.reconnects;
    await new Promise((resolve) => setTimeout(resolve, IDLE_MS * 3));
    expect(capture.stream.state).toMatchObject({ status: 'open', reconnects });
  });

  it('reconnects after /sim/faults dropEventSockets and keeps delivering', async () => {
    const reconnects = capture.stream.state.reconnects;
    const dropped = await post(sim.url, '/sim/faults', { dropEventSockets: true });
    expect(dropped.body['dropped_event_sockets']).toBeGreaterThanOrEqual(1);
    await waitFor(
      () => capture.stream.state.reconnects > reconnects && capture.stream.state.status === 'open',
      'stream reconnected',
    );
    expect(capture.stream.state.lastError).toContain('4002');
    const incoming = capture.next(ofType(30016), '30016 after reconnect');
    const held = await holdCall(sim, controlledLine(sim));
    expect((await incoming).msg).toMatchObject({ call_id: held.call_id });
  });

  it('reconnects with the renewed token after the old one was revoked', async () => {
    await post(sim.url, '/sim/faults', { revokeTokens: true });
    const reconnects = capture.stream.state.reconnects;
    // The next request through the stream's client meets the revoked token and renews it.
    await capture.client.queue.list();
    await waitFor(
      () => capture.stream.state.reconnects > reconnects && capture.stream.state.status === 'open',
      'stream reconnected with the new token',
    );
    const incoming = capture.next(ofType(30016), '30016 with the new token');
    const held = await holdCall(sim, controlledLine(sim));
    expect((await incoming).msg).toMatchObject({ call_id: held.call_id });
  });
});
