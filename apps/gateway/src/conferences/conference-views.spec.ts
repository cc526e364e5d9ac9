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
      { channelId: 'PJSIP/1-1', from: '1003', kind: 'ext', status: 'ANSWERED' },
    ]);
    const after = conferenceViews([
      { call_id: '2', conference_number: '6910', conference_name: 'B', members: [] },
    ]);
    expect(diffKeyed(before, after, (c) => c.number)).toEqual({ upsert: [after[0]], remove: ['6901'] });
    expect(diffKeyed(after, after, (c) => c.number)).toBeUndefined();
  });
});
