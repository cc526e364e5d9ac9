import { describe, expect, expectTypeOf, it } from 'vitest';
import {
  PbxApiError,
  PbxAuthError,
  PbxTransportError,
  type AiTranscriptionLeg,
  type CdrSearchParams,
} from '../index.js';
import { clientOn, FakePbx, ok } from '../../test/support/fake-pbx.js';

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

const urlAnswer = ok({ file: 'ai-1.json', download_resource_url: '/api/download/ai-1.json' });

// What search, list and aiDownloadUrl send, refuse and how iterate pages: record-requests.spec.ts,
// refusals.spec.ts and iterate.spec.ts.
describe('CdrResource', () => {
  it('iterate reports a bad page_size as a validation error naming the field', async () => {
    const iterator = clientOn(new FakePbx()).cdr.iterate({ page_size: 0 });
    await expect(iterator.next()).rejects.toMatchObject({
      violations: [{ field: 'page_size', rule: 'range' }],
    });
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
