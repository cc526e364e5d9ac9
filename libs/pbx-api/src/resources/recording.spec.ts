import { describe, expect, it } from 'vitest';
import type { Recording } from '../index.js';
import { clientOn, FakePbx, ok, type SeenRequest } from '../../test/support/fake-pbx.js';

const recording = (id: number): Recording => ({
  id,
  time: '2025/08/22 16:44:40',
  uid: `u${id}`,
  call_from: '2001',
  call_to: '5551234',
  duration: 30,
  size: 48_000,
  call_type: 'Outbound',
  file: `r${id}.wav`,
  archive_status: '',
});

function recordingPages(total: number, withTotal = true) {
  const all = Array.from({ length: total }, (_, i) => recording(i + 1));
  return (request: SeenRequest) => {
    const page = Number(request.query['page']);
    const size = Number(request.query['page_size']);
    const data = all.slice((page - 1) * size, page * size);
    return { body: ok(withTotal ? { total_number: total, data } : { data }) };
  };
}

describe('RecordingResource', () => {
  it('list sends GET v1.0 recording/list with paging and sorting and returns the recordings', async () => {
    const fake = new FakePbx().reply({ body: ok({ total_number: 1, data: [recording(1)] }) });
    const result = await clientOn(fake).recording.list({
      page: 1,
      page_size: 10,
      sort_by: 'time',
      order_by: 'desc',
    });
    expect(fake.last).toMatchObject({
      method: 'GET',
      path: '/openapi/v1.0/recording/list',
      query: { page: '1', page_size: '10', sort_by: 'time', order_by: 'desc', access_token: 'test-token' },
    });
    expect(result.data).toEqual([recording(1)]);
    await expect(clientOn(fake).recording.list({ sort_by: 'size' as 'id' })).rejects.toMatchObject({
      violations: [{ field: 'sort_by', rule: 'enum' }],
    });
  });

  it('iterate requests pages in order with the sorting and stops after the short page', async () => {
    const fake = new FakePbx().otherwise(recordingPages(5, false));
    const ids: number[] = [];
    for await (const r of clientOn(fake).recording.iterate({
      page_size: 2,
      sort_by: 'id',
      order_by: 'asc',
    })) {
      ids.push(r.id);
    }
    expect(ids).toEqual([1, 2, 3, 4, 5]);
    expect(fake.requests.map((r) => [r.query['page'], r.query['page_size'], r.query['sort_by']])).toEqual([
      ['1', '2', 'id'],
      ['2', '2', 'id'],
      ['3', '2', 'id'],
    ]);
  });

  it('iterate over no recordings asks once with 100 per page', async () => {
    const fake = new FakePbx().otherwise(recordingPages(0));
    const ids: number[] = [];
    for await (const r of clientOn(fake).recording.iterate()) ids.push(r.id);
    expect(ids).toEqual([]);
    expect(fake.requests).toHaveLength(1);
    expect(fake.last.query).toMatchObject({ page: '1', page_size: '100' });
  });
});
