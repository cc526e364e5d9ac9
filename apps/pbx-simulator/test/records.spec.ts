import { afterEach, describe, expect, it } from 'vitest';
import { PBX_ERRCODE } from '@switchboard/pbx-api';
import { api, get, rawRequest, startHarness, token, WsClient, type Harness } from './support/sim-harness.js';

let h: Harness | undefined;
let ws: WsClient | undefined;
afterEach(async () => {
  ws?.close();
  ws = undefined;
  await h?.close();
  h = undefined;
});

// 2025/08/22 16:44:40 UTC
const T0 = 1_755_881_080;

async function setup(
  overrides: Parameters<typeof startHarness>[0] = {},
  deps: Parameters<typeof startHarness>[1] = {},
) {
  h = await startHarness(overrides, deps);
  h.fake.setNow(T0 + 3_600);
  return { harness: h, access: await token(h.sim) };
}

const cdrs = async (harness: Harness, access: string, params: Record<string, unknown> = {}) => {
  const { body } = await api(harness.sim, access, 'cdr/search', params);
  expect(body['errcode']).toBe(0);
  return body as { total_number: number; data: Record<string, unknown>[] };
};

describe('record store', () => {
  it('announces a note (30028) and the CDR (30012) with the documented fields; the note reads back by its ids', async () => {
    const { harness, access } = await setup();
    ws = await WsClient.open(harness.sim, access);
    expect(await ws.ask('{"topic_list":[30012,30028]}')).toBe('{"errcode":0,"errmsg":"SUCCESS"}');
    const noteFrame = ws.next((m) => m.includes('"type":30028'), '30028');
    const cdrFrame = ws.next((m) => m.includes('"type":30012'), '30012');
    const call = harness.fake.finish({ timestamp: T0, ring_duration: 7, talk_duration: 100, duration: 107 });

    const note = JSON.parse(await noteFrame) as { type: number; sn?: string; msg: string };
    expect(note.sn).toBeUndefined();
    const noteMsg = JSON.parse(note.msg) as Record<string, unknown>;
    expect(noteMsg).toMatchObject({
      display: 1,
      trigger_call_note_popup: 1,
      group_id: call.call_id,
      ext_num: '1001',
    });
    expect(noteMsg['call_note_id']).toMatch(/^20250822164447-[0-9A-F]{5}$/);
    expect(noteMsg['channel']).toMatch(/^PJSIP\/1001-[0-9a-f]{8}$/);

    const cdr = JSON.parse(await cdrFrame) as { type: number; sn: string; msg: string };
    expect(cdr.sn).toBe('3631A2124SIM');
    expect(JSON.parse(cdr.msg)).toEqual({
      call_id: call.call_id,
      // As the guide's example of 30012: dashed date whatever the display format, capitalised type, empty text
      // fields as one space, and the queue wait in agent_ring_time (the fake call's 5 s).
      time_start: '2025-08-22 16:44:40',
      call_from: '5553000100',
      call_to: '6400',
      call_duration: 107,
      talk_duration: 100,
      src_trunk_name: 'carrier-a',
      dst_trunk_name: ' ',
      pin_code: ' ',
      status: 'ANSWERED',
      type: 'Inbound',
      recording: `20250822164440-${call.call_id}-5553000100-6400-Inbound.wav`,
      did_number: '5550001',
      agent_ring_time: 5,
    });

    const notes = await api(harness.sim, access, 'callnotes/get', {
      id: noteMsg['call_note_id'],
      group_id: call.call_id,
    });
    expect(notes.body).toMatchObject({
      errcode: 0,
      history: [
        {
          id: noteMsg['call_note_id'],
          group_id: call.call_id,
          update_entry: 'in_call',
          agent_name: 'Agent 1',
          disposition_code_list: [],
        },
      ],
      current: {
        id: noteMsg['call_note_id'],
        update_entry: 'queue_agent',
        disposition_code_list: [expect.objectContaining({ id: expect.any(Number) })],
      },
    });
    const wrongGroup = await api(harness.sim, access, 'callnotes/get', {
      id: noteMsg['call_note_id'],
      group_id: '1.1',
    });
    expect(wrongGroup.body['errcode']).toBe(40004);
  });

  it('cdr/search mixes legacy records (id, reason) with new ones (new_id, split parties, note)', async () => {
    const { harness, access } = await setup();
    harness.fake.finish({ timestamp: T0 });
    const { total_number, data } = await cdrs(harness, access);
    expect(total_number).toBe(7);
    expect(data).toHaveLength(7);
    const [newest, ...older] = data;
    expect(newest).toMatchObject({
      new_id: expect.any(String),
      call_from_number: '5553000100',
      call_to_name: 'Sales',
      enb_call_note: 1,
      did: 'Sales line<5550001>',
      did_name: 'Sales line',
    });
    expect(newest).not.toHaveProperty('id');
    expect(newest).not.toHaveProperty('reason');
    for (const legacy of older) {
      expect(legacy).toMatchObject({
        id: expect.any(Number),
        reason: expect.any(String),
        disposition: expect.any(String),
      });
      expect(legacy).not.toHaveProperty('new_id');
      expect(legacy).not.toHaveProperty('call_from_number');
    }
  });

  it('cdr/search filters by time (display format or unix seconds), parties, status and DID; a malformed time matches nothing', async () => {
    const { harness, access } = await setup();
    harness.fake.finish({ timestamp: T0, call_from_number: '5553000101', disposition: 'ANSWERED' });
    harness.fake.finish({
      timestamp: T0 + 60,
      call_from_number: '5553000102',
      disposition: 'NO ANSWER',
      agent_number: '',
      talk_duration: 0,
      did_number: '5550023',
    });
    harness.fake.finish({
      timestamp: T0 + 120,
      call_from_number: '5553000101',
      disposition: 'BUSY',
      agent_number: '',
      src_trunk: 'carrier-b',
    });
    const from = (params: Record<string, unknown>) =>
      cdrs(harness, access, params).then((r) => r.data.map((c) => c['call_from_number'] ?? 'legacy'));

    expect(await from({ start_time: '2025/08/22 16:44:40', end_time: '2025/08/22 16:45:40' })).toEqual([
      '5553000102',
      '5553000101',
    ]);
    expect(await from({ start_time: String(T0 + 61) })).toEqual(['5553000101']);
    expect(await from({ call_from: '5553000101' })).toEqual(['5553000101', '5553000101']);
    expect(await from({ status: 'NO ANSWER', start_time: String(T0) })).toEqual(['5553000102']);
    expect(await from({ status: 'NO ANSWER' })).toEqual(['5553000102', 'legacy']);
    expect(await from({ did: '5550001:carrier-b' })).toEqual(['5553000101']);
    expect(await from({ did: 'Support line:carrier-a' })).toEqual(['5553000102']);
    const wrongFormat = await cdrs(harness, access, { start_time: '08/22/2025 16:44:40' });
    expect(wrongFormat).toEqual({ errcode: 0, errmsg: 'SUCCESS', total_number: 0, data: [] });
    const badStatus = await api(harness.sim, access, 'cdr/search', { status: 'ANSWERD' });
    expect(badStatus.body['invalid_param_list']).toEqual([
      { field: 'status', validation_type: 'enum', value: 'ANSWERD' },
    ]);
  });

  it('seeds the same legacy CDRs at any time of the same day, whenever they are first looked at', async () => {
    const legacyAt = async (now: number) => {
      const started = await startHarness();
      try {
        started.fake.setNow(now);
        return (await cdrs(started, await token(started.sim))).data;
      } finally {
        await started.close();
      }
    };
    // T0 is 16:44:40 UTC: an hour later and 16 hours earlier are the same day.
    const afternoon = await legacyAt(T0 + 3_600);
    expect(afternoon).toHaveLength(6);
    expect(await legacyAt(T0 - 16 * 3_600)).toEqual(afternoon);
    const newest = Math.max(...afternoon.map((c) => Number(c['timestamp'])));
    expect(newest).toBeLessThan(T0 - 16 * 3_600 - 86_400);
  });

  it('cdr/search pages with page and page_size and always reports the total', async () => {
    const { harness, access } = await setup();
    for (let i = 0; i < 5; i++) harness.fake.finish({ timestamp: T0 + i, call_from_number: `55530002${i}` });
    const page2 = await cdrs(harness, access, { page: 2, page_size: 2, call_to: '6400' });
    expect(page2.total_number).toBe(5);
    expect(page2.data.map((c) => c['call_from_number'])).toEqual(['555300022', '555300021']);
    expect((await api(harness.sim, access, 'cdr/search', { page_size: 10_001 })).body['errcode']).toBe(40002);
  });

  it('cdr/search with page= and page_size= left blank answers the first page of up to 10,000', async () => {
    const { harness, access } = await setup();
    for (let i = 0; i < 3; i++) harness.fake.finish({ timestamp: T0 + i });
    const all = await cdrs(harness, access);
    const blank = await cdrs(harness, access, { page: '', page_size: '' });
    expect(blank).toEqual(all);
    expect(blank.data).toHaveLength(blank.total_number);
  });

  it('recording/list sorts by id or time, both orders, with paging', async () => {
    const { harness, access } = await setup();
    harness.fake.finish({ timestamp: T0 + 50, call_from_number: 'a' });
    harness.fake.finish({ timestamp: T0 + 10, call_from_number: 'b' });
    harness.fake.finish({ timestamp: T0 + 30, call_from_number: 'c', recorded: false });
    harness.fake.finish({ timestamp: T0 + 20, call_from_number: 'd' });
    const list = async (params: Record<string, unknown>) => {
      const { body } = await api(harness.sim, access, 'recording/list', params);
      return {
        total: body['total_number'],
        ids: (body['data'] as Record<string, unknown>[]).map((r) => r['id']),
      };
    };
    // Recording ids: 1 = the recorded legacy CDR, 2 = a, 3 = b, 4 = d (c was not recorded).
    expect(await list({})).toEqual({ total: 4, ids: [4, 3, 2, 1] });
    expect(await list({ order_by: 'asc' })).toEqual({ total: 4, ids: [1, 2, 3, 4] });
    expect(await list({ sort_by: 'time', order_by: 'desc' })).toEqual({ total: 4, ids: [2, 4, 3, 1] });
    expect(await list({ sort_by: 'time', order_by: 'asc', page: 2, page_size: 2 })).toEqual({
      total: 4,
      ids: [4, 2],
    });
    const one = (await api(harness.sim, access, 'recording/list', { page_size: 1 })).body['data'] as Record<
      string,
      unknown
    >[];
    expect(one[0]).toMatchObject({
      id: 4,
      call_type: 'Inbound',
      size: 44 + 60 * 16_000,
      file: expect.stringMatching(/\.wav$/),
    });
  });

  it('cdr/aidownload offers a file of legs that downloads with the token; abandoned calls report ABANDONED', async () => {
    const { harness, access } = await setup();
    harness.fake.finish({ timestamp: T0, call_from_number: '5553000301' });
    harness.fake.finish({
      timestamp: T0 + 5,
      call_from_number: '5553000302',
      disposition: 'NO ANSWER',
      abandoned: true,
      agent_number: '',
      talk_duration: 0,
    });
    const offer = await get(harness.sim.url, '/openapi/v2.0/cdr/aidownload', {
      access_token: access,
      call_type: 'Inbound',
      start_time: '2025/08/22 00:00:00',
    });
    expect(offer.body).toMatchObject({ errcode: 0, file: expect.stringMatching(/\.json$/) });
    expect(offer.body['download_resource_url']).toBe(`/api/download/${String(offer.body['file'])}`);
    const response = await fetch(
      new URL(`${String(offer.body['download_resource_url'])}?access_token=${access}`, harness.sim.url),
    );
    const legs = (await response.json()) as Record<string, unknown>[];
    expect(legs.map((l) => [l['call_from'], l['status'], l['leg']])).toEqual([
      ['5553000302', 'ABANDONED', 1],
      ['5553000301', 'ANSWERED', 2],
    ]);
    expect(legs[1]).toMatchObject({
      call_type: 'Inbound',
      call_to: '1001',
      ai_summary: expect.stringContaining('agent'),
    });
    expect((legs[1]?.['ai_transcription'] as unknown[]).length).toBeGreaterThan(2);
    const abandonedOnly = await get(harness.sim.url, '/openapi/v2.0/cdr/aidownload', {
      access_token: access,
      last_status: 'ABANDONED',
    });
    const second = await get(harness.sim.url, String(abandonedOnly.body['download_resource_url']), {
      access_token: access,
    });
    expect(second.body).toHaveLength(1);
    const noToken = await get(harness.sim.url, String(offer.body['download_resource_url']));
    expect(noToken.body['errcode']).toBe(10004);
  });

  it('a download link stops working after its validity', async () => {
    const { harness, access } = await setup({}, { aiLinkTtlMs: 150 });
    const offer = await get(harness.sim.url, '/openapi/v2.0/cdr/aidownload', { access_token: access });
    const url = String(offer.body['download_resource_url']);
    expect(Array.isArray((await get(harness.sim.url, url, { access_token: access })).body)).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect((await get(harness.sim.url, url, { access_token: access })).body).toMatchObject({
      errcode: 40004,
    });
  });

  it('a download link lives its 30 minutes however many links follow it (the 51st used to evict the first)', async () => {
    const { harness, access } = await setup();
    harness.fake.finish({ timestamp: T0, call_from_number: '5553000401' });
    const offer = () =>
      get(harness.sim.url, '/openapi/v2.0/cdr/aidownload', { access_token: access, call_from: '5553000401' });
    const first = String((await offer()).body['download_resource_url']);
    for (let i = 0; i < 60; i++) await offer();
    const legs = (await get(harness.sim.url, first, { access_token: access })).body;
    expect(legs).toEqual([expect.objectContaining({ call_from: '5553000401' })]);
  });

  it('an AI file holds the calls of when its link was issued, not calls that finished later', async () => {
    const { harness, access } = await setup();
    harness.fake.finish({ timestamp: T0, call_from_number: '5553000501' });
    const offer = await get(harness.sim.url, '/openapi/v2.0/cdr/aidownload', {
      access_token: access,
      call_from: '5553000501',
    });
    harness.fake.finish({ timestamp: T0 + 60, call_from_number: '5553000501' });
    const legs = (
      await get(harness.sim.url, String(offer.body['download_resource_url']), { access_token: access })
    ).body as unknown as unknown[];
    expect(legs).toHaveLength(1);
  });

  it('the download link is a file URL: served without a User-Agent, refused with an HTTP error status, never a 200', async () => {
    const { harness, access } = await setup();
    const offer = await get(harness.sim.url, '/openapi/v2.0/cdr/aidownload', { access_token: access });
    const path = `${String(offer.body['download_resource_url'])}?access_token=${access}`;
    // A production client of this PBX fetches the link with no User-Agent and gets the file.
    const bare = await rawRequest(harness.sim.url, path);
    expect(bare.status).toBe(200);
    expect(Array.isArray(JSON.parse(bare.text))).toBe(true);
    // The interface's operations still require one.
    const api = await rawRequest(harness.sim.url, '/openapi/v1.0/system/information');
    expect(JSON.parse(api.text)).toMatchObject({ invalid_param_list: [{ field: 'User-Agent' }] });
    const badToken = await rawRequest(
      harness.sim.url,
      `${String(offer.body['download_resource_url'])}?access_token=nope`,
    );
    expect(badToken.status).toBe(401);
    expect(JSON.parse(badToken.text)).toMatchObject({ errcode: PBX_ERRCODE.TOKEN_INVALID });
    const expired = await rawRequest(
      harness.sim.url,
      `/api/download/no-such-file.wav?access_token=${access}`,
    );
    expect(expired.status).toBe(404);
    expect(JSON.parse(expired.text)).toMatchObject({ errcode: PBX_ERRCODE.NOT_FOUND });
  });

  it('cdr/search matches parts of numbers with enable_fuzzy_search=1 (older copies of the page), whole numbers otherwise', async () => {
    const { harness, access } = await setup();
    harness.fake.finish({ timestamp: T0, call_from_number: '5553000501' });
    harness.fake.finish({ timestamp: T0 + 1, call_from_number: '5553000502' });
    const search = async (extra: Record<string, string>) =>
      (await api(harness.sim, access, 'cdr/search', { call_from: '555300050', ...extra })).body;
    expect(await search({})).toMatchObject({ errcode: 0, total_number: 0 });
    expect(await search({ enable_fuzzy_search: '1' })).toMatchObject({ errcode: 0, total_number: 2 });
    expect(await search({ enable_fuzzy_search: '2' })).toMatchObject({
      errcode: PBX_ERRCODE.PARAMETER_ERROR,
      invalid_param_list: [{ field: 'enable_fuzzy_search' }],
    });
  });

  it('keeps only the newest maxRecords calls, and the notes of dropped calls go with them', async () => {
    const { harness, access } = await setup({ maxRecords: 100 });
    ws = await WsClient.open(harness.sim, access);
    await ws.ask('{"topic_list":[30028]}');
    const firstNote = ws.next((m) => m.includes('30028'), 'first note');
    for (let i = 0; i < 150; i++) harness.fake.finish({ timestamp: T0 + i });
    const note = JSON.parse(JSON.parse(await firstNote).msg as string) as Record<string, string>;
    expect((await cdrs(harness, access, { page_size: 1 })).total_number).toBe(100);
    expect(harness.sim.records.size).toBe(100);
    const gone = await api(harness.sim, access, 'callnotes/get', {
      id: note['call_note_id'] ?? '',
      group_id: note['group_id'] ?? '',
    });
    expect(gone.body['errcode']).toBe(40004);
  });

  it('the same seed and the same calls give the same CDRs, notes and transcripts', async () => {
    const run = async () => {
      const { harness, access } = await setup({ seed: 7 });
      for (let i = 0; i < 5; i++) harness.fake.finish({ call_id: `${T0 + i}.${i}`, timestamp: T0 + i });
      const result = await cdrs(harness, access);
      const offer = await get(harness.sim.url, '/openapi/v2.0/cdr/aidownload', { access_token: access });
      const legs = await get(harness.sim.url, String(offer.body['download_resource_url']), {
        access_token: access,
      });
      await harness.close();
      h = undefined;
      return JSON.stringify({
        result: result.data.map(({ src_addr, ...rest }) => [src_addr, rest]),
        legs: legs.body,
      });
    };
    const first = await run();
    expect(await run()).toBe(first);
  });
});
