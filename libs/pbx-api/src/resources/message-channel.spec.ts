import { describe, expect, expectTypeOf, it } from 'vitest';
import type { MessageChannelListParams, MessageChannelSummary } from '../index.js';
import { clientOn, FakePbx, ok, type SeenRequest } from '../../test/support/fake-pbx.js';

const channel = (id: number): MessageChannelSummary => ({
  id,
  status: 'status_connect_succ',
  reason: '',
  name: `SMS ${id}`,
  channel: 'siptrunk',
  type: 'sms',
  number: ['5550000'],
  sent: 3,
  delivered: 2,
  failed: 1,
  received: 4,
});

function channelPages(total: number) {
  const all = Array.from({ length: total }, (_, i) => channel(i + 1));
  return (request: SeenRequest) => {
    const page = Number(request.query['page']);
    const size = Number(request.query['page_size']);
    return { body: ok({ total_number: total, list: all.slice((page - 1) * size, page * size) }) };
  };
}

describe('MessageChannelResource', () => {
  it('list sends GET v1.0 message_channel/list with page, page_size and time_range', async () => {
    const fake = new FakePbx().reply({ body: ok({ total_number: 1, list: [channel(1)] }) });
    const result = await clientOn(fake).messageChannel.list({
      page: 1,
      page_size: 20,
      time_range: 'last_7_days',
    });
    expect(fake.last).toMatchObject({
      method: 'GET',
      path: '/openapi/v1.0/message_channel/list',
      query: { page: '1', page_size: '20', time_range: 'last_7_days', access_token: 'test-token' },
    });
    expect(result.list).toEqual([channel(1)]);
    expect(result.total_number).toBe(1);
  });

  it('list rejects an unknown time_range and a missing page', async () => {
    const fake = new FakePbx();
    const bad = { page_size: 20, time_range: 'last_year' } as unknown as MessageChannelListParams;
    await expect(clientOn(fake).messageChannel.list(bad)).rejects.toMatchObject({
      violations: [
        { field: 'page', rule: 'required' },
        { field: 'time_range', rule: 'enum' },
      ],
    });
    expect(fake.requests).toHaveLength(0);
  });

  it('iterate walks the pages with the time_range until total_number', async () => {
    const fake = new FakePbx().otherwise(channelPages(5));
    const ids: number[] = [];
    for await (const c of clientOn(fake).messageChannel.iterate({ page_size: 2, time_range: 'today' }))
      ids.push(c.id);
    expect(ids).toEqual([1, 2, 3, 4, 5]);
    expect(fake.requests.map((r) => [r.query['page'], r.query['page_size'], r.query['time_range']])).toEqual([
      ['1', '2', 'today'],
      ['2', '2', 'today'],
      ['3', '2', 'today'],
    ]);
  });

  it('iterate with no channels asks once, with 100 per page by default', async () => {
    const fake = new FakePbx().otherwise({ body: ok({ total_number: 0, list: [] }) });
    const ids: number[] = [];
    for await (const c of clientOn(fake).messageChannel.iterate({ time_range: 'all' })) ids.push(c.id);
    expect(ids).toEqual([]);
    expect(fake.requests).toHaveLength(1);
    expect(fake.last.query).toMatchObject({ page: '1', page_size: '100' });
  });

  it('get sends GET v1.0 message_channel/get and returns the detailed channel', async () => {
    const detail = {
      id: 4,
      name: 'WhatsApp',
      domain_type: 'fqdn',
      webhook_gid: 'g1',
      webhook_url: 'https://pbx.example.com/hook',
      type: 'sms',
      channel: 'general',
      account_data: [{ k: 'api_key', v: '***' }],
      verify_token: 'v',
      send_rate: 5,
      auto_close_session: 1,
      session_expired_time: 3,
      dids: [
        {
          id: 9,
          omnichannel_id: 4,
          did_number: '5550000',
          destination_id: '2',
          destination_number: '7000',
          destination_name: 'Support',
          members: [{ text: 'Ann', text2: '2001', value: '12', type: 'extension' }],
          destination_type: 'queue',
        },
      ],
    };
    const fake = new FakePbx().reply({ body: ok({ data: detail }) });
    const result = await clientOn(fake).messageChannel.get({ id: 4 });
    expect(fake.last).toMatchObject({
      method: 'GET',
      path: '/openapi/v1.0/message_channel/get',
      query: { id: '4' },
    });
    expect(result.data).toEqual(detail);
  });

  it('types: list needs all three, iterate only time_range', () => {
    expectTypeOf<MessageChannelListParams>().toEqualTypeOf<{
      page: number;
      page_size: number;
      time_range: 'today' | 'yesterday' | 'last_7_days' | 'last_30_days' | 'this_month' | 'all';
    }>();
    // @ts-expect-error time_range is required
    const call = () => clientOn(new FakePbx()).messageChannel.iterate({});
    expect(call).toBeTypeOf('function');
  });
});
