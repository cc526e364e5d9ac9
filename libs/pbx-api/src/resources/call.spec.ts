import { describe, expect, expectTypeOf, it } from 'vitest';
import type { CallInfo, CallListenParams, CallMember, CallQueryParams } from '../index.js';
import { clientOn, FakePbx, ok } from '../../test/support/fake-pbx.js';

const channel = 'PJSIP/trunk-peer-to-41-endpoint-000000b5';

const call: CallInfo = {
  call_id: '1651057476.362',
  members: [
    {
      inbound: {
        from: '5503301',
        to: '2002',
        trunk_name: 'peer-to-41',
        channel_id: channel,
        member_status: 'ANSWERED',
        call_path: '',
      },
    },
    {
      extension: {
        number: '2002',
        channel_id: 'PJSIP/2002-00000013',
        member_status: 'ANSWER',
        call_path: '6400',
      },
    },
  ],
};

describe('CallResource', () => {
  it('acceptInbound sends POST v1.0 call/accept_inbound with the channel and returns the call id', async () => {
    const fake = new FakePbx().reply({ body: ok({ call_id: '1648861726.280' }) });
    const result = await clientOn(fake).call.acceptInbound({ channel_id: channel });
    expect(fake.last).toMatchObject({
      method: 'POST',
      path: '/openapi/v1.0/call/accept_inbound',
      query: { access_token: 'test-token' },
      body: { channel_id: channel },
    });
    expect(result.call_id).toBe('1648861726.280');
  });

  it('refuseInbound sends POST v1.0 call/refuse_inbound with the channel and returns the call id', async () => {
    const fake = new FakePbx().reply({ body: ok({ call_id: '1650780369.279' }) });
    const result = await clientOn(fake).call.refuseInbound({ channel_id: channel });
    expect(fake.last).toMatchObject({
      method: 'POST',
      path: '/openapi/v1.0/call/refuse_inbound',
      body: { channel_id: channel },
    });
    expect(result.call_id).toBe('1650780369.279');
  });

  it('accept and refuse are never retried: a replay could act on the call twice', async () => {
    const fake = new FakePbx().otherwise({ status: 502, body: '' });
    const pbx = clientOn(fake, { retries: 3 });
    await expect(pbx.call.acceptInbound({ channel_id: channel })).rejects.toMatchObject({
      code: 'transport',
    });
    await expect(pbx.call.refuseInbound({ channel_id: channel })).rejects.toMatchObject({
      code: 'transport',
    });
    expect(fake.requests).toHaveLength(2);
  });

  it('query sends GET v1.0 call/query with exactly the one filter and returns the calls', async () => {
    const fake = new FakePbx().otherwise({ body: ok({ data: [call] }) });
    const pbx = clientOn(fake);
    const result = await pbx.call.query({ call_id: call.call_id });
    expect(fake.last).toMatchObject({ method: 'GET', path: '/openapi/v1.0/call/query' });
    expect(fake.last.query).toEqual({ call_id: call.call_id, access_token: 'test-token' });
    expect(result.data).toEqual([call]);
    await pbx.call.query({ type: 'inbound' });
    expect(fake.last.query).toEqual({ type: 'inbound', access_token: 'test-token' });
    await pbx.call.query({ extension: '2002' });
    expect(fake.last.query).toEqual({ extension: '2002', access_token: 'test-token' });
  });

  it('query rejects no filter or two filters before sending', async () => {
    const fake = new FakePbx();
    const pbx = clientOn(fake);
    for (const bad of [{}, { call_id: '1.2', extension: '2002' }]) {
      await expect(pbx.call.query(bad as CallQueryParams)).rejects.toMatchObject({
        violations: [{ field: 'call_id|type|extension', rule: 'required' }],
      });
    }
    expect(fake.requests).toHaveLength(0);
  });

  it('listen sends POST v1.0 call/listen and returns the call id', async () => {
    const fake = new FakePbx().reply({ body: ok({ call_id: '1.5' }) });
    const params: CallListenParams = { monitor: '2001', channel_id: 'PJSIP/2002-00000013', type: 'whisper' };
    const result = await clientOn(fake).call.listen(params);
    expect(fake.last).toMatchObject({ method: 'POST', path: '/openapi/v1.0/call/listen', body: params });
    expect(result.call_id).toBe('1.5');
    const bad = { ...params, type: 'spy' } as unknown as CallListenParams;
    await expect(clientOn(fake).call.listen(bad)).rejects.toMatchObject({
      violations: [{ field: 'type', rule: 'enum' }],
    });
  });

  it('hangup sends POST v1.0 call/hangup with the channel or a paging number, needs one, and reads call_id', async () => {
    const fake = new FakePbx().reply({ body: ok({ call_id: '1648627871.65' }) });
    const answer = await clientOn(fake).call.hangup({ channel_id: 'PJSIP/2001-0000001a' });
    expect(answer.call_id).toBe('1648627871.65');
    expect(fake.last).toMatchObject({
      method: 'POST',
      path: '/openapi/v1.0/call/hangup',
      body: { channel_id: 'PJSIP/2001-0000001a' },
    });
    fake.reply({ body: ok({ call_id: '1648627871.66' }) });
    await clientOn(fake).call.hangup({ paging_number: '6300' });
    expect(fake.last.body).toEqual({ paging_number: '6300' });
    await expect(clientOn(fake).call.hangup({} as unknown as { channel_id: string })).rejects.toMatchObject({
      violations: [{ field: 'channel_id|paging_number' }],
    });
  });

  it('types: call/query takes exactly one filter; members narrow by their key', () => {
    const byId: CallQueryParams = { call_id: '1.2' };
    // @ts-expect-error at least one filter
    const none: CallQueryParams = {};
    // @ts-expect-error at most one filter
    const two: CallQueryParams = { call_id: '1.2', type: 'inbound' };
    // @ts-expect-error type is inbound, outbound or internal
    const badType: CallQueryParams = { type: 'all' };
    expect([byId, none, two, badType]).toHaveLength(4);

    const member = call.members[0] as CallMember;
    if ('inbound' in member && member.inbound)
      expectTypeOf(member.inbound.trunk_name).toEqualTypeOf<string>();
    if ('extension' in member && member.extension)
      expectTypeOf(member.extension.number).toEqualTypeOf<string>();
    const leg = { number: '2002', channel_id: 'c', member_status: 'RING', call_path: '' } as const;
    const trunk = {
      from: '1',
      to: '2',
      trunk_name: 't',
      channel_id: 'c',
      member_status: 'ALERT',
      call_path: '',
    } as const;
    // @ts-expect-error a member has one key only
    const both: CallMember = { extension: leg, inbound: trunk };
    expect(both).toBeDefined();
  });
});
