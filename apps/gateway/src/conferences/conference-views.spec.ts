import { describe, expect, it } from 'vitest';
import { diffKeyed } from '../live/keyed-diff.js';
import { conferenceViews } from './conference-views.js';

describe('conferenceViews', () => {
  it('maps ongoing conferences to views ordered by number, and diffs them by number', () => {
    const member = (channel: string) => ({
      from: '1003',
      trunk_name: '<no name>',
      channel_id: channel,
      member_type: 'ext',
      member_status: 'ANSWERED',
    });
    const before = conferenceViews([
      { call_id: '2', conference_number: '6910', conference_name: 'B', members: [member('PJSIP/1-1')] },
      { call_id: '1', conference_number: '6901', conference_name: 'A', members: [] },
    ]);
    expect(before.map((c) => c.number)).toEqual(['6901', '6910']);
    expect(before[1]?.members).toEqual([
      { channelId: 'PJSIP/1-1', from: '1003', kind: 'ext', status: 'ANSWERED', name: null },
    ]);
    const after = conferenceViews([
      { call_id: '2', conference_number: '6910', conference_name: 'B', members: [] },
    ]);
    expect(diffKeyed(before, after, (c) => c.number)).toEqual({ upsert: [after[0]], remove: ['6901'] });
    expect(diffKeyed(after, after, (c) => c.number)).toBeUndefined();
  });

  it('names members that are extensions the gateway knows; outside callers keep their number only', () => {
    const names = new Map([
      ['1131', 'Ann Lee'],
      ['5550001', 'Not an extension'],
    ]);
    const [room] = conferenceViews(
      [
        {
          call_id: '3',
          conference_number: '6901',
          conference_name: 'Team leads',
          members: [
            {
              from: '1131',
              trunk_name: '<no name>',
              channel_id: 'a',
              member_type: 'ext',
              member_status: 'ANSWERED',
            },
            {
              from: '1140',
              trunk_name: '<no name>',
              channel_id: 'b',
              member_type: 'ext',
              member_status: 'HOLD',
            },
            {
              from: '5550001',
              trunk_name: 'west',
              channel_id: 'c',
              member_type: 'trunk',
              member_status: 'ANSWERED',
            },
          ],
        },
      ],
      (number) => names.get(number),
    );
    expect(room?.members.map((m) => [m.from, m.name])).toEqual([
      ['1131', 'Ann Lee'],
      ['1140', null],
      ['5550001', null],
    ]);
  });
});
