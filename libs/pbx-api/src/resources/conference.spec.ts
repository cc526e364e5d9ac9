import { describe, expect, expectTypeOf, it } from 'vitest';
import {
  PbxValidationError,
  type ConferenceInviteMemberParams,
  type ConferenceKickMemberParams,
  type OngoingConference,
  type ScheduledConference,
} from '../index.js';
import { clientOn, FakePbx, ok } from '../../test/support/fake-pbx.js';

const conference: OngoingConference = {
  call_id: '1748247575.86',
  conference_number: '6901',
  conference_name: 'instant conference',
  members: [
    {
      from: '1003',
      trunk_name: '<no name>',
      channel_id: 'PJSIP/1003-00000021',
      member_type: 'ext',
      member_status: 'ANSWERED',
    },
  ],
};

describe('ConferenceResource', () => {
  it('queryOngoing sends GET v1.0 conference/query_ongoing_conference with the number', async () => {
    const fake = new FakePbx().reply({ body: ok({ data: [conference] }) });
    const result = await clientOn(fake).conference.queryOngoing({ number: '6901' });
    expect(fake.last).toMatchObject({
      method: 'GET',
      path: '/openapi/v1.0/conference/query_ongoing_conference',
      query: { number: '6901', access_token: 'test-token' },
    });
    expect(result.data).toEqual([conference]);
  });

  it('kickMember sends POST v1.0 conference/kick_member with the body as given', async () => {
    const fake = new FakePbx().reply({ body: ok({}) });
    await clientOn(fake).conference.kickMember({ member_channel_id: 'PJSIP/1003-00000021', number: '6901' });
    expect(fake.last).toMatchObject({
      method: 'POST',
      path: '/openapi/v1.0/conference/kick_member',
      body: { member_channel_id: 'PJSIP/1003-00000021', number: '6901' },
    });
  });

  it('kickMembers joins channel ids with commas, or sends all', async () => {
    const fake = new FakePbx().otherwise({ body: ok({}) });
    const pbx = clientOn(fake);
    await pbx.conference.kickMembers('6901', ['PJSIP/1003-00000021', 'PJSIP/1004-00000022']);
    expect(fake.last.body).toEqual({
      member_channel_id: 'PJSIP/1003-00000021,PJSIP/1004-00000022',
      number: '6901',
    });
    await pbx.conference.kickMembers('6901', 'all');
    expect(fake.last.body).toEqual({ member_channel_id: 'all', number: '6901' });
  });

  it('kickMembers refuses lists that would kick someone else, before sending', async () => {
    const fake = new FakePbx();
    const pbx = clientOn(fake);
    const cases: Array<[string[], string, string]> = [
      [[], 'member_channel_id', 'required'],
      [['PJSIP/1', ''], 'member_channel_id[1]', 'required'],
      [['PJSIP/1,PJSIP/2'], 'member_channel_id[0]', 'format'],
      [['all'], 'member_channel_id[0]', 'format'],
    ];
    for (const [ids, field, rule] of cases) {
      const error = await pbx.conference.kickMembers('6901', ids).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(PbxValidationError);
      expect(error).toMatchObject({ operation: 'conference/kick_member', violations: [{ field, rule }] });
    }
    const notAList = await pbx.conference
      .kickMembers('6901', 'PJSIP/1' as unknown as string[])
      .catch((e: unknown) => e);
    expect(notAList).toMatchObject({ violations: [{ field: 'member_channel_id', rule: 'type' }] });
    expect(fake.requests).toHaveLength(0);
  });

  it('kickMember rejects a missing number and a malformed id list', async () => {
    const fake = new FakePbx();
    const bad = { member_channel_id: 'PJSIP/1,,PJSIP/2' } as ConferenceKickMemberParams;
    await expect(clientOn(fake).conference.kickMember(bad)).rejects.toMatchObject({
      violations: [
        { field: 'member_channel_id', rule: 'format' },
        { field: 'number', rule: 'required' },
      ],
    });
    expect(fake.requests).toHaveLength(0);
  });

  it('types: both kick_member fields are required text', () => {
    expectTypeOf<ConferenceKickMemberParams>().toEqualTypeOf<{ member_channel_id: string; number: string }>();
    // @ts-expect-error number is required
    const noNumber: ConferenceKickMemberParams = { member_channel_id: 'all' };
    // @ts-expect-error member_channel_id is text, not an array (use kickMembers for arrays)
    const array: ConferenceKickMemberParams = { member_channel_id: ['a'], number: '6901' };
    expect([noNumber, array]).toHaveLength(2);
  });
});

describe('ConferenceResource: mute, invite and the scheduled list', () => {
  it('muteMember sends POST v1.0 conference/mute_member as the guide’s example does', async () => {
    const fake = new FakePbx().reply({ body: ok({}) });
    const result = await clientOn(fake).conference.muteMember({ member_channel_id: 'all', number: '6901' });
    expect(fake.last).toMatchObject({
      method: 'POST',
      path: '/openapi/v1.0/conference/mute_member',
      body: { member_channel_id: 'all', number: '6901' },
    });
    expect(result).toEqual({ errcode: 0, errmsg: 'SUCCESS' });
  });

  it('muteMembers joins channel ids, sends all, and refuses the lists kickMembers refuses', async () => {
    const fake = new FakePbx().otherwise({ body: ok({}) });
    const pbx = clientOn(fake);
    await pbx.conference.muteMembers('6901', ['PJSIP/1003-00000021', 'PJSIP/1004-00000022']);
    expect(fake.last.body).toEqual({
      member_channel_id: 'PJSIP/1003-00000021,PJSIP/1004-00000022',
      number: '6901',
    });
    await pbx.conference.muteMembers('6901', 'all');
    expect(fake.last.body).toEqual({ member_channel_id: 'all', number: '6901' });
    const sent = fake.requests.length;
    for (const ids of [[], ['PJSIP/1,PJSIP/2'], ['all']]) {
      const error = await pbx.conference.muteMembers('6901', ids).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(PbxValidationError);
      expect(error).toMatchObject({ operation: 'conference/mute_member' });
    }
    const allInList = await pbx.conference.muteMembers('6901', ['all']).catch((e: Error) => e.message);
    expect(allInList).toContain('to mute everyone');
    expect(fake.requests).toHaveLength(sent);
  });

  it('inviteMember sends POST v1.0 conference/invite_member with the numbers as an array', async () => {
    const fake = new FakePbx().reply({ body: ok({}) });
    const params: ConferenceInviteMemberParams = {
      dialpermission: '1001',
      invitemembers: ['995000'],
      number: '6901',
    };
    await clientOn(fake).conference.inviteMember(params);
    expect(fake.last).toMatchObject({
      method: 'POST',
      path: '/openapi/v1.0/conference/invite_member',
      body: params,
    });
  });

  it('inviteMember refuses an empty list, an empty number and comma-joined text before sending', async () => {
    const fake = new FakePbx();
    const pbx = clientOn(fake);
    await expect(
      pbx.conference.inviteMember({ invitemembers: [], dialpermission: '1001', number: '6901' }),
    ).rejects.toMatchObject({ violations: [{ field: 'invitemembers', rule: 'required' }] });
    await expect(
      pbx.conference.inviteMember({ invitemembers: ['1003', ''], dialpermission: '1001', number: '6901' }),
    ).rejects.toMatchObject({ violations: [{ field: 'invitemembers[1]', rule: 'required' }] });
    await expect(
      pbx.conference.inviteMember({
        invitemembers: '1003,1004' as unknown as string[],
        dialpermission: '1001',
        number: '6901',
      }),
    ).rejects.toMatchObject({ violations: [{ field: 'invitemembers', rule: 'type' }] });
    await expect(
      pbx.conference.inviteMember({
        invitemembers: ['1003'],
        number: '6901',
      } as ConferenceInviteMemberParams),
    ).rejects.toMatchObject({ violations: [{ field: 'dialpermission', rule: 'required' }] });
    expect(fake.requests).toHaveLength(0);
  });

  it('list sends GET v1.0 conference/list with the required paging and returns the conferences', async () => {
    // The guide's example answer (query-scheduled-conference-list.html), first entry.
    const sales: ScheduledConference = {
      id: 1,
      name: 'Sales Weekly Meeting',
      number: '6500',
      moderator_list: [{ id: '50', name: 'Emily Parker', type: 'extension' }],
    };
    const fake = new FakePbx().reply({ body: ok({ total_number: 3, data: [sales] }) });
    const result = await clientOn(fake).conference.list({ page: 1, page_size: 5, sort_by: 'name' });
    expect(fake.last).toMatchObject({
      method: 'GET',
      path: '/openapi/v1.0/conference/list',
      query: { page: '1', page_size: '5', sort_by: 'name', access_token: 'test-token' },
    });
    expect(result.total_number).toBe(3);
    expect(result.data).toEqual([sales]);
  });

  it('list refuses a missing page_size and an unknown sort field before sending', async () => {
    const fake = new FakePbx();
    const pbx = clientOn(fake);
    await expect(pbx.conference.list({ page: 1 } as never)).rejects.toMatchObject({
      violations: [{ field: 'page_size', rule: 'required' }],
    });
    await expect(
      pbx.conference.list({ page: 1, page_size: 5, sort_by: 'id' } as never),
    ).rejects.toMatchObject({ violations: [{ field: 'sort_by', rule: 'enum' }] });
    expect(fake.requests).toHaveLength(0);
  });
});
