/**
 * Contract: libs/pbx-api's live call operations against the running simulator — call/accept_inbound,
 * call/refuse_inbound, call/query, call/listen, call/hangup, extension/list and uacsta_call/refuse — with ids taken from the events the
 * client's PbxEventStream receives (30016, 30020). The call center has no generated traffic and a manual
 * clock, so every call is one a test made and nothing moves until a test advances time.
 */
import { PBX_ERRCODE, type CallInfo, type PbxClient } from '@switchboard/pbx-api';
import { beforeAll, describe, expect, it } from 'vitest';
import { controlledLine, holdCall, type ControlledLine } from '../support/held-calls.js';
import { UacstaCalls } from './support/uacsta-calls.js';
import {
  expectPbxError,
  invalidAsSent,
  itHonoursTheContract,
  itReportsPbxFailure,
} from './support/contract-kit.js';
import { contractSuite } from './support/contract-suite.js';

const { ctx, get, clock, events } = contractSuite(
  { holdWindowMs: 5_000 },
  { manualClock: true, topics: [30011, 30016, 30020] },
);
let line: ControlledLine;
beforeAll(() => {
  line = controlledLine(ctx.sim);
});

/** Holds a call on the controlled trunk; its channel id comes from the 30016 the stream received. */
async function heldCall(): Promise<{ call_id: string; channel_id: string }> {
  const { call_id } = await holdCall(ctx.sim, line);
  await events().settle();
  const incoming = events().events.find(
    (e) => e.kind === 'incoming_call_request' && e.msg.call_id === call_id,
  );
  if (incoming?.kind !== 'incoming_call_request') throw new Error(`no 30016 for ${call_id}`);
  const member = incoming.msg.members.find((m) => 'inbound' in m);
  return { call_id, channel_id: member?.inbound?.channel_id ?? '' };
}

async function timesInQueue(callId: string): Promise<number> {
  const status = await ctx.client.queue.callStatus({ id: line.queueId });
  return [...status.waiting_list, ...status.ringing_list, ...status.active_list].filter(
    (c) => c.call_id === callId,
  ).length;
}

const inboundLeg = (call: CallInfo | undefined) => call?.members.find((m) => 'inbound' in m)?.inbound;
const extensionNumbers = (call: CallInfo | undefined) =>
  call?.members.flatMap((m) => (m.extension ? [m.extension.number] : [])) ?? [];

/** The number of an extension that is not in call `callId` (the last such of the world). */
async function extensionNotIn(callId: string): Promise<string> {
  const { data } = await ctx.client.call.query({ call_id: callId });
  const inCall = new Set(extensionNumbers(data[0]));
  const free = ctx.sim.control
    .world()
    .extensions.map((e) => e.number)
    .reverse()
    .find((number) => !inCall.has(number));
  if (!free) throw new Error('every extension is in the call');
  return free;
}

/** An accepted call that an agent has answered (time advances until one does). */
async function answeredCall(): Promise<{ call_id: string; channel_id: string }> {
  const held = await heldCall();
  await ctx.client.call.acceptInbound({ channel_id: held.channel_id });
  for (let second = 0; second < 120; second++) {
    const { data } = await ctx.client.call.query({ call_id: held.call_id });
    if (inboundLeg(data[0])?.member_status === 'ANSWERED') return held;
    await events().advance(clock(), 1_000);
  }
  throw new Error('no agent answered within 2 simulated minutes');
}

describe('call/accept_inbound', () => {
  it('routes the held call into its queue at once and answers its call_id', async () => {
    const { call_id, channel_id } = await heldCall();
    expect(await timesInQueue(call_id)).toBe(0);
    expect(await ctx.client.call.acceptInbound({ channel_id })).toEqual({
      errcode: 0,
      errmsg: 'SUCCESS',
      call_id,
    });
    expect(await timesInQueue(call_id)).toBe(1);
  });
});

describe('call/refuse_inbound', () => {
  it('drops the held call: it never reaches the queue and is no longer live', async () => {
    const { call_id, channel_id } = await heldCall();
    expect(await ctx.client.call.refuseInbound({ channel_id })).toEqual({
      errcode: 0,
      errmsg: 'SUCCESS',
      call_id,
    });
    expect(await timesInQueue(call_id)).toBe(0);
    expect((await ctx.client.call.query({ call_id })).data).toEqual([]);
  });
});

// Both decisions take the held call's channel id, and refuse an unknown or invalid one the same way.
const DECISIONS = [
  {
    op: 'call/accept_inbound',
    decide: (client: PbxClient, input: { channel_id: string }) => client.call.acceptInbound(input),
    neverHeld: 'PJSIP/trunk-none-endpoint-00000000',
  },
  {
    op: 'call/refuse_inbound',
    decide: (client: PbxClient, input: { channel_id: string }) => client.call.refuseInbound(input),
    neverHeld: 'PJSIP/trunk-none-endpoint-00000001',
  },
] as const;
for (const { op, decide, neverHeld } of DECISIONS) {
  describe(op, () => {
    it('a channel that was never held is 40004', async () => {
      await expectPbxError(decide(ctx.client, { channel_id: neverHeld }), PBX_ERRCODE.NOT_FOUND);
    });

    itHonoursTheContract(get, op, {
      valid: async (client) => decide(client, { channel_id: (await heldCall()).channel_id }),
      invalid: invalidAsSent({ channel_id: '' }, 'channel_id', decide),
    });
  });
}

describe('call/query', () => {
  it('finds a live call by call id, by type and by one of its extensions', async () => {
    const { call_id, channel_id } = await heldCall();
    await ctx.client.call.acceptInbound({ channel_id });
    const byId = (await ctx.client.call.query({ call_id })).data;
    expect(byId).toHaveLength(1);
    expect(inboundLeg(byId[0])).toMatchObject({
      from: line.input.from,
      channel_id,
      trunk_name: line.input.trunk_name,
    });
    expect((await ctx.client.call.query({ type: 'inbound' })).data.map((c) => c.call_id)).toContain(call_id);
    expect((await ctx.client.call.query({ type: 'internal' })).data.map((c) => c.call_id)).not.toContain(
      call_id,
    );
    const ringing = extensionNumbers(byId[0])[0];
    expect(ringing).toBeDefined();
    const byExtension = await ctx.client.call.query({ extension: ringing ?? '' });
    expect(byExtension.data.map((c) => c.call_id)).toContain(call_id);
  });

  itReportsPbxFailure(get, 'call/query', (client) => client.call.query({ type: 'inbound' }));

  itHonoursTheContract(get, 'call/query', {
    valid: (client) => client.call.query({ type: 'inbound' }),
    invalid: invalidAsSent({ call_id: '1.1', type: 'inbound' }, 'call_id|type|extension', (client, input) =>
      client.call.query(input),
    ),
  });
});

describe('call/listen', () => {
  let answered: { call_id: string; channel_id: string };
  beforeAll(async () => {
    answered = await answeredCall();
  });

  /** An extension that is not in the answered call yet. */
  const freeMonitor = () => extensionNotIn(answered.call_id);

  it('adds the monitor to the answered call', async () => {
    const monitor = await freeMonitor();
    const answer = await ctx.client.call.listen({ monitor, channel_id: answered.channel_id, type: 'listen' });
    expect(answer).toEqual({ errcode: 0, errmsg: 'SUCCESS', call_id: answered.call_id });
    const { data } = await ctx.client.call.query({ call_id: answered.call_id });
    expect(extensionNumbers(data[0])).toContain(monitor);
  });

  it('an unknown channel is 40004; a call not answered yet is refused naming channel_id', async () => {
    await expectPbxError(
      ctx.client.call.listen({
        monitor: await freeMonitor(),
        channel_id: 'PJSIP/none-00000000',
        type: 'whisper',
      }),
      PBX_ERRCODE.NOT_FOUND,
    );
    const held = await heldCall();
    const error = await expectPbxError(
      ctx.client.call.listen({ monitor: await freeMonitor(), channel_id: held.channel_id, type: 'barge' }),
      PBX_ERRCODE.PARAMETER_ERROR,
    );
    expect(error.invalidParamList[0]).toMatchObject({ field: 'channel_id', validation_type: 'not_answered' });
    await ctx.client.call.refuseInbound({ channel_id: held.channel_id });
  });

  itHonoursTheContract(get, 'call/listen', {
    valid: async (client: PbxClient) =>
      client.call.listen({ monitor: await freeMonitor(), channel_id: answered.channel_id, type: 'whisper' }),
    invalid: invalidAsSent(
      { monitor: '1001', channel_id: 'PJSIP/x-1', type: 'spy' },
      'type',
      (client, input) => client.call.listen(input),
    ),
  });
});

describe('uacsta_call/refuse', () => {
  let uacsta: UacstaCalls;
  beforeAll(() => {
    // Held calls accepted until one rings on a desk phone.
    uacsta = new UacstaCalls(events(), async () => {
      const { channel_id } = await heldCall();
      await ctx.client.call.acceptInbound({ channel_id });
    });
  });
  /** A uaCSTA call ringing now, from a 30020 call_start the stream received (accepts held calls until one rings). */
  const ringingUacsta = () => uacsta.ringing(8);

  it('refuses the ringing call on the desk phone: 30020 call_over follows, and it cannot be refused twice', async () => {
    const ringing = await ringingUacsta();
    const { extension, call_id, ip_address } = ringing;
    expect(await ctx.client.uacstaCall.refuse({ extension, call_id, ip_address })).toEqual({
      errcode: 0,
      errmsg: 'SUCCESS',
    });
    await events().settle();
    expect(
      events().events.some(
        (e) => e.kind === 'uacsta_call' && e.msg.call_id === call_id && e.msg.operation === 'call_over',
      ),
    ).toBe(true);
    await expectPbxError(
      ctx.client.uacstaCall.refuse({ extension, call_id, ip_address }),
      PBX_ERRCODE.NOT_FOUND,
    );
  });

  it('another extension or phone address than the call’s is 40004', async () => {
    const { extension, call_id, ip_address } = await ringingUacsta();
    await expectPbxError(
      ctx.client.uacstaCall.refuse({ extension: '9999', call_id, ip_address }),
      PBX_ERRCODE.NOT_FOUND,
    );
    await expectPbxError(
      ctx.client.uacstaCall.refuse({ extension, call_id, ip_address: '10.9.9.9:5060' }),
      PBX_ERRCODE.NOT_FOUND,
    );
  });

  itHonoursTheContract(get, 'uacsta_call/refuse', {
    valid: async (client) => client.uacstaCall.refuse(await uacsta.ringingTarget(8)),
    invalid: invalidAsSent(
      { extension: '1001', call_id: '32800', ip_address: '10.0.0.1' },
      'ip_address',
      (client, input) => client.uacstaCall.refuse(input),
    ),
  });
});

// Last: these keep agents and extensions busy in calls, which the uaCSTA cases above need free.
describe('call/hangup', () => {
  let answered: { call_id: string; channel_id: string };
  beforeAll(async () => {
    answered = await answeredCall();
  });

  /** Joins a free extension to the answered call as a monitor; its channel. */
  async function monitorChannel(client: PbxClient): Promise<{ monitor: string; channel: string }> {
    const monitor = await extensionNotIn(answered.call_id);
    await client.call.listen({ monitor, channel_id: answered.channel_id, type: 'listen' });
    const after = await client.call.query({ call_id: answered.call_id });
    const member = after.data[0]?.members.find((m) => m.extension?.number === monitor);
    return { monitor, channel: member?.extension?.channel_id ?? '' };
  }

  it('hangs up the monitor only; the call goes on; a second hang-up finds no channel', async () => {
    const { monitor, channel } = await monitorChannel(ctx.client);
    expect(await ctx.client.call.hangup({ channel_id: channel })).toEqual({
      errcode: 0,
      errmsg: 'SUCCESS',
      call_id: answered.call_id,
    });
    const { data } = await ctx.client.call.query({ call_id: answered.call_id });
    expect(extensionNumbers(data[0])).not.toContain(monitor);
    expect(data).toHaveLength(1);
    await expectPbxError(ctx.client.call.hangup({ channel_id: channel }), PBX_ERRCODE.NOT_FOUND);
  });

  itHonoursTheContract(get, 'call/hangup', {
    valid: async (client: PbxClient) =>
      client.call.hangup({ channel_id: (await monitorChannel(client)).channel }),
    // Neither of the two documented fields: the error names both.
    invalid: invalidAsSent({}, 'channel_id|paging_number', (client, input) => client.call.hangup(input)),
  });
});

describe('extension/list', () => {
  it('lists the extensions with id, number and name', async () => {
    const answer = await ctx.client.extension.list({ page: 1, page_size: 1000 });
    const world = ctx.sim.control.world();
    expect(answer.total_number).toBe(world.extensions.length);
    expect(answer.data.map((e) => e.number)).toEqual(world.extensions.map((e) => e.number));
    expect(answer.data[0]).toMatchObject({
      id: world.extensions[0]?.id,
      caller_id_name: world.extensions[0]?.name,
    });
  });

  itHonoursTheContract(get, 'extension/list', {
    valid: (client: PbxClient) => client.extension.list({ page: 1, page_size: 10 }),
    invalid: invalidAsSent({ page: 0 }, 'page', (client, input) => client.extension.list(input)),
  });
});
