import { PBX_EVENT } from '@switchboard/pbx-api';
import { describe, expect, it } from 'vitest';
import { harness, startedHarness, type Harness } from './testing/harness.js';

type Row = { number: string; online_status: Record<string, { status?: number; status_list?: unknown[] }> };

const rows = (h: Harness): Row[] =>
  h.call('extension/list', { page: '1', page_size: '1000' })['data'] as Row[];
const sipOnline = (row: Row | undefined) => (row?.online_status['sip_phone']?.status_list?.length ?? 0) > 0;

describe('extension registrations', () => {
  it('are the same for the same seed, and each change is published as 30007 that the list then shows', () => {
    const runs = [
      harness({ scenario: 'contact-center', trafficRate: 1 }),
      harness({ scenario: 'contact-center', trafficRate: 1 }),
    ];
    for (const h of runs) {
      h.center.control.start();
      h.clock.advance(2 * 3_600_000);
    }
    const [a, b] = runs as [Harness, Harness];
    expect(rows(a)).toEqual(rows(b));
    const changes = a.recorder.of(PBX_EVENT.EXTENSION_REGISTRATION_CHANGED);
    expect(changes).toEqual(b.recorder.of(PBX_EVENT.EXTENSION_REGISTRATION_CHANGED));
    expect(changes.length).toBeGreaterThan(10);
    // A desk phone that dropped came back or is still away: the last Sip event of each extension says which.
    const lastSip = new Map<string, unknown>();
    for (const msg of changes)
      if (msg['kind'] === 'Sip') lastSip.set(String(msg['extension']), msg['status']);
    expect(lastSip.size).toBeGreaterThan(0);
    const list = rows(a);
    for (const [extension, status] of lastSip)
      expect(sipOnline(list.find((r) => r.number === extension))).toBe(status === 'Registered');
  });

  it('do not change at traffic rate 0', () => {
    const h = startedHarness({ scenario: 'contact-center', trafficRate: 0 });
    const before = rows(h);
    h.clock.advance(6 * 3_600_000);
    expect(h.recorder.of(PBX_EVENT.EXTENSION_REGISTRATION_CHANGED)).toEqual([]);
    expect(rows(h)).toEqual(before);
  });

  it('a desk phone that drops registers again later', () => {
    const h = startedHarness({ scenario: 'contact-center', trafficRate: 1 });
    h.clock.advance(3 * 3_600_000);
    const sip = h.recorder.events.filter(
      (e) => e.type === PBX_EVENT.EXTENSION_REGISTRATION_CHANGED && e.msg['kind'] === 'Sip',
    );
    const drop = sip.find((e) => e.msg['status'] === 'Unregistered');
    expect(drop).toBeDefined();
    const extension = drop?.msg['extension'];
    const after = sip.slice(sip.indexOf(drop as (typeof sip)[number]) + 1);
    expect(after.find((e) => e.msg['extension'] === extension)?.msg['status']).toBe('Registered');
  });

  it('take every endpoint of one extension offline on request (the /sim/phones control), then bring them back', () => {
    const h = harness({ scenario: 'contact-center', trafficRate: 0 });
    const agent = rows(h).find((r) => sipOnline(r)) as Row;
    const before = rows(h).find((r) => r.number === agent.number);
    h.recorder.clear();
    expect(h.center.control.setPhonesOnline(agent.number, false)).toEqual({
      extension: agent.number,
      online: [],
    });
    const off = rows(h).find((r) => r.number === agent.number) as Row;
    expect(sipOnline(off)).toBe(false);
    for (const app of ['linkus_desktop', 'linkus_mobile', 'linkus_web'])
      expect(off.online_status[app]?.status).toBe(0);
    const events = h.recorder.of(PBX_EVENT.EXTENSION_REGISTRATION_CHANGED);
    expect(events.length).toBeGreaterThan(0);
    expect(events.every((msg) => msg['extension'] === agent.number && msg['status'] === 'Unregistered')).toBe(
      true,
    );
    h.center.control.setPhonesOnline(agent.number, true);
    expect(rows(h).find((r) => r.number === agent.number)).toEqual(before);
    expect(() => h.center.control.setPhonesOnline('99999', false)).toThrow(/extension/);
  });
});
