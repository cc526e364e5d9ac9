/**
 * Contract: libs/pbx-api's read operations against the running simulator after some simulated hours of
 * traffic — cdr/search + iterate, cdr/list, cdr/aidownload (both steps), callnotes/get, recording/list + iterate,
 * inbound_route/query, company_contact/query, message_channel/list + iterate + get, message_session/get.
 * Each answer is checked against the simulator's state, plus a PBX error and the shared checks.
 */
import { PBX_ERRCODE, PbxTimeFormat, type CdrRecord } from '@switchboard/pbx-api';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  expectPbxError,
  invalidAsSent,
  itHonoursTheContract,
  itReportsPbxFailure,
  whileFailing,
} from './support/contract-kit.js';
import { contractSuite } from './support/contract-suite.js';

const HOUR_MS = 3_600_000;

const { ctx, get } = contractSuite({ trafficRate: 1 }, { manualClock: true });
/** Every CDR, newest first, as cdr/search answered it after the traffic. */
let cdrs: CdrRecord[];
beforeAll(async () => {
  ctx.clock?.advance(3 * HOUR_MS);
  // No more traffic: every read below sees the same records.
  ctx.sim.control.setTrafficRate(0);
  cdrs = (await ctx.client.cdr.search({ page_size: 10_000 })).data;
});

const newCdrs = () => cdrs.filter((c) => c.new_id !== undefined);

async function collect<T>(items: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const item of items) out.push(item);
  return out;
}

describe('cdr/search and cdr.iterate', () => {
  it('the traffic left CDRs in both field sets, each with a record_id, as many as the simulator keeps', () => {
    expect(newCdrs().length).toBeGreaterThan(20);
    expect(cdrs.filter((c) => c.id !== undefined && c.reason !== undefined)).toHaveLength(6);
    for (const cdr of cdrs) expect(cdr.record_id).toBe(cdr.new_id ?? String(cdr.id));
    expect(cdrs).toHaveLength(ctx.sim.records.size);
  });

  it('filters by caller and by a time range written in the PBX display format', async () => {
    const sample = newCdrs()[5] as CdrRecord;
    const byCaller = await ctx.client.cdr.search({ call_from: sample.call_from_number ?? '' });
    expect(byCaller.data.map((c) => c.call_id)).toContain(sample.call_id);
    expect(byCaller.data.every((c) => c.call_from_number === sample.call_from_number)).toBe(true);

    const { data: info } = await ctx.client.system.information();
    const format = PbxTimeFormat.fromSystemInformation(info, ctx.sim.config.timeZone);
    const at = sample.timestamp ?? 0;
    const window = await ctx.client.cdr.search({
      start_time: format.format(at - 60),
      end_time: format.format(at + 60),
    });
    expect(window.data.map((c) => c.call_id)).toContain(sample.call_id);
    expect(window.data.every((c) => Math.abs((c.timestamp ?? 0) - at) <= 60)).toBe(true);
    expect(window.total_number).toBe(window.data.length);
  });

  it('a start_time in another format matches nothing instead of failing', async () => {
    expect(await ctx.client.cdr.search({ start_time: '22.08.2025 16:44' })).toEqual({
      errcode: 0,
      errmsg: 'SUCCESS',
      total_number: 0,
      data: [],
    });
  });

  it('iterate walks every page and yields exactly what one big page holds', async () => {
    const before = ctx.sim.stats.requestCount('cdr/search');
    const all = await collect(ctx.client.cdr.iterate({ page_size: 7 }));
    expect(all.map((c) => c.record_id)).toEqual(cdrs.map((c) => c.record_id));
    expect(ctx.sim.stats.requestCount('cdr/search') - before).toBe(Math.ceil(cdrs.length / 7));
  });

  it('a PBX failure is a PbxApiError, from search and from iterate', async () => {
    await whileFailing(ctx, 'cdr/search', PBX_ERRCODE.SERVER_BUSY, async () => {
      await expectPbxError(ctx.client.cdr.search(), PBX_ERRCODE.SERVER_BUSY);
      await expectPbxError(collect(ctx.client.cdr.iterate()), PBX_ERRCODE.SERVER_BUSY);
    });
  });

  itHonoursTheContract(get, 'cdr/search', {
    valid: (client) => client.cdr.search({ page_size: 5 }),
    invalid: invalidAsSent({ page_size: 10_001 }, 'page_size', (client, input) => client.cdr.search(input)),
  });
});

describe('cdr/list', () => {
  const ids = (records: CdrRecord[]) => records.map((c) => c.record_id);

  it('without parameters answers every record newest first, as cdr/search does', async () => {
    const all = await ctx.client.cdr.list();
    expect(all.total_number).toBe(ctx.sim.records.size);
    expect(ids(all.data)).toEqual(ids(cdrs));
    expect(all.data).toEqual(cdrs);
  });

  it('pages as asked, and blank paging means the first page of 10,000', async () => {
    const page = await ctx.client.cdr.list({ page: 2, page_size: 10 });
    expect(page.total_number).toBe(cdrs.length);
    expect(ids(page.data)).toEqual(ids(cdrs.slice(10, 20)));
    const blank = await ctx.raw('cdr/list', { page: '', page_size: '' });
    expect((blank['data'] as unknown[]).length).toBe(cdrs.length);
  });

  it('sorts by the field asked, in the order asked, keeping every record', async () => {
    const up = (await ctx.client.cdr.list({ sort_by: 'talk_duration', order_by: 'asc' })).data;
    const talk = up.map((c) => c.talk_duration ?? 0);
    expect(talk).toEqual([...talk].sort((a, b) => a - b));
    expect(talk[0]).toBeLessThan(talk.at(-1) ?? 0);
    expect(new Set(ids(up))).toEqual(new Set(ids(cdrs)));

    const down = (await ctx.client.cdr.list({ sort_by: 'time' })).data.map((c) => c.timestamp ?? 0);
    expect(down).toEqual([...down].sort((a, b) => b - a));

    const types = (await ctx.client.cdr.list({ sort_by: 'call_type', order_by: 'asc' })).data;
    expect(types.map((c) => c.call_type)).toEqual(types.map((c) => c.call_type).sort());

    const oldest = await ctx.client.cdr.list({ sort_by: 'id', order_by: 'asc', page_size: 5 });
    expect(ids(oldest.data)).toEqual(ids([...cdrs].reverse().slice(0, 5)));
  });

  itReportsPbxFailure(get, 'cdr/list', (client) => client.cdr.list());

  itHonoursTheContract(get, 'cdr/list', {
    valid: (client) => client.cdr.list({ page_size: 5, sort_by: 'duration' }),
    invalid: invalidAsSent({ sort_by: 'call_from' }, 'sort_by', (client, input) => client.cdr.list(input)),
  });
});

describe('cdr/aidownload: the link, then the file', () => {
  it('aiDownloadUrl answers a file name and an /api/download/ path', async () => {
    const answer = await ctx.client.cdr.aiDownloadUrl({ call_type: 'Inbound' });
    expect(answer).toEqual({
      errcode: 0,
      errmsg: 'SUCCESS',
      file: expect.stringMatching(/\.json$/),
      download_resource_url: `/api/download/${answer.file}`,
    });
  });

  it('aiDownload fetches the file: one typed leg per matching call, transcripts for answered ones', async () => {
    const downloads = ctx.sim.stats.requestCount('download');
    const legs = await ctx.client.cdr.aiDownload({ call_type: 'Inbound', last_status: 'ANSWERED' });
    expect(ctx.sim.stats.requestCount('download')).toBe(downloads + 1);
    // Legacy CDRs count too: the file covers every stored call that matches.
    const answeredInbound = cdrs.filter((c) => c.call_type === 'Inbound' && c.disposition === 'ANSWERED');
    expect(legs.map((leg) => leg.uid).sort()).toEqual(answeredInbound.map((c) => c.uid).sort());
    expect(legs.map((leg) => leg.leg)).toEqual(legs.map((_, index) => index + 1));
    for (const leg of legs) {
      expect(leg).toMatchObject({ leg_id: `${leg.uid}-1`, call_type: 'Inbound', status: 'ANSWERED' });
      if (leg.talk_duration > 0) {
        expect(leg.ai_transcription.length).toBeGreaterThan(0);
        expect(leg.ai_summary).not.toBe('');
      }
    }
  });

  it('a failure of either step is a PbxApiError', async () => {
    await whileFailing(ctx, 'cdr/aidownload', PBX_ERRCODE.SERVER_BUSY, async () => {
      await expectPbxError(ctx.client.cdr.aiDownloadUrl(), PBX_ERRCODE.SERVER_BUSY);
    });
    await whileFailing(ctx, 'download', PBX_ERRCODE.NOT_FOUND, async () => {
      expect((await ctx.client.cdr.aiDownloadUrl()).errcode).toBe(0);
      await expectPbxError(ctx.client.cdr.aiDownload(), PBX_ERRCODE.NOT_FOUND);
    });
  });

  itHonoursTheContract(get, 'cdr/aidownload', {
    valid: (client) => client.cdr.aiDownload({ last_status: 'ABANDONED' }),
    invalid: invalidAsSent({ call_type: 'Sideways' }, 'call_type', (client, input) =>
      client.cdr.aiDownload(input),
    ),
  });
});

describe('callnotes/get', () => {
  const noted = () => {
    const cdr = newCdrs().find((c) => c.call_note_id);
    if (!cdr?.call_note_id || !cdr.call_id) throw new Error('no CDR carries a call note');
    return { id: cdr.call_note_id, group_id: cdr.call_id, cdr };
  };

  it('answers the note of a CDR by its call_note_id and call id: history and the current revision', async () => {
    const { id, group_id, cdr } = noted();
    const answer = await ctx.client.callNote.get({ id, group_id });
    expect(answer.current).toMatchObject({ id, group_id, update_entry: 'queue_agent' });
    expect(answer.current).toEqual(cdr.call_note);
    expect(answer.history.map((note) => note.update_entry)).toContain('in_call');
  });

  it('an unknown note, or a note asked for with another call id, is 40004', async () => {
    const { id, group_id } = noted();
    await expectPbxError(ctx.client.callNote.get({ id: 'no-such-note', group_id }), PBX_ERRCODE.NOT_FOUND);
    await expectPbxError(ctx.client.callNote.get({ id, group_id: '1.1' }), PBX_ERRCODE.NOT_FOUND);
  });

  itHonoursTheContract(get, 'callnotes/get', {
    valid: (client) => client.callNote.get({ id: noted().id, group_id: noted().group_id }),
    invalid: invalidAsSent({ id: '', group_id: '1.1' }, 'id', (client, input) => client.callNote.get(input)),
  });
});

describe('recording/list and recording.iterate', () => {
  it('lists the recorded calls; each recording is the file its CDR names', async () => {
    const { total_number, data } = await ctx.client.recording.list({
      page_size: 5,
      sort_by: 'time',
      order_by: 'asc',
    });
    expect(total_number).toBeGreaterThan(5);
    expect(data).toHaveLength(5);
    const times = data.map((r) => r.time);
    expect([...times].sort()).toEqual(times);
    for (const recording of data) {
      const cdr = cdrs.find((c) => (c.call_id ?? c.uid) === recording.uid);
      expect(cdr?.record_file).toBe(recording.file);
    }
  });

  it('iterate yields every recording once, in the requested order', async () => {
    const { total_number } = await ctx.client.recording.list({ page_size: 1 });
    const all = await collect(
      ctx.client.recording.iterate({ page_size: 4, sort_by: 'id', order_by: 'desc' }),
    );
    expect(all).toHaveLength(total_number);
    const ids = all.map((r) => r.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect([...ids].sort((a, b) => b - a)).toEqual(ids);
  });

  itReportsPbxFailure(get, 'recording/list', (client) => client.recording.list());

  itHonoursTheContract(get, 'recording/list', {
    valid: (client) => client.recording.list({ page_size: 2 }),
    invalid: invalidAsSent({ sort_by: 'size' }, 'sort_by', (client, input) => client.recording.list(input)),
  });
});

describe('inbound_route/query', () => {
  it('answers the routes asked for, as the call center routes calls, with cid_to_phonebook as ids', async () => {
    const routes = ctx.sim.control.world().inboundRoutes;
    const { data } = await ctx.client.inboundRoute.query({ ids: `${routes.map((r) => r.id).join(',')},999` });
    expect(data.map((r) => r.id).sort()).toEqual(routes.map((r) => r.id).sort());
    for (const route of routes) {
      const answered = data.find((r) => r.id === route.id);
      expect(answered).toMatchObject({
        name: route.name,
        def_dest: route.def_dest,
        def_dest_value: route.def_dest_value,
      });
      expect(Array.isArray(answered?.cid_to_phonebook)).toBe(true);
    }
  });

  itReportsPbxFailure(get, 'inbound_route/query', (client) => client.inboundRoute.query({ ids: '1' }));

  itHonoursTheContract(get, 'inbound_route/query', {
    valid: (client) => client.inboundRoute.query({ ids: '1' }),
    invalid: invalidAsSent({ ids: '1;2' }, 'ids', (client, input) => client.inboundRoute.query(input)),
  });
});

describe('company_contact/query', () => {
  it('answers the contacts asked for, in that order; their numbers are callers of the traffic', async () => {
    const callers = new Set(ctx.sim.control.world().callerNumbers);
    const { data } = await ctx.client.companyContact.query({ ids: '2,1,99999' });
    expect(data.map((c) => c.id)).toEqual([2, 1]);
    for (const contact of data) expect(callers.has(contact.number_list?.[0]?.number ?? '')).toBe(true);
  });

  itReportsPbxFailure(get, 'company_contact/query', (client) => client.companyContact.query({ ids: '1' }));

  itHonoursTheContract(get, 'company_contact/query', {
    valid: (client) => client.companyContact.query({ ids: '1' }),
    invalid: invalidAsSent({ ids: 'x' }, 'ids', (client, input) => client.companyContact.query(input)),
  });
});

describe('message_channel/list, iterate and get', () => {
  it('list pages the channels; iterate yields each once; get answers one with its routing', async () => {
    const page = await ctx.client.messageChannel.list({ page: 1, page_size: 2, time_range: 'all' });
    expect(page.list).toHaveLength(2);
    const all = await collect(ctx.client.messageChannel.iterate({ page_size: 2, time_range: 'all' }));
    expect(all).toHaveLength(page.total_number);
    expect(new Set(all.map((c) => c.id)).size).toBe(all.length);
    expect(all.slice(0, 2)).toEqual(page.list);
    const sms = all.find((c) => c.type === 'sms');
    const detail = await ctx.client.messageChannel.get({ id: sms?.id ?? 0 });
    expect(detail.data).toMatchObject({ id: sms?.id, name: sms?.name, type: 'sms' });
    expect(detail.data.dids.length).toBeGreaterThan(0);
  });

  it('get of an unknown channel, or of a live chat channel, is 40004', async () => {
    await expectPbxError(ctx.client.messageChannel.get({ id: 99 }), PBX_ERRCODE.NOT_FOUND);
    const all = await collect(ctx.client.messageChannel.iterate({ time_range: 'all' }));
    const chat = all.find((c) => c.type === 'livechat');
    await expectPbxError(ctx.client.messageChannel.get({ id: chat?.id ?? 0 }), PBX_ERRCODE.NOT_FOUND);
  });

  itReportsPbxFailure(
    get,
    'message_channel/list',
    (client) => client.messageChannel.list({ page: 1, page_size: 5, time_range: 'today' }),
    'list: a PBX failure is a PbxApiError',
  );

  itHonoursTheContract(get, 'message_channel/list', {
    valid: (client) => client.messageChannel.list({ page: 1, page_size: 5, time_range: 'today' }),
    invalid: invalidAsSent({ page: 1, page_size: 5, time_range: 'forever' }, 'time_range', (client, input) =>
      client.messageChannel.list(input),
    ),
  });

  itHonoursTheContract(get, 'message_channel/get', {
    valid: (client) => client.messageChannel.get({ id: 1 }),
    invalid: invalidAsSent({ id: 0 }, 'id', (client, input) => client.messageChannel.get(input)),
  });
});

describe('message_session/get', () => {
  it('answers a session on one of the message channels', async () => {
    const { list: session } = await ctx.client.messageSession.get({ id: 1 });
    expect(session.id).toBe(1);
    const channels = await collect(ctx.client.messageChannel.iterate({ time_range: 'all' }));
    expect(channels.map((c) => c.name)).toContain(session.channel_name);
  });

  it('an unknown session is 40004', async () => {
    await expectPbxError(ctx.client.messageSession.get({ id: 4_242 }), PBX_ERRCODE.NOT_FOUND);
  });

  itHonoursTheContract(get, 'message_session/get', {
    valid: (client) => client.messageSession.get({ id: 2 }),
    invalid: invalidAsSent({ id: -1 }, 'id', (client, input) => client.messageSession.get(input)),
  });
});
