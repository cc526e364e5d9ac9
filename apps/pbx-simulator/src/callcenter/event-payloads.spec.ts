import { PBX_EVENT } from '@switchboard/pbx-api';
import { beforeAll, describe, expect, it } from 'vitest';
import { members } from './testing/expectations.js';
import { startedHarness, type Harness } from './testing/harness.js';

const CALL_ID = /^\d{10}\.\d+$/;
const EXT_CHANNEL = /^PJSIP\/\d{4}-[0-9a-f]{8}$/;
const TRUNK_CHANNEL = /^PJSIP\/trunk-[a-z0-9-]+-endpoint-[0-9a-f]{8}$/;
const MEMBER_STATUSES = ['ALERT', 'RING', 'ANSWERED', 'ANSWER', 'HOLD', 'BYE'];
const EXTENSION_KEYS = 'call_path,channel_id,member_status,number';
const TRUNK_KEYS = 'call_path,channel_id,from,member_status,to,trunk_name';

const keys = (msg: Record<string, unknown>) => Object.keys(msg).sort().join();

/** What is wrong with a Call_Info message (empty when nothing). */
function callInfoProblems(msg: Record<string, unknown>, allowed: string[]): string[] {
  const problems: string[] = [];
  if (keys(msg) !== 'call_id,members') problems.push(`keys ${keys(msg)}`);
  if (!CALL_ID.test(String(msg['call_id']))) problems.push(`call_id ${String(msg['call_id'])}`);
  for (const [kind, member] of members(msg)) {
    if (!allowed.includes(kind)) problems.push(`member kind ${kind}`);
    if (!MEMBER_STATUSES.includes(member['member_status'] as string)) {
      problems.push(`member_status ${String(member['member_status'])}`);
    }
    if (keys(member) !== (kind === 'extension' ? EXTENSION_KEYS : TRUNK_KEYS)) {
      problems.push(`${kind} keys ${keys(member)}`);
    }
    if (!(kind === 'extension' ? EXT_CHANNEL : TRUNK_CHANNEL).test(String(member['channel_id']))) {
      problems.push(`channel_id ${String(member['channel_id'])}`);
    }
  }
  return problems;
}

describe('published events', () => {
  let h: Harness;
  const ofType = (type: number) => h.recorder.of(type);

  beforeAll(() => {
    h = startedHarness({ scenario: 'contact-center', trafficRate: 1, controlledCallShare: 0.2 });
    h.clock.advance(2 * 3_600_000);
  });

  it('30008 carries extension and status Ringing, Busy or Idle', () => {
    const events = ofType(PBX_EVENT.EXTENSION_CALL_STATUS_CHANGED);
    expect(events.length).toBeGreaterThan(100);
    const bad = events.filter(
      (msg) =>
        keys(msg) !== 'extension,status' || !['Ringing', 'Busy', 'Idle'].includes(msg['status'] as string),
    );
    expect(bad).toEqual([]);
  });

  it('30011 is Call_Info with extension, inbound and outbound members', () => {
    const events = ofType(PBX_EVENT.CALL_STATUS_CHANGED);
    expect(events.flatMap((msg) => callInfoProblems(msg, ['extension', 'inbound', 'outbound']))).toEqual([]);
    const kinds = new Set(events.flatMap((msg) => members(msg).map(([kind]) => kind)));
    expect(kinds).toEqual(new Set(['extension', 'inbound', 'outbound']));
  });

  it('30016 is Call_Info with one inbound member, ALERT and no call path yet', () => {
    const events = ofType(PBX_EVENT.INCOMING_CALL_REQUEST);
    expect(events.length).toBeGreaterThan(10);
    expect(events.flatMap((msg) => callInfoProblems(msg, ['inbound']))).toEqual([]);
    const odd = events.filter((msg) => {
      const all = members(msg);
      return all.length !== 1 || all[0]?.[1]['member_status'] !== 'ALERT' || all[0]?.[1]['call_path'] !== '';
    });
    expect(odd).toEqual([]);
  });

  it('30020 carries operation, extension, uaCSTA call_id and ip_address <ip>:5060, start before over', () => {
    const all = ofType(PBX_EVENT.UACSTA_CALL);
    const bad = all.filter(
      (msg) =>
        keys(msg) !== 'call_id,extension,ip_address,operation' ||
        !/^\d+\.\d+\.\d+\.\d+:5060$/.test(msg['ip_address'] as string) ||
        !/^\d+$/.test(msg['call_id'] as string),
    );
    expect(bad).toEqual([]);
    expect(new Set(all.map((m) => m['operation']))).toEqual(
      new Set(['call_start', 'call_answer', 'call_over']),
    );
    const first = new Map<unknown, unknown>();
    for (const msg of all) if (!first.has(msg['call_id'])) first.set(msg['call_id'], msg['operation']);
    expect(new Set(first.values())).toEqual(new Set(['call_start']));
  });

  it('30024 carries conference_id and host_num', () => {
    const events = ofType(PBX_EVENT.CONFERENCE_NO_HOST);
    expect(events.length).toBeGreaterThan(0);
    for (const msg of events) {
      expect(keys(msg)).toBe('conference_id,host_num');
      expect(msg['conference_id']).toMatch(CALL_ID);
    }
  });

  it('30025 and 30029 carry the queue number without and with the queue- prefix', () => {
    const autoPauses = ofType(PBX_EVENT.AGENT_AUTO_PAUSE);
    expect(autoPauses.length).toBeGreaterThan(0);
    for (const msg of autoPauses) {
      expect(keys(msg)).toBe('agent_number,calls,queue_number');
      expect(msg['queue_number']).toMatch(/^64\d\d$/);
    }
    const events = ofType(PBX_EVENT.AGENT_STATUS_CHANGED);
    const bad = events.filter(
      (msg) =>
        keys(msg) !== 'agent_number,queue_number,reason,status' ||
        !/^queue-64\d\d$/.test(msg['queue_number'] as string),
    );
    expect(bad).toEqual([]);
    const statuses = new Set(events.map((msg) => msg['status']));
    expect(statuses).toEqual(new Set(['Idle', 'Ringing', 'Busy', 'WrapUp', 'Paused', 'LoggedOut']));
  });

  it('finished calls have consistent durations and every call type and the main dispositions', () => {
    const finished = h.recorder.finished;
    const inconsistent = finished.filter(
      (f) =>
        !CALL_ID.test(f.call_id) ||
        f.duration < f.ring_duration ||
        f.hold_duration > f.talk_duration ||
        (f.disposition === 'ANSWERED'
          ? Math.abs(f.ring_duration + f.talk_duration - f.duration) > 1
          : f.talk_duration !== 0) ||
        (f.abandoned && f.disposition !== 'NO ANSWER') ||
        (f.type === 'Inbound' && f.queue_number !== '' && f.did_number === ''),
    );
    expect(inconsistent).toEqual([]);
    expect(new Set(finished.map((f) => f.type))).toEqual(new Set(['Inbound', 'Outbound', 'Internal']));
    const dispositions = new Set<string>(finished.map((f) => f.disposition));
    expect([...dispositions]).toEqual(expect.arrayContaining(['ANSWERED', 'NO ANSWER', 'BUSY']));
    expect(finished.some((f) => f.abandoned)).toBe(true);
  });
});
