/**
 * Contract: libs/pbx-api's conference operations against the running simulator — query_ongoing_conference,
 * kick_member and the client's kickMembers — on conferences the call center's traffic opens (manual clock:
 * time moves only when a test looks for a conference).
 */
import { PBX_ERRCODE, type OngoingConference } from '@switchboard/pbx-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  expectPbxError,
  expectSameValidation,
  itHonoursTheContract,
  startContractSim,
  type ContractSim,
} from './support/contract-kit.js';

let ctx: ContractSim;
beforeAll(async () => {
  ctx = await startContractSim({ scenario: 'contact-center', trafficRate: 1 }, { manualClock: true });
});
afterAll(async () => ctx.close());
const get = () => ctx;

/** A conference in progress with at least `members` members; simulated minutes pass until there is one. */
async function conferenceWith(members: number): Promise<OngoingConference> {
  for (let minute = 0; minute < 12 * 60; minute++) {
    const { data } = await ctx.client.conference.queryOngoing({ number: 'all' });
    const found = data.find((c) => c.members.length >= members);
    if (found) return found;
    ctx.clock?.advance(60_000);
  }
  throw new Error(`no conference reached ${members} members in 12 simulated hours`);
}

const ongoing = async (number: string) => (await ctx.client.conference.queryOngoing({ number })).data;

describe('conference/query_ongoing_conference', () => {
  it('answers the conference asked for with its members and their channels', async () => {
    const found = await conferenceWith(3);
    const [conference] = await ongoing(found.conference_number);
    expect(conference).toEqual(found);
    expect(conference?.call_id).toMatch(/^\d{10}\.\d+$/);
    const channels = conference?.members.map((m) => m.channel_id) ?? [];
    expect(new Set(channels).size).toBe(channels.length);
    for (const member of conference?.members ?? []) expect(member.member_status).toBe('ANSWERED');
  });

  it('an unknown conference number is 40004', async () => {
    await expectPbxError(ctx.client.conference.queryOngoing({ number: '1234' }), PBX_ERRCODE.NOT_FOUND);
  });

  itHonoursTheContract(get, {
    op: 'conference/query_ongoing_conference',
    valid: (client) => client.conference.queryOngoing({ number: 'all' }),
    invalid: {
      call: (client) => client.conference.queryOngoing({ number: '' }),
      wire: { number: '' },
      field: 'number',
    },
  });
});

describe('conference/kick_member and kickMembers', () => {
  it('kick_member removes exactly the member named; the others stay', async () => {
    const conference = await conferenceWith(3);
    const [kicked, ...staying] = conference.members;
    expect(
      await ctx.client.conference.kickMember({
        member_channel_id: kicked?.channel_id ?? '',
        number: conference.conference_number,
      }),
    ).toEqual({ errcode: 0, errmsg: 'SUCCESS' });
    const after = (await ongoing(conference.conference_number))[0]?.members.map((m) => m.channel_id);
    expect(after).toEqual(staying.map((m) => m.channel_id));
  });

  it('kickMembers removes the listed members, and with all ends the conference', async () => {
    const conference = await conferenceWith(3);
    const number = conference.conference_number;
    const [first, second, ...rest] = conference.members.map((m) => m.channel_id);
    await ctx.client.conference.kickMembers(number, [first ?? '', second ?? '']);
    expect((await ongoing(number))[0]?.members.map((m) => m.channel_id)).toEqual(rest);
    await ctx.client.conference.kickMembers(number, 'all');
    expect(await ongoing(number)).toEqual([]);
  });

  it('a channel that is not a member is 40004 and nobody is kicked; so is a conference not in progress', async () => {
    const conference = await conferenceWith(2);
    const number = conference.conference_number;
    const member = conference.members[0]?.channel_id ?? '';
    await expectPbxError(
      ctx.client.conference.kickMembers(number, [member, 'PJSIP/9999-00000000']),
      PBX_ERRCODE.NOT_FOUND,
    );
    expect((await ongoing(number))[0]?.members).toHaveLength(conference.members.length);
    await ctx.client.conference.kickMembers(number, 'all');
    await expectPbxError(
      ctx.client.conference.kickMember({ member_channel_id: 'all', number }),
      PBX_ERRCODE.NOT_FOUND,
    );
  });

  it('kickMembers: an empty list is refused by the client as the simulator refuses an empty member_channel_id', async () => {
    await expectSameValidation(ctx, 'conference/kick_member', {
      call: (client) => client.conference.kickMembers('6900', []),
      wire: { member_channel_id: '', number: '6900' },
      field: 'member_channel_id',
    });
  });

  itHonoursTheContract(get, {
    op: 'conference/kick_member',
    label: 'conference/kick_member (kickMembers)',
    valid: async (client) => {
      const conference = await conferenceWith(2);
      const last = conference.members.at(-1)?.channel_id ?? '';
      return client.conference.kickMembers(conference.conference_number, [last]);
    },
  });

  itHonoursTheContract(get, {
    op: 'conference/kick_member',
    valid: async (client) => {
      const conference = await conferenceWith(2);
      const last = conference.members.at(-1)?.channel_id ?? '';
      return client.conference.kickMember({ member_channel_id: last, number: conference.conference_number });
    },
    invalid: {
      call: (client) => client.conference.kickMember({ member_channel_id: 'a, b c', number: '6900' }),
      wire: { member_channel_id: 'a, b c', number: '6900' },
      field: 'member_channel_id',
    },
  });
});
