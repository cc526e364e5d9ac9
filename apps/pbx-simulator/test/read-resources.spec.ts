import { parsePhonebookIds, PbxTimeFormat, type SystemInformation } from '@switchboard/pbx-api';
import { describe, expect, it } from 'vitest';
import { api, harnessPerFile } from './support/sim-harness.js';

const h = harnessPerFile(
  { dateFormat: 'MM/DD/YYYY', timeFormat: '12h', timeZone: 'America/New_York' },
  {},
  // 2025/08/22 16:44:40 UTC = 12:44:40 PM in New York (EDT).
  (started) => started.fake.setNow(1_755_881_080),
);

const call = async (op: string, params: Record<string, unknown> = {}) => {
  const { body } = await api(h.sim, h.access, op, params);
  return body;
};

describe('read-only resources', () => {
  it('system/information reports the PBX clock in the configured display format and zone', async () => {
    const body = await call('system/information');
    expect(body['data']).toMatchObject({
      sn: '3631A2124SIM',
      system_time: '08/22/2025 12:44:40 PM',
      system_date_format: 'MM/DD/YYYY',
      system_time_format: 'hh:mm:ss A',
      timestamp: 1_755_881_080,
    });
    // A client builds its format from the reported labels and reads system_time back to the same instant.
    const info = body['data'] as SystemInformation;
    const format = PbxTimeFormat.fromSystemInformation(info, 'America/New_York');
    expect(format.hour12).toBe(true);
    expect(format.parse(info.system_time).getTime() / 1000).toBe(info.timestamp);
  });

  it('cdr/search accepts times in the configured display format', async () => {
    h.fake.finish({ timestamp: 1_755_881_080 });
    const inRange = await call('cdr/search', {
      start_time: '08/22/2025 12:44:40 PM',
      end_time: '08/22/2025 12:44:40 PM',
    });
    expect(inRange['total_number']).toBe(1);
    expect((inRange['data'] as Record<string, unknown>[])[0]?.['time']).toBe('08/22/2025 12:44:40 PM');
    expect((await call('cdr/search', { start_time: '2025/08/22 12:44:40' }))['total_number']).toBe(0);
  });

  it('inbound_route/query renders the full Inroute_Details shape with bracketed cid_to_phonebook', async () => {
    const body = await call('inbound_route/query', { ids: '2,1,7' });
    const [support, sales] = body['data'] as Record<string, unknown>[];
    expect(sales).toEqual({
      id: 1,
      name: 'Sales line',
      alert_info: '',
      did_option: 'patterns',
      did_pattern_list: [{ id: 1, did_pattern: '5550001' }],
      did_pattern_to_ext: '',
      did_to_ext_start: '',
      did_to_ext_end: '',
      did_pattern_to_ext_list: [],
      cid_option: 'patterns',
      cid_pattern_list: [{ id: 1, cid_pattern: '' }],
      cid_to_phonebook: '[]',
      trunk_list: [{ id: 1, name: 'carrier-a', type: 'SIP' }],
      def_dest: 'queue',
      def_dest_prefix: '',
      def_dest_value: '1',
      def_dest_ext_list: [],
      ringback_tone: '',
    });
    expect(support).toMatchObject({ cid_option: 'phonebook', cid_to_phonebook: '[1,2]' });
    expect(parsePhonebookIds(support?.['cid_to_phonebook'])).toEqual([1, 2]);
  });

  it('message_channel/list pages channels and its counters grow with the time range', async () => {
    const ranges = ['today', 'last_7_days', 'last_30_days', 'all'];
    const sent: number[] = [];
    for (const time_range of ranges) {
      const body = await call('message_channel/list', { page: 1, page_size: 10, time_range });
      expect(body['total_number']).toBe(5);
      sent.push((body['list'] as Record<string, number>[])[0]?.['sent'] ?? -1);
    }
    expect([...sent].sort((a, b) => a - b)).toEqual(sent);
    expect(sent[3]).toBeGreaterThan(0);
    const page2 = await call('message_channel/list', { page: 2, page_size: 2, time_range: 'yesterday' });
    expect((page2['list'] as Record<string, unknown>[]).map((c) => c['id'])).toEqual([3, 4]);
    const failing = (page2['list'] as Record<string, unknown>[])[1];
    expect(failing).toMatchObject({ status: 'status_connect_fail', reason: 'reason_unauthorized', sent: 0 });
    expect(
      (await call('message_channel/list', { page: 1, page_size: 10, time_range: 'forever' }))['errcode'],
    ).toBe(40002);
  });

  it('message_channel/get answers the detailed record; live chat and unknown ids are NOT FOUND', async () => {
    const body = await call('message_channel/get', { id: 4 });
    expect(body['data']).toMatchObject({
      id: 4,
      type: 'whatsapp',
      // Provider credentials come as the PBX sends them: secrets the gateway strips.
      account_data: [
        { k: 'access_token', v: expect.stringMatching(/^[0-9a-f]{32}$/) },
        { k: 'app_secret', v: expect.stringMatching(/^[0-9a-f]{32}$/) },
      ],
      enb_duplicate_active_session: 0,
      phone_number_id: expect.any(String),
      dids: [{ did_number: '5551003', omnichannel_id: 4, destination_type: 'extension' }],
    });
    expect((await call('message_channel/get', { id: 3 }))['errcode']).toBe(40004);
    expect((await call('message_channel/get', { id: 99 }))['errcode']).toBe(40004);
  });

  it('message_session/get answers a seeded session; participants only while waiting in a queue', async () => {
    const waiting = await call('message_session/get', { id: 3 });
    expect(waiting['list']).toMatchObject({
      id: 3,
      channel_type: 'livechat',
      website_domain: 'www.example.com',
      participants: expect.any(Array),
    });
    const picked = await call('message_session/get', { id: 1 });
    expect(picked['list']).not.toHaveProperty('participants');
    expect((await call('message_session/get', { id: 21 }))['errcode']).toBe(40004);
  });
});
