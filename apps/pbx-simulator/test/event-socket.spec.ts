import { afterEach, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { EVENT_SOCKET_CLOSE } from '../src/events/event-socket.server.js';
import {
  waitFor,
  post,
  startHarness,
  token,
  withTimeout,
  WsClient,
  type Harness,
} from './support/sim-harness.js';

let h: Harness | undefined;
const sockets: WsClient[] = [];
afterEach(async () => {
  for (const s of sockets.splice(0)) s.close();
  await h?.close();
  h = undefined;
});

async function open(overrides: Parameters<typeof startHarness>[0] = {}) {
  h ??= await startHarness(overrides);
  const access = await token(h.sim);
  const client = await WsClient.open(h.sim, access);
  sockets.push(client);
  return { sim: h.sim, access, client };
}

const publish = (type: number, msg: Record<string, unknown>, count = 1) =>
  post((h as Harness).sim.url, '/sim/events', { type, msg, count });

describe('event socket', () => {
  it('answers a topic_list with the success envelope and heartbeat with heartbeat response', async () => {
    const { client } = await open();
    expect(await client.ask('{"topic_list":[30011,30012]}')).toBe('{"errcode":0,"errmsg":"SUCCESS"}');
    expect(await client.ask('heartbeat')).toBe('heartbeat response');
  });

  it('delivers only subscribed topics, with msg as a JSON string or an object as each event is documented', async () => {
    const { client } = await open();
    await client.ask('{"topic_list":[30008,30029]}');
    const frames = client.next((m) => m.includes('30029'), '30029 frame');
    await publish(30011, { call_id: '1.1', members: [] });
    await publish(30008, { extension: '1001', status: 'Ringing' });
    await publish(30029, {
      queue_number: 'queue-6400',
      agent_number: '1001',
      status: 'Paused',
      reason: 'Lunch',
    });
    await frames;
    const received = client.messages.slice(1).map((m) => JSON.parse(m) as Record<string, unknown>);
    expect(received).toEqual([
      { type: 30008, sn: '3631A2124SIM', msg: '{"extension":"1001","status":"Ringing"}' },
      {
        type: 30029,
        sn: '3631A2124SIM',
        msg: { queue_number: 'queue-6400', agent_number: '1001', status: 'Paused', reason: 'Lunch' },
      },
    ]);
  });

  it('a new topic_list replaces the previous subscription', async () => {
    const { client } = await open();
    await client.ask('{"topic_list":[30008]}');
    await client.ask('{"topic_list":[30024]}');
    const frame = client.next((m) => m.includes('30024'), '30024');
    await publish(30008, { extension: '1001', status: 'Idle' });
    await publish(30024, { conference_id: '1.0', host_num: '1001' });
    await frame;
    expect(client.messages.filter((m) => m.includes('30008'))).toEqual([]);
  });

  it('answers malformed subscriptions with a 40002 envelope naming the problem and keeps the socket', async () => {
    const { client } = await open();
    const cases: [string, unknown][] = [
      ['not json', [{ field: 'topic_list', validation_type: 'format', value: 'not json' }]],
      ['{"topics":[1]}', [{ field: 'topic_list', validation_type: 'required' }]],
      ['{"topic_list":"30011"}', [{ field: 'topic_list', validation_type: 'type', value: '30011' }]],
      ['{"topic_list":[]}', [{ field: 'topic_list', validation_type: 'required' }]],
      ['{"topic_list":[30011,99999]}', [{ field: 'topic_list[1]', validation_type: 'enum', value: '99999' }]],
      ['{"topic_list":[30011,"x"]}', [{ field: 'topic_list[1]', validation_type: 'type', value: 'x' }]],
    ];
    for (const [text, list] of cases) {
      const answer = JSON.parse(await client.ask(text)) as Record<string, unknown>;
      expect(answer).toEqual({ errcode: 40002, errmsg: 'PARAMETER ERROR', invalid_param_list: list });
    }
    expect(await client.ask('heartbeat')).toBe('heartbeat response');
  });

  it('refuses an invalid token at connect with a 10004 envelope and close code 4001', async () => {
    h = await startHarness();
    const client = await WsClient.open(h.sim, 'not-a-token');
    sockets.push(client);
    const closed = await client.waitClose();
    expect(client.messages).toEqual(['{"errcode":10004,"errmsg":"INVALID ACCESS TOKEN"}']);
    expect(closed).toEqual({ code: EVENT_SOCKET_CLOSE.AUTH, reason: 'INVALID ACCESS TOKEN' });
  });

  it('an injected error at connect sends its envelope and closes with 4002', async () => {
    h = await startHarness();
    const access = await token(h.sim);
    await post(h.sim.url, '/sim/faults', { errorRate: 1, errcodes: [50001], operations: ['subscribe'] });
    const client = await WsClient.open(h.sim, access);
    sockets.push(client);
    expect(await client.waitClose()).toEqual({ code: EVENT_SOCKET_CLOSE.DROPPED, reason: 'SERVER BUSY' });
    expect(client.messages).toEqual(['{"errcode":50001,"errmsg":"SERVER BUSY"}']);
  });

  it('refuses a subscribe after the token was revoked', async () => {
    const { client, access, sim } = await open();
    await fetch(`${sim.url}/openapi/v1.0/del_token?access_token=${access}`, {
      headers: { 'User-Agent': 'OpenAPI' },
    });
    expect(await client.ask('{"topic_list":[30011]}')).toBe(
      '{"errcode":10004,"errmsg":"INVALID ACCESS TOKEN"}',
    );
    expect((await client.waitClose()).code).toBe(EVENT_SOCKET_CLOSE.AUTH);
  });

  it('closes a socket after the idle time without client traffic; heartbeats keep it open', async () => {
    const { client, sim } = await open({ wsIdleMs: 300 });
    const quiet = await WsClient.open(sim, await token(sim));
    sockets.push(quiet);
    const started = Date.now();
    for (let i = 0; i < 4; i++) {
      await new Promise((resolve) => setTimeout(resolve, 150));
      expect(await client.ask('heartbeat')).toBe('heartbeat response');
    }
    const closed = await quiet.waitClose(2_000);
    expect(closed.code).toBe(EVENT_SOCKET_CLOSE.IDLE);
    expect(closed.reason).toBe('no traffic for 300 ms');
    expect(Date.now() - started).toBeGreaterThanOrEqual(280);
    expect(client.closed).toBeUndefined();
  });

  it('server-pushed events do not count as client traffic', async () => {
    const { client } = await open({ wsIdleMs: 300 });
    await client.ask('{"topic_list":[30008]}');
    const timer = setInterval(() => void publish(30008, { extension: '1001', status: 'Idle' }), 50);
    try {
      expect((await client.waitClose(2_000)).code).toBe(EVENT_SOCKET_CLOSE.IDLE);
    } finally {
      clearInterval(timer);
    }
  });

  it('cuts off a consumer that stops reading instead of buffering without bound', async () => {
    h = await startHarness({}, { eventSocketMaxBufferedBytes: 64 * 1024 });
    const access = await token(h.sim);
    const slow = new WebSocket(
      `${h.sim.url.replace('http', 'ws')}/openapi/v1.0/subscribe?access_token=${access}`,
    );
    const subscribed = withTimeout(
      new Promise((resolve) => slow.once('message', resolve)),
      'subscribe answer',
    );
    await withTimeout(new Promise((resolve) => slow.once('open', resolve)), 'open');
    slow.send('{"topic_list":[30034]}');
    await subscribed;
    // Stop reading from the TCP socket: the server's send buffer fills up.
    (slow as unknown as { _socket: { pause(): void } })._socket.pause();
    const big = {
      event_name: 'x',
      event_type: 'system',
      event_level: 'info',
      event_content: 'y'.repeat(8_000),
      create_time: '',
    };
    await waitFor(
      async () => {
        await publish(30034, big, 200);
        return h?.sim.stats.snapshot(0).events.slow_consumers_closed === 1;
      },
      'slow consumer cut off',
      10_000,
    );
    slow.terminate();
  });

  it('counts the socket in /sim/stats and drops it on request', async () => {
    const { client, sim } = await open();
    expect(sim.stats.snapshot(0).requests.by_operation['subscribe']).toBe(1);
    const answer = await post(sim.url, '/sim/faults', { dropEventSockets: true });
    expect(answer.body['dropped_event_sockets']).toBe(1);
    expect((await client.waitClose()).code).toBe(EVENT_SOCKET_CLOSE.DROPPED);
  });
});
