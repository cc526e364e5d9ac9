import { describe, expect, expectTypeOf, it } from 'vitest';
import {
  PbxApiError,
  PbxAuthError,
  PbxTransportError,
  type AiTranscriptionLeg,
  type CdrRecord,
  type CdrSearchParams,
} from '../index.js';
import { clientOn, FakePbx, ok, type SeenRequest } from '../../test/support/fake-pbx.js';

const newCdr = { new_id: 'a1', uid: 'u1', call_from: '2001', disposition: 'ANSWERED', call_note: null };
const legacyCdr = { id: 12, uid: 'u2', reason: 'hangup' };
const bareCdr = { uid: 'u3' };

const leg: AiTranscriptionLeg = {
  uid: 'u1',
  leg_id: 'l1',
  leg: 1,
  time: '2025/08/22 16:44:40',
  call_type: 'Inbound',
  call_from: '5551234',
  call_to: '2001',
  status: 'ANSWERED',
  call_duration: 60,
  ring_duration: 5,
  talk_duration: 50,
  hold_duration: 5,
  ai_transcription: [{ source_number: '2001', content: 'Hello', timestamp: 1200, duration: 2 }],
  ai_summary: 'Greeting',
};

/** Answers cdr/search from `records`, honouring page and page_size. */
function cdrPages(records: object[]) {
  return (request: SeenRequest) => {
    const page = Number(request.query['page']);
    const size = Number(request.query['page_size']);
    return {
      body: ok({ total_number: records.length, data: records.slice((page - 1) * size, page * size) }),
    };
  };
}

const urlAnswer = ok({ file: 'ai-1.json', download_resource_url: '/api/download/ai-1.json' });

describe('CdrResource', () => {
  it('search sends GET v1.0 cdr/search with every filter and adds record_id to each record', async () => {
    const fake = new FakePbx().reply({ body: ok({ total_number: 3, data: [newCdr, legacyCdr, bareCdr] }) });
    const filters: CdrSearchParams = {
      page: 2,
      page_size: 500,
      start_time: '08/22/2025 00:00:00',
      end_time: '1755900000',
      call_from: '2001',
      call_to: '5551234',
      pin_code: '9999',
      extension_group: 4,
      disposition_code_list: '1,4',
      call_note_remark: 'callback',
      status: 'NO ANSWER',
      did: '5550000:trunk-a,Sales:trunk-b',
    };
    const result = await clientOn(fake).cdr.search(filters);
    expect(fake.last.method).toBe('GET');
    expect(fake.last.path).toBe('/openapi/v1.0/cdr/search');
    expect(fake.last.query).toEqual({
      ...Object.fromEntries(Object.entries(filters).map(([k, v]) => [k, String(v)])),
      access_token: 'test-token',
    });
    expect(result.total_number).toBe(3);
    expect(result.data).toEqual([
      { ...newCdr, record_id: 'a1' },
      { ...legacyCdr, record_id: '12' },
      { ...bareCdr, record_id: 'u3' },
    ]);
  });

  it('search without filters sends only the token, and an answer without data is an empty list', async () => {
    const fake = new FakePbx().reply({ body: ok({ total_number: 0 }) });
    const result = await clientOn(fake).cdr.search();
    expect(fake.last.query).toEqual({ access_token: 'test-token' });
    expect(result.data).toEqual([]);
  });

  it('search rejects a page_size above 10,000 and a malformed did filter before sending', async () => {
    const fake = new FakePbx();
    await expect(clientOn(fake).cdr.search({ page_size: 10_001, did: '5550000' })).rejects.toMatchObject({
      code: 'validation',
      violations: [
        { field: 'page_size', rule: 'range' },
        { field: 'did', rule: 'format' },
      ],
    });
    expect(fake.requests).toHaveLength(0);
  });

  it('list sends GET v1.0 cdr/list with paging and sorting and adds record_id to each record', async () => {
    const fake = new FakePbx().reply({ body: ok({ total_number: 3, data: [newCdr, legacyCdr, bareCdr] }) });
    const result = await clientOn(fake).cdr.list({
      page: 2,
      page_size: 3,
      sort_by: 'talk_duration',
      order_by: 'desc',
    });
    expect(fake.last).toMatchObject({
      method: 'GET',
      path: '/openapi/v1.0/cdr/list',
      query: { page: '2', page_size: '3', sort_by: 'talk_duration', order_by: 'desc' },
    });
    expect(result.total_number).toBe(3);
    expect(result.data.map((record) => record.record_id)).toEqual(['a1', '12', 'u3']);
  });

  it('list refuses a page_size above 10,000 and a field cdr/list cannot sort by, before sending', async () => {
    const fake = new FakePbx();
    const pbx = clientOn(fake);
    await expect(pbx.cdr.list({ page_size: 10_001 })).rejects.toMatchObject({
      violations: [{ field: 'page_size', rule: 'range' }],
    });
    await expect(pbx.cdr.list({ sort_by: 'call_from' as never })).rejects.toMatchObject({
      violations: [{ field: 'sort_by', rule: 'enum' }],
    });
    expect(fake.requests).toHaveLength(0);
  });

  it('list without parameters sends only the token, and an answer without data is an empty list', async () => {
    const fake = new FakePbx().reply({ body: ok({ total_number: 0 }) });
    const result = await clientOn(fake).cdr.list();
    expect(fake.last.query).toEqual({ access_token: 'test-token' });
    expect(result.data).toEqual([]);
  });

  it('iterate requests pages 1, 2, 3 with the filters and yields every normalised record', async () => {
    const records = [1, 2, 3, 4, 5].map((n) => ({ new_id: `n${n}` }));
    const fake = new FakePbx().otherwise(cdrPages(records));
    const seen: CdrRecord[] = [];
    for await (const record of clientOn(fake).cdr.iterate({ page_size: 2, call_from: '2001' }))
      seen.push(record);
    expect(seen.map((r) => r.record_id)).toEqual(['n1', 'n2', 'n3', 'n4', 'n5']);
    expect(fake.requests.map((r) => [r.query['page'], r.query['page_size'], r.query['call_from']])).toEqual([
      ['1', '2', '2001'],
      ['2', '2', '2001'],
      ['3', '2', '2001'],
    ]);
  });

  it('iterate stops at total_number without asking for an empty page, and uses 1,000 per page by default', async () => {
    const fake = new FakePbx().otherwise(cdrPages([{ new_id: 'a' }, { new_id: 'b' }]));
    const seen: string[] = [];
    for await (const record of clientOn(fake).cdr.iterate({ page_size: 1 })) seen.push(record.record_id);
    expect(seen).toEqual(['a', 'b']);
    expect(fake.requests.map((r) => r.query['page'])).toEqual(['1', '2']);

    const empty = new FakePbx().otherwise({ body: ok({ total_number: 0, data: [] }) });
    for await (const record of clientOn(empty).cdr.iterate()) seen.push(record.record_id);
    expect(seen).toHaveLength(2);
    expect(empty.requests).toHaveLength(1);
    expect(empty.last.query).toMatchObject({ page: '1', page_size: '1000' });
  });

  it('iterate reports a bad page_size as a validation error naming the field', async () => {
    const iterator = clientOn(new FakePbx()).cdr.iterate({ page_size: 0 });
    await expect(iterator.next()).rejects.toMatchObject({
      violations: [{ field: 'page_size', rule: 'range' }],
    });
  });

  it('aiDownloadUrl sends GET v2.0 cdr/aidownload with the filters', async () => {
    const fake = new FakePbx().reply({ body: urlAnswer });
    const result = await clientOn(fake).cdr.aiDownloadUrl({
      call_type: 'Inbound',
      last_status: 'ABANDONED',
      start_time: '2025/08/22 00:00:00',
    });
    expect(fake.last).toMatchObject({
      method: 'GET',
      path: '/openapi/v2.0/cdr/aidownload',
      query: {
        call_type: 'Inbound',
        last_status: 'ABANDONED',
        start_time: '2025/08/22 00:00:00',
        access_token: 'test-token',
      },
    });
    expect(result).toMatchObject({ file: 'ai-1.json', download_resource_url: '/api/download/ai-1.json' });
  });

  it('aiDownloadUrl refuses an answer without a download path on the PBX', async () => {
    for (const body of [
      ok({ file: 'x.json' }),
      ok({ file: 'x.json', download_resource_url: 'https://evil.test/x' }),
    ]) {
      const fake = new FakePbx().reply({ body });
      await expect(clientOn(fake).cdr.aiDownloadUrl()).rejects.toBeInstanceOf(PbxTransportError);
    }
  });

  it('aiDownload gets the URL, downloads the file with the token and returns the legs', async () => {
    const fake = new FakePbx().reply({ body: urlAnswer }).reply({ body: [leg] });
    const legs = await clientOn(fake).cdr.aiDownload({ call_from: '5551234' });
    expect(fake.requests).toHaveLength(2);
    expect(fake.requests[0]).toMatchObject({
      path: '/openapi/v2.0/cdr/aidownload',
      query: { call_from: '5551234' },
    });
    expect(fake.requests[1]).toMatchObject({
      method: 'GET',
      path: '/api/download/ai-1.json',
      query: { access_token: 'test-token' },
    });
    expect(legs).toEqual([leg]);
    expectTypeOf(legs).toEqualTypeOf<AiTranscriptionLeg[]>();
  });

  it('aiDownload maps an errcode envelope in place of the file to the PBX or auth error', async () => {
    const notFound = new FakePbx()
      .reply({ body: urlAnswer })
      .reply({ body: { errcode: 40004, errmsg: 'NOT FOUND' } });
    const apiError = await clientOn(notFound)
      .cdr.aiDownload()
      .catch((e: unknown) => e);
    expect(apiError).toBeInstanceOf(PbxApiError);
    expect(apiError).toMatchObject({ errcode: 40004, errmsg: 'NOT FOUND', operation: 'cdr/aidownload' });

    const badToken = new FakePbx()
      .reply({ body: urlAnswer })
      .reply({ body: { errcode: '10004', errmsg: 'INVALID' } });
    const authError = await clientOn(badToken)
      .cdr.aiDownload()
      .catch((e: unknown) => e);
    // A fixed token cannot be renewed, so the retry stops at the provider with an auth error.
    expect(authError).toBeInstanceOf(PbxAuthError);
    expect(badToken.requests).toHaveLength(2);
    expect(String((authError as Error).message)).not.toContain('test-token');
  });

  it('aiDownload renews a refused token and downloads once more with the new one', async () => {
    let current = 'token-1';
    const provider = {
      getAccessToken: () => Promise.resolve(current),
      invalidate: (token: string) => {
        if (token === current) current = 'token-2';
      },
      onChange: () => () => undefined,
      close: () => Promise.resolve(),
    };
    const fake = new FakePbx()
      .reply({ body: urlAnswer })
      .reply({ body: { errcode: 10004, errmsg: 'INVALID ACCESS TOKEN' } })
      .reply({ body: [leg] });
    const legs = await clientOn(fake, { auth: { provider } }).cdr.aiDownload();
    expect(legs).toEqual([leg]);
    expect(fake.requests.map((r) => r.query['access_token'])).toEqual(['token-1', 'token-1', 'token-2']);
  });

  it('aiDownload treats anything but an array of leg objects as a transport error', async () => {
    const bodies: unknown[] = [
      ok({}),
      { data: [leg] },
      'not json',
      [leg, 'x'],
      [{ ...leg, ai_transcription: 'x' }],
    ];
    for (const body of bodies) {
      const fake = new FakePbx().reply({ body: urlAnswer }).reply({ body });
      await expect(clientOn(fake).cdr.aiDownload()).rejects.toBeInstanceOf(PbxTransportError);
    }
    const missing = new FakePbx().reply({ body: urlAnswer }).reply({ status: 404, body: '' });
    await expect(clientOn(missing).cdr.aiDownload()).rejects.toMatchObject({
      code: 'transport',
      status: 404,
    });
  });

  it('types: every cdr/search filter is optional and typed', () => {
    expectTypeOf({}).toExtend<CdrSearchParams>();
    expectTypeOf<Required<CdrSearchParams>>().not.toEqualTypeOf<CdrSearchParams>();
    expectTypeOf<CdrSearchParams['status']>().toEqualTypeOf<
      'ANSWERED' | 'NO ANSWER' | 'BUSY' | 'FAILED' | 'VOICEMAIL' | undefined
    >();
    expectTypeOf(clientOn(new FakePbx()).cdr.search)
      .parameter(0)
      .toEqualTypeOf<CdrSearchParams | undefined>();
    // @ts-expect-error ABANDONED exists only in AI data
    const abandoned: CdrSearchParams = { status: 'ABANDONED' };
    // @ts-expect-error page_size is a number
    const textSize: CdrSearchParams = { page_size: '100' };
    expect([abandoned, textSize]).toHaveLength(2);
  });
});
