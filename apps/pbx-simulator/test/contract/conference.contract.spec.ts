/**
 * Contract: libs/pbx-api's conference operations against the running simulator — query_ongoing_conference,
 * kick_member and the client's kickMembers, mute_member and muteMembers, invite_member, and the scheduled
 * conferences of conference/list — on conferences the call center's traffic opens (manual clock: time moves
 * only when a test looks for a conference).
 */
import { PBX_ERRCODE, type OngoingConference, type OngoingConferenceMember } from '@switchboard/pbx-api';
import { describe, expect, it } from 'vitest';
import {
  expectPbxError,
  expectSameValidation,
  invalidAsSent,
  itHonoursTheContract,
} from './support/contract-kit.js';
import { contractSuite } from './support/contract-suite.js';

const { ctx, get } = contractSuite({ scenario: 'contact-center', trafficRate: 1 }, { manualClock: true });

/**
 * A conference in progress with at least `members` members (and that `fits`); simulated minutes pass until
 * there is one.
 */
async function conferenceWith(
  members: number,
  fits: (conference: OngoingConference) => boolean = () => true,
): Promise<OngoingConference> {
  for (let minute = 0; minute < 12 * 60; minute++) {
    const { data } = await ctx.client.conference.queryOngoing({ number: 'all' });
    const found = data.find((c) => c.members.length >= members && fits(c));
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

  itHonoursTheContract(get, 'conference/query_ongoing_conference', {
    valid: (client) => client.conference.queryOngoing({ number: 'all' }),
    invalid: invalidAsSent({ number: '' }, 'number', (client, input) =>
      client.conference.queryOngoing(input),
    ),
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

  itHonoursTheContract(get, 'conference/kick_member', {
    label: 'conference/kick_member (kickMembers)',
    valid: async (client) => {
      const conference = await conferenceWith(2);
      const last = conference.members.at(-1)?.channel_id ?? '';
      return client.conference.kickMembers(conference.conference_number, [last]);
    },
  });

  itHonoursTheContract(get, 'conference/kick_member', {
    valid: async (client) => {
      const conference = await conferenceWith(2);
      const last = conference.members.at(-1)?.channel_id ?? '';
      return client.conference.kickMember({ member_channel_id: last, number: conference.conference_number });
    },
    invalid: invalidAsSent(
      { member_channel_id: 'a, b c', number: '6900' },
      'member_channel_id',
      (client, input) => client.conference.kickMember(input),
    ),
  });
});

/** The simulator's own mute flag of a member (docs/pbx/conferences.md#mute-state-in-the-simulator). */
const muted = (member: OngoingConferenceMember | undefined): unknown =>
  (member as unknown as Record<string, unknown> | undefined)?.['sim_muted'];

describe('conference/mute_member and muteMembers', () => {
  it('mute_member mutes exactly the member named, and all mutes everyone; nobody leaves', async () => {
    const conference = await conferenceWith(3, (c) => c.members.every((m) => muted(m) === 0));
    const number = conference.conference_number;
    const [first, ...others] = conference.members;
    expect(conference.members.map(muted)).toEqual(conference.members.map(() => 0));
    expect(
      await ctx.client.conference.muteMember({ member_channel_id: first?.channel_id ?? '', number }),
    ).toEqual({ errcode: 0, errmsg: 'SUCCESS' });
    const after = (await ongoing(number))[0]?.members ?? [];
    expect(after.map((m) => m.channel_id)).toEqual(conference.members.map((m) => m.channel_id));
    expect(muted(after[0])).toBe(1);
    expect(after.slice(1).map(muted)).toEqual(others.map(() => 0));

    await ctx.client.conference.muteMembers(number, 'all');
    expect(((await ongoing(number))[0]?.members ?? []).map(muted)).toEqual(after.map(() => 1));
  });

  it('a channel that is not a member is 40004 and nobody is muted; so is a conference not in progress', async () => {
    const conference = await conferenceWith(2, (c) => c.members.some((m) => muted(m) === 0));
    const number = conference.conference_number;
    const unmuted = conference.members.find((m) => muted(m) === 0);
    await expectPbxError(
      ctx.client.conference.muteMembers(number, [unmuted?.channel_id ?? '', 'PJSIP/9999-00000000']),
      PBX_ERRCODE.NOT_FOUND,
    );
    // Unchanged: the members muted before (an earlier test may have muted some) and nobody else.
    expect(((await ongoing(number))[0]?.members ?? []).map(muted)).toEqual(conference.members.map(muted));
    await ctx.client.conference.kickMembers(number, 'all');
    await expectPbxError(
      ctx.client.conference.muteMember({ member_channel_id: 'all', number }),
      PBX_ERRCODE.NOT_FOUND,
    );
  });

  itHonoursTheContract(get, 'conference/mute_member', {
    valid: async (client) => {
      const conference = await conferenceWith(2);
      const last = conference.members.at(-1)?.channel_id ?? '';
      return client.conference.muteMembers(conference.conference_number, [last]);
    },
    invalid: invalidAsSent(
      { member_channel_id: 'a b', number: '6900' },
      'member_channel_id',
      (client, input) => client.conference.muteMember(input),
    ),
  });
});

describe('conference/invite_member', () => {
  let outside = 5_559_000;
  /** An external number no test invited before. */
  const freshNumber = () => String((outside += 1));
  /** A staff or agent extension that is not in the conference. */
  const extensionOutside = (conference: OngoingConference) => {
    const inside = new Set(conference.members.map((m) => m.from));
    const ext = ctx.sim.control.world().extensions.find((e) => !inside.has(e.number));
    if (!ext) throw new Error('every extension is in the conference');
    return ext;
  };

  it('calls an extension and an external number in: both are members at once, on their channels', async () => {
    const conference = await conferenceWith(2);
    const number = conference.conference_number;
    const ext = extensionOutside(conference);
    const external = freshNumber();
    expect(
      await ctx.client.conference.inviteMember({
        invitemembers: [ext.number, external],
        dialpermission: conference.members.find((m) => m.member_type === 'ext')?.from ?? '1001',
        number,
      }),
    ).toEqual({ errcode: 0, errmsg: 'SUCCESS' });
    const members = (await ongoing(number))[0]?.members ?? [];
    expect(members.map((m) => m.from)).toEqual([
      ...conference.members.map((m) => m.from),
      ext.number,
      external,
    ]);
    const [invitedExt, invitedOutside] = members.slice(-2);
    expect(invitedExt).toMatchObject({
      member_type: 'ext',
      trunk_name: '<no name>',
      member_status: 'ANSWERED',
    });
    expect(invitedOutside).toMatchObject({ member_type: 'trunk', member_status: 'ANSWERED' });
    expect(invitedOutside?.trunk_name).not.toBe('<no name>');
    expect(new Set(members.map((m) => m.channel_id)).size).toBe(members.length);
  });

  it('refuses a dialpermission that is no extension, and a member invited again; nobody is called', async () => {
    const conference = await conferenceWith(2);
    const number = conference.conference_number;
    const member = conference.members[0]?.from ?? '';
    const before = conference.members.length;
    const invalid = async (promise: Promise<unknown>, field: string) => {
      const error = await expectPbxError(promise, PBX_ERRCODE.PARAMETER_ERROR);
      expect(error.invalidParamList.map((p) => p.field)).toEqual([field]);
    };
    await invalid(
      ctx.client.conference.inviteMember({ invitemembers: [freshNumber()], dialpermission: '99999', number }),
      'dialpermission',
    );
    await invalid(
      ctx.client.conference.inviteMember({
        invitemembers: [freshNumber(), member],
        dialpermission: '1001',
        number,
      }),
      'invitemembers[1]',
    );
    expect((await ongoing(number))[0]?.members).toHaveLength(before);
  });

  it('a conference not in progress is 40004, an unknown number too', async () => {
    const conference = await conferenceWith(1);
    await ctx.client.conference.kickMembers(conference.conference_number, 'all');
    await expectPbxError(
      ctx.client.conference.inviteMember({
        invitemembers: [freshNumber()],
        dialpermission: '1001',
        number: conference.conference_number,
      }),
      PBX_ERRCODE.NOT_FOUND,
    );
    await expectPbxError(
      ctx.client.conference.inviteMember({
        invitemembers: [freshNumber()],
        dialpermission: '1001',
        number: '1234',
      }),
      PBX_ERRCODE.NOT_FOUND,
    );
  });

  itHonoursTheContract(get, 'conference/invite_member', {
    valid: async (client) => {
      const conference = await conferenceWith(1);
      return client.conference.inviteMember({
        invitemembers: [freshNumber()],
        dialpermission: '1001',
        number: conference.conference_number,
      });
    },
    invalid: invalidAsSent(
      { invitemembers: [], dialpermission: '1001', number: '6900' },
      'invitemembers',
      (client, input) => client.conference.inviteMember(input),
    ),
  });
});

describe('conference/list', () => {
  it('answers every scheduled conference, by number unless asked otherwise, with its moderators', async () => {
    const world = ctx.sim.control.world();
    const rooms = world.conferences ?? [];
    const names = new Map(world.extensions.map((e) => [String(e.id), e.name]));
    const all = await ctx.client.conference.list({ page: 1, page_size: 100 });
    expect(all.total_number).toBe(rooms.length);
    expect(all.data.map((c) => c.number)).toEqual(rooms.map((r) => r.number).sort());
    for (const conference of all.data) {
      const room = rooms.find((r) => r.number === conference.number);
      expect(conference).toMatchObject({ id: room?.id, name: room?.name });
      expect(conference.moderator_list.length).toBeGreaterThan(0);
      for (const moderator of conference.moderator_list) {
        expect(moderator.type).toBe('extension');
        expect(moderator.name).toBe(names.get(moderator.id));
      }
    }
  });

  it('pages, and sorts by name in either order', async () => {
    const byName = await ctx.client.conference.list({
      page: 1,
      page_size: 100,
      sort_by: 'name',
      order_by: 'desc',
    });
    const names = byName.data.map((c) => c.name);
    expect(names).toEqual([...names].sort((a, b) => b.localeCompare(a)));
    const second = await ctx.client.conference.list({
      page: 2,
      page_size: 1,
      sort_by: 'name',
      order_by: 'desc',
    });
    expect(second.total_number).toBe(byName.total_number);
    expect(second.data).toEqual(byName.data.slice(1, 2));
  });

  itHonoursTheContract(get, 'conference/list', {
    valid: (client) => client.conference.list({ page: 1, page_size: 10 }),
    invalid: invalidAsSent({ page: 1 }, 'page_size', (client, input) => client.conference.list(input)),
  });
});
