import { describe, expect, it } from 'vitest';
import type { KeyedPatch, UacstaCallView } from '@switchboard/live-protocol';
import { UacstaCalls } from './uacsta-calls.js';

function setup() {
  let now = 1_000;
  const published: { data: UacstaCallView[]; patch: KeyedPatch<UacstaCallView> }[] = [];
  const calls = new UacstaCalls(
    (data, patch) => published.push({ data, patch }),
    () => now,
  );
  return { calls, published, tick: (ms: number) => (now += ms) };
}

const report = (operation: string, extension = '2000', callId = '32789') => ({
  operation,
  extension,
  callId,
  ipAddress: '192.168.28.2:5060',
});

describe('UacstaCalls', () => {
  it('follows a call from ringing to answered to over, per extension', () => {
    const { calls, published, tick } = setup();
    calls.apply(report('call_start'));
    expect(calls.list()).toEqual([
      { key: '2000:32789', extension: '2000', callId: '32789', state: 'ringing', since: 1_000 },
    ]);
    tick(500);
    calls.apply(report('call_answer'));
    expect(calls.list()[0]).toMatchObject({ state: 'answered', since: 1_500 });
    calls.apply(report('call_start', '2001', '1'));
    expect(calls.list()).toHaveLength(2);
    calls.apply(report('call_over'));
    expect(calls.list().map((c) => c.key)).toEqual(['2001:1']);
    expect(published.at(-1)?.patch).toEqual({ upsert: [], remove: ['2000:32789'] });
  });

  it('keeps the phone address server-side only', () => {
    const { calls, published } = setup();
    calls.apply(report('call_start'));
    expect(calls.addressOf('2000', '32789')).toBe('192.168.28.2:5060');
    expect(JSON.stringify(published)).not.toContain('192.168');
  });

  it('publishes nothing for repeats and unknown operations', () => {
    const { calls, published } = setup();
    calls.apply(report('call_start'));
    calls.apply(report('call_start'));
    calls.apply(report('call_hold'));
    calls.apply(report('call_over', '9999'));
    expect(published).toHaveLength(1);
  });

  it('drops calls whose end was never reported', () => {
    const { calls, tick } = setup();
    calls.apply(report('call_start'));
    calls.apply(report('call_answer', '2001', '2'));
    tick(10 * 60_000);
    calls.prune();
    expect(calls.list().map((c) => c.key)).toEqual(['2001:2']);
  });
});
