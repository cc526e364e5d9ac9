import { afterEach, describe, expect, it } from 'vitest';
import { api, get, post, startHarness, token, WsClient, type Harness } from './support/sim-harness.js';

let h: Harness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

async function setup(overrides: Parameters<typeof startHarness>[0] = {}) {
  h = await startHarness(overrides);
  return { sim: h.sim, access: await token(h.sim) };
}

describe('/sim control surface', () => {
  it('GET /sim/health reports the scenario and whether the PBX is up', async () => {
    const { sim } = await setup({ scenario: 'small', seed: 9 });
    expect((await get(sim.url, '/sim/health')).body).toEqual({
      status: 'ok',
      scenario: 'small',
      seed: 9,
      speed: 1,
      sn: '3631A2124SIM',
    });
  });

  it('POST /sim/inbound-calls holds a call through the call center, publishing 30016', async () => {
    const { sim, access } = await setup();
    const ws = await WsClient.open(sim, access);
    try {
      await ws.ask('{"topic_list":[30016]}');
      const frame = ws.next((m) => m.includes('30016'), '30016');
      const { status, body } = await post(sim.url, '/sim/inbound-calls', {
        from: '5503301',
        to: '5550001',
        trunk_name: 'carrier-a',
      });
      expect(status).toBe(200);
      expect(body).toEqual({ call_id: expect.any(String), channel_id: expect.stringContaining('carrier-a') });
      expect(JSON.parse(await frame)).toMatchObject({ type: 30016 });
    } finally {
      ws.close();
    }
  });

  it('POST /sim/inbound-calls explains what is wrong with a bad request', async () => {
    const { sim } = await setup();
    const missing = await post(sim.url, '/sim/inbound-calls', { from: '', to: 5 });
    expect(missing.status).toBe(400);
    expect(missing.body).toEqual({
      error: {
        message: 'invalid inbound call',
        problems: [
          'from must be a non-empty string, got ""',
          'to must be a non-empty string, got 5',
          'trunk_name must be a non-empty string, got undefined',
        ],
      },
    });
    const extra = await post(sim.url, '/sim/inbound-calls', {
      from: '1',
      to: '2',
      trunk_name: 'carrier-a',
      x: 1,
    });
    expect(extra.body).toEqual({ error: { message: 'unknown field(s): x; expected from, to, trunk_name' } });
    const uncontrolled = await post(sim.url, '/sim/inbound-calls', {
      from: '1',
      to: '2',
      trunk_name: 'carrier-b',
    });
    expect(uncontrolled.status).toBe(400);
    expect(uncontrolled.body).toEqual({
      error: { message: 'NOT FOUND', errcode: 40004, detail: 'trunk carrier-b is not controlled' },
    });
    const notJson = await post(sim.url, '/sim/inbound-calls', '{');
    expect(notJson.body).toEqual({ error: { message: 'body is not valid JSON' } });
    expect((await get(sim.url, '/sim/nothing')).status).toBe(404);
    expect((await post(sim.url, '/sim/stats', {})).status).toBe(405);
  });

  it('GET /sim/stats counts requests per operation, errcodes and events since start or reset', async () => {
    const { sim, access } = await setup();
    for (let i = 0; i < 3; i++) await api(sim, access, 'queue/agent_status', { id: 1 });
    await api(sim, access, 'queue/agent_status', {});
    await post(sim.url, '/sim/events', { type: 30008, msg: { extension: '1001', status: 'Idle' }, count: 5 });
    const stats = (await get(sim.url, '/sim/stats')).body as Record<string, Record<string, unknown>>;
    expect(stats['requests']).toEqual({
      total: 5,
      by_operation: { get_token: 1, 'queue/agent_status': 4 },
      by_errcode: { '40002': 1 },
    });
    expect(stats['events']).toMatchObject({ published: 5, by_type: { '30008': 5 } });
    await post(sim.url, '/sim/reset', { keepTokens: true });
    const after = (await get(sim.url, '/sim/stats')).body as Record<string, Record<string, unknown>>;
    expect(after['requests']).toMatchObject({ total: 0 });
    expect((await api(sim, access, 'queue/agent_status', { id: 1 })).body['errcode']).toBe(0);
  });

  it('POST /sim/reset restores seeded state and revokes tokens unless kept', async () => {
    const { sim, access } = await setup();
    await api(sim, access, 'pin_list/create', { name: 'Temp', pin_list: '1' });
    expect((await api(sim, access, 'pin_list/create', { name: 'Temp', pin_list: '1' })).body['errcode']).toBe(
      40003,
    );
    expect((await post(sim.url, '/sim/reset', {})).body).toEqual({ reset: true, kept_tokens: false });
    expect(h?.fake.resets).toBe(1);
    expect((await api(sim, access, 'pin_list/create', { name: 'Temp', pin_list: '1' })).body['errcode']).toBe(
      10004,
    );
    const fresh = await token(sim);
    expect((await api(sim, fresh, 'pin_list/create', { name: 'Temp', pin_list: '1' })).body).toEqual({
      errcode: 0,
      errmsg: 'SUCCESS',
      // Three PIN lists are seeded: the first created after a reset is the fourth again.
      id: 4,
    });
    expect((await post(sim.url, '/sim/reset', { keepTokens: 'yes' })).status).toBe(400);
  });

  it('POST /sim/traffic sets the call center rate; GET reads it', async () => {
    const { sim } = await setup();
    expect((await post(sim.url, '/sim/traffic', { rate: 2.5 })).body).toEqual({ rate: 2.5 });
    expect((await get(sim.url, '/sim/traffic')).body).toEqual({ rate: 2.5 });
    expect((await post(sim.url, '/sim/traffic', { rate: -1 })).body).toEqual({
      error: { message: 'rate must be a number from 0 to 1000, got -1' },
    });
  });

  it('POST /sim/events validates type, msg and count', async () => {
    const { sim } = await setup();
    const bad = await post(sim.url, '/sim/events', { type: 1, msg: [], count: 0 });
    expect(bad.status).toBe(400);
    expect((bad.body['error'] as { problems: string[] }).problems).toHaveLength(3);
  });

  it('GET /sim/world returns the call center world', async () => {
    const { sim } = await setup();
    const world = (await get(sim.url, '/sim/world')).body;
    expect((world['extensions'] as unknown[]).length).toBe(10);
  });
});

describe('/sim/faults', () => {
  it('adds latency to PBX requests but never to /sim', async () => {
    const { sim, access } = await setup();
    await post(sim.url, '/sim/faults', { latencyMs: 250 });
    let started = Date.now();
    await api(sim, access, 'system/information');
    expect(Date.now() - started).toBeGreaterThanOrEqual(240);
    started = Date.now();
    await get(sim.url, '/sim/health');
    expect(Date.now() - started).toBeLessThan(200);
  });

  it('injects chosen errcodes at the error rate, only for the listed operations, deterministically from the seed', async () => {
    const run = async () => {
      const { sim, access } = await setup({ seed: 5 });
      const set = await post(sim.url, '/sim/faults', {
        errorRate: 0.5,
        errcodes: [50001, 10004],
        operations: ['queue/agent_status'],
      });
      expect(set.body).toMatchObject({
        errorRate: 0.5,
        errcodes: [50001, 10004],
        operations: ['queue/agent_status'],
      });
      const codes: unknown[] = [];
      for (let i = 0; i < 20; i++)
        codes.push((await api(sim, access, 'queue/agent_status', { id: 1 })).body['errcode']);
      expect((await api(sim, access, 'system/information')).body['errcode']).toBe(0);
      await h?.close();
      h = undefined;
      return codes;
    };
    const first = await run();
    expect(new Set(first)).toEqual(new Set([0, 50001, 10004]));
    expect(await run()).toEqual(first);
  });

  it('goes down with HTTP 503 (and drops event sockets), comes back when told; /sim keeps working', async () => {
    const { sim, access } = await setup();
    const ws = await WsClient.open(sim, access);
    const down = await post(sim.url, '/sim/faults', { down: true });
    expect(down.body).toMatchObject({ down: true, downMode: 'http503', dropped_event_sockets: 1 });
    await ws.waitClose();
    const refused = await api(sim, access, 'system/information');
    expect(refused).toEqual({ status: 503, body: { errcode: 50001, errmsg: 'SERVER BUSY' } });
    await post(sim.url, '/sim/faults', { down: false });
    expect((await api(sim, access, 'system/information')).body['errcode']).toBe(0);
  });

  it('goes down by resetting connections, for a limited time when downForMs is given', async () => {
    const { sim, access } = await setup();
    await post(sim.url, '/sim/faults', { down: true, downMode: 'reset', downForMs: 300 });
    await expect(api(sim, access, 'system/information')).rejects.toThrow();
    expect(((await get(sim.url, '/sim/faults')).body['downRemainingMs'] as number) > 0).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 350));
    expect((await api(sim, access, 'system/information')).body['errcode']).toBe(0);
    expect((await get(sim.url, '/sim/health')).body['status']).toBe('ok');
  });

  it('revokes every token on request', async () => {
    const { sim, access } = await setup();
    expect((await post(sim.url, '/sim/faults', { revokeTokens: true })).body['revoked_tokens']).toBe(1);
    expect((await api(sim, access, 'system/information')).body['errcode']).toBe(10004);
  });

  it('rejects wrong settings with one problem each, and clear resets them', async () => {
    const { sim } = await setup();
    const bad = await post(sim.url, '/sim/faults', {
      latencyMs: -1,
      errorRate: 2,
      errcodes: [0],
      operations: ['nope'],
      downMode: 'x',
      downForMs: 10,
      bogus: 1,
    });
    expect(bad.status).toBe(400);
    expect((bad.body['error'] as { problems: string[] }).problems).toEqual([
      'latencyMs must be a whole number from 0 to 60000, got -1',
      'errorRate must be a number from 0 to 1, got 2',
      'errcodes must be a non-empty array of non-zero whole numbers, got [0]',
      'operations has unknown names: "nope"',
      'downMode must be "http503" or "reset", got "x"',
      'unknown field "bogus"',
      'downForMs needs "down": true',
    ]);
    await post(sim.url, '/sim/faults', { latencyMs: 5 });
    expect((await post(sim.url, '/sim/faults', { clear: true })).body).toMatchObject({
      latencyMs: 0,
      errorRate: 0,
      down: false,
    });
  });
});
