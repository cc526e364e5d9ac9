/**
 * Contract: libs/pbx-api's extension reads against the running simulator — extension/list rows with their
 * online status (kept current by event 30007 as time passes), extension/search, extension/get,
 * extension/query, extension_status_monitor/list — and system/capacity, each checked against the simulator's
 * world and live calls, plus PBX errors and the shared checks. Traffic runs on a manual clock.
 */
import {
  extensionOnline,
  PBX_ERRCODE,
  type ExtensionBasicInfo,
  type ExtensionRegistrationChangedMsg,
} from '@switchboard/pbx-api';
import { describe, expect, it } from 'vitest';
import {
  expectPbxError,
  invalidAsSent,
  itHonoursTheContract,
  itReportsPbxFailure,
} from './support/contract-kit.js';
import { contractSuite } from './support/contract-suite.js';

const {
  ctx,
  get,
  clock,
  world,
  events: capture,
} = contractSuite({ scenario: 'contact-center', trafficRate: 1 }, { manualClock: true, topics: [30007] });

const allRows = async () => (await ctx.client.extension.list({ page: 1, page_size: 1000 })).data;
const agentNumbers = () => new Set((world().queues ?? []).flatMap((q) => q.agentNumbers ?? []));

/** 30007 `kind` as the endpoint `extensionOnline` reads it. */
function onlineAs(row: ExtensionBasicInfo, kind: string): boolean {
  const online = extensionOnline(row);
  if (kind === 'Sip') return online.sipPhone;
  const app = { Desktop: 'linkus_desktop', Mobile: 'linkus_mobile', Web: 'linkus_web' }[kind];
  return online.apps.some((endpoint) => endpoint === app);
}

describe('extension/list: online status', () => {
  it('answers every endpoint of every extension: SIP by its registrations, the others by status', async () => {
    const rows = await allRows();
    expect(rows).toHaveLength(world().extensions.length);
    for (const row of rows) {
      const online = row.online_status;
      expect(Object.keys(online ?? {}).sort()).toEqual([
        'fxs_phone',
        'linkus_desktop',
        'linkus_mobile',
        'linkus_web',
        'sip_phone',
      ]);
      expect(online?.sip_phone?.ext_dev_type).toBe('sip');
      expect(online?.sip_phone).not.toHaveProperty('status');
      const registrations = online?.sip_phone?.status_list;
      if (registrations)
        expect(registrations).toEqual([{ status: 1, ip: expect.stringMatching(/^192\.168\./) }]);
      expect(online?.linkus_desktop).toMatchObject({
        ext_dev_type: 'linkusdesktop',
        status: expect.any(Number),
      });
      expect(online?.linkus_mobile?.ext_dev_type).toBe('linkusmobile');
      expect(online?.linkus_web?.ext_dev_type).toBe('linkusweb');
      expect(online?.fxs_phone).toEqual({ status: 0, ext_dev_type: 'fxs' });
      expect(row).toMatchObject({ presence_status: 'available', custom_presence_status: '' });
    }
  });

  it('most desk phones are registered, a few are not; an agent without one is on Linkus Desktop', async () => {
    const rows = await allRows();
    const sip = rows.filter((row) => extensionOnline(row).sipPhone).length;
    expect(sip / rows.length).toBeGreaterThan(0.75);
    expect(sip).toBeLessThan(rows.length);
    for (const row of rows.filter((r) => agentNumbers().has(r.number))) {
      const online = extensionOnline(row);
      expect(online.sipPhone || online.apps.includes('linkus_desktop'), row.number).toBe(true);
    }
  });

  it('changes as time passes, each change published as 30007, and the list agrees with the last event', async () => {
    const before = await allRows();
    const from = capture().events.length;
    await capture().advance(clock(), 90 * 60_000);
    const changes = capture()
      .events.slice(from)
      .flatMap((e) => (e.kind === 'extension_registration_changed' ? [e.msg] : []));
    expect(changes.length).toBeGreaterThan(3);
    const last = new Map<string, ExtensionRegistrationChangedMsg>();
    for (const msg of changes) last.set(`${msg.extension}/${msg.kind}`, msg);
    const rows = new Map((await allRows()).map((row) => [row.number, row]));
    for (const msg of last.values()) {
      const row = rows.get(msg.extension);
      if (!row) throw new Error(`30007 for unknown extension ${msg.extension}`);
      expect(onlineAs(row, msg.kind ?? ''), `${msg.extension} ${msg.kind}`).toBe(msg.status === 'Registered');
      expect(msg.registered_ip).toMatch(/^\d+\.\d+\.\d+\.\d+$/);
    }
    // Something that changed is reported differently from before.
    const changed = [...last.values()].some((msg) => {
      const old = before.find((row) => row.number === msg.extension);
      return old !== undefined && onlineAs(old, msg.kind ?? '') !== (msg.status === 'Registered');
    });
    expect(changed).toBe(true);
  });
});

describe('extension/search', () => {
  it('matches the keyword against number and name, case aside, with the list’s rows and paging', async () => {
    const rows = await allRows();
    const sample = rows[7] as ExtensionBasicInfo;
    const byNumber = await ctx.client.extension.search({ search_value: sample.number });
    expect(byNumber.data.map((r) => r.number)).toEqual([sample.number]);
    expect(byNumber.data[0]).toEqual(sample);

    const fragment = sample.caller_id_name.split(' ')[0]?.toLowerCase() ?? '';
    const expected = rows.filter(
      (r) => r.caller_id_name.toLowerCase().includes(fragment) || r.number.includes(fragment),
    );
    const byName = await ctx.client.extension.search({
      search_value: fragment.toUpperCase(),
      page_size: 1000,
    });
    expect(byName.total_number).toBe(expected.length);
    expect(byName.data.map((r) => r.id)).toEqual(expected.map((r) => r.id));

    const none = await ctx.client.extension.search({ search_value: 'no such name' });
    expect(none).toMatchObject({ total_number: 0, data: [] });
  });

  itHonoursTheContract(get, 'extension/search', {
    valid: (client) => client.extension.search({ search_value: '10', page_size: 5, sort_by: 'number' }),
    invalid: invalidAsSent({ order_by: 'up' }, 'order_by', (client, input) => client.extension.search(input)),
  });
});

describe('extension/get and extension/query', () => {
  it('get answers the extension’s settings; an unknown id is 40004 naming id', async () => {
    const ext = world().extensions[3];
    const { data } = await ctx.client.extension.get({ id: ext?.id ?? 0 });
    expect(data).toMatchObject({ id: ext?.id, number: ext?.number, caller_id_name: ext?.name });
    const error = await expectPbxError(ctx.client.extension.get({ id: 99_999 }), PBX_ERRCODE.NOT_FOUND);
    expect(error.invalidParamList.map((p) => p.field)).toEqual(['id']);
  });

  it('query answers the extensions asked for in that order and leaves unknown ids out', async () => {
    const [a, b] = world().extensions;
    const { data } = await ctx.client.extension.query({ ids: `${b?.id},99999,${a?.id}` });
    expect(data.map((e) => e.number)).toEqual([b?.number, a?.number]);
    expect(data[0]).toEqual((await ctx.client.extension.get({ id: b?.id ?? 0 })).data);
  });

  itHonoursTheContract(get, 'extension/get', {
    valid: (client) => client.extension.get({ id: 1 }),
    invalid: invalidAsSent({ id: 0 }, 'id', (client, input) => client.extension.get(input)),
  });

  itHonoursTheContract(get, 'extension/query', {
    valid: (client) => client.extension.query({ ids: '1,2' }),
    invalid: invalidAsSent({ ids: '1 2' }, 'ids', (client, input) => client.extension.query(input)),
  });
});

describe('extension_status_monitor/list', () => {
  it('answers one entry per extension: registration and call status monitored, presence not', async () => {
    const { data } = await ctx.client.extension.statusMonitors();
    expect(data.map((m) => m.number)).toEqual(world().extensions.map((e) => e.number));
    const first = world().extensions[0];
    expect(data[0]).toEqual({
      ext_id: first?.id,
      number: first?.number,
      name: first?.name,
      enb_register_status: 1,
      enb_call_status: 1,
      enb_presence_status: 0,
    });
    expect(
      new Set(data.map((m) => `${m.enb_register_status}${m.enb_call_status}${m.enb_presence_status}`)),
    ).toEqual(new Set(['110']));
  });

  itReportsPbxFailure(get, 'extension_status_monitor/list', (client) => client.extension.statusMonitors());

  itHonoursTheContract(get, 'extension_status_monitor/list', {
    valid: (client) => client.extension.statusMonitors(),
  });
});

describe('system/capacity', () => {
  it('counts the extensions and the calls in progress, within the licence', async () => {
    const [{ data }, inbound, outbound, internal, conferences] = await Promise.all([
      ctx.client.system.capacity(),
      ctx.client.call.query({ type: 'inbound' }),
      ctx.client.call.query({ type: 'outbound' }),
      ctx.client.call.query({ type: 'internal' }),
      ctx.client.conference.queryOngoing({ number: 'all' }),
    ]);
    const calls =
      inbound.data.length +
      outbound.data.length +
      internal.data.length +
      conferences.data.reduce((sum, c) => sum + c.members.length, 0);
    expect(data).toEqual({
      extension_capacity: expect.any(Number),
      extension_used: world().extensions.length,
      cc_capacity: expect.any(Number),
      cc_used: calls,
    });
    expect(calls).toBeGreaterThan(0);
    expect(data.extension_capacity).toBeGreaterThanOrEqual(data.extension_used);
  });

  itHonoursTheContract(get, 'system/capacity', {
    valid: (client) => client.system.capacity(),
  });
});
