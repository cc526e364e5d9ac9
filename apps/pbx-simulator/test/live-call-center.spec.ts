/**
 * The protocol server wired to the real live call center: sample requests for the live operations and the
 * records that generated traffic leaves behind.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { simulatorConfig } from '../src/config.js';
import { startSimulator, type RunningSimulator } from '../src/simulator.js';
import { api, post, token, WsClient } from './support/sim-harness.js';

let sim: RunningSimulator;
let access: string;
let ws: WsClient;
beforeAll(async () => {
  sim = await startSimulator(
    simulatorConfig({ port: 0, seed: 42, scenario: 'contact-center', speed: 20, holdWindowMs: 2_000 }),
  );
  access = await token(sim);
  ws = await WsClient.open(sim, access);
  await ws.ask('{"topic_list":[30012,30016,30020,30028]}');
});
afterAll(async () => {
  ws.close();
  await sim.close();
});

const frameMsg = (frame: string) =>
  JSON.parse((JSON.parse(frame) as { msg: string }).msg) as Record<string, unknown>;

function controlledCall() {
  const world = sim.control.world();
  const trunk = world.trunks.find((t) => t.controlled);
  const route = world.inboundRoutes.find((r) => trunk && r.trunk_ids.includes(trunk.id));
  if (!trunk || !route) throw new Error('the scenario has no controlled trunk with a route');
  return {
    from: '5503301',
    to: route.did_patterns[0]?.replace(/^_/, '').replace(/[XZN.!]/g, '1') ?? '',
    trunk_name: trunk.name,
  };
}

describe('live call center behind the protocol server', () => {
  it('call/accept_inbound and call/refuse_inbound take the channel id of a held call and answer its call_id', async () => {
    const accepted = await post(sim.url, '/sim/inbound-calls', controlledCall());
    expect(accepted.status).toBe(200);
    const acceptAnswer = await api(sim, access, 'call/accept_inbound', {
      channel_id: accepted.body['channel_id'],
    });
    expect(acceptAnswer.body).toEqual({ errcode: 0, errmsg: 'SUCCESS', call_id: accepted.body['call_id'] });
    const refused = await post(sim.url, '/sim/inbound-calls', controlledCall());
    const refuseAnswer = await api(sim, access, 'call/refuse_inbound', {
      channel_id: refused.body['channel_id'],
    });
    expect(refuseAnswer.body).toEqual({ errcode: 0, errmsg: 'SUCCESS', call_id: refused.body['call_id'] });
    const unknown = await api(sim, access, 'call/accept_inbound', { channel_id: 'PJSIP/nothing-00000000' });
    expect(unknown.body['errcode']).toBe(40004);
  });

  it('uacsta_call/refuse takes extension, call_id and ip_address from a 30020 call_start', async () => {
    // At speed 20 a desk phone rings for well under a second of real time, so on a busy machine the phone
    // may be answered before the refuse arrives (40004, no longer ringing): then take the next ringing call.
    const misses: unknown[] = [];
    for (let attempt = 0; attempt < 8; attempt++) {
      const frame = await ws.next(
        (m) => m.includes('"type":30020') && m.includes('call_start'),
        '30020 call_start',
        10_000,
      );
      const { extension, call_id, ip_address } = frameMsg(frame);
      const answer = await api(sim, access, 'uacsta_call/refuse', { extension, call_id, ip_address });
      if (answer.body['errcode'] === 0) return;
      misses.push(answer.body['errcode']);
    }
    expect(misses, 'every refuse missed its ringing call').toEqual([]);
  });

  it('uacsta_call/refuse answers 40004 for a call that is not ringing', async () => {
    const answer = await api(sim, access, 'uacsta_call/refuse', {
      extension: '1001',
      call_id: '999999',
      ip_address: '10.0.0.1:5060',
    });
    expect(answer.body['errcode']).toBe(40004);
  });

  it('generated calls leave CDRs (30012) and call notes (30028) that read back through the API', async () => {
    const noteFrame = await ws.next((m) => m.includes('"type":30028'), '30028', 12_000);
    const note = frameMsg(noteFrame);
    const notes = await api(sim, access, 'callnotes/get', {
      id: note['call_note_id'],
      group_id: note['group_id'],
    });
    expect(notes.body).toMatchObject({
      errcode: 0,
      current: { id: note['call_note_id'], group_id: note['group_id'] },
    });
    const cdrFrame = await ws.next((m) => m.includes('"type":30012'), '30012', 12_000);
    const cdr = frameMsg(cdrFrame);
    const search = await api(sim, access, 'cdr/search', { call_from: cdr['call_from'] as string });
    const ids = (search.body['data'] as Record<string, unknown>[]).map((c) => c['call_id']);
    expect(ids).toContain(cdr['call_id']);
  });

  it('company contacts carry the numbers of callers the traffic uses', async () => {
    const callers = new Set(sim.control.world().callerNumbers ?? []);
    expect(callers.size).toBeGreaterThan(0);
    const { body } = await api(sim, access, 'company_contact/query', { ids: '1,2,3' });
    const numbers = (body['data'] as { number_list: { number: string }[] }[]).map(
      (c) => c.number_list[0]?.number ?? '',
    );
    expect(numbers).toHaveLength(3);
    for (const number of numbers) expect(callers.has(number)).toBe(true);
  });
});
