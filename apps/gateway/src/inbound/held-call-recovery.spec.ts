import type { CallInfo, CdrRecord } from '@switchboard/pbx-api';
import { describe, expect, it } from 'vitest';
import { callStartOf, deadlineOf, inboundFromCdr, sortOngoing } from './held-call-recovery.js';

const NOW = 1_700_000_010_000;
const inbound = (status: string, callPath = '', channel = 'PJSIP/trunk-t1-endpoint-1') => ({
  inbound: {
    from: '5551234',
    to: '6000',
    trunk_name: 't1',
    channel_id: channel,
    member_status: status,
    call_path: callPath,
  },
});
const extension = (number: string, status: string) => ({
  extension: { number, channel_id: `PJSIP/${number}-1`, member_status: status, call_path: '6400' },
});

describe('held-call recovery', () => {
  it('reads the start of a call from its id, and nothing from an id of another form', () => {
    expect(callStartOf('1700000005.42')).toBe(1_700_000_005_000);
    expect(callStartOf('abc')).toBeNull();
    expect(callStartOf('1700000005')).toBeNull();
  });

  it('takes a lone ringing inbound leg routed nowhere, within the window, as held; everything else as routed', () => {
    const calls = [
      { call_id: '1700000005.1', members: [inbound('ALERT', ' ')] },
      { call_id: '1700000005.2', members: [inbound('ALERT', '6400')] }, // waiting in queue 6400
      { call_id: '1700000005.3', members: [inbound('ANSWERED'), extension('1001', 'ANSWER')] },
      { call_id: '1699999990.4', members: [inbound('ALERT')] }, // older than the window + slack
      { call_id: '1700000005.5', members: [extension('1001', 'ALERT')] }, // internal: no inbound leg
    ] as CallInfo[];
    expect(sortOngoing(calls, 10_000, NOW).map((c) => [c.call.callId, c.kind, c.startedAt])).toEqual([
      ['1700000005.1', 'held', 1_700_000_005_000],
      ['1700000005.2', 'routed', 1_700_000_005_000],
      ['1700000005.3', 'routed', 1_700_000_005_000],
      ['1699999990.4', 'routed', 1_699_999_990_000],
    ]);
    expect(sortOngoing(calls, 10_000, NOW)[0]?.call).toEqual({
      callId: '1700000005.1',
      channelId: 'PJSIP/trunk-t1-endpoint-1',
      from: '5551234',
      to: '6000',
      trunk: 't1',
    });
  });

  it('gives a call found held the time the PBX has left, within [now, now + window]', () => {
    expect(deadlineOf(NOW - 4_000, 10_000, NOW)).toBe(NOW + 6_000);
    // A PBX clock ahead of ours never shows more than a whole window...
    expect(deadlineOf(NOW + 60_000, 10_000, NOW)).toBe(NOW + 10_000);
    // ...and one behind never shows a deadline already past for a call it still holds.
    expect(deadlineOf(NOW - 60_000, 10_000, NOW)).toBe(NOW);
    expect(deadlineOf(null, 10_000, NOW)).toBe(NOW + 10_000);
  });

  it('reads inbound CDRs with their trunk and start, and skips other calls', () => {
    const record = {
      call_id: '1700000001.9',
      timestamp: 1_700_000_001,
      call_type: 'Inbound',
      call_from_number: '5551234',
      call_to_number: '1001',
      did_number: '6000',
      src_trunk: 't1',
    } as CdrRecord;
    expect(inboundFromCdr(record)).toEqual({
      call: { callId: '1700000001.9', channelId: '', from: '5551234', to: '6000', trunk: 't1' },
      startedAt: 1_700_000_001_000,
    });
    expect(inboundFromCdr({ ...record, call_type: 'Outbound' } as CdrRecord)).toBeUndefined();
  });
});
