import { PBX_ERRCODE, PBX_EVENT } from '@switchboard/pbx-api';
import { describe, expect, it } from 'vitest';
import { expectSimError, members } from '../testing/expectations.js';
import { startedHarness, type Harness } from '../testing/harness.js';

interface Member {
  from: string;
  trunk_name: string;
  channel_id: string;
  member_type: string;
  member_status: string;
}
interface Ongoing {
  call_id: string;
  conference_number: string;
  conference_name: string;
  members: Member[];
}

function ongoing(h: Harness, number: string): Ongoing[] {
  return h.call('conference/query_ongoing_conference', { number })['data'] as Ongoing[];
}

/** Runs contact-center traffic until a conference has at least `size` members, then stops new traffic. */
function conferenceWith(size: number): { h: Harness; conference: Ongoing } {
  const h = startedHarness({ scenario: 'contact-center', trafficRate: 1 });
  for (let minute = 0; minute < 12 * 60; minute += 1) {
    h.clock.advance(60_000);
    const found = ongoing(h, 'all').find((c) => c.members.length >= size);
    if (found) {
      h.center.control.setTrafficRate(0);
      h.recorder.clear();
      return { h, conference: found };
    }
  }
  throw new Error(`no conference reached ${size} members`);
}

describe('conference/query_ongoing_conference', () => {
  it('lists ongoing conferences by number, comma list or all, with their members', () => {
    const { h, conference } = conferenceWith(2);
    expect(conference.conference_number).toMatch(/^69\d\d$/);
    expect(conference.call_id).toMatch(/^\d{10}\.\d+$/);
    for (const member of conference.members) {
      expect(member.member_status).toBe('ANSWERED');
      if (member.member_type === 'ext') expect(member.trunk_name).toBe('<no name>');
      else expect(member.member_type).toBe('trunk');
    }
    expect(ongoing(h, conference.conference_number)).toEqual([conference]);
    const all = ongoing(h, 'all').map((c) => c.conference_number);
    expect(ongoing(h, '6900,6901,6902').map((c) => c.conference_number)).toEqual(all);
    expectSimError(() => ongoing(h, '6999'), PBX_ERRCODE.NOT_FOUND, 'number');
  });
});

describe('conference/kick_member', () => {
  it('removes one member with BYE and records its stay; the host leaving raises 30024', () => {
    const { h, conference } = conferenceWith(3);
    const [host, guest] = conference.members as [Member, Member];
    h.call('conference/kick_member', {
      number: conference.conference_number,
      member_channel_id: guest.channel_id,
    });
    const after = ongoing(h, conference.conference_number)[0] as Ongoing;
    expect(after.members.map((m) => m.channel_id)).not.toContain(guest.channel_id);
    const bye = h.recorder.of(PBX_EVENT.CALL_STATUS_CHANGED).flatMap(members);
    expect(bye).toContainEqual([
      expect.any(String),
      expect.objectContaining({ channel_id: guest.channel_id, member_status: 'BYE' }),
    ]);
    expect(h.recorder.finished.at(-1)).toMatchObject({
      call_to_number: conference.conference_number,
      disposition: 'ANSWERED',
    });

    h.call('conference/kick_member', {
      number: conference.conference_number,
      member_channel_id: host.channel_id,
    });
    expect(h.recorder.of(PBX_EVENT.CONFERENCE_NO_HOST)).toEqual([
      { conference_id: conference.call_id, host_num: host.from },
    ]);
  });

  it('kicks everyone with all, and the conference ends', () => {
    const { h, conference } = conferenceWith(2);
    h.call('conference/kick_member', { number: conference.conference_number, member_channel_id: 'all' });
    expect(ongoing(h, conference.conference_number)).toEqual([]);
    expect(h.recorder.finished).toHaveLength(conference.members.length);
    expect(h.recorder.of(PBX_EVENT.CONFERENCE_NO_HOST)).toEqual([]);
    expectSimError(
      () =>
        h.call('conference/kick_member', { number: conference.conference_number, member_channel_id: 'all' }),
      PBX_ERRCODE.NOT_FOUND,
      'number',
    );
  });

  it('kicks nobody when one of the listed channels is not a member, and rejects unknown conferences', () => {
    const { h, conference } = conferenceWith(2);
    const first = (conference.members[0] as Member).channel_id;
    expectSimError(
      () =>
        h.call('conference/kick_member', {
          number: conference.conference_number,
          member_channel_id: `${first},PJSIP/1001-ffffffff`,
        }),
      PBX_ERRCODE.NOT_FOUND,
      'member_channel_id',
    );
    expect(ongoing(h, conference.conference_number)[0]?.members).toHaveLength(conference.members.length);
    expectSimError(
      () => h.call('conference/kick_member', { number: '6999', member_channel_id: 'all' }),
      PBX_ERRCODE.NOT_FOUND,
      'number',
    );
  });
});
