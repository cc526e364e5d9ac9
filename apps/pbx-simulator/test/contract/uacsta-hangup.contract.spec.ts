/**
 * Contract: libs/pbx-api's uacsta_call/hangup against the running simulator, with the uaCSTA call ids, desk
 * phone addresses and extensions taken from the 30020 events the client's PbxEventStream receives. Calls are
 * held inbound calls the test accepts; the call center has no generated traffic and a manual clock. A simulator
 * of its own: answered calls keep agents busy, which the other call tests need free.
 */
import { PBX_ERRCODE } from '@switchboard/pbx-api';
import { beforeAll, describe, expect, it } from 'vitest';
import { controlledLine, holdCall, type ControlledLine } from '../support/held-calls.js';
import { UacstaCalls } from './support/uacsta-calls.js';
import { expectPbxError, invalidAsSent, itHonoursTheContract } from './support/contract-kit.js';
import { contractSuite } from './support/contract-suite.js';

const { ctx, get, clock, events } = contractSuite(
  { scenario: 'contact-center' },
  { manualClock: true, topics: [30016, 30020] },
);
let line: ControlledLine;
let uacsta: UacstaCalls;
beforeAll(() => {
  line = controlledLine(ctx.sim);
  // Held calls accepted until one rings on a desk phone.
  uacsta = new UacstaCalls(events(), async () => {
    const { channel_id } = await holdCall(ctx.sim, line);
    await ctx.client.call.acceptInbound({ channel_id });
  });
});

const operationsOf = (callId: string) => uacsta.operationsOf(callId);
const ringingUacsta = () => uacsta.ringing();

describe('uacsta_call/hangup', () => {
  it('hangs up a ringing desk phone as refuse does: 30020 call_over follows, and a second hangup is 40004', async () => {
    const { extension, call_id, ip_address } = await ringingUacsta();
    expect(await ctx.client.uacstaCall.hangup({ extension, call_id, ip_address })).toEqual({
      errcode: 0,
      errmsg: 'SUCCESS',
    });
    await events().settle();
    expect(operationsOf(call_id)).toEqual(['call_start', 'call_over']);
    await expectPbxError(
      ctx.client.uacstaCall.hangup({ extension, call_id, ip_address }),
      PBX_ERRCODE.NOT_FOUND,
    );
  });

  it('hangs up an answered desk-phone call: call_over follows and the call is over', async () => {
    for (let attempt = 0; attempt < 10; attempt++) {
      const { extension, call_id, ip_address } = await ringingUacsta();
      // Simulated seconds pass until the agent answers (one that lets it ring out is passed over).
      for (let second = 0; second < 60 && operationsOf(call_id).length === 1; second++)
        await events().advance(clock(), 1_000);
      if (operationsOf(call_id).at(-1) !== 'call_answer') continue;
      const before = (await ctx.client.call.query({ extension })).data;
      expect(before).toHaveLength(1);
      await ctx.client.uacstaCall.hangup({ extension, call_id, ip_address });
      await events().settle();
      expect(operationsOf(call_id)).toEqual(['call_start', 'call_answer', 'call_over']);
      expect((await ctx.client.call.query({ call_id: before[0]?.call_id ?? '' })).data).toEqual([]);
      return;
    }
    throw new Error('no agent answered a uaCSTA call');
  });

  it('another extension, phone address or call id than the call’s is 40004', async () => {
    const { extension, call_id, ip_address } = await ringingUacsta();
    for (const wrong of [
      { extension: '9999', call_id, ip_address },
      { extension, call_id, ip_address: '10.9.9.9:5060' },
      { extension, call_id: '1', ip_address },
    ])
      await expectPbxError(ctx.client.uacstaCall.hangup(wrong), PBX_ERRCODE.NOT_FOUND);
    expect(operationsOf(call_id)).toEqual(['call_start']);
  });

  itHonoursTheContract(get, 'uacsta_call/hangup', {
    valid: async (client) => client.uacstaCall.hangup(await uacsta.ringingTarget()),
    invalid: invalidAsSent(
      { extension: '1001', call_id: '32800', ip_address: '10.0.0.1:99999' },
      'ip_address',
      (client, input) => client.uacstaCall.hangup(input),
    ),
  });
});
